"use client";

import dynamic from "next/dynamic";
import { ConnectingPanel } from "../ui/status-panel";

/*
 * The first paint is "Connecting…", which needs no script. The handshake, its zod validation and
 * the signed-in views load as one chunk right after hydration, keeping the framework's
 * critical path free of them.
 */
const CampusApp = dynamic(() => import("./campus-app").then((module) => module.CampusApp), {
  ssr: false,
  loading: () => <ConnectingPanel />,
});

export function EmbeddedApp(props: { hostOrigins: readonly string[]; campusLink: string | null }) {
  return <CampusApp {...props} />;
}
