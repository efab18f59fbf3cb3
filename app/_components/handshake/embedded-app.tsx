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
if (typeof window !== "undefined") void campusAppChunk.load();

export function EmbeddedApp(props: EmbeddedAppProps) {
  // The page's root client component: its first effect follows the hydration commit.
  useMarkOnMount("hydrated");
  const { hostOrigins } = props;
  useEffect(() => {
    // `ready` leaves as the chunk arrives, before the handshake's first render (useChunk's, below),
    // which runs while the campus answers. The chunk usually comes during hydration: then `ready`
    // leaves from this effect, before React renders the handshake in the same task.
    campusAppChunk.withModule(({ postReady }) => postReady(hostOrigins));
  }, [hostOrigins]);
  const campusApp = useChunk(campusAppChunk);
  if (!campusApp) return <ConnectingPanel />;
  if ("failed" in campusApp) return <CodeNotLoadedPanel />;
  return <campusApp.module.CampusApp {...props} />;
}
