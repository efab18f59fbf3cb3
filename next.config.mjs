/** @type {import("next").NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The campus page frames the app from another host; development reloads must work across both.
  allowedDevOrigins: ["app.localhost", "campus.localhost"],
  // No X-Frame-Options anywhere: it would deny the campus frame. proxy.ts sends frame-ancestors instead.
};

export default nextConfig;
