import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { tokenRequestSchema } from "../../lib/contract";
import { validateJson } from "../core/validate-json";
import { applyFaults } from "../http/apply-faults";
import type { CampusContext } from "../http/context";
import type { CampusEnv } from "../http/hono-env";
import { parseBasicCredentials, verifyClientCredentials } from "./client-credentials";
import { exchangeCode, findCodeUsername } from "./exchange-code";
import { readBearerMember, readMember, requireTokenAccess } from "./read-member";

/** Spec 5.1: client credentials are checked first (policy.ts check order), before the body is read. */
function requireClient(context: CampusContext) {
  return createMiddleware<CampusEnv>(async (c, next) => {
    const credentials = parseBasicCredentials(c.req.header("Authorization"));
    verifyClientCredentials(credentials, context.state.registration.getRegistration());
    await next();
  });
}

/**
 * The login endpoints of spec 4, mounted at /v1/apps: POST /token (4.1: Basic client credentials
 * and `{ code }` only; answers a Token) and GET /userinfo (4.2: bearer token; answers the Member,
 * rechecked on every call).
 */
export function createLoginApiRoutes(context: CampusContext) {
  return new Hono<CampusEnv>()
    .post("/token", applyFaults(context, "token"), requireClient(context), validateJson(tokenRequestSchema, "BAD_USER_INPUT"), (c) => {
      const { code } = c.req.valid("json");
      c.set("memberUsername", findCodeUsername(context.state, code));
      const { clientId } = context.state.registration.getRegistration();
      return c.json(exchangeCode(context.state, context.clock, { clientId, code }));
    })
    .get("/userinfo", applyFaults(context, "userinfo"), (c) => {
      const { bearer, username } = readBearerMember(context.state, c.req.header("Authorization"));
      c.set("memberUsername", username);
      const access = requireTokenAccess(context.state, context.clock, bearer);
      return c.json(readMember(access));
    });
}
