import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus, hasStatus } from "../../../src/sim/combat/d20/statuses.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { DungeonState } from "@malignus/shared/schema";
import { projectTurnOptions } from "../../../src/rooms/turnProjection.ts";
import { of, plain, planSteps } from "./live-helpers.ts";
import { attacks, foe, party, playTurn, walled } from "./live-turn.ts";

// Audit s1 (issue 17): live tests (planTurn + sim.step with forced dice) for rule IDs whose only
// citing tests in encounters/plans.test.ts, spells.test.ts and mounts.test.ts drive the turn engine
// (playPlan / takeD20Turn) with a hand-built turn.

const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));

/** A hero (seat-1) at (hx, 5) and a minion at (mx, 5), both plain (zero characteristics, 100 HP), `kit` applied to the hero, the encounter started with the hero first (initiative 20 against 1). */
function duel(hx: number, mx: number, kit?: (a: UnitRecord) => void): { sim: Simulation; a: UnitRecord; m: UnitRecord } {
  const sim = d20Sim();
  const a = hero(sim, hx, 5, { controller: "seat-1" });
  const m = minion(sim, mx, 5);
  plain([a, m]);
  kit?.(a);
  a.targetId = m.id;
  forceDice(sim, [20, 1]);
  sim.step();
  return { sim, a, m };
}

describe("audit s1: Disengage (D20-ACTION-13, D20-ACTION-14)", () => {
  it("D20-ACTION-13: after Disengage the hero walks out of the minion's reach, (5, 5) to (3, 5), and no opportunity attack is made; without it the same walk draws one (the minion's 3 misses)", () => {
    const { sim, a } = duel(5, 6);
    planSteps(sim, a, [{ kind: "disengage" }, { kind: "move", path: at([4, 5], [3, 5]) }]);
    const dice = forceDice(sim, []);
    const ev = sim.step();
    expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null, null] }]);
    expect(of(ev, "reaction")).toEqual([]);
    expect(of(ev, "attack")).toEqual([]);
    expect([a.x, a.y]).toEqual([3, 5]);
    expect(dice.left()).toBe(0);

    const c = duel(5, 6);
    planSteps(c.sim, c.a, [{ kind: "move", path: at([4, 5], [3, 5]) }]);
    const cd = forceDice(c.sim, [3]);
    const cev = c.sim.step();
    expect(of(cev, "reaction").map((e) => [e.unitId, e.kind])).toEqual([[c.m.id, "opportunityAttack"]]);
    expect(of(cev, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll])).toEqual([[c.m.id, c.a.id, false, 3]]);
    expect(cd.left()).toBe(0);
  });

  it("D20-ACTION-14: after Disengage the hero's attack on the adjacent minion is refused (no other action that turn, the plan stops there) and no attack is rolled; so is a Hide", () => {
    const no = "no other action after Dash or Disengage (D20-ACTION-11, D20-ACTION-14)";
    for (const step of [{ kind: "attack", targetId: "" }, { kind: "hide" }]) {
      const { sim, a, m } = duel(5, 6);
      planSteps(sim, a, [{ kind: "disengage" }, step.kind === "attack" ? { kind: "attack", targetId: m.id } : step, { kind: "move", path: at([4, 5]) }]);
      const dice = forceDice(sim, []);
      const ev = sim.step();
      expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null, no] }]);
      expect(of(ev, "attack")).toEqual([]);
      expect(d20Of(m).hp).toBe(100);
      expect(hasStatus(d20Of(a).statuses, "hidden")).toBe(false);
      expect([a.x, a.y]).toEqual([5, 5]);
      expect(dice.left()).toBe(0);
    }
  });
});

/** Plays one tick and returns its events, asserting every forced die in `dice` is drawn. */
function tick(sim: Simulation, dice: readonly number[]) {
  const left = forceDice(sim, dice);
  const ev = sim.step();
  expect(left.left()).toBe(0);
  return ev;
}

