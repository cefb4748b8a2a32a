import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

const of = <T extends SimEvent["type"]>(events: SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);
const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };

/** A party of `classes` arriving (the ruleset's live `partyArrived`), members on row 5 from x = 4, each played by seat `a<i>`. */
function party(sim: Simulation, classes: string[], level = 1): UnitRecord[] {
  const members = classes.map((c, i) => {
    const k = ADVENTURER_CLASSES[c]!;
    return hero(sim, 4 + i, 5, { adventurerClass: c, partyId: "p1", level, controller: `a${i}`, gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
  });
  sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: members.map((m) => m.id) } as unknown as PartyRecord);
  for (const m of members) d20Of(m).abilities = { ...ZERO };
  return members;
}
const seat = (u: UnitRecord) => ({ kind: "adventurer" as const, seatId: u.controller!, unitId: u.id });

/** A minion foe at (x, 5) with 30 HP and no defences. */
function foe(sim: Simulation, x: number, y = 5): UnitRecord {
  const m = minion(sim, x, y);
  d20Of(m).abilities = { ...ZERO };
  d20Of(m).hp = d20Of(m).maxHp = 30;
  return m;
}
const damage = (events: SimEvent[]) => of(events, "damaged").map((e) => [e.sourceId, e.targetId, e.amount]);

