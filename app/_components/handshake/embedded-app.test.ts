import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

// The handshake's chunk, as embedded-app.tsx imports it: only `postReady` matters here.
const postReady = vi.fn();
vi.mock("./campus-app", () => ({ postReady, CampusApp: () => null }));

const HOST_ORIGINS = ["http://campus.localhost:4000", "https://campus.example"];
const CAMPUS_LINK = "http://campus.localhost:4000";

/** The page as the server sends it: the first paint of EmbeddedApp, rendered without a window. */
async function serverMarkup(openedAlone = false): Promise<string> {
  const { EmbeddedApp } = await import("./embedded-app");
  return renderToString(createElement(EmbeddedApp, { hostOrigins: HOST_ORIGINS, campusLink: CAMPUS_LINK, openedAlone }));
}

/** A document holding that markup, as much of it as the page's module reads: one data attribute. */
function documentOf(markup: string) {
  return {
    querySelector(selector: string) {
      const name = /^\[data-([a-z-]+)\]$/.exec(selector)?.[1];
      const value = name ? new RegExp(`data-${name}="([^"]*)"`).exec(markup)?.[1] : undefined;
      if (!name || value === undefined) return null;
      const key = name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
      return { dataset: { [key]: value } };
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  postReady.mockClear();
});

describe("EmbeddedApp", () => {
  it("posts ready from the server's markup as the handshake's chunk arrives, before React has run", async () => {
    const markup = await serverMarkup();
    expect(markup).toContain("Connecting to the campus");
    expect(postReady).not.toHaveBeenCalled(); // the server posts nothing

    // The same module in the browser: nothing of React renders, hydrates or runs an effect here.
    vi.resetModules();
    vi.stubGlobal("window", {});
    vi.stubGlobal("document", documentOf(markup));
    await import("./embedded-app");
    // A condition, not a time: the cap only ends a test that would hang.
    await vi.waitFor(() => expect(postReady).toHaveBeenCalledOnce(), { timeout: 30_000 });
    expect(postReady).toHaveBeenCalledWith(HOST_ORIGINS);
  });

  it("is painted by the server as the way to the campus when opened in a tab, with no origins for a handshake", async () => {
    const markup = await serverMarkup(true);
    expect(markup).toContain('data-state="not-embedded"');
    expect(markup).toContain("Open this app from the campus");
    expect(markup).toContain(`href="${CAMPUS_LINK}"`);
    expect(markup).not.toContain("Connecting to the campus");
    expect(markup).not.toContain("data-host-origins");
  });

  it("is painted by the server as connecting in a frame", async () => {
    const markup = await serverMarkup(false);
    expect(markup).toContain('data-state="connecting"');
    expect(markup).not.toContain("Open this app from the campus");
  });
});
