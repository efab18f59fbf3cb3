import type { describePresentation } from "../../campus/presentations/presentation-read";
import { CAMPUS_API } from "../../e2e/support/origins";

/** What a local campus frames: the app, or a floor page standing in for it (scripts/bench/empty-next.ts). */
export type Framed = { appUrl: string; appOrigin: string };

type ControlOptions = { method?: "GET" | "POST" | "PUT"; campusApi?: string };

/**
 * A call to a local campus's control API (campus/control/), the standard campus unless another is
 * named: its JSON answer, or an error that quotes the campus's. A GET sends no body.
 */
export async function controlCampus<T = unknown>(path: string, body: unknown = {}, { method = "POST", campusApi = CAMPUS_API }: ControlOptions = {}): Promise<T> {
  const request = method === "GET" ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(`${campusApi}${path}`, request);
  const text = await response.text();
  if (!response.ok) throw new Error(`campus ${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Points a campus's registration at the app or a floor page: the campus frames that from its next launch. */
export async function frameIn({ appUrl, appOrigin }: Framed, campusApi = CAMPUS_API): Promise<void> {
  await controlCampus("/control/registration", { appUrl, appOrigin, iconUrl: new URL("/icon.svg", appOrigin).href }, { method: "PUT", campusApi });
}

/** The newest access token the campus holds for a member (a control call): to call the campus as that member. */
export async function newestAccessToken(body: { username?: string } = {}): Promise<string> {
  const { accessTokens } = await controlCampus<{ accessTokens: string[] }>("/control/credentials", body);
  return accessTokens.at(-1)!;
}

/** A presentation as the campus's control API describes it. */
export type ControlPresentation = ReturnType<typeof describePresentation>;

/** Every presentation the campus holds, live or ended (a control read). */
export async function campusPresentations(): Promise<ControlPresentation[]> {
  const { presentations } = await controlCampus<{ presentations: ControlPresentation[] }>("/control/presentations", undefined, { method: "GET" });
  return presentations;
}
