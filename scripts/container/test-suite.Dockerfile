# The image `npm run test:container` runs `npm test` in (scripts/container/test-suite.mjs): Node 24
# on Debian with what the suite drives, the packages .ci/run installs on a Debian machine. The
# working tree is mounted at /app when it runs; node_modules, .next and npm's cache are volumes of
# their own, so nothing installed or built for the host's system is run here, or the reverse.
FROM node:24-bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-headless-shell firefox-esr webkit2gtk-driver xvfb xauth redis-server \
 && rm -rf /var/lib/apt/lists/*
# Writable by any user: where the engine runs the suite as the host's user (Docker on Linux), the
# volumes mounted here start as these directories are.
RUN mkdir -p /app/node_modules /app/.next /npm-cache && chmod 1777 /app/node_modules /app/.next /npm-cache
ENV CI=1 \
    NEXT_TELEMETRY_DISABLED=1 \
    npm_config_cache=/npm-cache
WORKDIR /app
