import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, D20_KIT_WEAPONS, D20_WEAPONS, ROUND_TICKS, SPECIES, type SpeciesId } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { projectState } from "../../../src/rooms/projection.ts";
import { projectTurnOptions } from "../../../src/rooms/turnProjection.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { UNDERWATER_RANGED_OK } from "../../../src/sim/combat/d20/water.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { ARENA as ARENA_OPEN, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";
import { creature, of, plain, planSteps, run } from "./live-helpers.ts";

// Audit s9-r5 (issue 17): live tests for rule IDs whose only citing tests called a helper
// directly (isControlled), checked the wounds through the ruleset rather than the state the room
// sends, or named a rule that cannot happen without a test showing it cannot.

const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));

/** One tick with the dice forced to `dice`, all of them drawn. */
function tick(sim: Simulation, dice: readonly number[]) {
  const left = forceDice(sim, dice);
  const ev = sim.step();
  expect(left.left()).toBe(0);
  return ev;
}

/**
 * A player's hero (seat-1) at (3, 5) next to a Large, willing horse of its side at (4, 5) (trained
 * or not, neither intelligent nor summoned), a minion at (12, 5); initiative hero 20, horse 10,
 * minion 1, rolled on the first tick.
 */
function stable(trained: boolean, kit?: (a: UnitRecord) => void) {
  const sim = d20Sim(1);
  const a = hero(sim, 3, 5, { controller: "seat-1" });
  const horse = addUnit(sim, { kind: "creature", faction: "heroes", species: "horse", x: 4, y: 5 });
  const m = minion(sim, 12, 5);
  plain([a, horse, m]);
  kit?.(a);
  d20Of(horse).size = "large";
  d20Of(horse).mountTraits = { willing: true, trained, intelligent: false, summoned: false };
  a.targetId = m.id;
  forceDice(sim, [20, 10, 1]);
  sim.step();
  return { sim, a, horse, m };
}

describe("audit s9-r5: control needs a trained mount (D20-MOUNT-14)", () => {
  it("D20-MOUNT-14, D20-MOUNT-12 (the controlled side): the player mounts an untrained horse asking for control: it stays independent (the directed move refused, its own initiative 10 kept, the hero still at the horse's (4, 5)); a trained one is controlled: it carries the hero to (5, 5) and takes the hero's 20", () => {
    for (const trained of [false, true]) {
      const { sim, a, horse } = stable(trained);
      planSteps(sim, a, [{ kind: "mount", mountId: horse.id, control: true }, { kind: "move", path: at([5, 5]) }]);
      const ev = tick(sim, []);
      expect(of(ev, "turnPlanPlayed")[0]!.refusals).toEqual(trained ? [null, null] : [null, "an independent mount moves as it wishes (D20-MOUNT-21)"]);
      expect(d20Of(a).riding).toEqual({ mountId: horse.id, controlled: trained });
      expect(Object.values(sim.state.encounters ?? {})[0]!.initiative[horse.id]).toBe(trained ? 20 : 10);
      expect([horse.x, horse.y, a.x, a.y]).toEqual(trained ? [5, 5, 5, 5] : [4, 5, 4, 5]);
    }
  });
});

describe("audit s9-r5: no mounting with a movement value of 0 (D20-MOUNT-04)", () => {
  it("D20-MOUNT-04: a hero whose movement value is 0 (half of it, 0, is all it needs) is refused the horse next to it and stays on (3, 5); with its value of 6 it mounts and takes the horse's tile", () => {
    const refusal = "mounting needs half the movement value, once a turn, within 1 tile (D20-MOUNT-02 to D20-MOUNT-04)";
    for (const movement of [0, 6]) {
      const { sim, a, horse } = stable(true, (u) => { d20Of(u).movement = movement; });
      planSteps(sim, a, [{ kind: "mount", mountId: horse.id }]);
      const ev = tick(sim, []);
      expect(of(ev, "turnPlanPlayed")[0]!.refusals).toEqual([movement === 0 ? refusal : null]);
      expect([d20Of(a).riding, a.x, a.y]).toEqual(movement === 0 ? [null, 3, 5] : [{ mountId: horse.id, controlled: true }, 4, 5]);
    }
  });
});

