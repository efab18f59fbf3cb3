# The app as a container: build with the full toolchain, run the standalone server alone, as a
# non-root user, through the same start script as `npm start`. Configure it with the variables in
# .env.example (README, "Configure"; docs/deploy.md says how to try it against the local campus).
#   docker build -t campus-hosted-app .
#   docker run -p 3000:3000 --env-file .env campus-hosted-app
# Behind a proxy that re-signs TLS, hand npm its CA for the build only (never stored in a layer):
#   docker build --secret id=npm_ca,src=/path/to/ca.pem -t campus-hosted-app .

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=npm_ca \
    if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi; \
    npm ci --no-audit --no-fund

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# No one but the owner (root, in the image that runs) may write what ships: see the last stage.
RUN npm run build && chmod -R go-w .next/standalone scripts

FROM node:24-bookworm-slim AS run
WORKDIR /app
# PORT and APP_HOST (0.0.0.0 unless set) are read by scripts/start.mjs, which also sets
# NODE_ENV=production and the keep-alive timeout, and refuses a bad environment before listening.
ENV NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000
# .next/standalone holds server.js, the traced node_modules, the static assets and the environment
# check (`npm run build`); the layout is the repository's, so the start script finds them.
# Root owns them and the server's user cannot write them, so a compromised server cannot rewrite
# its own code. It needs nowhere to write: no page is prerendered or revalidated, so Next keeps no
# .next/cache (a page that came to need one would need a writable volume there).
COPY --from=build /app/.next/standalone ./.next/standalone
COPY --from=build /app/scripts/start.mjs /app/scripts/static-encoding.mjs /app/scripts/health-check.mjs ./scripts/
USER node
EXPOSE 3000
# Asks the server on the PORT and APP_HOST it listens on, whatever the run sets them to.
HEALTHCHECK --interval=30s --timeout=3s CMD ["node", "scripts/health-check.mjs"]
# The node flags of `npm start` in package.json (docs/performance.md says why; a test keeps them equal).
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=100", "scripts/start.mjs"]
