import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DungeonServer } from "../../server/src/app.ts";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

let app: DungeonServer | undefined;
let port = 0;

/** Runs `npm run demo`'s script against the in-process server, with `DEMO_SEED`. */
function demo(seed: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=@malignus/source", "--import", "tsx", "loadtest/src/demo.ts"], {
      cwd: REPO, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, DEMO_URL: `ws://127.0.0.1:${port}`, DEMO_SEED: String(seed) },
    });
    let stdout = "", stderr = "";
    child.stdout.on("data", (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on("data", (d: Buffer) => { stderr += d.toString(); });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run demo against a live server (fresh-user finding 3)", () => {
  beforeAll(async () => {
    process.env.LOG_LEVEL ??= "warn";
    const { createServer } = await import("../../server/src/app.ts");
    app = await createServer({ transport: "ws" });
    port = await app.listen(0, "127.0.0.1");
  });
  afterAll(async () => { await app?.shutdown(); });

  // Seed 7: the first party's peasant fails to defuse the plate (triggerDefused), and the second
  // party sets out and is spotted in the same patch as the first invasion's end, which used to
  // print its events and send a resume answered (or failed) after the bye.
  it("DEMO_SEED=7: readable lines only, the first invasion's end is the last event, nothing after the bye", async () => {
    const { code, stdout, stderr } = await demo(7);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines.filter((l) => l.includes("{"))).toEqual([]);
    expect(lines).toContain("[day 2 00:02] triggerDefused  Peasant 1 fails to defuse trigger #6 and sets it off (party #9)");
    expect(lines.at(-1)).toMatch(/^demo: invasion 1 ended after \d+\.\d real seconds \(seed 7\); bye$/);
    expect(lines.at(-2)).toBe("[day 2 00:13] invasionEnded   invasion 1 over, party #9: Peasant 1 escaped");
    expect(lines.filter((l) => / invasionStarted /.test(l))).toEqual(["[day 2 00:00] invasionStarted invasion 1: a party of 1 adventurer sets out (party #9)"]);
  }, 120_000);
});
