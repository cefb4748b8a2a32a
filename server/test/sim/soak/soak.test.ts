import { describe, expect, it } from "vitest";
import { soakRun } from "./record.ts";

describe("soak record (record.ts)", () => {
  it("two runs of the keeper bot give the same hashes and events in every ruleset (the second with warm path memos)", () => {
    for (const ruleset of ["malignus", "d20", "d100"] as const) {
      const a = soakRun(ruleset, 11, 2000);
      const b = soakRun(ruleset, 11, 2000);
      expect(a.hashes).toHaveLength(20);
      expect(a.commands).toBeGreaterThan(150);
      expect(b).toEqual(a);
    }
  });
});
