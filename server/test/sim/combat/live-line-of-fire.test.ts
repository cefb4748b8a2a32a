import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { canSee } from "../../../src/sim/combat/perception.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { WALLED_MAP, adventurer, forceDice, makeSim } from "./helpers.ts";

/**
 * Issue 17: a clear line of fire is stricter than sight (CMB-12), in a live malignus room: an
 * archer adventurer (Combat 2, Tracking 1: it sees 5 tiles) targets a minion (Combat 3) 2 tiles
 * off diagonally and the simulation steps once on scripted dice.
 */
/** An open room. */
const OPEN = ["P.........", ...Array.from({ length: 6 }, () => ".........."), "SK........"].join("\n");

function shoot(map: string, script: number[]) {
  const sim = makeSim(1, map);
  const archer = adventurer(sim, 1, 1, { stats: { combat: 2, craft: 0, tracking: 1, block: 0 }, gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
  const target = addUnit(sim, { kind: "minion", x: 3, y: 3, stats: { combat: 3, craft: 0, tracking: 0, block: 0 } });
  archer.targetId = target.id;
  const sees = canSee(sim, archer, target);
  const dice = forceDice(sim, script);
  const events: SimEvent[] = sim.step();
  return { archer, target, sees, left: dice.left(), attacks: events.filter((e) => e.type === "attack").map(({ tick: _t, ...e }) => e) };
}

describe("line of fire in a live malignus room (issue 17)", () => {
  it("CMB-12: past the wall corner the archer sees the minion but does not shoot at tick 1 (no die drawn); in the open the same shot is taken: 1 + 2 = 3 against 10 + 3 = 13, a miss", () => {
    const corner = shoot(WALLED_MAP, []);
    expect([corner.sees, corner.attacks, corner.left]).toEqual([true, [], 0]);
    const open = shoot(OPEN, [1, 10]);
    expect([open.sees, open.attacks, open.left]).toEqual([true, [{ type: "attack", attackerId: open.archer.id, targetId: open.target.id, hit: false, attackRoll: 3, defenceRoll: 13 }], 0]);
  });
});
