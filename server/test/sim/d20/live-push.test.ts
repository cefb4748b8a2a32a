import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, D20_CLASS_SPELLS, GUST_PUSH_TILES, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { PartyRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice, hero } from "../encounters/helpers.ts";

/**
 * Issue 17: a forced move in a live d20 room (D20-MOUNT-05). The Skyrider's gust pushes the creature
 * it hits `GUST_PUSH_TILES` (1) tile straight away from the caster; a ridden griffon so pushed makes
 * its rider roll 1d20 + Agility ≥ 11 to stay mounted.
 */

const of = <T extends SimEvent["type"]>(events: SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);
const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };

/** A mounted Skyrider (unit 1, Agility 2) on its griffon (unit 2, 2 × 2 from (4, 5)), and a player-played dungeon-side Skyrider (unit 3) at (3, 5), west of the griffon. */
function setup(stayRoll: number) {
  const sim = d20Sim(1);
  const k = ADVENTURER_CLASSES.Skyrider!;
  const sky = hero(sim, 4, 5, { adventurerClass: "Skyrider", partyId: "p1", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
  sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [sky.id] } as unknown as PartyRecord);
  const griffon = sim.state.units[d20Of(sky).riding!.mountId]!;
  const foe = hero(sim, 3, 5, { faction: "dungeon", controller: "b0", adventurerClass: "Skyrider" });
  for (const u of [sky, griffon, foe]) d20Of(u).abilities = { ...ZERO };
  // the foe knows the Skyrider's class spells (the gust) and has its Mana, as a Skyrider arriving would
  d20Of(foe).spells = [...D20_CLASS_SPELLS.Skyrider!.spells];
  d20Of(foe).mana = D20_CLASS_SPELLS.Skyrider!.mana;
  d20Of(sky).abilities.agility = 2;
  d20Of(sky).reactionUsed = true; // no defence reaction: the spell attack's d20 decides alone
  sky.targetId = foe.id;
  forceDice(sim, [1, 2, 20]); // initiative Skyrider 1, griffon 2, foe 20: the foe's turn waits for its plan
  sim.step();
  d20Of(sky).reactionUsed = true;
  expect(sim.enqueue({ kind: "adventurer", seatId: "b0", unitId: foe.id }, { type: "planTurn", action: "steps", steps: [{ kind: "cast", spell: "gust", targetId: sky.id }] })).toEqual({ ok: true });
  const hp = d20Of(sky).hp;
  // the gust: spell attack d20 19 twice (disadvantage: the rider and its griffon stand next to the caster, D20-ATTACK-56), 1d6 3, then the rider's stay-mounted d20.
  const left = forceDice(sim, [19, 19, 3, stayRoll]);
  const events = sim.step();
  return { sim, sky, griffon, foe, hp, left, events };
}

describe("forced movement in a live d20 room (issue 17)", () => {
  it("D20-MOUNT-05: the gust hits the mounted Skyrider and pushes its griffon 1 tile east, (4, 5) to (5, 5); the rider rolls 9 + Agility 2 = 11 and stays in the saddle", () => {
    const f = setup(9);
    expect(GUST_PUSH_TILES).toBe(1);
    expect(of(f.events, "attack").map((e) => [e.attackerId, e.targetId, e.hit])).toEqual([[f.foe.id, f.sky.id, true]]);
    expect(of(f.events, "mountChanged")).toEqual([]);
    expect([f.griffon.x, f.griffon.y, f.sky.x, f.sky.y, d20Of(f.sky).riding?.mountId, d20Of(f.sky).hp, f.left.left()]).toEqual([5, 5, 5, 5, f.griffon.id, f.hp - 3, 0]);
  });

  it("D20-MOUNT-05, D20-MOUNT-06: pushed, the rider rolls 8 + 2 = 10 and falls off, prone on the first free tile around the griffon, north first", () => {
    const f = setup(8);
    expect(of(f.events, "mountChanged").map(({ tick: _t, ...e }) => e)).toEqual([{ type: "mountChanged", riderId: f.sky.id, mountId: f.griffon.id, mounted: false }]);
    expect([f.griffon.x, f.griffon.y, f.sky.x, f.sky.y, d20Of(f.sky).riding, d20Of(f.griffon).riderId, d20Of(f.sky).statuses.map((s) => s.kind), f.left.left()]).toEqual([5, 5, 5, 4, null, "", ["prone"], 0]);
  });
});
