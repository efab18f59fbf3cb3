import { useCallback, useEffect, useRef, useState } from "react";
import type { PresentationMode } from "@/lib/contract";
import type { GrantView } from "@/lib/wire/call-routes";
import { AppError } from "@/lib/errors";
import { isFinalStatus } from "@/lib/shared/final-status";
import { errorEffect, errorMessage } from "@/lib/client/fetch/error-effects";
import type { LaunchCredentials } from "@/lib/client/fetch/fetcher";
import { commitWhenTilesReady } from "./commit-retry";
import { startHeartbeatLoop, type HeartbeatLoop, type HeartbeatStop } from "./heartbeat-loop";
import { fetchRoute } from "@/lib/client/fetch/fetch-route";
import { presentationCommitRoute, presentationHeartbeatRoute, presentationReleaseRoute, presentationRoute } from "@/lib/wire/presentation-routes";
import { isOnCampusOrigin } from "./presentation-selection";
import { ended, withView, type PresentationState } from "./presentation-state";

export type { PresentationState } from "./presentation-state";

type Handlers = {
  onExpired: (error: unknown) => void;
  onAccessLost: (error: unknown) => void;
  /** CALL_CONFLICT and native restoration: the call changed; refresh the call state (spec part 7). */
  onCallChanged: () => void;
  /** The heartbeat runs (it answers for the grant), or no longer. */
  onPresenting: (live: boolean) => void;
  /** Each beat's grant status. */
  onGrantHeard: (status: GrantView["status"]) => void;
};

const release = (launch: LaunchCredentials, keepalive = false) => void fetchRoute(presentationReleaseRoute.POST, launch, { keepalive }).catch(() => undefined);

/**
 * The page's presentation (spec 3, 4.9-4.10): start prepares it with its tiles, the tiles mount,
 * then it commits; a heartbeat runs while it is open; it is released on request, on leaving the
 * call view and on `pagehide`. A speaker change starts a new one (a released ID never commits again).
 */
