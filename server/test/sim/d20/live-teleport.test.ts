import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, type SimEvent } from "@malignus/shared";
import type { D20Step } from "../../../src/sim/combat/d20/turn.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { PartyRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

/**
 * Issue 17: teleporting in a live d20 room (D20-ATTACK-28). The Rogue's shadow step (a technique,
 * 1 Stamina, Short band) takes it to a free tile; leaving a foe's reach so provokes no opportunity
 * attack, where walking away does.
 */

const of = <T extends SimEvent["type"]>(events: SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);
const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };

/** A player's Rogue (unit 1) at (5, 5) arriving with its class kit and spells, a minion (unit 2) next to it at (6, 5); the Rogue plays `steps` on its first turn. */
function play(steps: D20Step[], dice: number[]) {
  const sim = d20Sim(1);
  const k = ADVENTURER_CLASSES.Rogue!;
  const rogue = hero(sim, 5, 5, { adventurerClass: "Rogue", partyId: "p1", controller: "b0", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
  sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [rogue.id] } as unknown as PartyRecord);
  const m = minion(sim, 6, 5);
  for (const u of [rogue, m]) d20Of(u).abilities = { ...ZERO };
  rogue.targetId = m.id;
  forceDice(sim, [20, 1]); // initiative Rogue 20, minion 1
  sim.step();
  const stamina = d20Of(rogue).stamina;
  expect(sim.enqueue({ kind: "adventurer", seatId: "b0", unitId: rogue.id }, { type: "planTurn", action: "steps", steps })).toEqual({ ok: true });
  const left = forceDice(sim, dice);
  const events = sim.step();
  return { sim, rogue, m, stamina, left, events };
}

describe("teleporting in a live d20 room (issue 17)", () => {
  it("D20-ATTACK-28: the Rogue shadow-steps from beside the minion to (2, 5): no opportunity attack, 1 Stamina spent", () => {
    const f = play([{ kind: "cast", spell: "shadowStep", x: 2, y: 5 }], []);
    expect(of(f.events, "turnPlanPlayed").map((e) => e.refusals)).toEqual([[null]]);
    expect(of(f.events, "attack")).toEqual([]);
    expect(of(f.events, "reaction")).toEqual([]);
    expect([f.rogue.x, f.rogue.y, d20Of(f.rogue).stamina, d20Of(f.m).reactionUsed, f.left.left()]).toEqual([2, 5, f.stamina - 1, false, 0]);
  });

  it("D20-ATTACK-28, D20-ATTACK-25: walking the same way out of the minion's reach provokes its opportunity attack (a natural 1 misses)", () => {
    const f = play([{ kind: "move", path: [{ x: 4, y: 5 }, { x: 3, y: 5 }, { x: 2, y: 5 }] }], [1]);
    expect(of(f.events, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll])).toEqual([[f.m.id, f.rogue.id, false, 1]]);
    expect([f.rogue.x, f.rogue.y, d20Of(f.m).reactionUsed, f.left.left()]).toEqual([2, 5, true, 0]);
  });

  it("D20-MOVE-32: prone, the Rogue still moves by magic: after dropping prone its shadow step takes it to (2, 5), 1 Stamina spent, no opportunity attack, and it lies there prone", () => {
    const f = play([{ kind: "dropProne" }, { kind: "cast", spell: "shadowStep", x: 2, y: 5 }], []);
    expect(of(f.events, "turnPlanPlayed").map((e) => e.refusals)).toEqual([[null, null]]);
    expect(of(f.events, "attack")).toEqual([]);
    expect([f.rogue.x, f.rogue.y, d20Of(f.rogue).stamina, d20Of(f.m).reactionUsed, f.left.left()]).toEqual([2, 5, f.stamina - 1, false, 0]);
    expect(f.sim.ruleset.statuses(f.rogue)).toEqual(["prone"]);
  });

  it("D20-ATTACK-28: a shadow step onto the minion's tile or beyond the Short band (6 tiles) is refused, nothing spent", () => {
    for (const [x, why] of [[6, "another creature stands there"], [11, "out of the spell's range (D20-ATTACK-48)"]] as const) {
      const f = play([{ kind: "cast", spell: "shadowStep", x, y: 5 }], []);
      expect(of(f.events, "turnPlanPlayed").map((e) => e.refusals)).toEqual([[why]]);
      expect([f.rogue.x, f.rogue.y, d20Of(f.rogue).stamina, f.left.left()]).toEqual([5, 5, f.stamina, 0]);
    }
  });
});
