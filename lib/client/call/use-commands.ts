import { useCallback, useEffect, useState } from "react";
import useSWR from "swr";
import type { LaunchCredentials } from "@/lib/client/fetch/fetcher";
import { retryCallRead } from "@/lib/client/fetch/read-retry";
import { fetchRoute } from "@/lib/client/fetch/fetch-route";
import { callCommandsRoute } from "@/lib/wire/call-routes";
import { routeKey } from "@/lib/wire/declare-route";
import { COMMAND_FAST_WINDOW_MS, commandRefreshMs } from "./call-refresh";

/** The SWR key of the command list: a command sent from elsewhere in the page revalidates it. */
export const commandsKey = (launch: LaunchCredentials) => routeKey(callCommandsRoute.GET, launch.launchId);

/**
 * The session's recent commands (spec 4.8), oldest first. Polled only while one is in flight:
 * four times a second for the first two seconds after the page sends one (`sent`), then every
 * second; once all are final the list rests until the next command.
 */
export function useCommands(launch: LaunchCredentials, options: { enabled: boolean; onError: (error: unknown) => void }) {
  const [refreshMs, setRefreshMs] = useState(0);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const { data, mutate } = useSWR(options.enabled ? commandsKey(launch) : null, () => fetchRoute(callCommandsRoute.GET, launch), {
    refreshInterval: refreshMs,
    refreshWhenHidden: false,
    revalidateOnFocus: false,
    onErrorRetry: retryCallRead,
    onError: options.onError,
  });

  // The fast window ends on a timer: an unchanged answer does not render the page again.
  useEffect(() => {
    if (sentAt === null) return;
    const timer = setTimeout(() => setSentAt(null), COMMAND_FAST_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [sentAt]);
  const sent = useCallback(() => setSentAt(performance.now()), []);

  const wanted = options.enabled ? commandRefreshMs(data?.commands, sentAt !== null) : 0;
  if (wanted !== refreshMs) setRefreshMs(wanted);

  return { commands: data?.commands ?? [], refresh: mutate, sent };
}
