/*
 * Stands in for Next's client polyfill module (next.config.mjs aliases it here). Next adds that
 * module to every build, whatever `browserslist` says. Of what it adds, the browsers the app
 * supports (package.json: Chrome and Edge 111, Firefox 111, Safari 16.4) lack only URL.canParse
 * (Chrome 120, Firefox 115, Safari 17), which the page uses. The rest (Array.prototype.at, flat,
 * Object.hasOwn, fromEntries and others) is legacy JavaScript they never run.
 */
if (!("canParse" in URL)) {
  Object.defineProperty(URL, "canParse", {
    configurable: true,
    writable: true,
    value: (url: string | URL, base?: string | URL): boolean => {
      try {
        return Boolean(new URL(url, base));
      } catch {
        return false;
      }
    },
  });
}

export {};
