/** @type {import("next").NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // A self-contained server in .next/standalone: what the Dockerfile ships and the end-to-end tests run.
  output: "standalone",
  // No image optimisation: the app's images are an SVG icon and the campus's own pictures, drawn as
  // plain <img>. So the standalone server ships without sharp and its libvips (a third of the image).
  images: { unoptimized: true },
  outputFileTracingExcludes: { "*": ["node_modules/sharp/**", "node_modules/@img/**"] },
  // No gzip in the Node server: the platform or proxy in front compresses pages (docs/deploy.md).
  // Every API answer is a few hundred bytes, yet a zlib stream per response was the largest cost of
  // a visitor's heartbeat and grant poll under load (`npm run bench`).
  compress: false,
  reactStrictMode: true,
  // `npm test` checks the types in a stage of its own (`tsc --noEmit`, the whole project with its
  // tests), beside the build rather than within it (scripts/test.mjs); every other build checks them.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIPS_TYPECHECK === "1" },
  // The heartbeat is a Pages API route (lib/http/node-route.ts says why). The Pages router builds
  // its server code without React's "react-server" condition, under which `server-only` is an
  // empty module; without it `server-only` throws, as it does in a browser. So the server keeps
  // the empty module and the browser the throwing one: importing server code into a client
  // component still fails. `server-only` is bundled (not loaded by Node at run time) for the
  // alias to apply.
  transpilePackages: ["server-only"],
  turbopack: {
    resolveAlias: {
      "server-only": { browser: "server-only", default: "server-only/empty.js" },
      // Next's client requires its polyfill module by this relative path; the stand-in keeps only
      // what the browsers of `browserslist` lack (lib/client/supported-browsers-polyfills.ts says
      // what). `npm run bench` measures the legacy JavaScript left, which should be none.
      "../build/polyfills/polyfill-module": { browser: "./lib/client/supported-browsers-polyfills.ts" },
    },
  },
  // The campus page frames the app from another host; development reloads must work across both.
  allowedDevOrigins: ["app.localhost", "campus.localhost"],
  experimental: {
    // Next copies the body of every request the proxy sees (pages), up to this many bytes, so the
    // proxy and the page could both read it (10 MB by default). Pages take GET and HEAD only and
    // proxy.ts refuses every other method, so a page's body is never read: a POST / of megabytes
    // is passed over, not kept. (Past the limit Next logs a warning naming the path.)
    proxyClientMaxBodySize: 1024,
  },
  // No X-Frame-Options anywhere: it would deny the campus frame. proxy.ts sends frame-ancestors instead.
  async headers() {
    // Spec part 4: every API response carries private, no-store. The routes set it themselves; this
    // covers what Next answers on its own (a method a route does not export). It is set here rather
    // than in proxy.ts so that API requests skip the proxy: heartbeats come every five seconds.
    return [
      { source: "/api/:path*", headers: [{ key: "Cache-Control", value: "private, no-store" }] },
      // Every response, Next's own answers and static files included: no content sniffing of a JSON
      // error or an upload into a script. The app's pages link nowhere that needs their URL.
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "no-referrer" },
        ],
      },
    ];
  },
};

export default nextConfig;
