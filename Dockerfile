# syntax=docker/dockerfile:1
# Relaygate in a container: built in one stage, run from a second that holds only what runs
# (the bundled server, the built console and the server's production packages), as a non-root user.
# Build and run: `docker compose up -d` (compose.yaml, with PostgreSQL and Redis), or
# `docker build -t relaygate . && docker run -p 3000:3000 -v relaygate-data:/app/data relaygate`.

ARG NODE_IMAGE=node:24-bookworm-slim

# The workspace's manifests and lockfile: what both installs below start from.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Only the server's own packages: the native and lazily loaded ones the bundle leaves to node_modules.
FROM manifests AS packages
RUN npm ci --omit=dev --workspace server --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
COPY --from=packages /src/node_modules ./node_modules
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/server/package.json ./server/package.json
COPY --from=build /src/server/dist ./server/dist
COPY --from=build /src/web/dist ./web/dist
# The SQLite database and each process's settlement journal live here: keep it on a volume.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The command `npm start` runs once it has built (see README, "Run it").
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=50", "server/dist/main.js"]
