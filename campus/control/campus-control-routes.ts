import { Hono } from "hono";
import { hasExpired, toIsoTime } from "../core/clock";
import type { CampusContext } from "../http/context";
import { CampusError } from "../core/errors";
import type { CampusEnv } from "../http/hono-env";
import { saveRegistration } from "../state/campus-state";
import { countStoredRecords } from "../state/prune-expired";
import { describeCredential } from "./describe-credential";
import { settleAllAround } from "../presentations/settle-all-around";
import { isCurrentLaunch } from "../state/launches";
import { registrationPatchSchema, toPublicRegistration } from "../state/registration";
import { validateJson } from "../core/validate-json";
import { addFaultSchema, advanceClockSchema, credentialsRequestSchema, newMemberSchema, revokeConsentSchema } from "./schemas";

/**
 * The control API, for tests and demos only (campus/README.md), mounted at /control. It changes
 * campus state the way the platform would (time passing, a member revoking, an admin saving)
 * without a browser.
 */
export function createCampusControlRoutes(context: CampusContext) {
  const findMember = (username: string) => {
    const member = context.state.members.findByUsername(username);
    if (!member) throw new CampusError("BAD_USER_INPUT", 400, `username: no member is called ${username}`);
    return member;
  };
  const currentTime = () => ({ now: toIsoTime(context.clock.now()), offsetSeconds: context.clock.offsetSeconds() });

  return new Hono<CampusEnv>()
    .get("/clock", (c) => c.json(currentTime()))
    // Spec 3: presentation timers run on the campus clock; restorations show without another request.
    .post("/clock/advance", settleAllAround(context), validateJson(advanceClockSchema, "BAD_USER_INPUT"), (c) => {
      context.clock.advance(c.req.valid("json").seconds);
      return c.json(currentTime());
    })
    .post("/consent/revoke", settleAllAround(context), validateJson(revokeConsentSchema, "BAD_USER_INPUT"), (c) => {
      const { username } = c.req.valid("json");
      const member = username === undefined ? undefined : findMember(username);
      return c.json({ revoked: context.state.consents.revokeConsents(member?.userId) });
    })
    .get("/registration", (c) => c.json(toPublicRegistration(context.state.registration.getRegistration())))
    .put("/registration", settleAllAround(context), validateJson(registrationPatchSchema, "BAD_USER_INPUT"), (c) => {
      const saved = saveRegistration(context.state, c.req.valid("json"));
      return c.json(toPublicRegistration(saved));
    })
    .get("/faults", (c) => c.json({ faults: context.state.faults.listFaults() }))
    .post("/faults", validateJson(addFaultSchema, "BAD_USER_INPUT"), (c) => {
      const { count, ...fault } = c.req.valid("json");
      context.state.faults.addFault({ ...fault, remaining: count });
      return c.json({ faults: context.state.faults.listFaults() });
    })
    .delete("/faults", (c) => {
      context.state.faults.clearFaults();
      return c.json({ faults: [] });
    })
    .post("/reset", (c) => {
      context.reset();
      return c.json({ ok: true, ...currentTime() });
    })
    // policy.ts: issued tokens as fingerprints only; a GET is readable by a page that rebinds a name to loopback.
    .get("/credentials", (c) =>
      c.json({ credentials: context.state.tokens.listTokens().map((token) => describeCredential(context, token)) }),
    )
    // The live tokens, for tests that prove none reaches the browser or call the campus as the app.
    // A POST: the control rules keep it from every browser page (http/guard-browser-writes.ts).
    .post("/credentials", validateJson(credentialsRequestSchema, "BAD_USER_INPUT"), (c) => {
      const { username } = c.req.valid("json");
      const userId = username === undefined ? undefined : findMember(username).userId;
      const live = context.state.tokens
        .listTokens()
        .filter((token) => token.revokedAt === null && !hasExpired(context.clock, token.expiresAt))
        .filter((token) => userId === undefined || token.userId === userId);
      return c.json({ accessTokens: live.map((token) => token.accessToken) });
    })
    // How many launches, codes, tokens and rate windows the campus holds (policy.ts: expired ones are pruned).
    .get("/records", settleAllAround(context), (c) => c.json(countStoredRecords(context.state)))
    .get("/members", (c) => c.json({ members: context.state.members.listMembers() }))
    // policy.ts: more real members, for demos and the bench's load run; they sign in like the seeds.
    .post("/members", validateJson(newMemberSchema, "BAD_USER_INPUT"), (c) => {
      const input = c.req.valid("json");
      if (context.state.members.findByUsername(input.username)) {
        throw new CampusError("BAD_USER_INPUT", 400, `username: ${input.username} is taken`);
      }
      return c.json(context.state.members.addMember(input), 201);
    })
    .get("/launches", (c) => {
      const { generation } = context.state.registration.getRegistration();
      const launches = context.state.launches.listLaunches().map((launch) => ({
        launchId: launch.launchId,
        username: context.state.members.findByUserId(launch.userId)?.username ?? null,
        tabId: launch.tabId,
        generation: launch.generation,
        current: isCurrentLaunch(launch, generation),
        createdAt: toIsoTime(launch.createdAt),
        endedAt: launch.endedAt === null ? null : toIsoTime(launch.endedAt),
        endReason: launch.endReason,
      }));
      return c.json({ launches });
    });
}
