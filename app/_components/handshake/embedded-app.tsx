"use client";

import { useLoaded } from "@/lib/client/lazy/use-loaded";
import { useMarkOnMount } from "@/lib/client/timing/use-mark-on-mount";
import { CodeNotLoadedPanel, ConnectingPanel } from "../ui/status-panel";

type EmbeddedAppProps = { hostOrigins: readonly string[]; campusLink: string | null };

/*
 * The first paint is "Connecting…", which needs no script. The handshake and its zod validation
 * are a chunk kept off the framework's critical path (the signed-in views another, campus-app.tsx):
 * its download starts when this module is evaluated, during hydration, not after it. A failed
 * download is shown by the component (use-loaded.ts), so it is not reported as unhandled here.
 */
const campusAppChunk = typeof window === "undefined" ? null : import("./campus-app").then((module) => module.CampusApp);
campusAppChunk?.catch(() => undefined);
const loadCampusApp = () => campusAppChunk ?? new Promise<never>(() => {});

export function EmbeddedApp(props: EmbeddedAppProps) {
  // The page's root client component: its first effect follows the hydration commit.
  useMarkOnMount("hydrated");
  const campusApp = useLoaded(loadCampusApp);
  if (!campusApp) return <ConnectingPanel />;
  if ("error" in campusApp) return <CodeNotLoadedPanel />;
  const CampusApp = campusApp.value;
  return <CampusApp {...props} />;
}
