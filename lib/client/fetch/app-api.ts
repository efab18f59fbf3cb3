import {
  loginResponseSchema,
  meResponseSchema,
  okResponseSchema,
  stateResponseSchema,
  type LoginRequest,
  type StateRequest,
} from "@/lib/wire/auth-routes";
import { fetchApi, type LaunchCredentials } from "./fetcher";

/** One function per route of the app's own API. */
export const appApi = {
  requestState: (launch: LaunchCredentials, body: StateRequest) =>
    fetchApi("/api/auth/state", { launch, method: "POST", body, schema: stateResponseSchema }),

  login: (launch: LaunchCredentials, body: LoginRequest) =>
    fetchApi("/api/auth/login", { launch, method: "POST", body, schema: loginResponseSchema }),

  getMe: (launch: LaunchCredentials) => fetchApi("/api/me", { launch, schema: meResponseSchema }),

  logout: (launch: LaunchCredentials) =>
    fetchApi("/api/auth/logout", { launch, method: "POST", schema: okResponseSchema }),
};
