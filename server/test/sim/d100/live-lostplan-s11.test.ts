import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { adventurer, ARENA, lines, recordDice, run } from "./fixtures.ts";
import { party } from "../doors/helpers.ts";
import { player } from "../actors.ts";

/**
 * Issue 17 follow-up (review s11): a player's plan waiting for a turn its unit will never play is
 * answered `turnPlanPlayed` with one refusal, as a dead unit's is: `captured`, `departed`
 * (d100/encounter.ts `lostD100Plan`, encounters.ts `answerLostPlan`; `fled` is the shared
 * encounters' answer, played live in sim/d20/live-lostplan-s11.test.ts); and a plan still waiting
 * when the encounter ends is answered `encounterOver` (encounters.ts `end`). `fled` is reached in d100
 * too: no d100 move covers 13 tiles, but two moves apart (6 tiles each, P100-MOVE-01) do.
 */

/** A d100 simulation on `mapText` that does not pause when a party is spotted. */
function sim100(mapText: string): Simulation {
  return Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", mapText), pauseOnSpot: false });
}

/** A player's warrior (seat a1, `hp` of 20) at (x, y) and a 300-HP minion set on it at (x - 1, y) or (x + 1, y). */
function duo(sim: Simulation, x: number, y: number, hp: number, minionX: number) {
  const w = adventurer(sim, "Warrior", x, y);
  w.controller = "a1";
  Object.assign(d100Of(w), { hp, maxHp: 20 });
  const m = addUnit(sim, { kind: "minion", x: minionX, y });
  d100Of(m).hp = d100Of(m).maxHp = 300;
  m.targetId = w.id;
  return { w, m };
}

describe("issue 17 follow-up: d100 answers the plan of a unit that is captured or departs", () => {
  it("INV-92, CMB-46: the minion's blow (90 against a dodge of 10, 10 damage) takes the warrior from 5 to −5, out of the fight; its player's attack plan waits; the next tick the minion, which sees no other foe (the ally is behind a wall), takes it prisoner: the plan is answered [\"captured\"] and the encounter goes on for the ally", () => {
    const sim = sim100(["P..#................", ...Array.from({ length: 10 }, () => "...#................"), "SK.#................"].join("\n"));
    const { w, m } = duo(sim, 2, 5, 5, 1);
    const ally = adventurer(sim, "Warrior", 5, 5);
    ally.controller = "a2";
    const dice = recordDice(sim, [10, 50, 30, 90, 10, 10]);
    expect(lines(sim.step())).toEqual([
      `1 attack attackerId=${m.id} targetId=${w.id} hit=true attackRoll=90 defenceRoll=10`,
      `1 damaged targetId=${w.id} sourceId=${m.id} amount=10 damageType=melee hp=-5 critical=false`,
      `1 knockedOut unitId=${w.id} outcome=unconscious cause=hitPoints`,
    ]);
    const enc = encounterOf(sim, w.id)!;
    expect(sim.enqueue(player(w.id, "a1"), { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }] })).toEqual({ ok: true });
    expect(w.id in enc.plans).toBe(true);
    expect(lines(sim.step())).toEqual([
      `2 captured unitId=${w.id} byUnitId=${m.id}`,
      `2 turnPlanPlayed unitId=${w.id} refusals=["captured"]`,
    ]);
    expect([w.activity, enc.participants, enc.plans, sim.state.encounters?.[enc.id] === enc, dice.draws, dice.left()]).toEqual([
      "captured", [m.id, ally.id], {}, true, ["d100=10", "d100=50", "d100=30", "d100=90", "d100=10", "1..50=10"], 0,
    ]);
  });

  it("INV-03: the warrior of a party stands on its portal; the minion's blow (90 against a dodge of 10, 12 damage) leaves it 8 of 20 HP, badly hurt; its player's attack plan waits; the next tick it leaves the map there, and the plan is answered [\"departed\"]", () => {
    const sim = sim100(ARENA);
    const { w, m } = duo(sim, 0, 2, 20, 1);
    expect(party(sim, [w]).portal).toEqual({ x: 0, y: 2 });
    const dice = recordDice(sim, [10, 50, 90, 10, 12]);
    const first = lines(sim.step());
    expect(first.slice(0, 2)).toEqual([
      `1 attack attackerId=${m.id} targetId=${w.id} hit=true attackRoll=90 defenceRoll=10`,
      `1 damaged targetId=${w.id} sourceId=${m.id} amount=12 damageType=melee hp=8 critical=false`,
    ]);
    const enc = encounterOf(sim, w.id)!;
    expect(sim.enqueue(player(w.id, "a1"), { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }] })).toEqual({ ok: true });
    expect(lines(sim.step())).toEqual([
      `2 escaped unitId=${w.id}`,
      `2 turnPlanPlayed unitId=${w.id} refusals=["departed"]`,
      `2 encounterEnded encounterId=${enc.id} rounds=1 reason=beaten`,
    ]);
    expect([w.activity, d100Of(w).hp, sim.state.encounters, dice.draws, dice.left()]).toEqual(["left", 8, {}, ["d100=10", "d100=50", "d100=90", "d100=10", "1..50=12"], 0]);
  });
});

