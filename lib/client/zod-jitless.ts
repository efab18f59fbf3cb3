// The page's CSP allows no eval in production (lib/security/csp.ts), so zod must never try to
// compile a parser: it probes `new Function` when it builds an object schema, and the browser
// reports even a probe that fails quietly as a CSP violation. campus-app.tsx, the root of the
// handshake's chunk, imports this first, before any schema is built (the signed-in views' chunk,
// with the other schemas the page uses, is loaded after it).
// (Not the page's root component: that would put zod in the first-load scripts.) The server keeps
// zod's compiled parsers: this runs only in the browser.

import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });
