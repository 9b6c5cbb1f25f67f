# Production image: the API and the built web app in one Node process.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY frontend/package.json frontend/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/frontend/dist frontend/dist
VOLUME /data
EXPOSE 3000
CMD ["node", "dist/main.js"]
