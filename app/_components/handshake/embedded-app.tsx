"use client";

import { useEffect } from "react";
import { chunkLoader, useChunk } from "@/lib/client/chunks/use-chunk";
import { useMarkOnMount } from "@/lib/client/timing/use-mark-on-mount";
import { CodeNotLoadedPanel, ConnectingPanel } from "../ui/status-panel";

type EmbeddedAppProps = { hostOrigins: readonly string[]; campusLink: string | null };

/*
 * The first paint is "Connecting…", which needs no script. The handshake and its zod validation
 * are a chunk of their own, kept off the framework's critical path: its download starts when this
 * module is evaluated, during hydration, not after it.
 */
const campusAppChunk = chunkLoader(() => import("./campus-app"));

/** The first paint's element that carries the trusted host origins, as the server rendered them (below). */
const HOST_ORIGINS_SELECTOR = "[data-host-origins]";

if (typeof window !== "undefined") {
  // `ready` leaves as the chunk arrives, which is usually a few milliseconds before React has
  // finished hydrating the page (its effects come only after that): the campus answers meanwhile,
  // in its own process. The origins are read from the markup the server rendered, the same ones
  // React is given; without that markup, `ready` leaves from the effect below.
  campusAppChunk.withModule(({ postReady }) => {
    const origins = document.querySelector<HTMLElement>(HOST_ORIGINS_SELECTOR)?.dataset.hostOrigins;
    if (origins) postReady(origins.split(" "));
  });
}

export function EmbeddedApp(props: EmbeddedAppProps) {
  // The page's root client component: its first effect follows the hydration commit.
  useMarkOnMount("hydrated");
  const { hostOrigins } = props;
  useEffect(() => {
    // Before the handshake's first render (useChunk's, below), which runs while the campus answers.
    // One `ready` per document: this shares the one posted as the chunk arrived (host-bridge.ts).
    campusAppChunk.withModule(({ postReady }) => postReady(hostOrigins));
  }, [hostOrigins]);
  const campusApp = useChunk(campusAppChunk);
  if (!campusApp) {
    return (
      <div className="contents" data-host-origins={hostOrigins.join(" ")}>
        <ConnectingPanel />
      </div>
    );
  }
  if ("failed" in campusApp) return <CodeNotLoadedPanel />;
  return <campusApp.module.CampusApp {...props} />;
}
