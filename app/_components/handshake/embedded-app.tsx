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
const loadCampusApp = chunkLoader(() => import("./campus-app"));
const campusAppChunk = typeof window === "undefined" ? null : loadCampusApp();

export function EmbeddedApp(props: EmbeddedAppProps) {
  // The page's root client component: its first effect follows the hydration commit.
  useMarkOnMount("hydrated");
  const campusApp = useChunk(campusAppChunk);
  const { hostOrigins } = props;
  useEffect(() => {
    // `ready` leaves as the chunk arrives, before the handshake's first render, which runs while
    // the campus answers.
    campusAppChunk?.then(({ postReady }) => postReady(hostOrigins), () => undefined);
  }, [hostOrigins]);
  if (!campusApp) return <ConnectingPanel />;
  if ("failed" in campusApp) return <CodeNotLoadedPanel />;
  return <campusApp.module.CampusApp {...props} />;
}