describe("audit s1: Ready (D20-ACTION-31 to D20-ACTION-35)", () => {
  it("D20-ACTION-31, D20-ACTION-32, D20-ACTION-33, D20-ACTION-34, D20-ACTION-35, D20-FLOW-35: the hero readies its attack (trigger: a foe enters its reach; response: one attack); the minion walking up from (8, 5) is struck with the hero's reaction as soon as it enters (6, 5) (15 hits AC 11, 1d8 4: 100 → 96), before its own attack (3 misses): a reaction in another creature's turn", () => {
    const { sim, a, m } = duel(5, 8);
    planSteps(sim, a, [{ kind: "ready" }]);
    expect(of(tick(sim, []), "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null] }]);
    expect(hasStatus(d20Of(a).statuses, "readied")).toBe(true);
    expect(d20Of(a).reactionUsed).toBe(false);
    const ev = tick(sim, [15, 4, 3]);
    expect(ev.filter((e) => e.type === "reaction" || e.type === "attack" || e.type === "damaged").map((e) => [e.type, "unitId" in e ? e.unitId : "attackerId" in e ? e.attackerId : e.sourceId, "hp" in e ? e.hp : "hit" in e ? e.hit : e.kind]))
      .toEqual([["reaction", a.id, "readied"], ["attack", a.id, true], ["damaged", a.id, 96], ["attack", m.id, false]]);
    expect(of(ev, "reaction")[0]).toMatchObject({ detail: "attack", againstId: m.id });
    expect([m.x, m.y]).toEqual([6, 5]);
    expect(d20Of(m).hp).toBe(96);
    expect(d20Of(a).reactionUsed).toBe(true);
    expect(hasStatus(d20Of(a).statuses, "readied")).toBe(false);
  });

  it("D20-ACTION-31, D20-FLOW-34: without Ready (nothing provides a reaction) the same approach draws no reaction: the minion walks up to (6, 5) unharmed and attacks (3 misses)", () => {
    const { sim, a, m } = duel(5, 8);
    planSteps(sim, a, []);
    tick(sim, []);
    const ev = tick(sim, [3]);
    expect(of(ev, "reaction")).toEqual([]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.hit, e.attackRoll])).toEqual([[m.id, false, 3]]);
    expect([m.x, m.y]).toEqual([6, 5]);
    expect(d20Of(m).hp).toBe(100);
  });
});

/** A short-band (5 tiles) 1d10 magic attack spell costing 2 mana (the shape of encounters/spells.test.ts BOLT). */
const BOLT = { name: "bolt", cost: 2, pool: "mana", kind: "attack", band: "short", damage: "1d10", damageType: "magic", element: "fire", radius: 0 } as const;

