import {
  attachResponseSchema,
  commandListResponseSchema,
  commandResponseSchema,
  grantResponseSchema,
  type CommandRequest,
  type StartRequest,
} from "@/lib/wire/call-routes";
import { callStatusSchema } from "@/lib/contract";
import { fetchApi, type LaunchCredentials } from "@/lib/client/fetch/fetcher";

/** One function per call route of the app's own API. No grant or command IDs: the backend has them. */
export const callApi = {
  getStatus: (launch: LaunchCredentials) => fetchApi("/api/call/status", { launch, schema: callStatusSchema }),

  attach: (launch: LaunchCredentials) => fetchApi("/api/call/attach", { launch, method: "POST", schema: attachResponseSchema }),

  getGrant: (launch: LaunchCredentials) => fetchApi("/api/call/grant", { launch, schema: grantResponseSchema }),

  start: (launch: LaunchCredentials, body: StartRequest) =>
    fetchApi("/api/call/start", { launch, method: "POST", body, schema: commandResponseSchema }),

  accept: (launch: LaunchCredentials) =>
    fetchApi("/api/call/accept", { launch, method: "POST", body: {}, schema: commandResponseSchema }),

  sendCommand: (launch: LaunchCredentials, body: CommandRequest) =>
    fetchApi("/api/call/commands", { launch, method: "POST", body, schema: commandResponseSchema }),

  listCommands: (launch: LaunchCredentials) => fetchApi("/api/call/commands", { launch, schema: commandListResponseSchema }),
};
