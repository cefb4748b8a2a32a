import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, D20_CLASS_SPELLS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";
import { of, ZERO } from "./live-helpers.ts";
import { addUnit } from "../../../src/sim/world/units.ts";

/*
 * Issue 17 sweep s8b: staying mounted (D20-MOUNT-05 to D20-MOUNT-11) in a live d20 room, with the
 * dice recorded (diceRecorder.ts): the stay-mounted roll is one d20 + Agility, the bad luck a d20.
 */
const strip = (ev: readonly SimEvent[]) => ev.map((e) => { const { tick: _t, ...r } = e; return r; });
const kit = (c: string) => { const k = ADVENTURER_CLASSES[c]!; return { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm }; };

/**
 * The Skyrider (Agility `agility`) arriving on its griffon (2 × 2 from (4, 5)) through the live
 * `partyArrived`, and a dungeon-side Skyrider played by seat b0 at (3, 5) whose turn comes first
 * (initiative Skyrider 1, griffon 2, foe 20) and casts the gust at the rider: spell attack d20 19
 * twice (disadvantage: the rider stands next to the caster, D20-ATTACK-56; the rider's reaction spent: no defence), gust d6 3, then the rider's stay-mounted d20 `stay`.
 */
function gusted(agility: number, stay: number) {
  const sim = d20Sim(1);
  const sky = hero(sim, 4, 5, { adventurerClass: "Skyrider", partyId: "p1", gear: kit("Skyrider") });
  sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [sky.id] } as unknown as PartyRecord);
  const griffon = sim.state.units[d20Of(sky).riding!.mountId]!;
  const foe = hero(sim, 3, 5, { faction: "dungeon", controller: "b0", adventurerClass: "Skyrider" });
  for (const u of [sky, griffon, foe]) d20Of(u).abilities = { ...ZERO };
  d20Of(foe).spells = [...D20_CLASS_SPELLS.Skyrider!.spells];
  d20Of(foe).mana = D20_CLASS_SPELLS.Skyrider!.mana;
  d20Of(sky).abilities.agility = agility;
  sky.targetId = foe.id;
  forceDice(sim, [1, 2, 20]);
  sim.step();
  d20Of(sky).reactionUsed = true;
  expect(sim.enqueue({ kind: "adventurer", seatId: "b0", unitId: foe.id }, { type: "planTurn", action: "steps", steps: [{ kind: "cast", spell: "gust", targetId: sky.id }] })).toEqual({ ok: true });
  const dice = recordD20Dice(sim, [19, 19, 3, stay]);
  const events = sim.step();
  return { sim, sky, griffon, foe, events, dice };
}

describe("s8b: a mount moved against its will (D20-MOUNT-05, D20-MOUNT-06)", () => {
  it("D20-MOUNT-05: the gust pushes the griffon 1 tile east; its rider (Agility 3) rolls one d20: 8 + 3 = 11 (greater than 10) keeps it in the saddle", () => {
    const f = gusted(3, 8);
    expect(of(f.events, "mountChanged")).toEqual([]);
    expect([f.griffon.x, f.griffon.y, f.sky.x, f.sky.y, d20Of(f.sky).riding?.mountId]).toEqual([5, 5, 5, 5, f.griffon.id]);
    expect(f.dice.draws).toEqual(["d20=19", "d20=19", "d6=3", "d20=8"]);
    expect(f.dice.left()).toBe(0);
  });

  it("D20-MOUNT-05, D20-MOUNT-06: 7 + 3 = 10 is not greater than 10: the rider falls off, prone on the first free tile around the griffon (5, 4), within 1 m of it", () => {
    const f = gusted(3, 7);
    expect(strip(of(f.events, "mountChanged"))).toEqual([{ type: "mountChanged", riderId: f.sky.id, mountId: f.griffon.id, mounted: false }]);
    expect([f.griffon.x, f.griffon.y, f.sky.x, f.sky.y, d20Of(f.sky).riding, d20Of(f.sky).statuses.map((s) => s.kind)]).toEqual([5, 5, 5, 4, null, ["prone"]]);
    expect(f.dice.draws).toEqual(["d20=19", "d20=19", "d6=3", "d20=7"]);
    expect(f.dice.left()).toBe(0);
  });
});

