import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { onUnitEntersTile } from "../../../src/sim/traps/firing.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { placeBuilt, wire } from "../traps/helpers.ts";

/**
 * The d20 damage types in play: a trap (a shared damage kind in the trap table) fires on a minion
 * in a d20 dungeon and the d20 ruleset's harm turns the kind into its d20 type (SHARED_TO_D20_DAMAGE)
 * before resistance and vulnerability apply. Forced dice; the adventurer who steps on the plate stands
 * out of every mechanism's reach, and minions roll no resist check (TRAP_RESISTERS).
 */
const damaged = (ev: readonly SimEvent[]) => ev.flatMap((e) => e.type === "damaged" ? [{ targetId: e.targetId, sourceId: e.sourceId, amount: e.amount, damageType: e.damageType, hp: e.hp }] : []);

describe("d20 damage types reach the victims of traps (live)", () => {
  const cases = [
    // 2d8 = 5 + 4 = 9 slashing (blades, D20-DAMAGE-20), resisted (D20-DAMAGE-25): 4.
    { ids: "D20-DAMAGE-20, D20-DAMAGE-25", mechanism: "spinningBlades", dice: [5, 4], resistances: ["slashing"], vulnerabilities: [], amount: 4, type: "slashing" },
    // 3d6 = 1 + 2 + 3 = 6 fire → burn (D20-DAMAGE-22), burn-vulnerable (D20-DAMAGE-26): 12.
    { ids: "D20-DAMAGE-22, D20-DAMAGE-26", mechanism: "flameJet", dice: [1, 2, 3], resistances: [], vulnerabilities: ["burn"], amount: 12, type: "burn" },
    // 1d6 = 4 poison → poison (toxic gas, D20-DAMAGE-13), resistant to burn only: the full 4.
    { ids: "D20-DAMAGE-13", mechanism: "gasJet", dice: [4], resistances: ["burn"], vulnerabilities: [], amount: 4, type: "poison" },
    // 2d10 = 6 + 1 = 7 lightning → magic (an elemental magical attack, D20-DAMAGE-21), magic-vulnerable: 14.
    { ids: "D20-DAMAGE-21", mechanism: "electricCoil", dice: [6, 1], resistances: [], vulnerabilities: ["magic"], amount: 14, type: "magic" },
  ] as const;
  for (const c of cases) {
    it(`D20-DAMAGE-01, D20-DAMAGE-06, ${c.ids} (live, forced dice): the ${c.mechanism} deals ${c.type} damage: ${c.amount} to a minion at 50 HP`, () => {
      const sim = d20Sim();
      const plate = placeBuilt(sim, "pressurePlate", 2, 2);
      const mech = placeBuilt(sim, c.mechanism, 8, 2);
      wire(sim, [2, 2], [8, 2]);
      const victim = minion(sim, 9, 2);
      Object.assign(d20Of(victim), { hp: 50, maxHp: 50, resistances: [...c.resistances], vulnerabilities: [...c.vulnerabilities] });
      const walker = hero(sim, 2, 2);
      sim.drainEvents();
      const dice = forceDice(sim, c.dice);
      onUnitEntersTile(sim, walker, 2, 2);
      const ev = sim.drainEvents();
      expect(ev.find((e) => e.type === "trapFired")).toMatchObject({ triggerId: plate, mechanismId: mech, victims: [victim.id] });
      expect(damaged(ev)).toEqual([{ targetId: victim.id, sourceId: mech, amount: c.amount, damageType: c.type, hp: 50 - c.amount }]);
      expect(dice.left()).toBe(0);
    });
  }
});
