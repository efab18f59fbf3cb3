import { Hono } from "hono";
import type { CampusContext } from "../http/context";
import type { CampusEnv } from "../http/hono-env";
import { readBearerToken, readMember, requireTokenAccess } from "../login/read-member";
import { applyFaults } from "../http/apply-faults";

/** GET /v1/apps/userinfo (spec 4.2): bearer token; answers the Member, rechecked on every call. */
export function createUserinfoRoute(context: CampusContext) {
  return new Hono<CampusEnv>().get("/v1/apps/userinfo", applyFaults(context, "userinfo"), (c) => {
    const bearer = readBearerToken(c.req.header("Authorization"));
    const token = bearer === undefined ? undefined : context.state.tokens.findToken(bearer);
    c.set("memberUsername", token && context.state.members.findByUserId(token.userId)?.username);
    const access = requireTokenAccess(context.state, context.clock, bearer);
    return c.json(readMember(access));
  });
}
