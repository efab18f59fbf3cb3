// The page's CSP allows no eval (render-page.ts, script-src 'self'), so zod must never try to
// compile a parser: it probes `new Function` when a schema is built, and a strict CSP reports even
// a probe that fails quietly. campus.ts imports this first, before any schema of the contract exists.

import { z } from "zod";

z.config({ jitless: true });
