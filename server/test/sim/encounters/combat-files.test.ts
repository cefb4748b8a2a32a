import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every `.ts` file under `dir`, recursively, sorted. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith(".ts") ? [p] : [];
  }).sort();
}

describe("combat/ stays readable (issue 15 part 7)", () => {
  it("no source file of server/src/sim/combat is over 400 lines", () => {
    const files = sources("server/src/sim/combat");
    expect(files).toContain(join("server/src/sim/combat", "encounters", "turnSkeleton.ts"));
    const long = files.map((f) => ({ f, lines: readFileSync(f, "utf8").split("\n").length - 1 })).filter((x) => x.lines > 400);
    expect(long).toEqual([]);
  });
});