describe("s8b: knocked prone in the saddle (D20-MOUNT-07, D20-MOUNT-10, D20-MOUNT-11)", () => {
  /**
   * The Skyrider (Agility 2) on its griffon beside a Priest at (3, 5), a minion at (2, 5) striking the
   * Priest first (initiative Skyrider 5 + 2, Priest 2, griffon 3, minion 20): the Skyrider shoves the
   * Priest aside with its reaction (D20-FLOW-37) and is knocked prone: its stay-mounted d20 `stay`.
   */
  function shoved(stay: number) {
    const sim = d20Sim(1);
    const members = ["Skyrider", "Priest"].map((c, i) => hero(sim, 4 + i, 5, { adventurerClass: c, partyId: "p1", gear: kit(c) }));
    sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: members.map((m) => m.id) } as unknown as PartyRecord);
    const [sky, priest] = members as [UnitRecord, UnitRecord];
    priest.x = 3;
    const griffon = sim.state.units[d20Of(sky).riding!.mountId]!;
    const m = minion(sim, 2, 5);
    for (const u of [sky, priest, griffon, m]) d20Of(u).abilities = { ...ZERO };
    d20Of(sky).abilities.agility = 2;
    priest.targetId = m.id;
    const hp = d20Of(sky).hp;
    const dice = recordD20Dice(sim, [5, 2, 3, 20, stay]);
    const events = sim.step();
    return { sky, griffon, events, dice, hp };
  }

  it("D20-MOUNT-07: d20 9 + Agility 2 = 11 keeps the shoving Skyrider mounted; d20 8 + 2 = 10 unseats it; one d20 for the roll", () => {
    const kept = shoved(9);
    expect([of(kept.events, "mountChanged"), d20Of(kept.sky).riding?.mountId]).toEqual([[], kept.griffon.id]);
    expect(kept.dice.draws).toEqual(["d20=5", "d20=2", "d20=3", "d20=20", "d20=9"]);
    expect(kept.dice.left()).toBe(0);
    const thrown = shoved(8);
    expect([of(thrown.events, "mountChanged").length, d20Of(thrown.sky).riding, thrown.sky.x, thrown.sky.y]).toEqual([1, null, 4, 4]);
    expect(thrown.dice.draws).toEqual(["d20=5", "d20=2", "d20=3", "d20=20", "d20=8"]);
    expect(thrown.dice.left()).toBe(0);
  });

  it("D20-MOUNT-10, D20-MOUNT-11: a natural 1 on that d20 is bad luck: unseated and 1 HP of fall damage (1 per metre, the griffon on the ground: 1)", () => {
    const f = shoved(1);
    expect(of(f.events, "damaged").map((e) => [e.targetId, e.amount, e.damageType])).toEqual([[f.sky.id, 1, "bludgeoning"]]);
    expect([d20Of(f.sky).riding, d20Of(f.sky).hp]).toEqual([null, f.hp - 1]);
    expect(f.dice.draws).toEqual(["d20=5", "d20=2", "d20=3", "d20=20", "d20=1"]);
    expect(f.dice.left()).toBe(0);
  });
});