describe("audit s9-r5: rules shown as not able to happen in play (docs/rules-decisions.md)", () => {
  it("D20-MOUNT-15 (cannot happen): no horse, donkey or other domesticated riding animal is in the species table, and no species of it arrives willing or trained in a d20 room: the only mount in play is a class's companion", () => {
    expect(Object.keys(SPECIES).filter((s) => ["horse", "donkey", "mule", "pony", "ox", "camel"].includes(s))).toEqual([]);
    const sim = d20Sim(1);
    const traits = (Object.keys(SPECIES) as SpeciesId[]).filter((s) => SPECIES[s].kind === "creature").map((s) => [s, d20Of(creature(sim, s, 1, 1)).mountTraits.willing, d20Of(creature(sim, s, 1, 1)).mountTraits.trained]);
    expect(traits.filter(([, willing, trained]) => willing || trained)).toEqual([]);
    expect(traits.length).toBe(Object.values(SPECIES).filter((s) => s.kind === "creature").length);
  });

  it("D20-WATER-06 (cannot happen): of every weapon a d20 unit can wield (the gear's mace, longsword, shortbow, unarmed; the kits' shortsword, dagger, spear), the ones that strike at range are the shortbow and the thrown dagger, and neither is on the exempt list", () => {
    const all = [...Object.values(D20_WEAPONS), ...Object.values(D20_KIT_WEAPONS)];
    const atRange = all.filter((w) => w.ranged || w.thrown === true).map((w) => w.name);
    expect(atRange).toEqual(["shortbow", "dagger"]);
    expect(atRange.filter((n) => UNDERWATER_RANGED_OK.includes(n))).toEqual([]);
  });
});

describe("audit s9-r5: visible wounds in the state the room sends (D20-HP-04)", () => {
  it("D20-HP-04: a 12-HP minion hit for 6 (exactly half) carries no status in the projected room state; one more hit of 1 (5, below half) and its Unit.statuses read [\"wounded\"]", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    plain([a, m], 12);
    a.targetId = m.id;
    // initiative hero 20, minion 1; the hero hits (15), 1d8 = 6; the minion misses (1).
    forceDice(sim, [20, 1, 15, 6, 1]);
    run(sim, 2);
    const state = new DungeonState();
    projectState(state, sim, 1);
    expect([d20Of(m).hp, state.units.get(m.id)!.hp, state.units.get(m.id)!.maxHp, [...state.units.get(m.id)!.statuses]]).toEqual([6, 6, 12, []]);
    // next round: the hero hits (15) for 1; the minion misses (1).
    forceDice(sim, [15, 1, 1]);
    run(sim, ROUND_TICKS);
    projectState(state, sim, 1);
    expect([d20Of(m).hp, state.units.get(m.id)!.hp, [...state.units.get(m.id)!.statuses]]).toEqual([5, 5, ["wounded"]]);
  });
});

/** The 20 × 12 arena of encounters/helpers.ts with walls at (4, 4) and (5, 4): the two tiles north of a Large mount whose space starts at (4, 5). */
const WALLED_NORTH = [
  "P...................",
  ...Array.from({ length: 10 }, (_, y) => (y + 1 === 4 ? "....##.............." : "....................")),
  "SK..................",
].join("\n");

/**
 * The Skyrider (Agility 2) arriving on its griffon (Large: 2 × 2 from (4, 5), tiles (4..5, 5..6))
 * through the live `partyArrived`, beside a Priest at (3, 5), a minion at (2, 5) striking the
 * Priest first (initiative Skyrider 5 + 2, Priest 2, griffon 3, minion 20): the Skyrider shoves the
 * Priest aside with its reaction (D20-FLOW-37), is knocked prone and rolls its stay-mounted d20 `stay`.
 */
function shovedBesideWalls(stay: number, mapText: string) {
  const sim = d20Sim(1, mapText);
  const kit = (c: string) => { const k = ADVENTURER_CLASSES[c]!; return { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm }; };
  const members = ["Skyrider", "Priest"].map((c, i) => hero(sim, 4 + i, 5, { adventurerClass: c, partyId: "p1", gear: kit(c) }));
  sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: members.map((m) => m.id) } as unknown as PartyRecord);
  const [sky, priest] = members as [UnitRecord, UnitRecord];
  priest.x = 3;
  const griffon = sim.state.units[d20Of(sky).riding!.mountId]!;
  const m = minion(sim, 2, 5);
  plain([sky, priest, griffon, m]);
  d20Of(sky).abilities.agility = 2;
  priest.targetId = m.id;
  const dice = recordD20Dice(sim, [5, 2, 3, 20, stay]);
  const events = sim.step();
  expect(dice.left()).toBe(0);
  return { sim, sky, griffon, events, draws: dice.draws };
}

