import { Hono } from "hono";
import { z } from "zod";
import type { CampusContext } from "../http/context";
import { CampusError } from "../core/errors";
import type { CampusEnv } from "../http/hono-env";
import { describePresentation } from "../presentations/presentation-read";
import { setTabVisibility } from "../presentations/restoration";
import { settleAllAround } from "../presentations/settle-all-around";
import { tabIdSchema } from "../core/tab-id";
import { validateJson } from "../core/validate-json";

const visibilitySchema = z.strictObject({ visible: z.boolean() });

/** The control API for presentations (campus/README.md): read them, and hide or show a campus tab. */
export function createControlPresentationRoutes(context: CampusContext) {
  return new Hono<CampusEnv>()
    .get("/presentations", settleAllAround(context), (c) => {
      const now = context.clock.now();
      return c.json({ presentations: context.state.presentations.listPresentations().map((presentation) => describePresentation(context.state, presentation, now)) });
    })
    .post("/tabs/:tabId/visibility", settleAllAround(context), validateJson(visibilitySchema, "BAD_USER_INPUT"), (c) => {
      const tabId = tabIdSchema.safeParse(c.req.param("tabId"));
      if (!tabId.success) throw new CampusError("BAD_USER_INPUT", 400, "tabId: 8 to 128 characters of A-Z, a-z, 0-9, _ and -");
      const { visible } = c.req.valid("json");
      setTabVisibility(context.state, context.clock, tabId.data, visible);
      return c.json({ tabId: tabId.data, visible });
    });
}