describe("audit s1: a readied spell (D20-ACTION-36)", () => {
  it("D20-ACTION-36: the hero readies bolt (mana 5 → 3 when readied); the minion walking in from (12, 5) is hit when it comes within 5 tiles (15 hits AC 11, 1d10 6: 100 → 94)", () => {
    const { sim, a, m } = duel(5, 12, (u) => { d20Of(u).mana = 5; d20Of(u).spells = [{ ...BOLT }]; });
    planSteps(sim, a, [{ kind: "readySpell", spell: "bolt" }]);
    expect(of(tick(sim, []), "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null] }]);
    expect(d20Of(a).mana).toBe(3);
    expect(d20Of(a).statuses.find((s) => s.kind === "readied")?.detail).toBe("bolt");
    const ev = tick(sim, [15, 6, 3]);
    expect(of(ev, "reaction")).toMatchObject([{ unitId: a.id, kind: "readied", detail: "bolt", againstId: m.id }]);
    expect(of(ev, "damaged").map((e) => [e.sourceId, e.targetId, e.amount, e.damageType])).toEqual([[a.id, m.id, 6, "magic"]]);
    expect(d20Of(m).hp).toBe(94);
    expect(d20Of(a).mana).toBe(3);
    expect(d20Of(a).reactionUsed).toBe(true);
  });

  it("D20-ACTION-36: a bolt held while the (paralysed) minion stays 12 tiles off is lost at the hero's next turn, its 2 mana spent", () => {
    const { sim, a, m } = duel(5, 17, (u) => { d20Of(u).mana = 5; d20Of(u).spells = [{ ...BOLT }]; });
    addStatus(d20Of(m).statuses, "paralysed", "", 1);
    planSteps(sim, a, [{ kind: "readySpell", spell: "bolt" }]);
    tick(sim, []);
    expect(d20Of(a).mana).toBe(3);
    planSteps(sim, a, []);
    const ev: SimEvent[] = [];
    for (let i = 0; i < 50 && !of(ev, "turnStarted").some((e) => e.unitId === a.id); i++) ev.push(...tick(sim, []));
    expect(of(ev, "turnStarted").map((e) => [e.unitId, e.round])).toEqual([[m.id, 1], [a.id, 2]]);
    expect(of(ev, "reaction")).toEqual([]);
    expect([m.x, m.y]).toEqual([17, 5]);
    expect(hasStatus(d20Of(a).statuses, "readied")).toBe(false);
    expect(d20Of(a).mana).toBe(3);
    expect(d20Of(m).hp).toBe(100);
  });
});

describe("audit s1: Hide and Search (D20-ACTION-38 to D20-ACTION-42, D20-ATTACK-72, D20-ATTACK-73)", () => {
  const sneak = (u: UnitRecord) => { d20Of(u).abilities.furtivite = 2; d20Of(u).skills.discretion = 1; };

  it("D20-ACTION-38, D20-ACTION-40, D20-ACTION-41, D20-ATTACK-72, D20-ATTACK-73: Hide 8 + Furtivité 2 + Discrétion 1 = 11 beats the minion's passive Perception 10: hidden (total 11); the attack that follows in the same turn (Hide is a demi-action) has advantage (3 and 15, 15 kept: hits AC 11, 1d8 4: 96) and reveals the hero", () => {
    const { sim, a, m } = duel(5, 6, sneak);
    planSteps(sim, a, [{ kind: "hide" }, { kind: "attack", targetId: m.id }]);
    const ev = tick(sim, [8, 3, 15, 4]);
    expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null, null] }]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll])).toEqual([[a.id, m.id, true, 15]]);
    expect(d20Of(m).hp).toBe(96);
    expect(hasStatus(d20Of(a).statuses, "hidden")).toBe(false);
  });

  it("D20-ACTION-38, D20-ACTION-40: the hidden status carries the Hide total 11 after a Hide-only turn", () => {
    const { sim, a } = duel(5, 6, sneak);
    planSteps(sim, a, [{ kind: "hide" }]);
    expect(of(tick(sim, [8]), "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null] }]);
    expect(d20Of(a).statuses.find((s) => s.kind === "hidden")?.value).toBe(11);
  });

  it("D20-ACTION-39: Hide 7 + 2 + 1 = 10 only ties the minion's passive Perception 10: not hidden, and the attack after has no advantage (one d20: 15 hits, 1d8 4)", () => {
    const { sim, a, m } = duel(5, 6, sneak);
    planSteps(sim, a, [{ kind: "hide" }, { kind: "attack", targetId: m.id }]);
    const ev = tick(sim, [7, 15, 4]);
    expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null, null] }]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.hit, e.attackRoll])).toEqual([[a.id, true, 15]]);
    expect(d20Of(m).hp).toBe(96);
  });

  it("D20-ACTION-39: against a minion with Perception 1 and Vigilance 2 (passive 10 + 1 + 2 = 13), Hide 10 + 2 + 1 = 13 ties: not hidden; 11 + 2 + 1 = 14 beats it: hidden (14)", () => {
    for (const [roll, hidden] of [[10, false], [11, true]] as const) {
      const { sim, a, m } = duel(5, 6, sneak);
      d20Of(m).abilities.perception = 1;
      d20Of(m).skills.vigilance = 2;
      planSteps(sim, a, [{ kind: "hide" }]);
      expect(of(tick(sim, [roll]), "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null] }]);
      expect(d20Of(a).statuses.find((s) => s.kind === "hidden")?.value).toBe(hidden ? 14 : undefined);
    }
  });

  it("D20-ACTION-42: Search 1d20 + Perception 1 + Vigilance 1 against the hidden minion's Hide total 14: 11 (13) leaves it hidden, 12 (14, ties to the searcher) finds it", () => {
    for (const [roll, found] of [[11, false], [12, true]] as const) {
      const { sim, a, m } = duel(5, 6, (u) => { d20Of(u).abilities.perception = 1; d20Of(u).skills.vigilance = 1; });
      addStatus(d20Of(m).statuses, "hidden", m.id, -1);
      d20Of(m).statuses.find((s) => s.kind === "hidden")!.value = 14;
      planSteps(sim, a, [{ kind: "search" }]);
      expect(of(tick(sim, [roll]), "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null] }]);
      expect(hasStatus(d20Of(m).statuses, "hidden")).toBe(!found);
    }
  });
});

describe("audit s1: Reload (D20-ACTION-43 to D20-ACTION-45)", () => {
  it("D20-ACTION-43, D20-ACTION-45: Reload is a demi-action: the hero reloads and still attacks (15 hits, 1d8 4: 96); a second Reload (demi-action spent) is refused", () => {
    const { sim, a, m } = duel(5, 6);
    planSteps(sim, a, [{ kind: "reload" }, { kind: "attack", targetId: m.id }, { kind: "reload" }]);
    const ev = tick(sim, [15, 4]);
    expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null, null, "no action left for a demi-action (D20-ACTION-04)"] }]);
    expect(d20Of(m).hp).toBe(96);
  });

  it("D20-ACTION-44: after reloading, the hero (Agilité 3) takes no reflex against the minion's attack (5 against its AC 12); without the Reload it defends (AC 12 + Agilité 3 = 15)", () => {
    for (const reload of [true, false]) {
      const { sim, a, m } = duel(5, 6, (u) => { d20Of(u).abilities.agility = 3; });
      planSteps(sim, a, reload ? [{ kind: "reload" }] : []);
      tick(sim, []);
      const ev = tick(sim, [5]);
      expect(of(ev, "reaction").map((e) => [e.unitId, e.kind])).toEqual(reload ? [] : [[a.id, "defence"]]);
      expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll, e.defenceRoll])).toEqual([[m.id, a.id, false, 5, reload ? 12 : 15]]);
    }
  });
});

