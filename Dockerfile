# The app as a container: build with the full toolchain, run the standalone server alone, as a
# non-root user. Configure it with the variables in .env.example (README, "Deploy").
#   docker build -t campus-hosted-app .
#   docker run -p 3000:3000 --env-file .env campus-hosted-app

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    KEEP_ALIVE_TIMEOUT=65000
# KEEP_ALIVE_TIMEOUT: idle connections outlive the heartbeat's five seconds and a proxy's 60 (scripts/start.mjs).
# .next/standalone holds server.js, the traced node_modules and, after `npm run build`, the static assets.
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
