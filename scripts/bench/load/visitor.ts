import { randomBytes } from "node:crypto";
import { Agent, request } from "node:http";
import { LAUNCH_HEADER, SESSION_HEADER } from "@/lib/wire/auth-routes";
import { APP_SERVER, CAMPUS_API, CAMPUS_ORIGIN } from "../../../e2e/support/origins";
import { CLIENT_AUTHORIZATION } from "../../../e2e/support/local-env";
import { CAMPUS_CALL_ROUTE_PATH, EMPTY_ROUTE_PATH, PRESENTATION_HEADER } from "../empty-next";

/**
 * One simulated visitor over plain HTTP, no browser: a real campus member (added through the
 * control API) in their own campus tab, signed in to the app in cookieless mode (the handle goes
 * in X-App-Session, as in a browser that keeps no cookie in the iframe), in a call they host,
 * with the app attached and approved, presenting audio only. Each step is the request the
 * campus page or the app page would send; the campus enforces every rule as usual.
 */
export type Visitor = {
  /** The app process this visitor's requests go to (the load run can spread visitors over several). */
  appServer: string;
  username: string;
  tabId: string;
  launchId: string;
  sessionHandle: string;
  /** A floor's visitor only: what its beat names to the floor's route (CAMPUS_CALL_VISITORS). */
  presentation?: CampusPresentation;
};

/** A presentation on the campus and the member's token for it, as the app's backend holds them. */
type CampusPresentation = { accessToken: string; presentationId: string };

export type Outcome = { ok: boolean; status: number; presentationStatus?: string };

export async function admitVisitor(index: number, appServer: string = APP_SERVER): Promise<Visitor> {
  const launch = await openLaunch(index);
  const { launchId } = launch;
  const { state } = await app<{ state: string }>({ appServer, launchId }, "POST", "/api/auth/state", { launchId, campusOrigin: CAMPUS_ORIGIN }, index);
  const code = await issueCode(launch, state);
  const login = await app<{ sessionHandle?: string }>({ appServer, launchId }, "POST", "/api/auth/login", { launchId, code, state }, index);
  if (!login.sessionHandle) throw new Error("login answered without a session handle: the request should have had no cookie");
  const visitor = { appServer, username: launch.username, tabId: launch.tabId, launchId, sessionHandle: login.sessionHandle };

  // A call hosted in this tab, then the app's status check, attach and the member's native Allow.
  await campus("/host/call/start", { tabId: launch.tabId }, launch.asMember);
  await app(visitor, "GET", "/api/call/status");
  await app(visitor, "POST", "/api/call/attach");
  await campus("/host/call/approval", { tabId: launch.tabId, decision: "allow" }, launch.asMember);

  // Audio only needs no tiles: prepare, commit, then beat until the campus hands over.
  await app(visitor, "POST", "/api/call/presentation", { mode: "audioOnly", participationIds: [] });
  await app(visitor, "POST", "/api/call/presentation/commit");
  await untilHandedOver(launch.username, async () => (await heartbeat(visitor)).presentationStatus);
  return visitor;
}

/**
 * A floor's visitor: the same member, launch, call and presentation, with the app's backend calls
 * made straight to the campus (spec 4.1 token, 4.4 attach, 3 prepare and commit, with the app's
 * client credentials). Only the presentation's token and ID reach the floor's route, which
 * heartbeats it as the app's route does for a session.
 */
async function admitCampusVisitor(index: number, appServer: string): Promise<Visitor> {
  const launch = await openLaunch(index);
  const code = await issueCode(launch, `floor-${index}`);
  const token = await campus<{ access_token: string }>("/v1/apps/token", { code }, { authorization: CLIENT_AUTHORIZATION });
  const asApp = { authorization: `Bearer ${token.access_token}` };
  await campus("/host/call/start", { tabId: launch.tabId }, launch.asMember);
  const { grantId } = await campus<{ grantId: string }>("/v1/apps/calls/attach", undefined, asApp);
  await campus("/host/call/approval", { tabId: launch.tabId, decision: "allow" }, launch.asMember);
  const { presentationId } = await campus<{ presentationId: string }>(`/v1/apps/calls/grants/${grantId}/presentations`, { mode: "audioOnly" }, asApp);
  const presentationPath = `/v1/apps/calls/presentations/${presentationId}`;
  await campus(`${presentationPath}/commit`, undefined, asApp);
  await untilHandedOver(launch.username, async () => (await campus<{ status: string }>(`${presentationPath}/heartbeat`, undefined, asApp)).status);
  const presentation = { accessToken: token.access_token, presentationId };
  return { appServer, username: launch.username, tabId: launch.tabId, launchId: launch.launchId, sessionHandle: "", presentation };
}

type Launch = { username: string; tabId: string; launchId: string; asMember: Record<string, string> };

/** A new campus member in a tab of their own, and the campus page's launch of the app there. */
async function openLaunch(index: number): Promise<Launch> {
  const username = `load_${String(index).padStart(5, "0")}`;
  const tabId = `load-tab-${randomBytes(8).toString("hex")}`;
  await campus("/control/members", { username, name: `Load visitor ${index}` });
  const asMember = { cookie: `campus_member=${username}` };
  const { launchId } = await campus<{ launchId: string }>("/host/launches", { tabId }, asMember);
  return { username, tabId, launchId, asMember };
}

/** The campus page's consent check and Allow, then the one-use code for the state (spec 5.3). */
async function issueCode({ launchId, tabId, asMember }: Launch, state: string): Promise<string> {
  const need = await campus<{ consent: string }>(`/host/launches/${launchId}/authorize`, { tabId }, asMember);
  const consent = need.consent === "remembered" ? "remembered" : "approved";
  const { code } = await campus<{ code: string }>(`/host/launches/${launchId}/codes`, { tabId, state, consent }, asMember);
  return code;
}

