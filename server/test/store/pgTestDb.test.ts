import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "./pgTestDb.ts";

describe("the PostgreSQL tests' database helper", () => {
  it("fails with one clear message naming TEST_DATABASE_URL and how to start PostgreSQL when nothing answers", async () => {
    // A port just freed: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    await expect(createTestDatabase(`postgres://tester:secret@127.0.0.1:${port}/postgres`)).rejects.toThrow(
      `PostgreSQL is not reachable at postgres://tester:***@127.0.0.1:${port}/postgres (connect ECONNREFUSED 127.0.0.1:${port}). `
      + "The PostgreSQL tests need one: start it (e.g. `sudo service postgresql start`, with trust auth for user postgres on 127.0.0.1:5432), "
      + "or set TEST_DATABASE_URL=postgres://user:password@host:port/database to one, or run `bash .ci/run` (it installs and starts PostgreSQL and Redis, then runs the whole suite).",
    );
  });
});