describe("audit s1: the attack steps (D20-ATTACK-02, D20-ATTACK-03, D20-ATTACK-06 to D20-ATTACK-08, D20-ATTACK-46)", () => {
  /* The Scout's shortbow (range 2 to 16, marksmanship +1) at (2, 3); a wall tile at (4, 3) gives the minion at (5, 3) half cover (+1); the minion's Agilité 1 dodges (+1): AC 11 + 1 + 1 = 13. Initiative: the Scout 20, the minion 1. */
  const shot = (dice: number[]) => {
    const sim = d20Sim(1, walled([[4, 3]]));
    const [s] = party(sim, ["Scout"], { x0: 2, y: 3 });
    const m = foe(sim, 5, 3);
    d20Of(m).abilities.agility = 1;
    const t = playTurn(sim, s!, m, [20, 1], [{ kind: "attack", targetId: m.id }], dice);
    return { s: s!, m, t };
  };

  it("D20-ATTACK-02, D20-ATTACK-03, D20-ATTACK-06, D20-ATTACK-46: the Scout shoots the minion in half cover that dodges: cover and dodge are settled before the roll (AC 13); 12 + 1 = 13 hits and only then is damage rolled (1d6 3: 30 → 27)", () => {
    const { s, m, t } = shot([12, 3]);
    expect(d20Of(s).weapon).toMatchObject({ ranged: true, range: [2, 16] });
    expect(t.refusals).toEqual([null]);
    expect(t.events.filter((e) => ["reaction", "attack", "damaged"].includes(e.type)).map((e) => e.type)).toEqual(["reaction", "attack", "damaged"]);
    expect(attacks(t.events)).toEqual([[s.id, m.id, true, 13, 13]]);
    expect(d20Of(m).hp).toBe(27);
  });

  it("D20-ATTACK-06: 11 + 1 = 12 misses AC 13: no damage die is drawn, the minion keeps 30 HP", () => {
    const { s, m, t } = shot([11]);
    expect(attacks(t.events)).toEqual([[s.id, m.id, false, 12, 13]]);
    expect(of(t.events, "damaged")).toEqual([]);
    expect(d20Of(m).hp).toBe(30);
  });

  it("D20-ATTACK-07: an acid blow (15 hits, 1d8 4) also leaves acid damage over time (1d4 for 2 turns) that burns the minion at its turn start (1d4 2: 96 → 94)", () => {
    const { sim, a, m } = duel(5, 6, (u) => { d20Of(u).weapon = { ...d20Of(u).weapon, damageType: "acid" }; });
    planSteps(sim, a, [{ kind: "attack", targetId: m.id }]);
    tick(sim, [15, 4]);
    expect(d20Of(m).hp).toBe(96);
    expect(d20Of(m).dots).toEqual([{ type: "acid", dice: "1d4", turnsLeft: 2, sourceId: a.id }]);
    const ev = tick(sim, [2, 3]);
    expect(of(ev, "damaged").map((e) => [e.sourceId, e.targetId, e.amount, e.damageType])).toEqual([[a.id, m.id, 2, "acid"]]);
    expect(d20Of(m).hp).toBe(94);
  });

  it("D20-ATTACK-02, D20-ATTACK-08: the hidden hero (Hide 11 > 10) attacks the empty tile (4, 4), a location: the roll (disadvantage, 5 and 6, 5 kept) is an attack and reveals it", () => {
    const { sim, a } = duel(5, 6);
    planSteps(sim, a, [{ kind: "hide" }, { kind: "attackTile", x: 4, y: 4 }]);
    const ev = tick(sim, [11, 5, 6]);
    expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null, null] }]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll])).toEqual([[a.id, "", false, 5]]);
    expect(hasStatus(d20Of(a).statuses, "hidden")).toBe(false);
  });
});

