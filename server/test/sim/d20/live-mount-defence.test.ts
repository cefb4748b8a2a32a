import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { PartyRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain } from "./live-helpers.ts";

/**
 * A Skyrider arriving on its griffon (2 × 2 from (4, 5)) through the ruleset's live `partyArrived`;
 * the griffon has Strength 3 and Agility 1, everything else zero. A foe played by seat b0 at (6, 5)
 * wins the initiative and its plan (planTurn) strikes the griffon: 13 + 0 against the griffon's AC 12 and its defence.
 * With `controlled` false the rider lets it act independently (D20-MOUNT-12).
 */
function griffonStruck(controlled: boolean) {
  const sim = d20Sim(1);
  const k = ADVENTURER_CLASSES.Skyrider!;
  const sky = hero(sim, 4, 5, { adventurerClass: "Skyrider", partyId: "p1", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
  sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [sky.id] } as unknown as PartyRecord);
  const griffon = sim.state.units[d20Of(sky).riding!.mountId]!;
  const foe = hero(sim, 6, 5, { faction: "dungeon", controller: "b0" });
  plain([sky, griffon, foe]);
  d20Of(griffon).abilities.strength = 3;
  d20Of(griffon).abilities.agility = 1;
  d20Of(sky).riding!.controlled = controlled;
  sky.targetId = foe.id;
  forceDice(sim, [1, 2, 20]); // initiative Skyrider 1, griffon 2, foe 20: the foe's turn waits for its plan
  sim.step();
  expect(sim.enqueue({ kind: "adventurer", seatId: "b0", unitId: foe.id }, { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: griffon.id }] } as never)).toEqual({ ok: true });
  const dice = forceDice(sim, [13, 4]);
  const ev = sim.step();
  return { ev, griffon, foe, ac: d20Of(griffon).ac, left: dice.left() };
}

describe("a controlled mount's defence in play", () => {
  it("D20-MOUNT-18 (Left open: Dodge is a reaction here): the controlled griffon can only Dodge (+1), not Parry (+3): 13 hits AC 12 + 1; independent, it parries and 13 misses AC 12 + 3", () => {
    const c = griffonStruck(true);
    expect(c.ac).toBe(12);
    expect(of(c.ev, "reaction")).toMatchObject([{ unitId: c.griffon.id, kind: "defence", detail: "dodge", againstId: c.foe.id }]);
    expect(of(c.ev, "attack")).toMatchObject([{ attackerId: c.foe.id, targetId: c.griffon.id, hit: true, attackRoll: 13, defenceRoll: 13 }]);
    expect(of(c.ev, "damaged")).toMatchObject([{ targetId: c.griffon.id, amount: 4 }]);
    expect(c.left).toBe(0);

    const i = griffonStruck(false);
    expect(of(i.ev, "reaction")).toMatchObject([{ unitId: i.griffon.id, kind: "defence", detail: "parry", againstId: i.foe.id }]);
    expect(of(i.ev, "attack")).toMatchObject([{ attackerId: i.foe.id, targetId: i.griffon.id, hit: false, attackRoll: 13, defenceRoll: 15 }]);
    expect(i.left).toBe(1);
  });

  it("D20-MOUNT-22 (Left open: the attacker strikes whichever has fewer HP): the Skyrider rides its griffon west out of a minion's reach by planTurn; the minion's opportunity attack goes at the rider (10 HP) or, when the griffon is the weaker (10 HP), at the griffon", () => {
    const ride = (riderHp: number, griffonHp: number) => {
      const sim = d20Sim(1);
      const k = ADVENTURER_CLASSES.Skyrider!;
      const sky = hero(sim, 4, 5, { adventurerClass: "Skyrider", partyId: "p1", controller: "a0", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
      sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [sky.id] } as unknown as PartyRecord);
      const griffon = sim.state.units[d20Of(sky).riding!.mountId]!; // 2 × 2 from (4, 5)
      const m = minion(sim, 6, 5); // next to the griffon's space
      plain([sky, griffon, m]);
      d20Of(sky).hp = riderHp;
      d20Of(griffon).hp = griffonHp;
      sky.targetId = m.id;
      forceDice(sim, [20, 5, 1]); // initiative Skyrider 20 (its controlled griffon with it), minion 1
      sim.step();
      expect(sim.enqueue({ kind: "adventurer", seatId: "a0", unitId: sky.id }, { type: "planTurn", action: "steps", steps: [{ kind: "move", path: [{ x: 3, y: 5 }] }] } as never)).toEqual({ ok: true });
      const dice = forceDice(sim, [3]); // the opportunity attack misses
      const ev = sim.step();
      expect(dice.left()).toBe(0);
      expect([griffon.x, griffon.y, sky.x, sky.y]).toEqual([3, 5, 3, 5]);
      return { reactions: of(ev, "reaction").map((e) => [e.unitId, e.kind, e.againstId]), targets: of(ev, "attack").map((e) => e.targetId), sky: sky.id, griffon: griffon.id, m: m.id };
    };
    const atRider = ride(10, 100);
    expect(atRider.reactions).toEqual([[atRider.m, "opportunityAttack", atRider.sky]]);
    expect(atRider.targets).toEqual([atRider.sky]);
    const atMount = ride(100, 10);
    expect(atMount.reactions).toEqual([[atMount.m, "opportunityAttack", atMount.griffon]]);
    expect(atMount.targets).toEqual([atMount.griffon]);
  });
});
