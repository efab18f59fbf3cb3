import { Hono } from "hono";
import { z } from "zod";
import { registrationScopesSchema } from "../../lib/contract";
import type { CampusContext } from "../http/context";
import type { CampusEnv } from "../http/hono-env";
import { saveRegistration } from "../state/campus-state";
import { toPublicRegistration } from "../state/registration";
import { validateJson } from "../core/validate-json";

// The page's registration panel edits what a demo needs: the scopes and publication.
const pageSaveSchema = z.strictObject({ scopes: registrationScopesSchema, published: z.boolean() });

/** The side panels of the campus page: the REST log and the registration. */
export function createPanelRoutes(context: CampusContext) {
  return new Hono<CampusEnv>()
    .get("/host/log", (c) => c.json({ entries: context.state.requestLog.listEntries() }))
    .get("/host/registration", (c) => c.json(toPublicRegistration(context.state.registration.getRegistration())))
    .put("/host/registration", validateJson(pageSaveSchema, "BAD_REQUEST"), (c) => {
      const saved = saveRegistration(context.state, c.req.valid("json"));
      return c.json(toPublicRegistration(saved));
    });
}
