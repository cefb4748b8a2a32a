import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

/**
 * Issue 17: staying mounted in a live d20 room (D20-MOUNT-05 to D20-MOUNT-11). The Skyrider's
 * class kit lets it shove an ally aside (D20-FLOW-37), which knocks it prone: in the saddle it
 * rolls 1d20 + Agility ≥ 11 to stay mounted; its griffon dropping throws it off.
 */

const of = <T extends SimEvent["type"]>(events: SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);
const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };

/**
 * A Skyrider (unit 1, Agility 2) arriving on its griffon (unit 3, 2 × 2 from (4, 5)) beside a
 * Priest (unit 2, moved to (3, 5)), through the ruleset's live `partyArrived`, and a minion (unit 4)
 * at (2, 5) next to the Priest only.
 */
function arrive(): { sim: Simulation; sky: UnitRecord; priest: UnitRecord; griffon: UnitRecord; m: UnitRecord } {
  const sim = d20Sim(1);
  const members = ["Skyrider", "Priest"].map((c, i) => {
    const k = ADVENTURER_CLASSES[c]!;
    return hero(sim, 4 + i, 5, { adventurerClass: c, partyId: "p1", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
  });
  sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: members.map((m) => m.id) } as unknown as PartyRecord);
  const [sky, priest] = members as [UnitRecord, UnitRecord];
  priest.x = 3;
  const griffon = sim.state.units[d20Of(sky).riding!.mountId]!;
  const m = minion(sim, 2, 5);
  for (const u of [sky, priest, griffon, m]) d20Of(u).abilities = { ...ZERO };
  d20Of(sky).abilities.agility = 2;
  priest.targetId = m.id;
  return { sim, sky, priest, griffon, m };
}

describe("staying mounted in a live d20 room (issue 17)", () => {
  it("D20-MOUNT-07, D20-FLOW-37: the Skyrider shoves the Priest aside from the saddle and is knocked prone: 9 + Agility 2 = 11 keeps it mounted and standing", () => {
    const f = arrive();
    // initiative Skyrider 5 + 2, Priest 2, griffon 3, minion 20; the minion strikes at the Priest, the Skyrider shoves: stay-mounted d20 9.
    const left = forceDice(f.sim, [5, 2, 3, 20, 9]);
    const events = f.sim.step();
    expect(of(events, "reaction").map((e) => [e.unitId, e.kind])).toEqual([[f.sky.id, "shoveAlly"]]);
    expect(of(events, "mountChanged")).toEqual([]);
    expect([d20Of(f.sky).riding, d20Of(f.sky).statuses, d20Of(f.griffon).riderId, left.left()]).toEqual([{ mountId: f.griffon.id, controlled: true }, [], f.sky.id, 0]);
  });

  it("D20-MOUNT-07, D20-MOUNT-06: 8 + 2 fails: the Skyrider is unseated and lands prone on the first free tile around the griffon, north first", () => {
    const f = arrive();
    const left = forceDice(f.sim, [5, 2, 3, 20, 8]);
    const events = f.sim.step();
    expect(of(events, "mountChanged").map(({ tick: _t, ...e }) => e)).toEqual([{ type: "mountChanged", riderId: f.sky.id, mountId: f.griffon.id, mounted: false }]);
    expect(of(events, "damaged")).toEqual([]);
    expect([d20Of(f.sky).riding, d20Of(f.griffon).riderId, f.sky.x, f.sky.y, d20Of(f.sky).statuses.map((s) => s.kind), left.left()]).toEqual([null, "", 4, 4, ["prone"], 0]);
  });

  it("D20-MOUNT-10, D20-MOUNT-11: a natural 1 on the stay-mounted roll is bad luck: unseated, and 1 HP of fall damage from a griffon on the ground", () => {
    const f = arrive();
    const hp = d20Of(f.sky).hp;
    const left = forceDice(f.sim, [5, 2, 3, 20, 1]);
    const events = f.sim.step();
    expect(of(events, "damaged").map((e) => [e.targetId, e.amount, e.damageType])).toEqual([[f.sky.id, 1, "bludgeoning"]]);
    expect([d20Of(f.sky).riding, d20Of(f.sky).hp, left.left()]).toEqual([null, hp - 1, 0]);
  });

  it("D20-MOUNT-08, D20-MOUNT-09, D20-MOUNT-10, D20-MOUNT-11: the griffon drops under a foe's blow; its rider, its reaction spent, falls prone beside it and, on a d20 of 1, takes 1 HP; on a 2 nothing", () => {
    for (const [luck, loss] of [[1, 1], [2, 0]] as const) {
      const sim = d20Sim(1);
      const k = ADVENTURER_CLASSES.Skyrider!;
      const sky = hero(sim, 4, 5, { adventurerClass: "Skyrider", partyId: "p1", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
      sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [sky.id] } as unknown as PartyRecord);
      const griffon = sim.state.units[d20Of(sky).riding!.mountId]!;
      // A foe played by a player (unit 3, a dungeon-side adventurer) next to the griffon's space.
      const foe = hero(sim, 6, 5, { faction: "dungeon", controller: "b0" });
      for (const u of [sky, griffon, foe]) d20Of(u).abilities = { ...ZERO };
      d20Of(griffon).hp = 1;
      sky.targetId = foe.id;
      forceDice(sim, [1, 2, 20]); // initiative Skyrider 1, griffon 2, foe 20: the foe's turn waits for its plan
      sim.step();
      d20Of(sky).reactionUsed = true; // spent earlier in the round
      expect(sim.enqueue({ kind: "adventurer", seatId: "b0", unitId: foe.id }, { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: griffon.id }] })).toEqual({ ok: true });
      const hp = d20Of(sky).hp;
      // the foe's longsword: d20 15, 1d8 5 drops the griffon; the rider's bad-luck d20.
      const left = forceDice(sim, [15, 5, luck]);
      const events = sim.step();
      expect(of(events, "damaged").map((e) => [e.targetId, e.amount])).toEqual([[griffon.id, 5], ...(loss ? [[sky.id, 1]] : [])]);
      expect([d20Of(sky).riding, d20Of(sky).statuses.map((s) => s.kind), sky.x, sky.y, d20Of(sky).hp, left.left()]).toEqual([null, ["prone"], 4, 4, hp - loss, 0]);
    }
  });
});