/** Starts the encounter (`first` targets `target`; initiative dice in unit id order), then plans `first`'s turn through the live `planTurn` command and plays it with `dice`. */
function playTurn(sim: Simulation, first: UnitRecord, target: UnitRecord, initiative: number[], steps: unknown[], dice: number[]): { events: SimEvent[]; refusals: (string | null)[] } {
  first.targetId = target.id;
  forceDice(sim, initiative);
  sim.step();
  expect(sim.enqueue(seat(first), { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
  const left = forceDice(sim, dice);
  const events = sim.step();
  expect(left.left()).toBe(0);
  return { events, refusals: of(events, "turnPlanPlayed")[0]!.refusals };
}

describe("d20 actions and attacks in a live room (issue 17)", () => {
  it("D20-HP-06, D20-HP-08, D20-HP-09: lost HP come back, added to the current HP: a Rogue player 10 HP down drinks a healing potion (2d4 + 2 = 3 + 2 + 2 = 7) and ends 3 HP down", () => {
    const sim = d20Sim(1);
    const [rogue] = party(sim, ["Rogue"]);
    const m = foe(sim, 5);
    const r = d20Of(rogue!);
    r.hp = r.maxHp - 10;
    const t = playTurn(sim, rogue!, m, [20, 1], [{ kind: "useObject", item: "healingPotion" }], [3, 2]);
    expect(t.refusals).toEqual([null]);
    expect(of(t.events, "healed").map(({ unitId, byUnitId, hp }) => ({ unitId, byUnitId, hp }))).toEqual([{ unitId: rogue!.id, byUnitId: rogue!.id, hp: r.maxHp - 3 }]);
    expect(r.hp).toBe(r.maxHp - 3);
  });

  it("D20-ATTACK-30, D20-ATTACK-31, D20-ATTACK-32, D20-FLOW-31, D20-ACTION-21, D20-ACTION-05: a level-2 Rogue player strikes with its shortsword, then its dagger (demi-action and reaction); fighting with two weapons, neither adds its weapon skill 1 to damage (4 and 3); it swaps weapons free, and a second swap needs the demi-action it no longer has", () => {
    const sim = d20Sim(1);
    const [rogue] = party(sim, ["Rogue"], 2);
    const m = foe(sim, 5);
    const r = d20Of(rogue!);
    expect([r.weapon.name, r.offHand?.name, r.equipment.mainHand, r.equipment.offHand, r.skills.weapon]).toEqual(["shortsword", "dagger", ["weapon:shortsword"], ["weapon:dagger"], 1]);
    // initiative rogue 20, minion 1; shortsword d20 15, 1d6 4; dagger d20 15, 1d4 3 (D20-ATTACK-32: no skill on either weapon).
    const t = playTurn(sim, rogue!, m, [20, 1], [
      { kind: "attack", targetId: m.id }, { kind: "attack", targetId: m.id, offHand: true },
      { kind: "useObject", item: "swapWeapons" }, { kind: "useObject", item: "swapWeapons" },
    ], [15, 4, 15, 3]);
    expect(damage(t.events)).toEqual([[rogue!.id, m.id, 4], [rogue!.id, m.id, 3]]);
    expect(t.refusals).toEqual([null, null, null, "no action left for a demi-action (D20-ACTION-04)"]);
    expect([r.reactionUsed, r.weapon.name, r.offHand?.name, r.equipment.mainHand, d20Of(m).hp]).toEqual([true, "dagger", "shortsword", ["weapon:dagger"], 23]);
  });

  it("D20-ATTACK-33, D20-FLOW-31, D20-FLOW-33, D20-ACTION-05: the Rogue swaps weapons free (a potion would need the demi-action) and throws its dagger 3 tiles as a ranged attack", () => {
    const sim = d20Sim(1);
    const [rogue] = party(sim, ["Rogue"]);
    const m = foe(sim, 7);
    // initiative rogue 20, minion 1; thrown dagger d20 12 (ranged, Agility 0) against AC 11, 1d4 2.
    const t = playTurn(sim, rogue!, m, [20, 1], [
      { kind: "useObject", item: "swapWeapons" }, { kind: "attack", targetId: m.id, thrown: true }, { kind: "useObject", item: "healingPotion" },
      { kind: "useObject", item: "healingPotion" },
    ], [12, 2, 1, 1]);
    expect(of(t.events, "attack")).toEqual([expect.objectContaining({ attackerId: rogue!.id, targetId: m.id, hit: true, attackRoll: 12, defenceRoll: 11 })]);
    expect(damage(t.events)).toEqual([[rogue!.id, m.id, 2]]);
    // The first potion takes the demi-action (2d4+2 = 4 on a full-HP Rogue), the second finds none left.
    expect(t.refusals).toEqual([null, null, null, "no action left for a demi-action (D20-ACTION-04)"]);
  });

  it("D20-ATTACK-34: a level-4 Rogue's two-weapon technique keeps the weapon skill (2) on the off-hand damage", () => {
    const sim = d20Sim(1);
    const [rogue] = party(sim, ["Rogue"], 4);
    const m = foe(sim, 5);
    expect(d20Of(rogue!).twoWeaponStyle).toBe(true);
    const t = playTurn(sim, rogue!, m, [20, 1], [{ kind: "attack", targetId: m.id }, { kind: "attack", targetId: m.id, offHand: true }], [15, 4, 15, 3]);
    expect(damage(t.events)).toEqual([[rogue!.id, m.id, 6], [rogue!.id, m.id, 5]]);
  });

  it("D20-ATTACK-30, D20-ATTACK-31: an AI Rogue follows its Attack action with the off-hand dagger", () => {
    const sim = d20Sim(1);
    const [rogue] = party(sim, ["Rogue"]);
    rogue!.controller = "";
    const m = foe(sim, 5);
    rogue!.targetId = m.id;
    // initiative rogue 20, minion 1, and the rogue's AI turn in the same tick: shortsword d20 15, 1d6 4; dagger d20 15, 1d4 3.
    const left = forceDice(sim, [20, 1, 15, 4, 15, 3]);
    const events = sim.step();
    expect([damage(events), d20Of(rogue!).reactionUsed, left.left()]).toEqual([[[rogue!.id, m.id, 4], [rogue!.id, m.id, 3]], true, 0]);
  });

  it("D20-ATTACK-23, D20-ATTACK-52 (melee at contact range, up to 2 tiles): the Skyrider's spear reaches 2 tiles from its griffon's 2 × 2 space", () => {
    const sim = d20Sim(1);
    const [sky] = party(sim, ["Skyrider"]);
    const m = foe(sim, 7);
    expect([d20Of(sky!).weapon.name, d20Of(sky!).weapon.reach]).toEqual(["spear", 2]);
    // initiative Skyrider 20, griffon 10 + 3, minion 1; the spear: d20 15, 1d6 4.
    const t = playTurn(sim, sky!, m, [20, 10, 1], [{ kind: "attack", targetId: m.id }], [15, 4]);
    expect([t.refusals, damage(t.events), sky!.x, sky!.y]).toEqual([[null], [[sky!.id, m.id, 4]], 4, 5]);
  });

  it("D20-ATTACK-04: the Scout's marksmanship adds 1 to its attack roll", () => {
    const sim = d20Sim(1);
    const [scout] = party(sim, ["Scout"]);
    const m = foe(sim, 9);
    // initiative Scout 20, minion 1; the bow: d20 10 + Agility 0 + 1 = 11 against AC 11, 1d6 5.
    const t = playTurn(sim, scout!, m, [20, 1], [{ kind: "attack", targetId: m.id }], [10, 5]);
    expect(of(t.events, "attack")).toEqual([expect.objectContaining({ attackerId: scout!.id, hit: true, attackRoll: 11, defenceRoll: 11 })]);
    expect(damage(t.events)).toEqual([[scout!.id, m.id, 5]]);
  });

  it("D20-ATTACK-22, D20-ATTACK-52: a troll's long arms strike a hero 2 tiles from its space without moving", () => {
    const sim = d20Sim(1);
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 4, y: 4 });
    d20Of(troll).abilities = { ...ZERO };
    const h = hero(sim, 7, 4);
    d20Of(h).abilities = { ...ZERO };
    h.targetId = troll.id;
    // initiative troll 20, hero 1, and the troll's turn in the same tick: its fists d20 15 against AC 12, 1 bludgeoning.
    const left = forceDice(sim, [20, 1, 15]);
    const events = sim.step();
    expect([troll.x, troll.y, damage(events), left.left()]).toEqual([4, 4, [[troll.id, h.id, 1]], 0]);
  });

  it("D20-ATTACK-22: the troll's reach is 2, not more: a hero 3 tiles from its space (8, 4) makes it walk in (to (6, 4)) before its blow", () => {
    const sim = d20Sim(1);
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 4, y: 4 });
    d20Of(troll).abilities = { ...ZERO };
    const h = hero(sim, 8, 4);
    d20Of(h).abilities = { ...ZERO };
    h.targetId = troll.id;
    const left = forceDice(sim, [20, 1, 15]);
    const events = sim.step();
    expect([troll.x, troll.y, damage(events), left.left()]).toEqual([6, 4, [[troll.id, h.id, 1]], 0]);
  });

  it("D20-FLOW-37: the Warrior shoves the Priest aside (the minion's blow misses, the Warrior falls prone); alone, the Priest conjures its arcane shield (+5 AC, 2 Mana)", () => {
    const sim = d20Sim(1);
    const [warrior, priest] = party(sim, ["Warrior", "Priest"]);
    const m = foe(sim, 6);
    priest!.targetId = m.id;
    // initiative Warrior 1, Priest 2, minion 20; the minion attacks the nearest, the Priest: the shove needs no dice.
    const left = forceDice(sim, [1, 2, 20]);
    const events = sim.step();
    expect(of(events, "reaction")).toEqual([expect.objectContaining({ unitId: warrior!.id, kind: "shoveAlly", detail: priest!.id, againstId: m.id })]);
    expect(of(events, "attack")).toEqual([expect.objectContaining({ attackerId: m.id, targetId: priest!.id, hit: false })]);
    expect([d20Of(warrior!).statuses.map((s) => s.kind), left.left()]).toEqual([["prone"], 0]);

    const sim2 = d20Sim(1);
    const [priest2] = party(sim2, ["Priest"]);
    const m2 = foe(sim2, 5);
    priest2!.targetId = m2.id;
    // initiative Priest 1, minion 20; the minion's blow: d20 14 against AC 13 + 5 = 18 misses.
    forceDice(sim2, [1, 20, 14]);
    const e2 = sim2.step();
    expect(of(e2, "reaction")).toEqual([expect.objectContaining({ unitId: priest2!.id, kind: "arcaneShield", detail: "+5 AC" })]);
    expect(of(e2, "attack")).toEqual([expect.objectContaining({ hit: false, attackRoll: 14, defenceRoll: 18 })]);
    expect(d20Of(priest2!).mana).toBe(2);
  });

  it("D20-ACTION-26: the Warrior's Shield Wall turned its 1 Stamina into 1 extra defence: it dodges a second blow in the round", () => {
    const sim = d20Sim(1);
    const [warrior] = party(sim, ["Warrior"]);
    const w = d20Of(warrior!);
    expect([w.extraDefences, w.stamina]).toEqual([1, 0]);
    w.abilities.agility = 2;
    const m1 = foe(sim, 5), m2 = foe(sim, 5, 6);
    warrior!.targetId = m1.id;
    // initiative Warrior 1, minions 20 and 19; each blow d20 10 against AC 15 + 2 (dodge).
    forceDice(sim, [1, 20, 19, 10]);
    const e1 = sim.step();
    forceDice(sim, [10]);
    const e2 = sim.step();
    expect([...of(e1, "reaction"), ...of(e2, "reaction")].map((e) => [e.unitId, e.kind, e.detail])).toEqual([[warrior!.id, "defence", "dodge"], [warrior!.id, "defence", "dodge (extra)"]]);
    expect([...of(e1, "attack"), ...of(e2, "attack")].map((e) => [e.hit, e.defenceRoll])).toEqual([[false, 17], [false, 17]]);
    expect(w.extraDefences).toBe(0);
  });

  it("D20-FLOW-21: two tied player characters act in unit id order with no roll-off; D20-FLOW-22: a monster tied with a player character rolls off", () => {
    const sim = d20Sim(1);
    const [a, b] = party(sim, ["Warrior", "Warrior"]);
    const m = foe(sim, 7);
    a!.targetId = m.id;
    // initiative a 10, b 10, minion 15: a and b tie and keep their agreed (id) order, no die drawn.
    forceDice(sim, [10, 10, 15, 1]);
    const events = sim.step();
    expect(of(events, "encounterStarted")[0]!.order).toEqual([m.id, a!.id, b!.id]);

    const sim2 = d20Sim(1);
    const [c, d] = party(sim2, ["Warrior", "Warrior"]);
    const m2 = foe(sim2, 7);
    c!.targetId = m2.id;
    // initiative c 10, d 5, minion 10: c and the minion tie: roll-off c 4, minion 17.
    forceDice(sim2, [10, 5, 10, 4, 17, 1]);
    expect(of(sim2.step(), "encounterStarted")[0]!.order).toEqual([m2.id, c!.id, d!.id]);
  });
});
