# Production image: the API and the built web app in one Node process, on Node 24, the current LTS line (the code
# also runs on 20.19+ and 22; see README "Run it").
FROM node:24-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY frontend/package.json frontend/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data
# The code belongs to root and is only readable by the app, which runs as the image's unprivileged `node` user
# (uid 1000): a compromised process can neither rewrite the app nor touch the system.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/frontend/dist frontend/dist
# The data directory (embedded database, backups, file outbox) is the one place the app writes. Created owned by
# `node` before VOLUME, so a new named volume mounted there starts out owned by that user too.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
VOLUME /data
USER node
EXPOSE 3000
# GET /api/health: 200 while the app and its database answer, 503 while the database does not. The slim image has
# no curl or wget; Node's fetch does it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js"]
