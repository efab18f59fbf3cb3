import useSWR from "swr";
import type { LaunchCredentials } from "@/lib/client/fetch/fetcher";
import { retryCallRead } from "@/lib/client/fetch/read-retry";
import { fetchRoute } from "@/lib/client/fetch/fetch-route";
import { callStatusRoute } from "@/lib/wire/call-routes";
import { routeKey } from "@/lib/wire/declare-route";
import { STATUS_REFOCUS_THROTTLE_MS } from "./call-refresh";

/**
 * Spec 4.3: the status check, advisory. Fetched on entering the call view and on returning to it
 * (SWR's focus revalidation listens to `visibilitychange` and `focus`), throttled; never on an interval.
 */
export function useCallStatus(launch: LaunchCredentials, options: { enabled: boolean; onError: (error: unknown) => void }) {
  const { data, error, isValidating, mutate } = useSWR(
    options.enabled ? routeKey(callStatusRoute.GET, launch.launchId) : null,
    () => fetchRoute(callStatusRoute.GET, launch),
    {
      refreshInterval: 0,
      revalidateOnFocus: true,
      focusThrottleInterval: STATUS_REFOCUS_THROTTLE_MS,
      revalidateOnReconnect: false,
      onErrorRetry: retryCallRead,
      onError: options.onError,
    },
  );
  return { status: data, error: error as unknown, isChecking: isValidating, refresh: mutate };
}
