// The page's CSP allows no eval in production (lib/security/csp.ts), so zod must never try to
// compile a parser: it probes `new Function` when it builds an object schema, and the browser
// reports even a probe that fails quietly as a CSP violation. embedded-app.tsx, the page's root
// client component, imports this first, before any schema of the contract exists in the browser.
// The server keeps zod's compiled parsers: this runs only in the browser.

import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });
