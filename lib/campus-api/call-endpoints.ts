import "server-only";
import type { z } from "zod";
import {
  acceptBodySchema,
  attachResultSchema,
  callStatusSchema,
  commandAcceptedSchema,
  commandBodySchemas,
  commandSchema,
  grantSchema,
  startBodySchema,
  type AttachResult,
  type CallStatus,
  type Command,
  type CommandAccepted,
  type CommandKind,
  type Grant,
} from "@/lib/contract";
import { bearer, outgoing, sameId, segment } from "./contract-checks";
import { campusRequest, type CampusTransport } from "./request";

export type StartBody = z.infer<typeof startBodySchema>;
export type AcceptBody = z.infer<typeof acceptBodySchema>;
export type GrantCommandBody<K extends CommandKind> = z.infer<(typeof commandBodySchemas)[K]>;

/**
 * Start, accept and grant commands are retried by the caller with the same clientId (spec 4,
 * "Command request rules"), so one attempt waits less than the transport's default: a few
 * attempts then fit in the time a member waits for a button.
 */
export const COMMAND_ATTEMPT_TIMEOUT_MS = 2_000;

/** The call endpoints of spec part 4. Every response is validated against lib/contract. */
export type CampusCallsApi = {
  getCallStatus(accessToken: string): Promise<CallStatus>;
  attachToCall(accessToken: string): Promise<AttachResult>;
  startCall(accessToken: string, body: StartBody): Promise<CommandAccepted>;
  acceptCall(accessToken: string, body: AcceptBody): Promise<CommandAccepted>;
  getGrant(accessToken: string, grantId: string): Promise<Grant>;
  sendGrantCommand<K extends CommandKind>(
    accessToken: string,
    grantId: string,
    kind: K,
    body: GrantCommandBody<K>,
  ): Promise<CommandAccepted>;
  getCommand(accessToken: string, commandId: string): Promise<Command>;
};

export function createCallsApi(transport: CampusTransport): CampusCallsApi {
  return {
    // Spec 4.3: advisory; creates nothing, takes no selectors.
    getCallStatus: (accessToken) =>
      campusRequest(transport, {
        method: "GET",
        path: "/v1/apps/calls/status",
        authorization: bearer(accessToken),
        schema: callStatusSchema,
      }),

    // Spec 4.4: no body is defined, so none is sent.
    attachToCall: (accessToken) =>
      campusRequest(transport, {
        method: "POST",
        path: "/v1/apps/calls/attach",
        authorization: bearer(accessToken),
        schema: attachResultSchema,
      }),

    // Spec 4.5: `{ clientId, recipientId?, role? }`; native recipient and role confirmation.
    startCall: async (accessToken, body) =>
      campusRequest(transport, {
        method: "POST",
        path: "/v1/apps/calls/start",
        authorization: bearer(accessToken),
        body: outgoing(startBodySchema, body),
        schema: commandAcceptedSchema,
        timeoutMs: COMMAND_ATTEMPT_TIMEOUT_MS,
      }),

    // Spec 4.6: `{ clientId }`; native confirmation of the incoming invitation.
    acceptCall: async (accessToken, body) =>
      campusRequest(transport, {
        method: "POST",
        path: "/v1/apps/calls/accept",
        authorization: bearer(accessToken),
        body: outgoing(acceptBodySchema, body),
        schema: commandAcceptedSchema,
        timeoutMs: COMMAND_ATTEMPT_TIMEOUT_MS,
      }),

    getGrant: async (accessToken, grantId) => {
      const path = `/v1/apps/calls/grants/${segment(grantId)}` as const;
      const grant = await campusRequest(transport, { method: "GET", path, authorization: bearer(accessToken), schema: grantSchema });
      return sameId(grant, grant.grantId, grantId, "GET /v1/apps/calls/grants/{id}");
    },

    // Spec 4.7: one body shape per kind, each a strict subset of CallOperation.
    sendGrantCommand: async (accessToken, grantId, kind, body) =>
      campusRequest(transport, {
        method: "POST",
        path: `/v1/apps/calls/grants/${segment(grantId)}/commands/${segment(kind)}`,
        authorization: bearer(accessToken),
        body: outgoing(commandBodySchemas[kind], body),
        schema: commandAcceptedSchema,
        timeoutMs: COMMAND_ATTEMPT_TIMEOUT_MS,
      }),

    // Spec 4.8: polled through the backend until a final outcome.
    getCommand: async (accessToken, commandId) => {
      const path = `/v1/apps/calls/commands/${segment(commandId)}` as const;
      const command = await campusRequest(transport, { method: "GET", path, authorization: bearer(accessToken), schema: commandSchema });
      return sameId(command, command.commandId, commandId, "GET /v1/apps/calls/commands/{id}");
    },
  };
}
