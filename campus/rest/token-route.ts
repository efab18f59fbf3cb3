import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { tokenRequestSchema } from "../../lib/contract";
import type { CampusContext } from "../http/context";
import type { CampusEnv } from "../http/hono-env";
import { parseBasicCredentials, verifyClientCredentials } from "../login/client-credentials";
import { exchangeCode, findCodeUsername } from "../login/exchange-code";
import { validateJson } from "../core/validate-json";
import { applyFaults } from "../http/apply-faults";

/** Spec 5.1: client credentials are checked first (policy.ts check order), before the body is read. */
function requireClient(context: CampusContext) {
  return createMiddleware<CampusEnv>(async (c, next) => {
    const credentials = parseBasicCredentials(c.req.header("Authorization"));
    verifyClientCredentials(credentials, context.state.registration.getRegistration());
    await next();
  });
}

/** POST /v1/apps/token (spec 4.1): Basic client credentials and `{ code }` only; answers a Token. */
export function createTokenRoute(context: CampusContext) {
  return new Hono<CampusEnv>().post(
    "/v1/apps/token",
    applyFaults(context, "token"),
    requireClient(context),
    validateJson(tokenRequestSchema, "BAD_USER_INPUT"),
    (c) => {
      const { code } = c.req.valid("json");
      c.set("memberUsername", findCodeUsername(context.state, code));
      const { clientId } = context.state.registration.getRegistration();
      return c.json(exchangeCode(context.state, context.clock, { clientId, code }));
    },
  );
}
