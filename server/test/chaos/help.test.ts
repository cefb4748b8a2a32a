import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** `npm run chaos`'s command line (chaos/src/run.ts): -h is --help, as in the other tools. */
describe("npm run chaos -- -h", () => {
  it("prints the usage and exits 0 for -h and --help; an unknown option exits 2", () => {
    const run = (arg: string) => spawnSync(`${ROOT}node_modules/.bin/tsx`, ["--conditions=@malignus/source", "chaos/src/run.ts", arg], { cwd: ROOT, encoding: "utf8" });
    for (const arg of ["-h", "--help"]) {
      const r = run(arg);
      expect([r.status, r.stdout.split("\n")[0], r.stderr], arg).toEqual([0, "Usage: npm run chaos -- [options]", ""]);
      expect(r.stdout).toContain("  -h, --help        this text");
    }
    const bad = run("-x");
    expect([bad.status, bad.stdout, bad.stderr.split("\n")[0]]).toEqual([2, "", "Unknown option '-x'"]);
  }, 30_000);
});