/** Beats until the campus has handed the presentation over (spec 3: a commit hands over on a heartbeat). */
async function untilHandedOver(username: string, beat: () => Promise<string | undefined>): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if ((await beat()) === "app") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${username}: the campus never handed the presentation over`);
}

/** What the load run drives: how a visitor is admitted, and its request every interval. */
export type VisitorKind = {
  admit(index: number, appServer: string): Promise<Visitor>;
  beat(visitor: Visitor): Promise<Outcome>;
  /** Whether the campus takes part (reset before, asked after for heartbeats it missed). */
  usesCampus: boolean;
};

/** Members presenting through the app: signed in, attached, heartbeating (the figure). */
export const APP_VISITORS: VisitorKind = { admit: admitVisitor, beat: heartbeat, usesCampus: true };

/**
 * The framework's own ceiling on the machine for a request that does nothing (information beside
 * the figure): visitors whose request every interval is a POST to an empty Pages API route of an
 * empty Next.js app, through the same generator, on the same kept-alive connections. They sign in
 * nowhere and reach no campus.
 */
export const EMPTY_ROUTE_VISITORS: VisitorKind = {
  admit: async (index, appServer) => ({ appServer, username: `floor_${index}`, tabId: "", launchId: `floor-${index}`, sessionHandle: "" }),
  beat: async (visitor) => {
    const { status } = await send("POST", EMPTY_ROUTE_PATH, visitor);
    return { ok: status === 200, status };
  },
  usesCampus: false,
};

/**
 * The floor of the figure: the framework's ceiling for the least a heartbeat must do, its one campus
 * call (spec 4.9). Each visitor holds a presentation on the campus, handed over as the app's are
 * (admitCampusVisitor), and posts its token and ID to an empty Pages API route that heartbeats it
 * and answers the campus's answer (empty-next.ts CAMPUS_CALL_ROUTE_PATH). So the campus does the
 * same work for both climbs, and what the app's own rules, session and answer add is the gap.
 */
export const CAMPUS_CALL_VISITORS: VisitorKind = {
  admit: admitCampusVisitor,
  beat: async (visitor) => {
    const { accessToken, presentationId } = visitor.presentation!;
    const headers = { authorization: `Bearer ${accessToken}`, [PRESENTATION_HEADER]: presentationId };
    const { status, body } = await send("POST", CAMPUS_CALL_ROUTE_PATH, visitor, headers);
    const presentationStatus = (body as { status?: string }).status;
    return { ok: status === 200 && presentationStatus === "app", status, presentationStatus };
  },
  usesCampus: true,
};

/** POST /api/call/presentation/heartbeat, as the page's heartbeat loop sends it. */
export async function heartbeat(visitor: Visitor): Promise<Outcome> {
  const { status, body } = await send("POST", "/api/call/presentation/heartbeat", visitor);
  const presentation = body as { status?: string; grant?: { status?: string } };
  const ok = status === 200 && presentation.status === "app" && presentation.grant?.status === "active";
  return { ok, status, presentationStatus: presentation.status };
}


// The steady-state requests go through node:http with kept-alive connections rather than fetch:
// the load generator shares the machine with the app and the campus, and this costs it about half.
// Each visitor keeps its connection from beat to beat, as a browser does: the app's server keeps
// an idle one for 65 s (scripts/start.mjs). Ours goes first, as the app's own campus agent does
// (lib/campus-api/http-transport.ts): a heartbeat written to a socket the server is closing would fail
// as a reset and count against the app.
const keepAlive = new Agent({ keepAlive: true, timeout: 60_000 });

function send(method: "GET" | "POST", path: string, visitor: Visitor, extra: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${visitor.appServer}${path}`, { method, headers: { ...appHeaders(visitor), ...extra }, agent: keepAlive }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        try {
          resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
        } catch (error) {
          reject(error);
        }
      });
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

function appHeaders(visitor: Pick<Visitor, "appServer" | "launchId"> & Partial<Visitor>): Record<string, string> {
  return {
    [LAUNCH_HEADER]: visitor.launchId,
    ...(visitor.sessionHandle ? { [SESSION_HEADER]: visitor.sessionHandle } : {}),
    "content-type": "application/json",
  };
}

/**
 * Each visitor signs in from its own loopback address (127.0.0.0/8 is all loopback), as members
 * do from their own devices: the app limits login states and logins per client address.
 */
function visitorAddress(index: number): string {
  return `127.1.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;
}

function app<T>(visitor: Pick<Visitor, "appServer" | "launchId"> & Partial<Visitor>, method: "GET" | "POST", path: string, body?: unknown, index = 0): Promise<T> {
  return new Promise((resolve, reject) => {
    const headers = appHeaders(visitor);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload === undefined) delete headers["content-type"];
    const outgoing = request(
      `${visitor.appServer}${path}`,
      { method, headers, localAddress: visitorAddress(index) },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          if ((incoming.statusCode ?? 0) >= 400) reject(new Error(`app ${path} answered ${incoming.statusCode}: ${text}`));
          else resolve(JSON.parse(text) as T);
        });
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}

/** A POST to the campus: its JSON answer. A body of undefined sends none, as the spec's attach, commit and heartbeat have none. */
async function campus<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const json = body === undefined ? {} : { headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
  const response = await fetch(`${CAMPUS_API}${path}`, { method: "POST", headers, ...json });
  return readOk<T>(response, `campus ${path}`);
}

async function readOk<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}