/** A hero (seat-1) at (3, 5) next to a horse of its side at (4, 5) (or `horseAt`), Large and willing unless `opts` say otherwise, trained, with `traits`, a minion at (12, 5); initiative hero 20, horse 10, minion 1. */
const stable = (traits: { intelligent: boolean; summoned: boolean }, opts: { size?: "medium" | "large"; willing?: boolean; horseAt?: readonly [number, number] } = {}) => {
  const sim = d20Sim(1);
  const a = hero(sim, 3, 5, { controller: "seat-1" });
  const [hx, hy] = opts.horseAt ?? [4, 5];
  const horse = addUnit(sim, { kind: "creature", faction: "heroes", species: "horse", x: hx, y: hy });
  const m = minion(sim, 12, 5);
  plain([a, horse, m]);
  d20Of(horse).size = opts.size ?? "large";
  d20Of(horse).mountTraits = { willing: opts.willing ?? true, trained: true, ...traits };
  a.targetId = m.id;
  forceDice(sim, [20, 10, 1]);
  sim.step();
  return { sim, a, horse, m };
};

describe("audit s1: mounting (D20-MOUNT-03, D20-MOUNT-13)", () => {
  it("D20-MOUNT-03: the Skyrider (sheet movement 9) dismounts its griffon onto (3, 5) for half of it, 4.5: it then walks 4 tiles west and a 5th is refused", () => {
    const sim = d20Sim(1);
    const [sky] = party(sim, ["Skyrider"]);
    const griffon = sim.state.units[d20Of(sky!).riding!.mountId]!;
    const m = foe(sim, 11); // within FLEE_DISTANCE (12) of the Skyrider wherever it walks, so it stays in the encounter
    plain([griffon]);
    d20Of(sky!).movement = 9;
    const t = playTurn(sim, sky!, m, [20, 10, 1], [{ kind: "dismount", x: 3, y: 5 }, { kind: "move", path: at([2, 5], [1, 5], [0, 5], [0, 4]) }, { kind: "move", path: at([0, 3]) }], []);
    expect(t.refusals).toEqual([null, null, "not enough movement left (D20-MOVE-07)"]);
    expect(d20Of(sky!).riding).toBeNull();
    expect([sky!.x, sky!.y]).toEqual([0, 4]);
  });

  it("D20-MOUNT-03: the same dismount played alone (keepTurn) leaves exactly 4.5 of the 9 in the turn options the client sees, not 4 or 5", () => {
    const sim = d20Sim(1);
    const [sky] = party(sim, ["Skyrider"]);
    const griffon = sim.state.units[d20Of(sky!).riding!.mountId]!;
    const m = foe(sim, 11); // within FLEE_DISTANCE (12) of the Skyrider wherever it walks, so it stays in the encounter
    plain([griffon]);
    d20Of(sky!).movement = 9;
    sky!.targetId = m.id;
    forceDice(sim, [20, 10, 1]);
    sim.step();
    expect(sim.enqueue({ kind: "adventurer", seatId: sky!.controller!, unitId: sky!.id }, { type: "planTurn", action: "steps", keepTurn: true, steps: [{ kind: "dismount", x: 3, y: 5 }] } as never)).toEqual({ ok: true });
    expect(of(tick(sim, []), "turnPlanPlayed")).toMatchObject([{ unitId: sky!.id, refusals: [null] }]);
    const state = new DungeonState();
    projectTurnOptions(state, sim);
    expect([state.turnOptions.get(sky!.id)!.movement, state.turnOptions.get(sky!.id)!.movementLeft]).toEqual([9, 4.5]);
  });

  it("D20-MOUNT-13: an intelligent horse, and a summoned one, stay independent though the rider asks for control: not steered (the directed move refused), own initiative 10 kept; a trained plain horse is controlled and takes the rider's 20", () => {
    for (const [traits, independent] of [[{ intelligent: true, summoned: false }, true], [{ intelligent: false, summoned: true }, true], [{ intelligent: false, summoned: false }, false]] as const) {
      const { sim, a, horse } = stable(traits);
      planSteps(sim, a, [{ kind: "mount", mountId: horse.id }, { kind: "move", path: at([5, 5]) }]);
      const ev = tick(sim, []);
      expect(of(ev, "turnPlanPlayed")[0]!.refusals).toEqual(independent ? [null, "an independent mount moves as it wishes (D20-MOUNT-21)"] : [null, null]);
      expect(d20Of(a).riding).toEqual({ mountId: horse.id, controlled: !independent });
      expect(Object.values(sim.state.encounters ?? {})[0]!.initiative[horse.id]).toBe(independent ? 10 : 20);
    }
  });
});