export function usePresentation(launch: LaunchCredentials, campusOrigin: string, handlers: Handlers) {
  const [presentation, setPresentation] = useState<PresentationState | null>(null);
  const [starting, setStarting] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const generationRef = useRef(0);
  const loopRef = useRef<HeartbeatLoop | null>(null);
  // A renewed login hands a new launch object; the presentation carries on with it.
  const launchRef = useRef(launch);
  const handlersRef = useRef(handlers);
  /** Whether the session may hold a presentation of this page, for the release on exit. */
  const openRef = useRef(false);
  /** The tile documents of a presentation that have loaded, and when the last of them did (commit-retry.ts). */
  const tilesLoadedRef = useRef<{ generation: number; loaded: Set<string>; at: number | undefined }>({ generation: -1, loaded: new Set(), at: undefined });
  const tileCountRef = useRef(0);

  const liveGeneration = presentation && !isFinalStatus(presentation.status) ? presentation.generation : null;
  const commitGeneration = presentation?.status === "preparing" && !presentation.committed ? presentation.generation : null;
  useEffect(() => {
    launchRef.current = launch;
    handlersRef.current = handlers;
    openRef.current = starting || liveGeneration !== null;
    tileCountRef.current = presentation?.tiles.length ?? 0;
  });

  /** A tile's document has loaded (its iframe's load event). */
  const tileLoaded = useCallback((generation: number, tileId: string, tiles: number) => {
    if (tilesLoadedRef.current.generation !== generation) tilesLoadedRef.current = { generation, loaded: new Set(), at: undefined };
    const progress = tilesLoadedRef.current;
    progress.loaded.add(tileId);
    if (progress.at === undefined && progress.loaded.size >= tiles) progress.at = Date.now();
  }, []);

  const change = useCallback((generation: number, update: (current: PresentationState) => PresentationState) => {
    setPresentation((current) => (current?.generation === generation ? update(current) : current));
  }, []);

  /** Spec part 7: 401 and access loss go to the views that own them; anything else is shown here (a conflict also refreshes the call). */
  const report = useCallback((failure: unknown) => {
    const effect = errorEffect(failure);
    if (effect.kind === "expired") return handlersRef.current.onExpired(failure);
    if (effect.kind === "access-lost") return handlersRef.current.onAccessLost(failure);
    if (effect.kind === "conflict") handlersRef.current.onCallChanged();
    setError(errorMessage(failure));
  }, []);

  const start = useCallback(
    async (mode: PresentationMode, participationIds: string[]) => {
      const generation = ++generationRef.current;
      setStarting(true);
      setError(null);
      // The backend releases the previous presentation before preparing (spec 3); its tiles go now.
      setPresentation((current) => (current && !isFinalStatus(current.status) ? ended(current, "released", null) : current));
      try {
        const result = await fetchRoute(presentationRoute.POST, launchRef.current, { body: { mode, participationIds } });
        if (generation !== generationRef.current) return;
        if (!result.tiles.every((tile) => isOnCampusOrigin(tile.url, campusOrigin))) {
          throw new AppError("INTERNAL_SERVER_ERROR", "A tile did not come from the campus; nothing was shown");
        }
        setPresentation({ generation, mode: result.mode, participationIds, status: result.status, restoredReason: null, tiles: result.tiles, committed: false });
      } catch (failure) {
        if (generation !== generationRef.current) return;
        // Whatever the backend got to, nothing is presented now.
        const kind = errorEffect(failure).kind;
        if (kind !== "expired" && kind !== "access-lost") release(launchRef.current);
        report(failure);
      } finally {
        if (generation === generationRef.current) setStarting(false);
      }
    },
    [campusOrigin, report],
  );

  // Commit once the tiles are in the document (effects run after the DOM is updated), retrying while they get ready.
  useEffect(() => {
    if (commitGeneration === null) return;
    const controller = new AbortController();
    const tilesLoadedAt = () => (tilesLoadedRef.current.generation === commitGeneration ? tilesLoadedRef.current.at : undefined);
    const withTiles = tileCountRef.current > 0 ? { tilesLoadedAt } : {};
    commitWhenTilesReady(() => fetchRoute(presentationCommitRoute.POST, launchRef.current), { signal: controller.signal, ...withTiles }).then(
      (view) => {
        change(commitGeneration, (current) => ({ ...withView(current, view), committed: true }));
        loopRef.current?.beatNow();
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        change(commitGeneration, (current) => ended(current, "released", null));
        release(launchRef.current);
        report(failure);
      },
    );
    return () => controller.abort();
  }, [commitGeneration, change, report]);

  const onStop = useCallback(
    (generation: number, stop: HeartbeatStop) => {
      if (stop.reason === "ended") return change(generation, (current) => withView(current, stop.view));
      if (stop.reason === "restored") {
        change(generation, (current) => ended(current, "restored", stop.restoredReason));
        if (stop.refused) setError(stop.message);
        handlersRef.current.onCallChanged();
        return;
      }
      // 401 or access loss: the host takes the presentation back; the call view says why.
      change(generation, (current) => ended(current, "restored", null));
      report(stop.error);
    },
    [change, report],
  );

  // Spec 4.9: the heartbeat, while the presentation is open. It keeps going while the page is
  // hidden (the campus pauses its own timer then) and beats at once when the page is shown again,
  // since hidden pages' timers are throttled and the campus restarts its timer with fresh grace.
  useEffect(() => {
    if (liveGeneration === null) return;
    const loop = startHeartbeatLoop({
      beat: async () => {
        const answer = await fetchRoute(presentationHeartbeatRoute.POST, launchRef.current);
        handlersRef.current.onGrantHeard(answer.grant.status);
        return answer;
      },
      onView: (view) => change(liveGeneration, (current) => withView(current, view)),
      onStop: (stop) => onStop(liveGeneration, stop),
    });
    loopRef.current = loop;
    handlersRef.current.onPresenting(true);
    const onVisibility = () => {
      if (document.visibilityState === "visible") loop.beatNow();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      loop.stop();
      handlersRef.current.onPresenting(false);
      document.removeEventListener("visibilitychange", onVisibility);
      if (loopRef.current === loop) loopRef.current = null;
    };
  }, [liveGeneration, change, onStop]);

  // Leaving the call view, or the page: release, best effort, with the launch header (keepalive fetch, not sendBeacon).
  useEffect(() => {
    const releaseOnExit = () => {
      if (!openRef.current) return;
      openRef.current = false;
      release(launchRef.current, true);
    };
    const onPageHide = () => {
      releaseOnExit();
      setPresentation((current) => (current && !isFinalStatus(current.status) ? ended(current, "released", null) : current));
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      releaseOnExit();
    };
  }, []);

  const releaseNow = useCallback(async () => {
    const generation = generationRef.current;
    setReleasing(true);
    setError(null);
    change(generation, (current) => ended(current, "released", null));
    try {
      const { presentation: view } = await fetchRoute(presentationReleaseRoute.POST, launchRef.current);
      // A presentation the host had already taken back stays `restored`, with its reason.
      if (view) change(generation, (current) => ({ ...current, status: view.status, restoredReason: view.restoredReason }));
    } catch (failure) {
      report(failure);
    } finally {
      setReleasing(false);
    }
  }, [change, report]);

  return {
    presentation,
    /** From the click until the commit has answered. */
    starting: starting || commitGeneration !== null,
    releasing,
    error,
    start,
    tileLoaded,
    release: releaseNow,
    dismissError: () => setError(null),
  };
}
