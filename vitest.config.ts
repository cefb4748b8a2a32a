import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

/** Workspace packages resolve to their TypeScript source here (client-sdk's `exports` otherwise name dist/). */
const SOURCE_CONDITION = "@malignus/source";

export default defineConfig({
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  test: {
    include: ["{shared,server,client-sdk,loadtest}/test/**/*.test.ts"],
    // `forks` can crash on @colyseus/tools' process hooks; threads are safe.
    pool: "threads",
    // Debug checks for missed change marks (wiring revision, projection record lists).
    setupFiles: ["server/test/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
