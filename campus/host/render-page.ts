import { IFRAME_PROTOCOL, IFRAME_PROTOCOL_VERSION, SCOPES } from "../../lib/contract";
import { embedJson, escapeHtml } from "../core/html";
import { CALL_POLL_INTERVAL_MS, HOST_UNREACHABLE_REPLY_CODE, LOG_POLL_INTERVAL_MS } from "../core/policy";
import type { CampusMember } from "../state/members";
import type { PublicRegistration } from "../state/registration";
import type { SpecExcerpts } from "./spec-excerpts";

export type PageInput = {
  member: CampusMember;
  members: readonly CampusMember[];
  registration: PublicRegistration;
  /** Spec sections the flow inspector quotes, by number ("4.1", "5.3.2"). */
  specExcerpts?: SpecExcerpts;
};

function displayName(member: CampusMember): string {
  return member.name ?? `@${member.username}`;
}

/** The campus page CSP: scripts and fetches from the campus only; frames and images (its icon) from the registered app only. */
export function buildPageCsp(appOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: ${appOrigin}`,
    "connect-src 'self'",
    `frame-src ${appOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** What the page script reads from the page (`#campus-config`): page/campus.ts takes this type. */
function buildPageConfig({ member, registration, specExcerpts = {} }: PageInput) {
  return {
    // Which protocol the page speaks, for a reader of the page; its envelope (page/envelope.ts) is
    // bundled from the same contract.
    protocol: IFRAME_PROTOCOL,
    version: IFRAME_PROTOCOL_VERSION,
    allScopes: SCOPES,
    registration,
    member: { username: member.username },
    logPollIntervalMs: LOG_POLL_INTERVAL_MS,
    callPollIntervalMs: CALL_POLL_INTERVAL_MS,
    hostUnreachableCode: HOST_UNREACHABLE_REPLY_CODE,
    specExcerpts,
  } as const;
}
export type PageConfig = ReturnType<typeof buildPageConfig>;

export function renderPage(input: PageInput): string {
  const { member, members, registration } = input;
  const config = buildPageConfig(input);
  const options = members
    .map((m) => `<option value="${escapeHtml(m.username)}"${m.userId === member.userId ? " selected" : ""}>${escapeHtml(m.username)}</option>`)
    .join("");
  const avatar = member.avatarUrl
    ? `<img class="avatar" src="${escapeHtml(new URL(member.avatarUrl).pathname)}" alt="" width="32" height="32">`
    : `<span class="avatar avatar--empty" aria-hidden="true">${escapeHtml(member.username.charAt(0).toUpperCase())}</span>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Campus</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/campus.css">
<script type="application/json" id="campus-config">${embedJson(config)}</script>
<script type="module" src="/assets/campus.js"></script>
</head>
<body>
<header class="topbar">
  <a class="brand" href="/"><span class="brand__mark" aria-hidden="true">◆</span> Campus</a>
  <button type="button" class="flow-toggle" data-testid="flow-toggle" aria-expanded="false" aria-controls="flow-inspector">Flow inspector</button>
  <div class="who">
    ${avatar}
    <span class="who__text">Signed in as <strong data-testid="current-member">${escapeHtml(displayName(member))}</strong>
    <span class="muted">@${escapeHtml(member.username)}</span></span>
    <form class="who__switch" method="get" action="/">
      <label>Switch member <select data-testid="member-switcher" name="member">${options}</select></label>
    </form>
  </div>
</header>
<main class="layout">
  <section class="stage" aria-label="Hosted app">
    <div class="stage__bar">
      ${registration.iconUrl ? `<img class="stage__icon" data-testid="app-icon" src="${escapeHtml(registration.iconUrl)}" alt="" width="20" height="20">` : ""}<span class="stage__title" data-testid="app-name">${escapeHtml(registration.name)}</span>
      <span class="muted">${escapeHtml(registration.appOrigin)}</span>
      <span class="badge${registration.published ? "" : " badge--off"}" data-testid="app-status">${registration.published ? "Published" : "Not published"}</span>
      <span class="stage__launch muted">launch <code data-testid="launch-id">…</code></span>
    </div>
    <div class="stage__frame">
      <iframe data-testid="app-frame" name="app" title="${escapeHtml(registration.name)}" allow="camera; microphone; fullscreen"></iframe>
      <div class="frame-loading" data-testid="app-loading" role="status">
        <span class="frame-loading__spinner" aria-hidden="true"></span>
        <p class="frame-loading__title">Loading ${escapeHtml(registration.name)}…</p>
        <p class="frame-loading__hint">A development server compiles the first page on its first request; that can take a little while.</p>
      </div>
      <div class="prompt-area" data-testid="call-prompts" role="region" aria-label="Campus prompts" hidden></div>
    </div>
  </section>
  <div class="side" data-testid="campus-panels" data-awaiting-view>
    <section class="native-presentation" data-testid="native-presentation" data-mode="full" aria-label="Call presentation" hidden></section>
    <section class="panel" aria-labelledby="call-title" data-testid="call-panel">
      <h2 id="call-title">Call</h2>
      <div data-part="start"></div>
      <div data-part="invitations"></div>
      <div data-part="activity-invitations"></div>
      <div data-part="call"></div>
      <p class="panel__status" role="status" data-testid="call-error"></p>
    </section>
    <section class="panel" aria-labelledby="simulator-title" data-testid="call-simulator">
      <h2 id="simulator-title">Call simulator</h2>
      <div data-testid="call-simulator-body"></div>
    </section>
    <section class="panel" aria-labelledby="registration-title" data-testid="registration-panel">
      <h2 id="registration-title">Registration</h2>
      <form id="registration-form"></form>
    </section>
  </div>
  <section class="flow" id="flow-inspector" data-testid="flow-inspector" aria-labelledby="flow-title" hidden>
    <div class="flow__head">
      <h2 id="flow-title">Flow inspector</h2>
      <button type="button" class="small" data-testid="flow-close">Close</button>
    </div>
    <p class="flow__intro">Messages between the app page and this page, and the REST calls the app's backend made to the campus, in order. Tokens, codes, states and secrets are redacted.</p>
    <div class="flow__filters">
      <label>Filter <input type="search" data-testid="flow-filter" autocomplete="off" placeholder="path, method, @member, status"></label>
      <label>Show <select data-testid="flow-kind">
        <option value="all">Everything</option>
        <option value="message">Page ↔ host messages</option>
        <option value="rest">REST calls</option>
        <option value="error">Errors only</option>
      </select></label>
    </div>
    <p class="flow__count" data-testid="flow-count"></p>
    <ol class="flow__list" data-testid="flow-list" aria-label="Flow entries, oldest first"></ol>
    <section class="flow__detail" data-testid="flow-detail" aria-label="Selected entry" aria-live="polite"></section>
  </section>
</main>
<dialog class="consent" data-testid="consent-dialog" role="dialog" aria-modal="true" aria-labelledby="consent-title" aria-describedby="consent-text"></dialog>
</body>
</html>`;
}
