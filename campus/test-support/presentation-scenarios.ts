import { expect } from "vitest";
import type { Presentation, PresentationMode, TileResult } from "../../lib/contract";
import { presentationPreparedSchema, presentationSchema, tileResultSchema } from "../../lib/contract";
import type { Campus } from "../app";
import type { TestMember } from "./call-scenarios";
import { addSimulated, callApi, callWithGrants, simulate } from "./call-scenarios";
import type { describePresentation } from "../presentations/presentation-read";
import { advanceClock, readJson, send } from "./test-campus";

/** Fixtures for presentation tests: the app's REST calls, the tile documents' own reports, the control view. */

export type PresentationOperation = "commit" | "heartbeat" | "release";
export type ControlPresentation = ReturnType<typeof describePresentation>;
/** A tile document as the app's iframe loaded it: what its trusted tile code knows. */
export type LoadedTile = { campus: Campus; tileId: string; secret: string; html: string };

export function postPrepare(member: TestMember, body: unknown = { mode: "video" }, grantId = member.grantId): Promise<Response> {
  return callApi(member, "POST", `/grants/${grantId}/presentations`, body);
}

export async function prepare(member: TestMember, mode: PresentationMode = "video"): Promise<string> {
  const response = await postPrepare(member, { mode });
  expect(response.status).toBe(200);
  return presentationPreparedSchema.parse(await response.json()).presentationId;
}

export function postTile(member: TestMember, presentationId: string, participationId: string, options: Record<string, unknown> = {}) {
  return callApi(member, "POST", `/presentations/${presentationId}/tiles`, { participationId, fit: "cover", label: true, ...options });
}

export async function requestTile(member: TestMember, presentationId: string, participationId: string, options: Record<string, unknown> = {}): Promise<TileResult> {
  const response = await postTile(member, presentationId, participationId, options);
  expect(response.status).toBe(200);
  return tileResultSchema.parse(await response.json());
}

export function operate(member: TestMember, presentationId: string, operation: PresentationOperation): Promise<Response> {
  return callApi(member, "POST", `/presentations/${presentationId}/${operation}`);
}

export async function operateOk(member: TestMember, presentationId: string, operation: PresentationOperation): Promise<Presentation> {
  const response = await operate(member, presentationId, operation);
  expect(response.status).toBe(200);
  return presentationSchema.parse(await response.json());
}

/** GET of a tile URL, resolved against the campus origin, as the app's child iframe loads it. */
export function getTile(campus: Campus, url: string): Promise<Response> {
  return send(campus, "GET", url);
}

export async function loadTile(campus: Campus, url: string): Promise<LoadedTile> {
  const response = await getTile(campus, url);
  expect(response.status).toBe(200);
  const html = await response.text();
  const config = JSON.parse(/<script type="application\/json" id="tile-config">(.*?)<\/script>/s.exec(html)?.[1] ?? "{}") as { tileId: string; secret: string };
  return { campus, tileId: config.tileId, secret: config.secret, html };
}

/** What the tile's trusted code posts to the campus (never to the app). */
export function reportTile(tile: LoadedTile, report: { ready: boolean; visible: boolean } = { ready: true, visible: true }, secret = tile.secret) {
  return send(tile.campus, "POST", `/tiles/${tile.tileId}/report`, { json: { secret, ...report } });
}

/** A tile requested, loaded once and reported ready and visible. */
export async function showTile(member: TestMember, presentationId: string, participationId: string): Promise<LoadedTile> {
  const { url } = await requestTile(member, presentationId, participationId);
  const tile = await loadTile(member.campus, url);
  expect((await reportTile(tile)).status).toBe(200);
  return tile;
}

export async function readControlPresentation(campus: Campus, presentationId: string): Promise<ControlPresentation> {
  const { presentations } = await readJson<{ presentations: ControlPresentation[] }>(await send(campus, "GET", "/control/presentations"));
  const presentation = presentations.find((candidate) => candidate.presentationId === presentationId);
  if (!presentation) throw new Error(`No presentation ${presentationId}`);
  return presentation;
}

export function setTabVisibility(campus: Campus, tabId: string, visible: boolean): Promise<Response> {
  return send(campus, "POST", `/control/tabs/${tabId}/visibility`, { json: { visible } });
}

/** A native control of the member's campus tab (stage, moderation, leave). */
export function hostAction(member: TestMember, action: string, targetId?: string): Promise<Response> {
  return send(member.campus, "POST", "/host/call/actions", { json: { tabId: member.tabId, action, targetId }, member: member.username });
}

/** ada (host, speaker) and grace (audience) with active grants, and one simulated member on stage. */
export async function stagedCall() {
  const fixture = await callWithGrants(["ada", "grace"]);
  const [speakerId] = await addSimulated(fixture.campus, fixture.callId);
  expect((await simulate(fixture.campus, fixture.callId, speakerId!, "speak")).status).toBe(200);
  return { ...fixture, speakerId: speakerId! };
}

/** ada's app presents the simulated speaker: prepared, tile shown, committed and handed over. */
export async function presentingCall() {
  const fixture = await stagedCall();
  const presentationId = await prepare(fixture.ada);
  const tile = await showTile(fixture.ada, presentationId, fixture.speakerId);
  expect((await operateOk(fixture.ada, presentationId, "commit")).status).toBe("commitRequested");
  await reportTile(tile);
  expect((await operateOk(fixture.ada, presentationId, "heartbeat")).status).toBe("app");
  return { ...fixture, presentationId, tile };
}

/** Lets `seconds` pass on the campus clock in one-second steps, running `each` after every step. */
export async function passTime(campus: Campus, seconds: number, each: (elapsed: number) => Promise<unknown>): Promise<void> {
  for (let elapsed = 1; elapsed <= seconds; elapsed += 1) {
    await advanceClock(campus, 1);
    await each(elapsed);
  }
}
