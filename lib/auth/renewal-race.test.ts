import { describe, expect, it } from "vitest";
import { getVisitorSession } from "@/lib/session/get-visitor-session";
import { unsealHandle } from "@/lib/session/handle";
import { createMemoryStores, createRedisStores, type ServerStores } from "@/lib/server/deps";
import { CAMPUS_ORIGIN, TEST_SECRET, aCampus, aCarrier, aMember, aToken, authDeps } from "@/lib/testing/fixtures";
import { NEEDS_REDIS, REDIS_URL, useTestRedis } from "@/lib/testing/redis";
import { checkAccess } from "./check-access";
import { login } from "./login";
import { issueState } from "./state";

const LAUNCH = "launch-1";

/**
 * A launch signed in with tok_1, whose next userinfo call on tok_1 waits until `answer` is given,
 * while a renewal logs in with tok_2 in between (spec part 3: a fresh code every 15 minutes).
 */
async function slowRequestAcrossARenewal(stores: () => ServerStores, slowAnswer: () => Response) {
  let tokens = 0;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let userinfoOnFirstToken = 0;
  const campus = aCampus({
    routes: {
      "POST /v1/apps/token": () => Response.json(aToken({ access_token: `tok_${++tokens}` })),
      "GET /v1/apps/userinfo": async (request) => {
        if (request.headers.get("authorization") === "Bearer tok_1" && userinfoOnFirstToken++ > 0) {
          await gate;
          return slowAnswer();
        }
        return Response.json(aMember());
      },
    },
  });
  const deps = { ...authDeps({ fetch: campus.fetch }), ...stores() };
  const first = await issueState({ launchId: LAUNCH, campusOrigin: CAMPUS_ORIGIN }, aCarrier(LAUNCH), deps);
  const signedIn = await login({ launchId: LAUNCH, code: "c1", state: first.state }, aCarrier(LAUNCH, { cookie: first.handle }), deps);
  const oldCarrier = aCarrier(LAUNCH, { cookie: signedIn.handle });
  const oldSid = (await unsealHandle(signedIn.handle, deps.sessionSecret))?.sid ?? "";

  const slow = checkAccess(oldCarrier, deps).catch((error: unknown) => error);
  const renewal = await issueState({ launchId: LAUNCH, campusOrigin: CAMPUS_ORIGIN }, oldCarrier, deps);
  const renewed = await login({ launchId: LAUNCH, code: "c2", state: renewal.state }, oldCarrier, deps);
  release();
  await slow;
  return { deps, oldSid, renewedCarrier: aCarrier(LAUNCH, { cookie: renewed.handle }) };
}

function itKeepsTheRenewal(stores: () => ServerStores) {
  it("a slow request that read the old session never writes it back over the renewal", async () => {
    const { deps, oldSid, renewedCarrier } = await slowRequestAcrossARenewal(stores, () => Response.json(aMember({ name: "Ada L." })));
    // The old record only names the renewed session (a grace for requests in flight): no token came back.
    expect(await deps.sessions.get(oldSid)).toEqual(expect.not.objectContaining({ accessToken: expect.anything() }));
    await expect(getVisitorSession(renewedCarrier, deps)).resolves.toMatchObject({ accessToken: "tok_2" });
  });

  it("a 401 on the old token does not end the renewed session", async () => {
    const expired = () => Response.json({ error: { code: "INVALID_TOKEN", message: "expired" } }, { status: 401 });
    const { deps, renewedCarrier } = await slowRequestAcrossARenewal(stores, expired);
    await expect(getVisitorSession(renewedCarrier, deps)).resolves.toMatchObject({ accessToken: "tok_2" });
  });
}

describe("no lost renewal: a slow request interleaved with a login, in memory", () => {
  itKeepsTheRenewal(() => createMemoryStores());
});

describe.skipIf(!REDIS_URL)(`no lost renewal: a slow request interleaved with a login, on Redis ${NEEDS_REDIS}`, () => {
  const { prefix, redis } = useTestRedis();
  let runs = 0;
  itKeepsTheRenewal(() => createRedisStores(redis(), `${prefix}${++runs}:`, TEST_SECRET));
});
