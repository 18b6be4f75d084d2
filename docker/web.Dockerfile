# syntax=docker/dockerfile:1
# The web app: static files built by Vite, served by nginx as a non-root user on port 8080.
#   docker build -f docker/web.Dockerfile -t atrium/web .   (see docker/README.md)
ARG NODE_IMAGE=node:20.19-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.27-alpine

FROM ${NODE_IMAGE} AS build
WORKDIR /repo
ENV CI=true NX_DAEMON=false NX_NO_CLOUD=true
COPY package.json package-lock.json ./
COPY libs ./libs
RUN npm ci --no-audit --no-fund
COPY . .
# VITE_API_URL may be baked in here; ATRIUM_API_URL at run time (config.js) overrides it.
ARG VITE_API_URL=""
ENV VITE_API_URL=${VITE_API_URL}
RUN npx nx run web:build --output-style=static

FROM ${NGINX_IMAGE}
# The API origin the browser calls (REST and socket.io), e.g. https://api.example.com.
# Empty: the web app's own default (the page's host on port 8080).
ENV ATRIUM_API_URL=""
COPY docker/web/default.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /repo/apps/web/dist /usr/share/nginx/html
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/"]
