# syntax=docker/dockerfile:1
# Node 24 LTS, pinned by version (keep in step with .nvmrc and package.json "engines").
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# Build stage: every dependency, the bot bundled into dist/ (scripts/build.ts).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build

# Runtime stage: production dependencies (the packages left outside the bundle load from
# node_modules), the bundle and the locales only.
FROM ${NODE_IMAGE} AS runtime
# PORT: the public port (webhook, /healthz). METRICS_PORT: /metrics and /readyz, on
# METRICS_HOST (loopback unless set; 0.0.0.0 lets Prometheus on the container network scrape).
# MALLOC_ARENA_MAX: glibc's allocator keeps at most 2 arenas instead of one per thread it
# meets (up to 8 per core); an idle bot holds 5–9 MB less, at no CPU cost we could measure
# (docs/benchmarks.md, Measure 10; the footprint measure runs the bot with it).
# NODE_OPTIONS: caps V8's semi-spaces. Node 24 otherwise grows its young generation under load
# to 2 × 64 MB (a catalog export peaked 126–146 MB above idle instead of 72–82). The flag also
# overrides the reading workers' own young-generation cap (resourceLimits): 8 MB keeps theirs
# at the 16 MB the reader sets; 16 doubled it, and a 10,000-SKU reading peaked about 35 MB
# higher (docs/benchmarks.md, Measure 10).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    NODE_OPTIONS=--max-semi-space-size=8 \
    PORT=8080 \
    METRICS_PORT=9464 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# src/i18n.ts walks up from dist/ and finds locales/ beside package.json.
COPY locales ./locales
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 8080 9464
# slim has no curl: Node's own fetch checks the liveness endpoint.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# node itself, not npm: SIGTERM must reach the bot (graceful shutdown within 10 s).
CMD ["node", "dist/main.js"]
