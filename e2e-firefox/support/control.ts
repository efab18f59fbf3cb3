import type { APIRequestContext } from "@playwright/test";
import { CampusControl } from "../../e2e/support/campus-control";

/** What CampusControl asks of its request client: get, post and put with a JSON body. */
type ControlResponse = { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> };
type ControlRequest = {
  get(url: string): Promise<ControlResponse>;
  post(url: string, options: { data: unknown }): Promise<ControlResponse>;
  put(url: string, options: { data: unknown }): Promise<ControlResponse>;
};

async function send(method: string, url: string, data?: unknown): Promise<ControlResponse> {
  const response = await fetch(url, {
    method,
    headers: data === undefined ? {} : { "content-type": "application/json" },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  const body = await response.text();
  return { ok: () => response.ok, status: () => response.status, text: async () => body, json: async () => JSON.parse(body) };
}

const fetchRequest: ControlRequest = {
  get: (url) => send("GET", url),
  post: (url, { data }) => send("POST", url, data),
  put: (url, { data }) => send("PUT", url, data),
};

/**
 * The Chromium run's control API client over fetch. It calls only get, post and put with
 * `{ data }`, which fetchRequest answers in the same shape; the rest of Playwright's request
 * context is never reached.
 */
export function createCampusControl(): CampusControl {
  return new CampusControl(fetchRequest as unknown as APIRequestContext);
}
