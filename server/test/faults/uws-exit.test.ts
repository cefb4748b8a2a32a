import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO, freePort } from "../crash/processes.ts";

/**
 * Issue 18 finding 7: `TRANSPORT=uws` where uWebSockets.js cannot load (glibc older than 2.38,
 * as on this machine) must fail loudly: one fatal line naming the cause, exit status 1. (Without
 * TRANSPORT the server falls back to ws: main.test.ts.)
 */
const uwsLoads = await import("uWebSockets.js").then(() => true, () => false);

describe("TRANSPORT=uws without a loadable uWebSockets.js", () => {
  it.skipIf(uwsLoads)("logs one fatal 'could not start' line naming uWebSockets.js and exits 1", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "malignus-uws-exit-"));
    const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
      cwd: REPO,
      env: { ...process.env, PORT: String(await freePort()), TRANSPORT: "uws", REDIS_URL: "", DATABASE_URL: "", LOG_LEVEL: "info", DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    const lines = out.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as { level: number; msg: string });
    const fatal = lines.filter((l) => l.level === 60);
    expect(fatal.length).toBe(1);
    expect(fatal[0]!.msg).toMatch(/^could not start: TRANSPORT=uws but uWebSockets\.js failed to load: .*GLIBC_2\.38/);
    expect(fatal[0]!.msg).not.toMatch(/\n/);
    expect(lines.some((l) => l.msg === "uncaught exception" || l.msg === "listening")).toBe(false);
  }, 30_000);
});
