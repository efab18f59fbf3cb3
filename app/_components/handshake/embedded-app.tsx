"use client";

import { useEffect, useSyncExternalStore } from "react";
import { chunkLoader, useChunk } from "@/lib/client/chunks/use-chunk";
import { useMarkOnMount } from "@/lib/client/timing/use-mark-on-mount";
import { CodeNotLoadedPanel, ConnectingPanel } from "../ui/status-panel";
import { NotEmbeddedView } from "./problem-view";

type EmbeddedAppProps = {
  hostOrigins: readonly string[];
  campusLink: string | null;
  /** The server's reading of the request: opened in a tab, not in a frame (app/page.tsx). */
  openedAlone: boolean;
};

/*
 * The first paint is "Connecting…", or the way to the campus for a page opened in a tab: the
 * server renders either, and neither needs a script. The handshake and its zod validation are a
 * chunk of their own, kept off the framework's critical path: in a frame its download starts when
 * this module is evaluated, during hydration, not after it. Opened in a tab, it is never fetched.
 */
const campusAppChunk = chunkLoader(() => import("./campus-app"));

/** The first paint's element that carries the trusted host origins, as the server rendered them (below). */
const HOST_ORIGINS_SELECTOR = "[data-host-origins]";

/** Spec 5.3.1: the app runs in the campus's frame; a page with no parent has no campus to ask. */
const isAlone = () => Object.is(window.parent, window);

if (typeof window !== "undefined" && !isAlone()) {
  // `ready` leaves as the chunk arrives, which is usually a few milliseconds before React has
  // finished hydrating the page (its effects come only after that): the campus answers meanwhile,
  // in its own process. The origins are read from the markup the server rendered, the same ones
  // React is given; without that markup, `ready` leaves from the effect below.
  campusAppChunk.withModule(({ postReady }) => {
    const origins = document.querySelector<HTMLElement>(HOST_ORIGINS_SELECTOR)?.dataset.hostOrigins;
    if (origins) postReady(origins.split(" "));
  });
}

const unchanging = () => () => undefined;

/** Whether the page has no campus around it: the server's reading while hydrating, then the window's own. */
function useOpenedAlone(serverReading: boolean): boolean {
  return useSyncExternalStore(unchanging, isAlone, () => serverReading);
}

export function EmbeddedApp(props: EmbeddedAppProps) {
  // The page's root client component: its first effect follows the hydration commit.
  useMarkOnMount("hydrated");
  const { hostOrigins, campusLink } = props;
  const alone = useOpenedAlone(props.openedAlone);
  useEffect(() => {
    if (alone) return;
    // Before the handshake's first render (useChunk's, below), which runs while the campus answers.
    // One `ready` per document: this shares the one posted as the chunk arrived (host-bridge.ts).
    campusAppChunk.withModule(({ postReady }) => postReady(hostOrigins));
  }, [alone, hostOrigins]);
  const campusApp = useChunk(alone ? null : campusAppChunk);
  if (alone) return <NotEmbeddedView campusLink={campusLink} />;
  if (!campusApp) {
    return (
      <div className="contents" data-host-origins={hostOrigins.join(" ")}>
        <ConnectingPanel />
      </div>
    );
  }
  if ("failed" in campusApp) return <CodeNotLoadedPanel />;
  return <campusApp.module.CampusApp hostOrigins={hostOrigins} campusLink={campusLink} />;
}