describe("audit s1: reactions in the mover's own turn (D20-FLOW-35)", () => {
  it("D20-FLOW-35: walking out of the minion's reach, the hero (Force 1) parries the opportunity attack in its own turn (3 against AC 12 + 1 = 13) and walks on to (2, 5)", () => {
    const { sim, a, m } = duel(5, 6, (u) => { d20Of(u).abilities.strength = 1; });
    planSteps(sim, a, [{ kind: "move", path: at([4, 5], [3, 5], [2, 5]) }]);
    const ev = tick(sim, [3]);
    expect(of(ev, "turnStarted").map((e) => e.unitId)).toEqual([a.id]);
    expect(of(ev, "reaction").map((e) => [e.unitId, e.kind, e.againstId])).toEqual([[m.id, "opportunityAttack", a.id], [a.id, "defence", m.id]]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll, e.defenceRoll])).toEqual([[m.id, a.id, false, 3, 13]]);
    expect([a.x, a.y]).toEqual([2, 5]);
    expect(d20Of(a).reactionUsed).toBe(true);
  });
});

describe("audit s1: a spell attack rolls Mental (D20-ATTACK-14)", () => {
  it("D20-ATTACK-14: the hero (Mental 2, Force 4, Agilité 4) casts bolt at the minion 3 tiles off: 9 + 2 = 11 hits AC 11 (1d10 7: 93); 8 + 2 = 10 misses, Force and Agilité not counted", () => {
    for (const [roll, hit] of [[9, true], [8, false]] as const) {
      const { sim, a, m } = duel(5, 8, (u) => { Object.assign(d20Of(u).abilities, { mental: 2, strength: 4, agility: 4 }); d20Of(u).mana = 5; d20Of(u).spells = [{ ...BOLT }]; });
      planSteps(sim, a, [{ kind: "cast", spell: "bolt", targetId: m.id }]);
      const ev = tick(sim, hit ? [roll, 7] : [roll]);
      expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null] }]);
      expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll, e.defenceRoll])).toEqual([[a.id, m.id, hit, roll + 2, 11]]);
      expect(d20Of(m).hp).toBe(hit ? 93 : 100);
      expect(d20Of(a).mana).toBe(3);
    }
  });
});