describe("audit s9-r5: an unseated rider lands within 1 m of its Large mount, never inside its space (D20-MOUNT-06, D20-MOUNT-09)", () => {
  it("D20-MOUNT-06: walls on the two tiles north of the griffon's 2 × 2 space: the Skyrider's stay-mounted d20 8 (+ 2 = 10) fails and it lands prone on (6, 4), the next free tile clockwise around the space, not on (5, 5), a tile of the griffon's own space", () => {
    const f = shovedBesideWalls(8, WALLED_NORTH);
    expect(f.draws).toEqual(["d20=5", "d20=2", "d20=3", "d20=20", "d20=8"]);
    expect([d20Of(f.sky).riding, f.sky.x, f.sky.y, d20Of(f.sky).statuses.map((s) => s.kind)]).toEqual([null, 6, 4, ["prone"]]);
    expect([f.griffon.x, f.griffon.y, d20Of(f.griffon).riderId]).toEqual([4, 5, ""]);
  });

  it("D20-MOUNT-06: on open ground the same failed roll lands it on (4, 5)'s north tile, (4, 4)", () => {
    const f = shovedBesideWalls(8, ARENA_OPEN);
    expect([d20Of(f.sky).riding, f.sky.x, f.sky.y]).toEqual([null, 4, 4]);
  });

  it("D20-MOUNT-09: the griffon drops under a foe's blow beside the same walls: its rider, its reaction spent, falls prone on (6, 4), outside the griffon's space; bad-luck d20 2: no damage", () => {
    const sim = d20Sim(1, WALLED_NORTH);
    const k = ADVENTURER_CLASSES.Skyrider!;
    const sky = hero(sim, 4, 5, { adventurerClass: "Skyrider", partyId: "p1", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
    sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [sky.id] } as unknown as PartyRecord);
    const griffon = sim.state.units[d20Of(sky).riding!.mountId]!;
    const foe = hero(sim, 6, 5, { faction: "dungeon", controller: "b0" });
    plain([sky, griffon, foe]);
    d20Of(griffon).hp = 1;
    sky.targetId = foe.id;
    forceDice(sim, [1, 2, 20]); // initiative Skyrider 1, griffon 2, foe 20: the foe's turn waits for its plan
    sim.step();
    d20Of(sky).reactionUsed = true;
    expect(sim.enqueue({ kind: "adventurer", seatId: "b0", unitId: foe.id }, { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: griffon.id }] })).toEqual({ ok: true });
    const dice = recordD20Dice(sim, [15, 5, 2]);
    const events = sim.step();
    expect(dice.draws).toEqual(["d20=15", "d8=5", "d20=2"]);
    expect(of(events, "damaged").map((e) => [e.targetId, e.amount])).toEqual([[griffon.id, 5]]);
    expect([d20Of(sky).riding, d20Of(sky).statuses.map((s) => s.kind), sky.x, sky.y]).toEqual([null, ["prone"], 6, 4]);
  });
});

describe("audit s9-r5: above 0 HP, lost HP change nothing a player can do (D20-HP-02)", () => {
  /** A player's hero at (5, 5) with `hp` of 20 HP, a minion at (12, 5); the hero's turn waits for its plan; its options as the room sends them, then a walk of its whole 6 tiles up to the minion and a blow (d20 15, 1d8 4). */
  function turnAt(hp: number) {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, 12, 5);
    plain([a, m], 20);
    d20Of(a).hp = hp;
    a.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    const state = new DungeonState();
    projectTurnOptions(state, sim);
    const o = state.turnOptions.get(a.id)!;
    const options = [o.movement, o.movementLeft, [...o.actions], o.reachable.length, [...o.targets], o.fullAction, o.halfAction, o.reaction];
    planSteps(sim, a, [{ kind: "move", path: at([6, 5], [7, 5], [8, 5], [9, 5], [10, 5], [11, 5]) }, { kind: "attack", targetId: m.id }]);
    const ev = tick(sim, [15, 4]);
    const played = [of(ev, "turnPlanPlayed")[0]!.refusals, of(ev, "attack").map((e) => [e.hit, e.attackRoll, e.defenceRoll]), of(ev, "damaged").map((e) => [e.amount, e.hp]), [a.x, a.y]];
    return { options, played };
  }

  it("D20-HP-02: the hero at 1 HP of 20 gets the same turn options as at 20 (movement 6, the same actions, tiles and targets) and its 6-tile walk and blow play the same: 15 hits AC 11, 1d8 4 leaves the minion at 16", () => {
    const hurt = turnAt(1);
    const whole = turnAt(20);
    expect(hurt).toEqual(whole);
    expect(hurt.options[0]).toBe(6);
    expect(hurt.options[1]).toBe(6);
    expect(hurt.played).toEqual([[null, null], [[true, 15, 11]], [[4, 16]], [11, 5]]);
  });
});
