import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CallProvider, useCallContext, type CallContextValue } from "./call-context";

const ignore = () => undefined;

/** What a call view would give, for a member who may control the call. */
const aCall: CallContextValue = {
  launch: { launchId: "launch-1" },
  campusOrigin: "http://campus.localhost:4000",
  userId: "user-42",
  canControl: true,
  moderation: false,
  ops: { attach: ignore, start: ignore, accept: ignore, invite: ignore, action: ignore, playback: ignore },
  actions: { run: async () => undefined, busy: null, busyRegion: ignore, feedback: null, rateLimit: null, dismiss: ignore },
  disabled: false,
  onExpired: ignore,
  onAccessLost: ignore,
  onCallChanged: ignore,
  onPresenting: ignore,
  onGrantHeard: ignore,
};

/** A panel that shows one thing it reads from the call's context. */
function UserIdPanel() {
  return createElement("p", null, useCallContext().userId);
}

describe("the call's context", () => {
  it("gives the panels inside the provider what the call view passes", () => {
    expect(renderToStaticMarkup(createElement(CallProvider, { value: aCall }, createElement(UserIdPanel)))).toBe("<p>user-42</p>");
  });

  it("names the missing provider when a panel is rendered outside the call view", () => {
    expect(() => renderToStaticMarkup(createElement(UserIdPanel))).toThrow("useCallContext() needs a <CallProvider> above it");
  });
});
