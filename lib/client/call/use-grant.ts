import { useEffect, useState } from "react";
import useSWR from "swr";
import type { LaunchCredentials } from "@/lib/client/fetch/fetcher";
import { retryCallRead } from "@/lib/client/fetch/read-retry";
import { fetchRoute } from "@/lib/client/fetch/fetch-route";
import { callGrantRoute } from "@/lib/wire/call-routes";
import { routeKey } from "@/lib/wire/declare-route";
import { GRANT_APPROVAL_FAST_WINDOW_MS, grantRefreshMs } from "./call-refresh";

/**
 * The session's grant (spec 2 "Call grant"), polled while one exists: every 2 s while it awaits
 * approval (every 6 s once the wait is long), every 6 s while active, not at all otherwise
 * (lib/client/call/call-refresh.ts). Paused while the document is hidden, resumed by the next
 * tick once visible; paused too while a presentation's heartbeat answers for the grant (`paused`).
 */
export function useGrant(launch: LaunchCredentials, options: { enabled: boolean; paused?: boolean; onError: (error: unknown) => void }) {
  const [refreshMs, setRefreshMs] = useState(0);
  const [approvalWaitIsLong, setApprovalWaitIsLong] = useState(false);

  const { data, error, mutate } = useSWR(options.enabled ? routeKey(callGrantRoute.GET, launch.launchId) : null, () => fetchRoute(callGrantRoute.GET, launch), {
    refreshInterval: refreshMs,
    refreshWhenHidden: false,
    // The interval already reads it every few seconds; focus reads on top would break the budget.
    revalidateOnFocus: false,
    onErrorRetry: retryCallRead,
    onError: options.onError,
  });

  const awaitingApproval = data?.grant?.status === "approval";
  useEffect(() => {
    if (!awaitingApproval) return;
    const timer = setTimeout(() => setApprovalWaitIsLong(true), GRANT_APPROVAL_FAST_WINDOW_MS);
    return () => {
      clearTimeout(timer);
      setApprovalWaitIsLong(false);
    };
  }, [awaitingApproval]);

  // The interval follows the grant it polls; SWR restarts its timer when the number changes.
  const wanted = options.enabled && !options.paused ? grantRefreshMs(data?.grant, approvalWaitIsLong) : 0;
  if (wanted !== refreshMs) setRefreshMs(wanted);

  return { grant: data?.grant, isLoading: data === undefined && !error, error: error as unknown, refresh: mutate };
}
