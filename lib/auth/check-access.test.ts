import { describe, expect, it } from "vitest";
import { aCampus, sessionCredentialsFor, aMember, authDeps, CAMPUS_ORIGIN, CLIENT_ADDRESS } from "@/lib/testing/fixtures";
import { unsealHandle } from "@/lib/session/handle";
import { checkAccess } from "./check-access";
import { login } from "./login";
import { issueState } from "./state";

type Route = (request: Request) => Response;

/** A signed-in launch whose later userinfo calls answer with `userinfo`. */
async function signedIn(userinfo: Route) {
  let calls = 0;
  const campus = aCampus({
    routes: { "GET /v1/apps/userinfo": (request) => (calls++ === 0 ? Response.json(aMember()) : userinfo(request)) },
  });
  const deps = authDeps({ fetch: campus.fetch });
  const { state, handle } = await issueState({ launchId: "l", campusOrigin: CAMPUS_ORIGIN }, sessionCredentialsFor("l"), deps, CLIENT_ADDRESS);
  const outcome = await login({ launchId: "l", code: "c", state }, sessionCredentialsFor("l", { cookie: handle }), deps);
  const sid = (await unsealHandle(outcome.handle, deps.sessionSecret))?.sid ?? "";
  return { deps, credentials: sessionCredentialsFor("l", { cookie: outcome.handle }), sid };
}

describe("spec 4.2: checking access on demand", () => {
  it("asks the campus again and returns the current member", async () => {
    const { deps, credentials } = await signedIn(() => Response.json(aMember({ name: "Ada L." })));
    const me = await checkAccess(credentials, deps);
    expect(me).toMatchObject({ member: { name: "Ada L." } });
    expect(me.expiresIn).toBeGreaterThan(890);
    expect(me.expiresIn).toBeLessThanOrEqual(900);
  });

  it.each([
    ["ACCESS_REVOKED", 403],
    ["APP_UNAVAILABLE", 403],
    ["INVALID_TOKEN", 401],
  ])("on %s ends the session's access and forwards the error", async (code, status) => {
    const { deps, credentials, sid } = await signedIn(() => Response.json({ error: { code, message: "ended" } }, { status }));
    await expect(checkAccess(credentials, deps)).rejects.toMatchObject({ code, status });
    expect(await deps.sessions.get(sid)).toBeUndefined();
    await expect(checkAccess(credentials, deps)).rejects.toMatchObject({ code: "INVALID_TOKEN" });
  });

  it("on a campus outage keeps the session (a retry state, spec part 7)", async () => {
    const { deps, credentials, sid } = await signedIn(() => new Response("down", { status: 503 }));
    await expect(checkAccess(credentials, deps)).rejects.toMatchObject({ status: 503 });
    expect(await deps.sessions.get(sid)).toBeDefined();
  });
});
