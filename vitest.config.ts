import { defineConfig } from "vitest/config";

export default defineConfig({
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
