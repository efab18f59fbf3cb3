import { useState } from "react";
import useSWR from "swr";
import type { LaunchCredentials } from "@/lib/client/fetch/fetcher";
import { retryCallRead } from "@/lib/client/fetch/read-retry";
import { callApi } from "./call-api";
import { commandPollMs } from "./call-polling";

/** The SWR key of the command list: a command sent from elsewhere in the page revalidates it. */
export const commandsKey = (launch: LaunchCredentials) => ["/api/call/commands", launch.launchId] as const;

/**
 * The session's recent commands (spec 4.8), oldest first. Polled every second only while one is
 * in flight; once all are terminal the list rests until the next command.
 */
export function useCommands(launch: LaunchCredentials, options: { enabled: boolean; onError: (error: unknown) => void }) {
  const [pollMs, setPollMs] = useState(0);
  const { data, mutate } = useSWR(options.enabled ? commandsKey(launch) : null, () => callApi.listCommands(launch), {
    refreshInterval: pollMs,
    refreshWhenHidden: false,
    revalidateOnFocus: false,
    onErrorRetry: retryCallRead,
    onError: options.onError,
  });

  const wanted = options.enabled ? commandPollMs(data?.commands) : 0;
  if (wanted !== pollMs) setPollMs(wanted);

  return { commands: data?.commands ?? [], refresh: mutate };
}
