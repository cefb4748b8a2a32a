import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { EncounterRecord } from "../../../src/sim/combat/encounters/types.ts";
import { BYSTANDER_HIT_CHANCE } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { newTurn as newD20Turn } from "../../../src/sim/combat/d20/actions.ts";
import { playPlan as playD20Plan } from "../../../src/sim/combat/d20/turn.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { newTurn as newD100Turn } from "../../../src/sim/combat/d100/turns.ts";
import { playPlan as playD100Plan } from "../../../src/sim/combat/d100/plans.ts";
import { scriptedDice } from "../d20/helpers.ts";

const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");
const BOW = { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } as const;
const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };

/** An encounter record holding `units`, in that order (built by hand: the test plays one turn). */
function encounterOf(units: UnitRecord[]): EncounterRecord {
  const ids = units.map((u) => u.id);
  return {
    id: "e1", participants: ids, order: ids, initiative: {}, round: 1, turnIndex: 0, roundStartTick: 0, nextTurnTick: 0,
    surprised: [], acted: [], reactions: {}, waitingSince: 0, plans: {}, startTick: 0,
  };
}
/** Makes `sim.rng` return `values` in order from now on. */
function forceDice(sim: Simulation, values: readonly number[]): { left(): number } {
  const dice = scriptedDice(values);
  Object.assign(sim.rng, { int: dice.int, die: dice.die, d100: dice.d100, chance: dice.chance });
  return dice;
}
const of = <T extends SimEvent["type"]>(events: SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);

/** An archer at (2, 5) shooting at a minion at (9, 5), a friend at (4, 5) and a minion at (6, 5) on the path. */
function range(ruleset: "d20" | "d100") {
  const sim = Simulation.create({ seed: 1, ruleset, map: parseMap("t", ARENA) });
  const archer = addUnit(sim, { kind: "adventurer", faction: "heroes", adventurerClass: "Scout", level: 1, x: 2, y: 5, gear: { ...BOW } });
  const friend = addUnit(sim, { kind: "adventurer", faction: "heroes", adventurerClass: "Warrior", level: 1, x: 4, y: 5 });
  const bystander = addUnit(sim, { kind: "minion", x: 6, y: 5 });
  const target = addUnit(sim, { kind: "minion", x: 9, y: 5 });
  sim.drainEvents();
  return { sim, archer, friend, bystander, target, enc: encounterOf([archer, friend, bystander, target]) };
}

describe("CMB-14 in rounds: a shot may strike a bystander on its path, whatever the ruleset", () => {
  it(`CMB-14: d20 — the friend nearest the archer is passed (d100 ${BYSTANDER_HIT_CHANCE + 1}), the minion behind it takes the shot (d100 ${BYSTANDER_HIT_CHANCE}) and its damage`, () => {
    const f = range("d20");
    for (const u of [f.archer, f.friend, f.bystander, f.target]) { d20Of(u).abilities = { ...ZERO }; d20Of(u).hp = d20Of(u).maxHp = 100; }
    // bystander rolls: friend 26 (> 25, passed), minion 25 (takes it); attack d20 15 ≥ AC; shortbow 1d6 → 4.
    const dice = forceDice(f.sim, [BYSTANDER_HIT_CHANCE + 1, BYSTANDER_HIT_CHANCE, 15, 4]);
    const r = playD20Plan(f.sim, f.enc, f.archer, { steps: [{ kind: "attack", targetId: f.target.id }] }, { budget: newD20Turn(d20Of(f.archer).movement), attacksLeft: 0 });
    expect(r).toEqual([null]);
    const events = f.sim.drainEvents();
    expect(of(events, "shotIntercepted")).toEqual([{ type: "shotIntercepted", attackerId: f.archer.id, intendedId: f.target.id, targetId: f.bystander.id, tick: 0 }]);
    expect(of(events, "attack").map((e) => [e.attackerId, e.targetId, e.hit])).toEqual([[f.archer.id, f.bystander.id, true]]);
    expect([d20Of(f.bystander).hp, d20Of(f.target).hp, d20Of(f.friend).hp]).toEqual([96, 100, 100]);
    expect(dice.left()).toBe(0);
  });

  it("CMB-14: d20 — when every body on the path lets it pass (d100 26 each), the shot strikes its target", () => {
    const f = range("d20");
    for (const u of [f.archer, f.friend, f.bystander, f.target]) { d20Of(u).abilities = { ...ZERO }; d20Of(u).hp = d20Of(u).maxHp = 100; }
    const dice = forceDice(f.sim, [26, 26, 15, 4]);
    playD20Plan(f.sim, f.enc, f.archer, { steps: [{ kind: "attack", targetId: f.target.id }] }, { budget: newD20Turn(d20Of(f.archer).movement), attacksLeft: 0 });
    const events = f.sim.drainEvents();
    expect(of(events, "shotIntercepted")).toEqual([]);
    expect(of(events, "attack").map((e) => [e.targetId, e.hit])).toEqual([[f.target.id, true]]);
    expect([d20Of(f.bystander).hp, d20Of(f.target).hp]).toEqual([100, 96]);
    expect(dice.left()).toBe(0);
  });

  it(`CMB-14: d100 — the friend nearest the archer takes the shot (d100 ${BYSTANDER_HIT_CHANCE}) and its damage; nobody further is checked`, () => {
    const f = range("d100");
    const before = d100Of(f.friend).hp;
    // bystander roll: friend 25 (takes it); attack 60 against defence 30, damage 30.
    const dice = forceDice(f.sim, [BYSTANDER_HIT_CHANCE, 60, 30, 30]);
    expect(playD100Plan(f.sim, f.enc, f.archer, { action: "attack", targetId: f.target.id }, newD100Turn())).toBe(true);
    const events = f.sim.drainEvents();
    expect(of(events, "shotIntercepted")).toEqual([{ type: "shotIntercepted", attackerId: f.archer.id, intendedId: f.target.id, targetId: f.friend.id, tick: 0 }]);
    expect(of(events, "attack").map((e) => [e.attackerId, e.targetId, e.hit])).toEqual([[f.archer.id, f.friend.id, true]]);
    expect([d100Of(f.friend).hp, d100Of(f.target).hp]).toEqual([before - 30, d100Of(f.target).maxHp]);
    expect(dice.left()).toBe(0);
  });
});
