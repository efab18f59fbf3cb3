import { Hono } from "hono";
import { z } from "zod";
import { registrationScopesSchema } from "../../lib/contract";
import { tabIdSchema } from "../core/tab-id";
import { validateJson } from "../core/validate-json";
import type { CampusContext } from "../http/context";
import type { CampusEnv } from "../http/hono-env";
import { setTabVisibility } from "../presentations/restoration";
import { settleAllAround } from "../presentations/settle-all-around";
import { saveRegistration } from "../state/campus-state";
import { toPublicRegistration } from "../state/registration";

// The page's registration panel edits what a demo needs: the scopes and publication.
const pageSaveSchema = z.strictObject({ scopes: registrationScopesSchema, published: z.boolean() });
const visibilitySchema = z.strictObject({ tabId: tabIdSchema, visible: z.boolean() });

/**
 * The campus page's own state, mounted at /host: the side panels (the REST log and the
 * registration) and the tab's visibility, which pauses presentation timers (spec 3).
 */
export function createPanelRoutes(context: CampusContext) {
  return new Hono<CampusEnv>()
    .get("/log", (c) => c.json({ entries: context.state.requestLog.listEntries() }))
    .get("/registration", (c) => c.json(toPublicRegistration(context.state.registration.getRegistration())))
    .put("/registration", settleAllAround(context), validateJson(pageSaveSchema, "BAD_REQUEST"), (c) => {
      const saved = saveRegistration(context.state, c.req.valid("json"));
      return c.json(toPublicRegistration(saved));
    })
    .post("/visibility", validateJson(visibilitySchema, "BAD_REQUEST"), (c) => {
      const { tabId, visible } = c.req.valid("json");
      setTabVisibility(context.state, context.clock, tabId, visible);
      return c.json({ tabId, visible });
    });
}
