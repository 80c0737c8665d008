# The portal alone (production): the reference services are not deployed; point UPSTREAM_URL at the
# provider's services. tests/e2e/standalone.spec.ts runs the same standalone output with plain node.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
ARG BUILD_ID=""
ENV BUILD_ID=${BUILD_ID}
# Builds and assembles .next/standalone with .next/static and public inside it.
RUN npm run build

# The reference services, for a demo fleet only (deploy/compose.yaml: `target: services`); in
# production the portal points at the provider's own services.
FROM build AS services
ENV NODE_ENV=production UPSTREAM_HOST=0.0.0.0 UPSTREAM_PORT=4000
USER node
EXPOSE 4000
CMD ["node", "node_modules/tsx/dist/cli.mjs", "upstream/server.ts"]

FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0
# server.js is the portal's own entry (scripts/portal-server.cjs): it names each client by its TCP
# peer. TRUSTED_PROXY_HOPS stays 0 (believe no X-Forwarded-For) unless the container runs behind proxies
# that append the client's address: then set it to their number (README, Configuration).
# The dashboard PDF prints Chinese with Noto Sans CJK (PDF_FONT_PATH, lib/dashboard/pdf-font.ts).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-cjk && rm -rf /var/lib/apt/lists/*
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The portal's node flags (scripts/portal-node-args.json, which npm start and the tests use too):
# a heap limit, so that V8 collects before the process grows (docs/decisions.md, "Memory").
CMD ["node", "--max-old-space-size=384", "server.js"]
