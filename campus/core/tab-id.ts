import { z } from "zod";

// The page keeps one random tabId per campus tab in sessionStorage (launch "owning tab", spec 4).
export const tabIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/);

/** The body of a page request that names only its tab. */
export const tabRequestSchema = z.strictObject({ tabId: tabIdSchema });
