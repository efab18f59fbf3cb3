import { headers } from "next/headers";
import { getEnv } from "@/lib/env";
import { EmbeddedApp } from "./_components/handshake/embedded-app";

const LOCAL_HOSTNAMES = /(^|\.)localhost$|^127\.0\.0\.1$/;

/** The campus page to open the app from, shown when it is opened directly: only in development or for the local campus. */
function campusLinkOf(hostOrigins: readonly string[]): string | null {
  const local = hostOrigins.find((origin) => LOCAL_HOSTNAMES.test(new URL(origin).hostname));
  if (local) return local;
  return process.env.NODE_ENV === "development" ? (hostOrigins[0] ?? null) : null;
}

export default async function Page() {
  // The trusted host origins come from the server environment, not from a public build variable.
  const hostOrigins = getEnv().CAMPUS_ORIGINS;
  // A browser names a page opened in a tab `document`, and one opened in a frame `iframe` (Fetch
  // Metadata, in every browser the app supports). Opened in a tab, the page can only say where to
  // open it, so the server paints that at once; a missing header leaves it to the page's script.
  const openedAlone = (await headers()).get("sec-fetch-dest") === "document";
  return <EmbeddedApp hostOrigins={hostOrigins} campusLink={campusLinkOf(hostOrigins)} openedAlone={openedAlone} />;
}
