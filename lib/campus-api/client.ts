import "server-only";
import { memberSchema, tokenSchema, type Member, type Token } from "@/lib/contract";
import { createActivitiesApi, type CampusActivitiesApi } from "./activity-endpoints";
import { basicAuthorization } from "./basic-auth";
import { createCallsApi, type CampusCallsApi } from "./call-endpoints";
import { sendOverFetch, sendOverNodeHttp } from "./http-transport";
import { createPresentationsApi, type CampusPresentationsApi } from "./presentation-endpoints";
import { campusRequest, type CampusTransport } from "./request";

export type CampusApiConfig = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** For tests: a fake campus behind a `fetch`. Without it, node:http (./http-transport.ts). */
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** The campus operations the app uses. Grows one function per endpoint (spec part 4). */
export type CampusApi = {
  exchangeCode(code: string): Promise<Token>;
  getMember(accessToken: string): Promise<Member>;
} & CampusCallsApi &
  CampusPresentationsApi &
  CampusActivitiesApi;

const DEFAULT_TIMEOUT_MS = 10_000;

export function createCampusApi(config: CampusApiConfig): CampusApi {
  const transport: CampusTransport = {
    baseUrl: config.baseUrl.replace(/\/+$/, ""),
    send: config.fetch ? sendOverFetch(config.fetch) : sendOverNodeHttp,
    timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const clientAuthorization = basicAuthorization(config.clientId, config.clientSecret);

  return {
    // Spec 4.1: client credentials, body `{ code }` only. Called once per code; a code is never retried.
    exchangeCode: (code) =>
      campusRequest(transport, {
        method: "POST",
        path: "/v1/apps/token",
        authorization: clientAuthorization,
        body: { code },
        schema: tokenSchema,
      }),

    // Spec 4.2: checks the app's access and the member's consent on every call.
    getMember: (accessToken) =>
      campusRequest(transport, {
        method: "GET",
        path: "/v1/apps/userinfo",
        authorization: `Bearer ${accessToken}`,
        schema: memberSchema,
      }),

    ...createCallsApi(transport),
    ...createPresentationsApi(transport),
    ...createActivitiesApi(transport),
  };
}
