"use client";

import { useEffect } from "react";
import { useChunk } from "@/lib/client/chunks/use-chunk";
import { useMarkOnMount } from "@/lib/client/timing/use-mark-on-mount";
import { CodeNotLoadedPanel, ConnectingPanel } from "../ui/status-panel";

type EmbeddedAppProps = { hostOrigins: readonly string[]; campusLink: string | null };

/*
 * The first paint is "Connecting…", which needs no script. The handshake and its zod validation
 * are a chunk of their own, kept off the framework's critical path: its download starts when this
 * module is evaluated, during hydration, not after it. A download that fails is shown by the
 * component, so it is not reported as unhandled here.
 */
const loadCampusApp = typeof window === "undefined" ? null : import("./campus-app");
loadCampusApp?.catch(() => undefined);

export function EmbeddedApp(props: EmbeddedAppProps) {
  // The page's root client component: its first effect follows the hydration commit.
  useMarkOnMount("hydrated");
  const campusApp = useChunk(loadCampusApp);
  const { hostOrigins } = props;
  useEffect(() => {
    // `ready` leaves as the chunk arrives, before the handshake's first render, which runs while
    // the campus answers.
    loadCampusApp?.then(({ postReady }) => postReady(hostOrigins), () => undefined);
  }, [hostOrigins]);
  if (!campusApp) return <ConnectingPanel />;
  if ("failed" in campusApp) return <CodeNotLoadedPanel />;
  return <campusApp.module.CampusApp {...props} />;
}
