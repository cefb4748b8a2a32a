import { describe, expect, it } from "vitest";
import type { RulesetId } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { recordAllDice } from "../recordAllDice.ts";

/**
 * Audit s9-r3 (issue 17), CMB-19: a melee attacker needs a free tile next to its target. Two
 * jobless minions (Tracking 2) in file on row 4, (2, 4) and (1, 4), close on an adventurer at
 * (6, 4) in a dark 24 × 8 room: both head for its nearest neighbour (5, 4) (tile 101 = 4 × 24 + 5);
 * the first takes it at tick 12, and the second, finding it taken, picks the free tile (5, 3)
 * (tile 77) instead of queueing behind. The earlier live tests passed with the taken-tile check of
 * `freeTilesNextTo` removed (their minions never competed for one tile).
 */
function darkMap(): string {
  const rows = Array.from({ length: 8 }, () => ",".repeat(24).split(""));
  rows[0]![0] = "P"; rows[7]![0] = "S"; rows[7]![1] = "K";
  return rows.map((r) => r.join("")).join("\n");
}
const TRACKING_2 = { combat: 2, craft: 2, tracking: 2, block: 0 };

function closeIn(ruleset: RulesetId) {
  const sim = Simulation.create({ seed: 3, ruleset, map: parseMap("t", darkMap()) });
  addUnit(sim, { kind: "adventurer", faction: "heroes", x: 6, y: 4, level: 1 });
  const first = addUnit(sim, { kind: "minion", x: 2, y: 4, stats: { ...TRACKING_2 } });
  const second = addUnit(sim, { kind: "minion", x: 1, y: 4, stats: { ...TRACKING_2 } });
  return { sim, first, second };
}

describe("the second attacker takes another free tile (CMB-19)", () => {
  it("CMB-19 (malignus): both minions make for (5, 4); the first stands there at tick 12 and strikes (d10 1 against d10 1, a miss); at tick 13 the second, at (4, 4), turns its goal to the free tile (5, 3) and stands there at tick 16, next to the adventurer", () => {
    const { sim, first, second } = closeIn("malignus");
    const rec = recordAllDice(sim, [1, 1]);
    const goals: (number | null)[] = [];
    for (let t = 1; t <= 16; t++) {
      sim.step();
      goals.push(second.walk?.goal ?? null);
    }
    expect(goals.slice(0, 12)).toEqual(Array(12).fill(101));
    expect(goals.slice(12)).toEqual([77, 77, 77, null]);
    expect([first.x, first.y, second.x, second.y]).toEqual([5, 4, 5, 3]);
    expect([rec.draws, rec.left()]).toEqual([["d10=1", "d10=1"], 0]);
  });

  it("CMB-19 (d20, d100): the encounter's moves (seeded dice, no outcome forced: none decides the tiles) bring the second minion to a free tile of its own next to the adventurer, (5, 3) in d20 and (5, 5) in d100, beside the first on (5, 4), by tick 16", () => {
    for (const [ruleset, tile] of [["d20", [5, 3]], ["d100", [5, 5]]] as const) {
      const { sim, first, second } = closeIn(ruleset);
      for (let t = 1; t <= 16; t++) sim.step();
      expect([ruleset, first.x, first.y, second.x, second.y]).toEqual([ruleset, 5, 4, ...tile]);
    }
  });
});
