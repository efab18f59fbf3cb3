import { useEffect } from "react";
import useSWR from "swr";
import type { MeResponse } from "@/lib/wire/auth-routes";
import { fetchRoute } from "@/lib/client/fetch/fetch-route";
import { meRoute } from "@/lib/wire/auth-routes";
import { routeKey } from "@/lib/wire/declare-route";
import type { LaunchCredentials } from "@/lib/client/fetch/fetcher";

/**
 * The signed-in member, re-checked with the campus on focus and on demand (spec 4.2).
 * The login response is the first value: no request right after signing in, and no interval.
 */
export function useMember(launch: LaunchCredentials, login: MeResponse, onError: (error: unknown) => void) {
  const { data, isValidating, mutate } = useSWR(routeKey(meRoute.GET, launch.launchId), () => fetchRoute(meRoute.GET, launch), {
    fallbackData: login,
    revalidateOnMount: false,
    revalidateIfStale: false,
    revalidateOnFocus: true,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
    onError,
  });

  // A renewed login replaces what the cache holds.
  useEffect(() => {
    void mutate(login, { revalidate: false });
  }, [login, mutate]);

  return { data: data ?? login, isValidating, revalidate: () => void mutate() };
}