describe("audit s1: mounting rules (D20-MOUNT-01, D20-MOUNT-02, D20-MOUNT-04)", () => {
  const PLAIN = { intelligent: false, summoned: false };
  const SIZE = "the mount must be willing and at least one size larger (D20-MOUNT-01)";
  const WHEN = "mounting needs half the movement value, once a turn, within 1 tile (D20-MOUNT-02 to D20-MOUNT-04)";

  it("D20-MOUNT-01: a Medium horse (the hero's own size) and an unwilling Large one are refused as mounts; the hero stays on foot at (3, 5)", () => {
    for (const opts of [{ size: "medium" as const }, { willing: false }]) {
      const { sim, a, horse } = stable(PLAIN, opts);
      planSteps(sim, a, [{ kind: "mount", mountId: horse.id }]);
      expect(of(tick(sim, []), "turnPlanPlayed")[0]!.refusals).toEqual([SIZE]);
      expect([d20Of(a).riding, a.x, a.y]).toEqual([null, 3, 5]);
    }
  });

  it("D20-MOUNT-02: a horse 2 tiles off (5, 5) cannot be mounted; next to it, the hero mounts and then cannot dismount in the same turn", () => {
    const far = stable(PLAIN, { horseAt: [5, 5] });
    planSteps(far.sim, far.a, [{ kind: "mount", mountId: far.horse.id }]);
    expect(of(tick(far.sim, []), "turnPlanPlayed")[0]!.refusals).toEqual([WHEN]);
    expect(d20Of(far.a).riding).toBeNull();
    const { sim, a, horse } = stable(PLAIN);
    planSteps(sim, a, [{ kind: "mount", mountId: horse.id }, { kind: "dismount", x: 3, y: 5 }]);
    expect(of(tick(sim, []), "turnPlanPlayed")[0]!.refusals).toEqual([null, "dismounting needs half the movement value, once a turn (D20-MOUNT-02 to D20-MOUNT-04)"]);
    expect(d20Of(a).riding).toEqual({ mountId: horse.id, controlled: true });
  });

  it("D20-MOUNT-04: after walking 3 of its 6 tiles the hero still has half its movement and mounts; after 4 (2 left) the mount is refused", () => {
    for (const [walk, ok] of [[at([2, 5], [2, 4], [3, 4]), true], [at([2, 5], [2, 4], [3, 4], [3, 5]), false]] as const) {
      const { sim, a, horse } = stable(PLAIN);
      planSteps(sim, a, [{ kind: "move", path: walk }, { kind: "mount", mountId: horse.id }]);
      expect(of(tick(sim, []), "turnPlanPlayed")[0]!.refusals).toEqual([null, ok ? null : WHEN]);
      expect(d20Of(a).riding).toEqual(ok ? { mountId: horse.id, controlled: true } : null);
    }
  });
});

describe("audit s1: a falling mount (D20-MOUNT-08)", () => {
  it("D20-MOUNT-08: the griffon drops under a player foe's blow (15 hits, 1d8 5: 1 → 0); its rider, reaction unspent, leaps off with it and lands on its feet beside it at (4, 4): not prone, no bad-luck roll, no fall damage", () => {
    const sim = d20Sim(1);
    const k = ADVENTURER_CLASSES.Skyrider!;
    const sky = hero(sim, 4, 5, { adventurerClass: "Skyrider", partyId: "p1", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
    sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [sky.id] } as unknown as PartyRecord);
    const griffon = sim.state.units[d20Of(sky).riding!.mountId]!;
    const foeUnit = hero(sim, 6, 5, { faction: "dungeon", controller: "b0" });
    plain([sky, griffon, foeUnit]);
    d20Of(griffon).hp = 1;
    sky.targetId = foeUnit.id;
    forceDice(sim, [1, 2, 20]); // initiative Skyrider 1, griffon 2, foe 20: the foe's turn comes first and waits for its plan
    sim.step();
    expect(d20Of(sky).reactionUsed).toBe(false);
    expect(sim.enqueue({ kind: "adventurer", seatId: "b0", unitId: foeUnit.id }, { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: griffon.id }] })).toEqual({ ok: true });
    const ev = tick(sim, [15, 5]);
    expect(of(ev, "damaged").map((e) => [e.targetId, e.amount])).toEqual([[griffon.id, 5]]);
    expect([d20Of(sky).riding, d20Of(sky).statuses.map((s) => s.kind), d20Of(sky).reactionUsed, d20Of(sky).hp, sky.x, sky.y]).toEqual([null, [], true, 100, 4, 4]);
  });
});

describe("audit s1: the written movement is the walking movement (D20-MOVE-16)", () => {
  it("D20-MOVE-16: a walking hero whose sheet says movement 5 walks 5 tiles in its turn, (5, 5) to (10, 5); the 6th is refused", () => {
    const { sim, a } = duel(5, 16, (u) => { d20Of(u).movement = 5; });
    expect(d20Of(a).mode).toBe("walk");
    planSteps(sim, a, [{ kind: "move", path: at([6, 5], [7, 5], [8, 5], [9, 5], [10, 5]) }, { kind: "move", path: at([11, 5]) }]);
    expect(of(tick(sim, []), "turnPlanPlayed")[0]!.refusals).toEqual([null, "not enough movement left (D20-MOVE-07)"]);
    expect([a.x, a.y]).toEqual([10, 5]);
  });
});
