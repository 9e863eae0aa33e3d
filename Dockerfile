# The service image on the current Node LTS (26, LTS since 2026-10-28). Two stages: the build stage
# has the compilers and dev dependencies, the runtime stage only what `node dist/infra/main.js` needs.
FROM node:26-bookworm-slim AS build
# better-sqlite3 (the embedded event log, a runtime dependency) builds from source when no prebuilt
# binary fits this Node.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && rm -rf dist/test dist/bench \
  && npm prune --omit=dev --no-audit --no-fund

FROM node:26-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# The code stays owned by root, so the process cannot rewrite it; only DATA_DIR (the mail outbox,
# and the embedded log when no servers are configured) is the runtime user's.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# Ready (200) once the projections have caught up with the log as it stood at start; 503 before.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# A larger young generation: requests allocate fast, and fewer, shorter scavenges keep answer times even.
CMD ["node", "--max-semi-space-size=64", "dist/infra/main.js"]
