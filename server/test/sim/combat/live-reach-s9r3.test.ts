import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { adventurer, makeSim } from "./helpers.ts";

/**
 * Audit s9-r3 (issue 17), CMB-09 in a live malignus room: the earlier live test's minion 2 tiles
 * off never struck because the minion AI dropped its target, not because of the reach. Here an
 * adventurer with a sword keeps its target, a minion 2 tiles off that walks up to it; every die is
 * recorded with its size (recordAllDice).
 */
const ROOM = ["P" + ".".repeat(23), ...Array.from({ length: 6 }, () => ".".repeat(24)), "SK" + ".".repeat(22)].join("\n");
const ZERO = { combat: 0, craft: 0, tracking: 0, block: 0 };

describe("a melee attacker strikes only from next to its target (CMB-09, malignus)", () => {
  it("CMB-09 (malignus): the adventurer at (7, 4) set on the minion at (5, 4), 2 tiles off, strikes nothing and draws no die in ticks 1 to 3; the tick the minion steps next to it, (6, 4) at tick 4, it strikes (d10 1 against d10 1, a miss)", () => {
    const sim = makeSim(1, ROOM);
    const hero = adventurer(sim, 7, 4, { stats: { ...ZERO }, gear: { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 } });
    const m = addUnit(sim, { kind: "minion", x: 5, y: 4, stats: { ...ZERO } });
    hero.targetId = m.id;
    const rec = recordAllDice(sim, [1, 1]);
    const seen: [number, number, number, unknown[]][] = [];
    for (let t = 1; t <= 4; t++) {
      const attacks = sim.step().filter((e): e is Extract<SimEvent, { type: "attack" }> => e.type === "attack");
      seen.push([t, m.x, Math.max(Math.abs(m.x - hero.x), Math.abs(m.y - hero.y)), attacks.map((e) => [e.attackerId, e.targetId, e.hit])]);
    }
    expect(seen).toEqual([[1, 5, 2, []], [2, 5, 2, []], [3, 5, 2, []], [4, 6, 1, [[hero.id, m.id, false]]]]);
    expect([rec.draws, rec.left(), hero.targetId]).toEqual([["d10=1", "d10=1"], 0, m.id]);
  });
});