describe("s8b: a controlled mount's own actions (D20-MOUNT-18, D20-MOUNT-19)", () => {
  /**
   * A hero (seat-1) at (3, 5) next to a trained, willing Large horse of its side at (4, 5) (2 × 2:
   * (4..5, 5..6)), movement 10, and a minion at (6, 7) diagonally next to the horse's space;
   * plain sheets, initiative hero 20, horse 10, minion 1: the hero's turn waits for its plan.
   */
  function stable() {
    const sim = d20Sim(1);
    const a = hero(sim, 3, 5, { controller: "seat-1" });
    const horse = addUnit(sim, { kind: "creature", faction: "heroes", species: "horse", x: 4, y: 5 });
    const m = minion(sim, 6, 7);
    for (const u of [a, horse, m]) { const d = d20Of(u); d.abilities = { ...ZERO }; d.hp = d.maxHp = 100; }
    d20Of(horse).size = "large";
    d20Of(horse).movement = 10;
    d20Of(horse).mountTraits = { willing: true, trained: true, intelligent: false, summoned: false };
    a.targetId = m.id;
    forceDice(sim, [20, 10, 1]);
    sim.step();
    return { sim, a, horse, m };
  }
  const ride = (f: ReturnType<typeof stable>, steps: unknown[], dice: number[]) => {
    expect(f.sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: f.a.id }, { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
    const rec = recordD20Dice(f.sim, dice);
    const ev = f.sim.step();
    expect(rec.left()).toBe(0);
    return { ev, refusals: of(ev, "turnPlanPlayed")[0]!.refusals, draws: rec.draws };
  };
  const away = { kind: "move", path: [{ x: 4, y: 4 }, { x: 4, y: 3 }] };

  it("D20-MOUNT-18, D20-MOUNT-19: the hero mounts the horse and, the turn it mounts, has it Disengage (an action) and move (ridden out of the minion's reach, to (4, 3)): no opportunity attack; without the Disengage the same ride draws one (d20 3 misses)", () => {
    const calm = stable();
    const t = ride(calm, [{ kind: "mount", mountId: calm.horse.id }, { kind: "mountAction", action: "disengage" }, away], []);
    expect(t.refusals).toEqual([null, null, null]);
    expect(of(t.ev, "reaction")).toEqual([]);
    expect([calm.horse.x, calm.horse.y, calm.a.x, calm.a.y]).toEqual([4, 3, 4, 3]);
    const rushed = stable();
    const r = ride(rushed, [{ kind: "mount", mountId: rushed.horse.id }, away], [3]);
    expect(r.refusals).toEqual([null, null]);
    expect(of(r.ev, "reaction").map((e) => [e.unitId, e.kind])).toEqual([[rushed.m.id, "opportunityAttack"]]);
    expect(r.draws).toEqual(["d20=3"]);
  });

  it("D20-MOUNT-18, D20-MOUNT-19: the turn it is mounted, the controlled horse's Dash adds its movement (10 → 20): ridden 15 tiles in one turn, to (18, 4); its Dash and its Disengage are one action (the second refused); any other action for it (an attack) is refused as a malformed plan", () => {
    const f = stable();
    const east = Array.from({ length: 14 }, (_, i) => ({ x: 5 + i, y: 4 }));
    const t = ride(f, [{ kind: "mount", mountId: f.horse.id }, { kind: "mountAction", action: "dash" }, { kind: "move", path: [{ x: 4, y: 4 }, ...east] }], [3]);
    expect(t.refusals).toEqual([null, null, null]);
    expect([f.horse.x, f.horse.y, f.a.x, f.a.y]).toEqual([18, 4, 18, 4]);
    expect(t.draws).toEqual(["d20=3"]); // leaving the minion's reach: its opportunity attack misses
    const twice = stable();
    const both = ride(twice, [{ kind: "mount", mountId: twice.horse.id }, { kind: "mountAction", action: "disengage" }, { kind: "mountAction", action: "dash" }], []);
    expect(both.refusals).toEqual([null, null, "no other action after Dash or Disengage (D20-ACTION-11, D20-ACTION-14)"]);
    // Any other action for it is not even a command: the simulation refuses the plan whole, as the
    // room's schema does, and nothing plays.
    const g = stable();
    const before = [g.horse.x, g.horse.y];
    expect(g.sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: g.a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "mount", mountId: g.horse.id }, { kind: "mountAction", action: "attack" }] } as never))
      .toEqual({ ok: false, code: "INVALID_COMMAND", reason: 'malformed planTurn: steps.1.action: not an allowed value ("attack")' });
    expect([g.horse.x, g.horse.y]).toEqual(before);
  });
});
