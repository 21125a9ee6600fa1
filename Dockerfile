# The bot as a container image (docs/deploy.md "Packaging"). Two stages: the build, with every
# dependency (esbuild bundles src/ into dist/), then pruned to the production ones; and the image that
# runs, with the build, the data files the bundle reads at run time (src/, migrations/,
# migrations-pg/) and the production node_modules, as a user that is not root.
# test/packaging/dockerfile.test.ts runs these steps (its RUN, COPY and CMD lines) in a clean copy.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source where no prebuilt binary can be fetched.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
COPY migrations ./migrations
COPY migrations-pg ./migrations-pg
RUN npm run build
RUN npm prune --omit=dev

FROM node:20-bookworm-slim
# tini runs as PID 1: it passes SIGTERM on to node and reaps what would otherwise be left as zombies.
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/src ./src
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/migrations-pg ./migrations-pg
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
# glibc's malloc settings of scripts/malloc-settings.json (the bot is started without npm, so they are
# set here); the SQLite file on the volume; /metrics and /healthz reachable from outside the container.
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    DATABASE_PATH=/data/sellsword.db \
    METRICS_PORT=9100 \
    METRICS_HOST=0.0.0.0
USER node
VOLUME ["/data"]
EXPOSE 9100
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:9100/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# The V8 flags of scripts/v8-flags.json (scripts/start.mjs says why).
CMD ["node", "--single-threaded-gc", "dist/start.js"]
