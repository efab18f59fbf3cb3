import {
  heartbeatResponseSchema,
  presentationReleaseResponseSchema,
  presentationStartResponseSchema,
  presentationViewSchema,
  type PresentationRequest,
} from "@/lib/wire/presentation-routes";
import { fetchApi, type LaunchCredentials } from "@/lib/client/fetch/fetcher";

/** One function per presentation route of the app's own API. No grant or presentation IDs: the backend has them. */
export const presentationApi = {
  start: (launch: LaunchCredentials, body: PresentationRequest) =>
    fetchApi("/api/call/presentation", { launch, method: "POST", body, schema: presentationStartResponseSchema }),

  commit: (launch: LaunchCredentials) => fetchApi("/api/call/presentation/commit", { launch, method: "POST", schema: presentationViewSchema }),

  heartbeat: (launch: LaunchCredentials) =>
    fetchApi("/api/call/presentation/heartbeat", { launch, method: "POST", schema: heartbeatResponseSchema }),

  release: (launch: LaunchCredentials, options: { keepalive?: boolean } = {}) =>
    fetchApi("/api/call/presentation/release", { launch, method: "POST", schema: presentationReleaseResponseSchema, ...options }),
};
