import { useCallback, useEffect, useRef, useState } from "react";
import { fetchRoute } from "@/lib/client/fetch/fetch-route";
import { authLogoutRoute } from "@/lib/wire/auth-routes";
import type { LaunchCredentials } from "@/lib/client/fetch/fetcher";
import { HostBridgeError, getDocumentHostBridge, type HostBridge } from "./host-bridge";
import { signInThroughCampus, type SignedInSession } from "./sign-in";
import { viewForError, type ProblemView } from "./view-state";

/** Renew this long before the token ends: no refresh tokens, a fresh code renews (spec part 3). */
export const RENEW_BEFORE_EXPIRY_MS = 60_000;
/** Never renew in a tight loop, whatever the server answers. */
const MIN_RENEWAL_DELAY_MS = 10_000;
/**
 * How long a sign-in may wait for its code before the page says it is signing in, when the campus
 * may be asking the member: a returning member's code comes well within it, and the page goes from
 * "Connecting…" to the signed-in view with no view in between to render while the login runs.
 */
export const SIGNING_IN_SHOWN_AFTER_MS = 300;

export type LoginView =
  | { name: "connecting" }
  | { name: "signing-in" }
  | { name: "signed-in"; session: SignedInSession }
  | ProblemView;

/**
 * Posts the document's `ready` now, before the views that show the login render: the campus
 * answers while they do. The login's first run takes the same request (one `ready` per document,
 * host-bridge.ts), so a failure is read there, not here.
 */
export function postReady(hostOrigins: readonly string[]): void {
  getDocumentHostBridge(hostOrigins)
    .ready()
    .catch(() => undefined);
}

/** "Signing you in…" replaces only "Connecting…": never a view the run has shown since (no answer yet, signed in). */
export function showSigningIn(current: LoginView): LoginView {
  return current.name === "connecting" ? { name: "signing-in" } : current;
}

/**
 * The page's login state machine. The launch and the cookieless session handle live in a ref:
 * memory only, never storage. `onCode` is told when the campus has given a code and the login is
 * on its way to the backend (SignInRun.onCode).
 */
export function useCampusLogin(hostOrigins: readonly string[], onCode?: () => void) {
  const [view, setView] = useState<LoginView>({ name: "connecting" });
  // Read by the run when the code comes: a new function each render neither restarts nor goes stale.
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });
  const bridgeRef = useRef<HostBridge | null>(null);
  const launchRef = useRef<LaunchCredentials | null>(null);
  // Each run takes a number; a newer run, a sign-out, an error view or a new bridge makes older runs stale.
  const runRef = useRef(0);
  // Whether API errors still speak for the session on screen: not once a sign-out began.
  const sessionShownRef = useRef(false);
  useEffect(() => {
    sessionShownRef.current = view.name === "signed-in";
  }, [view]);

  const run = useCallback(async (mode: "interactive" | "renewal") => {
    const bridge = bridgeRef.current;
    if (!bridge) return;
    const runId = ++runRef.current;
    const isCurrent = () => runId === runRef.current && bridgeRef.current === bridge;
    let signingInTimer: ReturnType<typeof setTimeout> | undefined;
    try {
      const session = await signInThroughCampus(bridge, launchRef.current, {
        isCurrent,
        onLaunch: () => {
          if (mode !== "interactive") return;
          signingInTimer = setTimeout(() => {
            if (isCurrent()) setView(showSigningIn);
          }, SIGNING_IN_SHOWN_AFTER_MS);
        },
        onCode: () => onCodeRef.current?.(),
        // Shown while the run still waits: a late answer signs in without the member's Retry.
        onNoAnswer: (error) => {
          if (isCurrent()) setView(viewForError(error));
        },
      });
      if (!isCurrent()) return;
      launchRef.current = session.launch;
      setView({ name: "signed-in", session });
    } catch (error) {
      if (!isCurrent() || (error instanceof HostBridgeError && error.kind === "closed")) return;
      setView(viewForError(error));
    } finally {
      clearTimeout(signingInTimer);
    }
  }, []);

  /** Makes every started run stale: it stops before its next step and shows nothing. */
  const stopRuns = useCallback(() => {
    runRef.current++;
  }, []);

  // The bridge belongs to the document, not to this mount: StrictMode mounts twice in development,
  // and both mounts share its one `ready` (host-bridge.ts). Unmounting only makes the run stale.
  useEffect(() => {
    bridgeRef.current = getDocumentHostBridge(hostOrigins);
    void run("interactive");
    return () => {
      bridgeRef.current = null;
      stopRuns();
    };
  }, [hostOrigins, run, stopRuns]);

  // Silent renewal: the campus remembers consent, so a fresh authenticate shows no dialog.
  // Scheduled from expiresIn (relative), so a page clock that is off cannot make it loop.
  const login = view.name === "signed-in" ? view.session.login : undefined;
  useEffect(() => {
    if (!login) return;
    const delay = Math.max(MIN_RENEWAL_DELAY_MS, login.expiresIn * 1000 - RENEW_BEFORE_EXPIRY_MS);
    const timer = setTimeout(() => void run("renewal"), delay);
    return () => clearTimeout(timer);
  }, [login, run]);

  const signIn = useCallback(() => {
    setView({ name: "connecting" });
    void run("interactive");
  }, [run]);

  const signOut = useCallback(async () => {
    const launch = launchRef.current;
    if (!launch) return;
    runRef.current++;
    sessionShownRef.current = false;
    try {
      await fetchRoute(authLogoutRoute.POST, launch);
      launchRef.current = { launchId: launch.launchId };
      setView({ name: "signed-out", message: "You signed out of this app" });
    } catch (error) {
      setView(viewForError(error));
    }
  }, []);

  /**
   * An API call of the signed-in view failed (a 401 INVALID_TOKEN included): stop and show why. A
   * poll still in flight when the member signed out answers for a session that is over: its 401 is
   * expected, and must neither replace "signed out" nor stop a sign-in started since.
   */
  const reportError = useCallback(
    (error: unknown) => {
      if (!sessionShownRef.current) return;
      sessionShownRef.current = false;
      stopRuns();
      setView(viewForError(error));
    },
    [stopRuns],
  );

  return { view, signIn, signOut, reportError };
}
