"use client";

import { useEffect, useState, type ComponentType } from "react";
import { useMarkOnMount } from "@/lib/client/timing/use-mark-on-mount";
import { CodeNotLoadedPanel, ConnectingPanel } from "../ui/status-panel";

type EmbeddedAppProps = { hostOrigins: readonly string[]; campusLink: string | null };

/*
 * The first paint is "Connecting…", which needs no script. The handshake, its zod validation and
 * the signed-in views are one chunk, kept off the framework's critical path: its download starts
 * when this module is evaluated, during hydration, not after it. A download that fails is shown
 * by the component, so it is not reported as unhandled here.
 *
 * It is swapped in with a state update rather than `next/dynamic` (React.lazy): content that
 * resolves inside a Suspense boundary is revealed at most once per 300 ms after its fallback
 * (React's fallback throttle), which held the handshake's first step back by about 160 ms.
 */
const loadCampusApp = typeof window === "undefined" ? null : import("./campus-app");
loadCampusApp?.catch(() => undefined);

type Loaded = { CampusApp: ComponentType<EmbeddedAppProps> } | { failed: true } | null;

export function EmbeddedApp(props: EmbeddedAppProps) {
  const [loaded, setLoaded] = useState<Loaded>(null);
  // The page's root client component: its first effect follows the hydration commit.
  useMarkOnMount("hydrated");
  const { hostOrigins } = props;
  useEffect(() => {
    let mounted = true;
    loadCampusApp?.then(
      ({ CampusApp, postReady }) => {
        // `ready` leaves before the handshake's first render, which runs while the campus answers.
        postReady(hostOrigins);
        if (mounted) setLoaded({ CampusApp });
      },
      () => mounted && setLoaded({ failed: true }),
    );
    return () => {
      mounted = false;
    };
  }, [hostOrigins]);
  if (!loaded) return <ConnectingPanel />;
  if ("failed" in loaded) return <CodeNotLoadedPanel />;
  return <loaded.CampusApp {...props} />;
}
