import { describe, expect, it } from "vitest";
import * as shared from "@malignus/shared";
import * as tables from "../../../src/sim/combat/malignus/tables.ts";
import { hitLocationFor, severityForMargin } from "../../../src/sim/combat/malignus/attack.ts";

/** The malignus wound model's numbers live in shared/src/data/malignusCombat.ts, beside the other designer tables. */
describe("malignus data table", () => {
  it("CMB-01, CMB-28, CMB-48 (malignus combat ruleset): the server's tables module re-exports the shared data table, value for value", () => {
    const names = Object.keys(tables).sort();
    expect(names).toEqual([
      "ALWAYS_UNCONSCIOUS_SPECIES", "ATTACK_DIE_SIDES", "CHECK_BASE_DIFFICULTY", "CHECK_DIE_SIDES", "HEAD_WOUND_CHANCE",
      "HEAD_WOUND_CHANCE_BLUNT", "HEAD_WOUND_UNCONSCIOUS_CHANCE", "HIT_LOCATION_TABLE", "MAX_CHANCE", "MIN_HEAD_WOUND_CHANCE",
      "SEVERITY_BY_MARGIN", "UNCONSCIOUS_CHANCE", "UNCONSCIOUS_CHANCE_BLUNT", "WAKE_WITHIN_TICKS",
    ]);
    for (const name of names) expect((tables as Record<string, unknown>)[name]).toBe((shared as Record<string, unknown>)[name]);
    expect(shared.UNCONSCIOUS_CHANCE).toEqual({ light: 75, serious: 50, critical: 25 });
    expect(shared.WAKE_WITHIN_TICKS).toBe(2400);
  });

  it("CMB-01 (malignus combat ruleset): the hit-location table covers d100 rolls 1 to 100 without a gap, and the severity bands follow the margins", () => {
    expect(shared.HIT_LOCATION_TABLE.map((r) => r.max)).toEqual([15, 55, 80, 100]);
    expect([1, 15, 16, 55, 56, 80, 81, 100].map(hitLocationFor)).toEqual(["head", "head", "torso", "torso", "arm", "arm", "leg", "leg"]);
    expect([1, 3, 4, 6, 7, 12].map(severityForMargin)).toEqual(["light", "light", "serious", "serious", "critical", "critical"]);
  });
});
