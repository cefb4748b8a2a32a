import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { num, parseCli } from "../../tools/cli.ts";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("tools/cli.ts (node:util parseArgs)", () => {
  const opts = { rooms: { type: "string" }, quick: { type: "boolean" } } as const;

  it("answers help first, then parses strictly", () => {
    expect(parseCli(["--rooms", "x", "-h"], opts)).toBe("help");
    expect(parseCli(["--bogus", "--help"], opts)).toBe("help");
    expect(parseCli(["--rooms=5", "--quick"], opts)).toEqual({ values: { rooms: "5", quick: true }, positionals: [] });
    expect(parseCli(["a.json"], opts, true)).toEqual({ values: {}, positionals: ["a.json"] });
  });

  it("turns parseArgs errors into one-line messages", () => {
    expect(() => parseCli(["--bogus"], opts)).toThrow(new Error('unknown option "--bogus"'));
    expect(() => parseCli(["--rooms"], opts)).toThrow(new Error("--rooms needs a value"));
    expect(() => parseCli(["--rooms", "--quick"], opts)).toThrow(new Error("--rooms needs a value"));
    expect(() => parseCli(["--quick=yes"], opts)).toThrow(new Error("--quick takes no value"));
    expect(() => parseCli(["stray"], opts)).toThrow(new Error('unexpected argument "stray"'));
  });

  it("bounds numbers", () => {
    expect(num({}, "rooms", 7, 1, 10)).toBe(7);
    expect(num({ rooms: "10" }, "rooms", 7, 1, 10)).toBe(10);
    expect(() => num({ rooms: "11" }, "rooms", 7, 1, 10)).toThrow(new Error('--rooms must be a whole number from 1 to 10, got "11"'));
    expect(() => num({ rooms: "2.5" }, "rooms", 7, 1, 10)).toThrow(new Error('--rooms must be a whole number from 1 to 10, got "2.5"'));
    expect(() => num({ rooms: "" }, "rooms", 7, 1, 10)).toThrow(new Error('--rooms must be a whole number from 1 to 10, got ""'));
    expect(num({ s: "0.5" }, "s", 1, 0, 1, false)).toBe(0.5);
  });
});

/** Every command-line entry point of the repository, with the first line of its usage. */
const TOOLS: [entry: string, usage: string][] = [
  ["server/src/cli/replay.ts", "Usage: npm run replay -- FILE [--check] [--json]"],
  ["server/bench/bench.ts", "usage: npm run bench -- [options]"],
  ["server/bench/profile.ts", "usage: npm run bench:profile -- [bench options]"],
  ["server/bench/store.ts", "usage: npm run bench:store -- [options]"],
  ["server/bench/memory.ts", "usage: npm run bench:memory -- [options]"],
  ["server/bench/server-profile.ts", "usage: npm run bench:server-profile -- [options]"],
  ["server/bench/room-step.ts", "usage: npx tsx server/bench/room-step.ts [options]"],
  ["server/bench/bandwidth.ts", "usage: npx tsx server/bench/bandwidth.ts [options]"],
  ["server/bench/walking-path.ts", "usage: npx tsx server/bench/walking-path.ts [options]"],
  ["server/test/sim/soak/record.ts", "usage: npx tsx server/test/sim/soak/record.ts OUT.json [options]"],
  ["loadtest/src/loadtest.ts", "usage: npm run loadtest -- [options]"],
  ["loadtest/src/compare.ts", "usage: npm run loadtest:compare -- [options]"],
  ["loadtest/src/benchdoc.ts", "usage: npm run bench:doc -- [options]"],
  ["loadtest/src/benchcheck.ts", "usage: npm run bench:check -- [options]"],
  ["loadtest/src/bare-server.ts", "usage: PORT=2577 TRANSPORT=ws|uws BARE_ENTITIES=0|20 npx tsx loadtest/src/bare-server.ts"],
  ["loadtest/src/demo.ts", "usage: npm run demo   (with a server running: npm start)"],
  ["tools/codegen.ts", "usage: npm run codegen"],
  ["server/src/main.ts", "usage: npm start [-- --help]"],
  ["web/scripts/build.ts", "usage: npm run build:web -- [--if-stale]"],
  ["client-sdk/scripts/size.ts", "usage: npm run sdk:size -- [--from dist|source] [--json] [--check]"],
];

function run(entry: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=@malignus/source", "--import", "tsx", entry, ...args], { cwd: REPO, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "", stderr = "";
    child.stdout.on("data", (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on("data", (d: Buffer) => { stderr += d.toString(); });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe.concurrent("every command-line tool", () => {
  it.each(TOOLS)("%s --help prints its usage and exits 0; an unknown flag exits 2 with a clear error", async (entry, usage) => {
    const [help, bad] = await Promise.all([run(entry, ["--help"]), run(entry, ["--no-such-flag"])]);
    expect(help.code).toBe(0);
    expect(help.stdout.split("\n")[0]).toBe(usage);
    expect(help.stderr).toBe("");
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr.split("\n")[0]).toMatch(/^[\w:-]+: unknown option "--no-such-flag"$/);
    expect(bad.stderr).toContain(usage);
  }, 180_000); // tsx start-up of a tool takes seconds; 10 at once (vitest maxConcurrency 5 × 2) on a loaded machine
});

describe("demo", () => {
  it("DEMO_SEED that is not an integer exits 2 with one line and the usage, like a bad option, before connecting", async () => {
    const bad = await run("loadtest/src/demo.ts", [], { DEMO_SEED: "abc", DEMO_URL: "ws://127.0.0.1:1" });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr.split("\n").slice(0, 2)).toEqual(['demo: DEMO_SEED must be an integer, got "abc"', "usage: npm run demo   (with a server running: npm start)"]);
  }, 60_000);
});