describe("issue 17 follow-up: d100 answers the plans still waiting when the encounter ends", () => {
  it("the shared encounters' end (D20-FLOW-26, beaten): the warrior (seat a1, initiative 10) waits with an attack plan; its ally (seat a2, initiative 90) strikes first (90 against a dodge of 10, sword 10 of 1..100) and the minion (5 HP) falls: the encounter ends 'beaten' and the warrior's plan is answered once [\"encounterOver\"], before encounterEnded", () => {
    const sim = sim100(ARENA);
    const w = adventurer(sim, "Warrior", 4, 5);
    w.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 5, y: 5 });
    d100Of(m).hp = 5;
    const ally = adventurer(sim, "Warrior", 6, 5);
    ally.controller = "a2";
    w.targetId = m.id;
    const start = recordDice(sim, [10, 50, 90]);
    expect(lines(sim.step())).toEqual([]);
    const enc = encounterOf(sim, w.id)!;
    expect(enc.order).toEqual([ally.id, m.id, w.id]);
    expect(sim.enqueue(player(w.id, "a1"), { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }] })).toEqual({ ok: true });
    expect(sim.enqueue(player(ally.id, "a2"), { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }] })).toEqual({ ok: true });
    const dice = recordDice(sim, [90, 10, 10]);
    expect(lines(run(sim, 3))).toEqual([
      `2 attack attackerId=${ally.id} targetId=${m.id} hit=true attackRoll=90 defenceRoll=10`,
      `2 damaged targetId=${m.id} sourceId=${ally.id} amount=10 damageType=melee hp=-5 critical=false`,
      `2 knockedOut unitId=${m.id} outcome=dead cause=hitPoints`,
      `2 turnPlanPlayed unitId=${ally.id} refusals=[null]`,
      `2 turnPlanPlayed unitId=${w.id} refusals=["encounterOver"]`,
      `2 encounterEnded encounterId=${enc.id} rounds=1 reason=beaten`,
    ]);
    expect([sim.state.encounters, start.draws, dice.draws, dice.left()]).toEqual([{}, ["d100=10", "d100=50", "d100=90"], ["d100=90", "d100=10", "1..100=10"], 0]);
  });
});

describe("issue 17 follow-up: d100 answers `fled` (no d100 move covers 13 tiles: two moves apart do)", () => {
  it("D20-FLOW-26 (fled, shared encounters), P100-MOVE-01: the warrior (seat a1, initiative 90) moves its 6 tiles west, away from the foe 2 tiles off, and plans an attack for its next turn; the foe (seat b0, initiative 10) moves its 6 tiles east: 14 tiles apart, the warrior has no foe within 12 and has fled: its waiting plan is answered [\"fled\"], then the encounter ends 'fled'", () => {
    const sim = sim100(ARENA);
    const w = adventurer(sim, "Warrior", 6, 5);
    w.controller = "a1";
    const foe = adventurer(sim, "Warrior", 8, 5);
    Object.assign(foe, { faction: "dungeon", controller: "b0" });
    w.targetId = foe.id;
    const start = recordDice(sim, [90, 10]);
    expect(lines(sim.step())).toEqual([]);
    const enc = encounterOf(sim, w.id)!;
    expect(enc.order).toEqual([w.id, foe.id]);
    expect(sim.enqueue(player(w.id, "a1"), { type: "planTurn", action: "steps", steps: [{ kind: "move", x: 0, y: 5 }] })).toEqual({ ok: true });
    expect(lines(sim.step())).toEqual([`2 turnPlanPlayed unitId=${w.id} refusals=[null]`]);
    expect([w.x, enc.participants]).toEqual([0, [w.id, foe.id]]);
    expect(sim.enqueue(player(w.id, "a1"), { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: foe.id }] })).toEqual({ ok: true });
    expect(sim.enqueue(player(foe.id, "b0"), { type: "planTurn", action: "steps", steps: [{ kind: "move", x: 14, y: 5 }] })).toEqual({ ok: true });
    expect(lines(run(sim, 3))).toEqual([
      `3 turnPlanPlayed unitId=${foe.id} refusals=[null]`,
      `3 turnPlanPlayed unitId=${w.id} refusals=["fled"]`,
      `3 encounterEnded encounterId=${enc.id} rounds=1 reason=fled`,
    ]);
    expect([w.x, foe.x, sim.state.encounters, start.draws, start.left()]).toEqual([0, 14, {}, ["d100=90", "d100=10"], 0]);
  });
});
