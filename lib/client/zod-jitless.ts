// The page's CSP allows no eval in production (lib/security/csp.ts), so zod must never try to
// compile a parser: it probes `new Function` when it builds an object schema, and the browser
// reports even a probe that fails quietly as a CSP violation. campus-app.tsx, the root of the
// handshake's chunk, imports this first (the signed-in views' chunk loads after it). The server
// keeps zod's compiled parsers: this runs only in the browser.
//
// It sets zod's global config without importing zod: zod's core takes that object from
// `globalThis.__zod_globalConfig` when it loads, or has put it there (zod/v4/core/core.js). So it
// holds whatever order the bundler evaluates modules in: Turbopack can hoist a schema module into
// zod's own and build its schemas the moment anything imports zod, before `z.config()` could run.

type ZodGlobalConfig = { jitless?: boolean };

if (typeof window !== "undefined") {
  const holder = globalThis as { __zod_globalConfig?: ZodGlobalConfig };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
