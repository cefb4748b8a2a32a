# Malignus server image. Debian 13 (trixie, glibc 2.41) so the uWebSockets.js transport loads
# (its builds need glibc >= 2.38). Runs `npm start` on Node 24: PORT (default 2567), REDIS_URL,
# PUBLIC_ADDRESS, DATABASE_URL (else SQLite under DATA_DIR), LOG_LEVEL, TRANSPORT and the others
# of README.md's "Environment variables" come from the environment (`npm start -- --help` lists them).
FROM node:24-trixie-slim

WORKDIR /app
RUN chown node:node /app
USER node

# Manifests first, so the dependency layer is rebuilt only when they change.
COPY --chown=node:node package.json package-lock.json .nvmrc ./
COPY --chown=node:node shared/package.json shared/
COPY --chown=node:node server/package.json server/
COPY --chown=node:node client-sdk/package.json client-sdk/
COPY --chown=node:node loadtest/package.json loadtest/
COPY --chown=node:node web/package.json web/
# Every dependency, dev ones included: the server runs its TypeScript through tsx.
RUN npm ci --no-audit --no-fund && npm cache clean --force

COPY --chown=node:node . .
# The watch page (/watch), built once into the image (npm start's prestart then finds it fresh).
RUN npm run build:web

ENV PORT=2567
# The WebSocket transport, chosen here on purpose: uWebSockets.js, from the npm copy
# @btc-vision/uwebsockets.js@20.57.0 that package.json's "overrides" puts in place of upstream's
# GitHub-only release (provenance, integrity pin, measured gain and how to switch:
# docs/operations.md, "Transport (uWebSockets.js or ws)"). TRANSPORT=ws at `docker run` switches
# to ws (pure JavaScript) with no rebuild; uws set here makes a failed load a fatal start-up error
# instead of a silent fallback.
ENV TRANSPORT=uws
EXPOSE 2567
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 2567}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "start"]
