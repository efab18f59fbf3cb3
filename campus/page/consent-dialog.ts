// The native consent dialog of the campus page, outside the app iframe (spec 5.3 step 4).

import type { ConsentNeed } from "../login/launch-login";

export type ConsentDecision = "approved" | "denied" | "cancelled";

const SCOPE_LABELS: Record<string, readonly [string, string]> = {
  "profile:read": ["Profile", "Your username, name and country"],
  "birthdate:read": ["Birthdate", "Your date of birth"],
  "calls:read": ["Calls", "Whether you are in a call here and, after you approve each call, who is in it"],
  "calls:control": ["Call controls", "Start, accept and control calls for you, always with your confirmation"],
};

function element<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, attributes: Record<string, string> = {}, children: readonly (Node | string)[] = []): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

function renderScope(scope: string): HTMLElement {
  const [title, description] = SCOPE_LABELS[scope] ?? [scope, ""];
  return element("li", { "data-testid": "consent-scope", "data-scope": scope }, [
    element("strong", {}, [title]),
    element("span", {}, [description]),
    element("code", {}, [scope]),
  ]);
}

/**
 * ask(need) resolves "approved", "denied" or "cancelled" (the launch ended while it was open).
 * policy.ts: authenticate requests arriving while the dialog is open share its decision;
 * Escape counts as Deny.
 */
export function createConsentDialog(dialog: HTMLDialogElement, { username, fallbackFocus }: { username: string; fallbackFocus: () => HTMLElement | null }) {
  let pending: { promise: Promise<ConsentDecision>; resolve: (decision: ConsentDecision) => void } | null = null;
  // Where focus was when the dialog opened: it goes back there, or to the app's frame (`fallbackFocus`)
  // when nothing had focus yet, so the member goes on in the app.
  let returnTo: HTMLElement | SVGElement | null = null;

  function settle(decision: ConsentDecision): void {
    if (!pending) return;
    const { resolve } = pending;
    pending = null;
    if (dialog.open) dialog.close();
    (returnTo?.isConnected ? returnTo : fallbackFocus())?.focus();
    returnTo = null;
    resolve(decision);
  }

  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    settle("denied");
  });

  function render({ app, scopes }: ConsentNeed): void {
    const list = element("ul", { class: "consent__scopes" }, scopes.map(renderScope));
    if (scopes.length === 0) {
      list.append(element("li", { class: "consent__none", "data-testid": "consent-no-scopes" }, ["No member data — sign-in only"]));
    }
    const deny = element("button", { type: "button", "data-testid": "consent-deny" }, ["Deny"]);
    const approve = element("button", { type: "button", class: "primary", "data-testid": "consent-approve" }, ["Allow"]);
    deny.addEventListener("click", () => settle("denied"));
    approve.addEventListener("click", () => settle("approved"));
    dialog.replaceChildren(
      element("p", { class: "consent__eyebrow" }, ["Campus sign-in"]),
      element("h2", { id: "consent-title" }, [`Allow ${app.name} to sign you in?`]),
      element("p", { id: "consent-text" }, [`${app.name} (${app.origin}) is asking to use your campus account `, element("strong", {}, [`@${username}`]), "."]),
      element("p", {}, [scopes.length === 0 ? "It will receive only your campus member ID:" : "It will receive your campus member ID and:"]),
      list,
      element("p", { class: "muted small" }, ["You can revoke this access at any time."]),
      element("div", { class: "consent__actions" }, [deny, approve]),
    );
  }

  return {
    ask(need: ConsentNeed): Promise<ConsentDecision> {
      if (pending) return pending.promise;
      render(need);
      let resolve: (decision: ConsentDecision) => void = () => undefined;
      const promise = new Promise<ConsentDecision>((settleWith) => {
        resolve = settleWith;
      });
      pending = { promise, resolve };
      const active = document.activeElement;
      returnTo = active === document.body || !(active instanceof HTMLElement || active instanceof SVGElement) ? null : active;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-testid="consent-approve"]')?.focus();
      return promise;
    },
    cancel: (): void => settle("cancelled"),
  };
}
