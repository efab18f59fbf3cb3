// The flow inspector: every message between the app page and this page, and every REST call the
// app's backend made to the campus, live and in order. REST bodies arrive redacted from the campus
// server (/host/log); iframe messages are redacted here before they are stored or shown. The page
// keeps the newest 200 messages; the campus keeps the newest 200 REST calls.

import type { HostMethod } from "../../lib/contract/iframe-protocol";
import type { SpecExcerpts } from "../host/spec-excerpts";
import type { ReplyFault } from "../state/faults";
import type { RequestLogEntry } from "../state/request-log";
import { element, required } from "./dom";
import { faultEntry, matchesFilter, messageEntry, orderEntries, restEntry, type FlowEntry, type FlowFilter, type MessageDirection } from "./flow-entries";
import type { CallHost } from "./host-api";

const MESSAGE_CAPACITY = 200;
const OPEN_KEY = "campus.flowOpen";

function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
}

function renderRow(entry: FlowEntry, selected: boolean, onSelect: (key: string) => void): HTMLElement {
  const meta = [entry.arrow, entry.username ? `@${entry.username}` : null, entry.latencyMs === undefined ? null : `${entry.latencyMs} ms`, entry.section ? `§${entry.section}` : null];
  const select = element("button", { type: "button", class: "flow-row", "aria-pressed": String(selected) }, [
    element("span", { class: "flow-row__time" }, [formatTime(entry.at)]),
    element("span", { class: "flow-row__title" }, [entry.title]),
    element("span", { class: `flow-row__status${entry.isError ? " flow-row__status--error" : ""}` }, [entry.status]),
    element("span", { class: "flow-row__meta" }, [meta.filter(Boolean).join(" · ")]),
  ]);
  select.addEventListener("click", () => onSelect(entry.key));
  return element("li", {
    class: `flow-entry flow-entry--${entry.kind}`,
    "data-testid": entry.kind === "rest" ? "rest-log-entry" : "flow-message",
    "data-flow-entry": "",
    "data-kind": entry.kind,
    "data-name": entry.name,
    "data-direction": entry.direction,
    "data-status": entry.status,
    "data-code": entry.code ?? null,
    "data-fault": entry.fault ?? null,
  }, [select]);
}

function renderDetail(entry: FlowEntry | undefined, specExcerpts: SpecExcerpts): (HTMLElement | null)[] {
  if (!entry) return [element("p", { class: "muted small" }, ["Select an entry to see its redacted body and the spec section it follows."])];
  const excerpt = entry.section ? specExcerpts[entry.section] : undefined;
  const facts = entry.details
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([term, value]) => element("div", {}, [element("dt", {}, [term]), element("dd", {}, [String(value)])]));
  return [
    element("h3", { "data-testid": "flow-detail-title" }, [`${entry.title} `, element("span", { class: "muted" }, [`(${entry.arrow}, ${entry.status})`])]),
    facts.length > 0 ? element("dl", { class: "facts" }, facts) : null,
    entry.section
      ? element("div", { class: "flow__spec", "data-testid": "flow-detail-spec" }, [
          element("p", { class: "flow__spec-title" }, [`Spec ${entry.section}${excerpt ? ` · ${excerpt.title}` : ""}`]),
          excerpt ? element("p", {}, [excerpt.text]) : null,
        ])
      : null,
    element("pre", { class: "flow__body", "data-testid": "flow-detail-body", tabindex: "0", "aria-label": "Redacted body" }, [JSON.stringify(entry.body, null, 2)]),
  ];
}

export type FlowInspectorOptions = {
  root: HTMLElement;
  toggle: HTMLElement;
  /** Hidden while the inspector is open (it takes their place). */
  hideWhenOpen: HTMLElement;
  callHost: CallHost;
  intervalMs: number;
  specExcerpts: SpecExcerpts;
};

