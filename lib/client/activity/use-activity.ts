import { useCallback, useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { activityEntryRoute, activityRoute, type ActivityResponse } from "@/lib/wire/activity-routes";
import { routeKey } from "@/lib/wire/declare-route";
import type { GrantView } from "@/lib/wire/call-routes";
import type { LaunchCredentials } from "@/lib/client/fetch/fetcher";
import { retryCallRead } from "@/lib/client/fetch/read-retry";
import { fetchRoute } from "@/lib/client/fetch/fetch-route";
import { LEASE_RECHECK_MS, activityRefreshMs, needsLeaseRecheck, newerActivity } from "./activity-refresh";

type Options = {
  enabled: boolean;
  /** The session's grant as the call view last read it (undefined: not read yet). */
  grant: GrantView | null | undefined;
  onError: (error: unknown) => void;
};

/**
 * The session's activity. Its state is read every 2 s while joined (paused while hidden).
 * With the grant active and no activity yet, the launch's verified entry is asked for once: a
 * launch opened from an accepted invitation joins that way (spec 4.13). A guest rechecks its
 * lease every 10 s; anyone joined rechecks at once when the grant stops being active.
 */
export function useActivity(launch: LaunchCredentials, options: Options) {
  const { enabled, grant, onError } = options;
  const [refreshMs, setRefreshMs] = useState(0);
  const [recheckMs, setRecheckMs] = useState(0);
  const shown = useRef<ActivityResponse | undefined>(undefined);
  const read = useCallback(async () => newerActivity(shown.current, await fetchRoute(activityRoute.GET, launch)), [launch]);
  const { data, mutate } = useSWR(enabled ? routeKey(activityRoute.GET, launch.launchId) : null, read, {
    refreshInterval: refreshMs,
    refreshWhenHidden: false,
    revalidateOnFocus: false,
    onErrorRetry: retryCallRead,
    onError,
  });
  useEffect(() => {
    shown.current = data;
  }, [data]);
  const show = useCallback((response: ActivityResponse) => void mutate(response, { revalidate: false }), [mutate]);

  const grantActive = grant?.status === "active";
  const entryWanted = enabled && ((grantActive && data?.state === "none") || needsLeaseRecheck(data));
  const entry = useSWR(entryWanted ? routeKey(activityEntryRoute.POST, launch.launchId) : null, () => fetchRoute(activityEntryRoute.POST, launch), {
    refreshInterval: recheckMs,
    refreshWhenHidden: true,
    revalidateOnFocus: false,
    onSuccess: show,
    onErrorRetry: retryCallRead,
    onError,
  });

  // The intervals follow the state they poll; SWR restarts its timer when the number changes
  // (a state set by a vote or a join, not by a poll, would not reschedule a function interval).
  const wantedRefreshMs = enabled ? activityRefreshMs(data) : 0;
  if (wantedRefreshMs !== refreshMs) setRefreshMs(wantedRefreshMs);
  const wantedRecheckMs = enabled && needsLeaseRecheck(data) ? LEASE_RECHECK_MS : 0;
  if (wantedRecheckMs !== recheckMs) setRecheckMs(wantedRecheckMs);

  const recheck = useCallback(() => fetchRoute(activityEntryRoute.POST, launch).then(show, onError), [launch, show, onError]);
  const grantLost = enabled && data?.state === "joined" && grant !== undefined && !grantActive;
  useEffect(() => {
    if (grantLost) void recheck();
  }, [grantLost, recheck]);

  // Until this launch's entry has been asked for, it may yet join one: the view offers nothing else meanwhile.
  const checkingEntry = grantActive && data?.state === "none" && entry.data === undefined && entry.error === undefined;
  return { response: data, checkingEntry, show, refresh: mutate };
}
