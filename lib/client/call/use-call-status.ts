import useSWR from "swr";
import type { LaunchCredentials } from "@/lib/client/fetch/fetcher";
import { retryCallRead } from "@/lib/client/fetch/read-retry";
import { callApi } from "./call-api";
import { STATUS_REFOCUS_THROTTLE_MS } from "./call-refresh";

/**
 * Spec 4.3: the status check, advisory. Fetched on entering the call view and on returning to it
 * (SWR's focus revalidation listens to `visibilitychange` and `focus`), throttled; never on an interval.
 */
export function useCallStatus(launch: LaunchCredentials, options: { enabled: boolean; onError: (error: unknown) => void }) {
  const { data, error, isValidating, mutate } = useSWR(
    options.enabled ? ["/api/call/status", launch.launchId] : null,
    () => callApi.getStatus(launch),
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