const FILTER_KINDS: readonly FlowFilter["kind"][] = ["all", "message", "rest", "error"];
const readKind = (value: string): FlowFilter["kind"] => FILTER_KINDS.find((kind) => kind === value) ?? "all";

export function createFlowInspector({ root, toggle, hideWhenOpen, callHost, intervalMs, specExcerpts }: FlowInspectorOptions) {
  const list = required(root, '[data-testid="flow-list"]');
  const detail = required(root, '[data-testid="flow-detail"]');
  const count = required(root, '[data-testid="flow-count"]');
  const filterText = required<HTMLInputElement>(root, '[data-testid="flow-filter"]');
  const filterKind = required<HTMLSelectElement>(root, '[data-testid="flow-kind"]');
  const heading = required(root, "h2");
  const messages: FlowEntry[] = [];
  let restEntries: FlowEntry[] = [];
  let newestRest: string | null = null;
  let selectedKey: string | null = null;
  let nextSeq = 1;
  let timer: ReturnType<typeof setInterval> | undefined;

  function render(): void {
    const filter = { kind: readKind(filterKind.value), text: filterText.value };
    const all = orderEntries([...messages, ...restEntries]);
    const shown = all.filter((entry) => matchesFilter(entry, filter));
    const stickToEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    list.replaceChildren(...shown.map((entry) => renderRow(entry, entry.key === selectedKey, select)));
    if (shown.length === 0) list.append(element("li", { class: "flow__empty" }, [all.length === 0 ? "Nothing yet: load the app to see its handshake." : "No entry matches the filter."]));
    count.textContent = `${shown.length} of ${all.length} entries`;
    if (stickToEnd) list.scrollTop = list.scrollHeight;
    detail.replaceChildren(...renderDetail(all.find((entry) => entry.key === selectedKey), specExcerpts).filter((part) => part !== null));
  }

  function select(key: string): void {
    selectedKey = key;
    render();
  }

  async function refresh(): Promise<void> {
    try {
      const { entries } = await callHost<{ entries: RequestLogEntry[] }>("GET", "/host/log");
      const newest = entries[0] ? `${entries[0].id}@${entries.length}` : null;
      if (newest === newestRest) return;
      newestRest = newest;
      restEntries = entries.map(restEntry);
      render();
    } catch {
      // The next poll retries; the inspector is a view, not a source of truth.
    }
  }

  function setOpen(open: boolean): void {
    root.hidden = !open;
    hideWhenOpen.hidden = open;
    toggle.setAttribute("aria-expanded", String(open));
    sessionStorage.setItem(OPEN_KEY, open ? "1" : "0");
    clearInterval(timer);
    timer = undefined;
    if (open) {
      render();
      void refresh();
      timer = setInterval(() => void refresh(), intervalMs);
    }
  }

  toggle.addEventListener("click", () => {
    setOpen(root.hidden);
    if (!root.hidden) heading.focus();
  });
  required(root, '[data-testid="flow-close"]').addEventListener("click", () => {
    setOpen(false);
    toggle.focus();
  });
  heading.setAttribute("tabindex", "-1");
  filterText.addEventListener("input", render);
  filterKind.addEventListener("change", render);
  setOpen(sessionStorage.getItem(OPEN_KEY) === "1");

  function record(entry: FlowEntry): void {
    messages.push(entry);
    if (messages.length > MESSAGE_CAPACITY) messages.shift();
    if (!root.hidden) render();
  }

  return {
    /** Records one iframe message; the entry holds a redacted copy only. */
    recordMessage(direction: MessageDirection, message: unknown, method: unknown): void {
      record(messageEntry({ direction, message, method, at: Date.now(), seq: nextSeq++ }));
    },
    /** Records what an injected fault did to the reply to `method`. */
    recordFault(method: HostMethod, fault: ReplyFault): void {
      record(faultEntry({ method, fault, at: Date.now(), seq: nextSeq++ }));
    },
  };
}
