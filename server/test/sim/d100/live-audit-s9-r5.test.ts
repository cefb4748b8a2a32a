import { describe, expect, it } from "vitest";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { adventurer, forceDice, of, playPlan, recordDice } from "./fixtures.ts";

// Audit s9-r5 (issue 17): live d100 tests for branches of rule IDs no citing test reached.

/** A corridor along y = 5 from x = 1 to 18, walled above and below but for a niche at (8, 4) and one at (6, 6). */
const CORRIDOR = [
  "P###################",
  ...Array.from({ length: 10 }, (_, i) => {
    const y = i + 1;
    if (y === 5) return "#..................#";
    if (y === 4) return "########.###########";
    if (y === 6) return "######.#############";
    return "####################";
  }),
  "SK##################",
].join("\n");

describe("audit s9-r5: one opportunity attack per character passed, however long it walks beside it (P100-MOVE-04)", () => {
  it("P100-MOVE-04: the player's scout walks the corridor (5, 5) → (9, 5), leaving three tiles next to the minion in the niche at (6, 6) and two next to the one at (8, 4): two opportunity attacks, one each (40 against a dodge of 50: misses), not five", () => {
    const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", CORRIDOR) });
    const scout = adventurer(sim, "Scout", 5, 5, { weapon: "bow", ranged: true });
    scout.controller = "a1";
    const m1 = addUnit(sim, { kind: "minion", x: 6, y: 6 });
    const m2 = addUnit(sim, { kind: "minion", x: 8, y: 4 });
    scout.targetId = m1.id;
    forceDice(sim, [90, 10, 20]); // initiative: the scout first; its turn waits for its plan
    sim.step();
    const dice = recordDice(sim, [40, 50, 40, 50]);
    const ev = playPlan(sim, scout, { action: "steps", steps: [{ kind: "move", x: 9, y: 5 }] });
    expect(of(ev, "reaction").map((e) => [e.unitId, e.kind, e.againstId])).toEqual([[m1.id, "opportunityAttack", scout.id], [m2.id, "opportunityAttack", scout.id]]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll, e.defenceRoll])).toEqual([[m1.id, scout.id, false, 40, 50], [m2.id, scout.id, false, 40, 50]]);
    expect([scout.x, scout.y, dice.draws, dice.left()]).toEqual([9, 5, ["d100=40", "d100=50", "d100=40", "d100=50"], 0]);
  });
});
