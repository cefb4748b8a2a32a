import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { adventurer, makeSim, placeBuilt, wire } from "../traps/helpers.ts";

/**
 * P100-STATUS-11 for harm that is not an attack: in a d100 room a walker crosses the plate at 2,2;
 * the wired blades at 8,2 (radius 1) fire and harm the adventurer at 9,3 (as in
 * traps/live-trap-harm-s8.test.ts, where the same blades take 33 of its 150 HP). Here that
 * adventurer is immune (a priest's ward, 2 turns): the blades' roll is drawn and takes nothing.
 */
describe("d100 immunity against a trap (live)", () => {
  for (const immune of [true, false]) {
    it(`P100-STATUS-11: the blades' failed resist (d100 6) and damage roll 20..60 = 33 ${immune ? "take nothing from the immune adventurer (150 HP stay)" : "take 33 from the same adventurer without immunity (150 → 117)"}`, () => {
      const sim = makeSim(7, "d100");
      sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
      placeBuilt(sim, "pressurePlate", 2, 2);
      placeBuilt(sim, "spinningBlades", 8, 2);
      wire(sim, [2, 2], [8, 2]);
      const victim = adventurer(sim, 9, 3);
      if (immune) addStatus(d100Of(victim), "immune", 2);
      const walker = adventurer(sim, 2, 5);
      expect(walkTo(sim, walker, { x: 2, y: 1 })).toBe(true);
      const dice = recordAllDice(sim, [6, 33]);
      const events: SimEvent[] = [];
      for (let i = 0; i < 100 && !events.some((e) => e.type === "trapFired"); i++) events.push(...sim.step());
      expect([dice.draws, dice.left()]).toEqual([["d100=6", "20..60=33"], 0]);
      expect(events.filter((e) => e.type === "damaged").map((e) => [e.targetId, e.amount, e.hp])).toEqual(immune ? [] : [[victim.id, 33, 117]]);
      expect([d100Of(victim).hp, d100Of(victim).statuses.map((s) => s.kind)]).toEqual([immune ? 150 : 117, immune ? ["immune"] : []]);
    });
  }
});
