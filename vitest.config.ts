import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{shared,server,client-sdk,loadtest}/test/**/*.test.ts"],
    // `forks` can crash on @colyseus/tools' process hooks; threads are safe.
    pool: "threads",
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
