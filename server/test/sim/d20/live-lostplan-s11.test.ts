import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { ARENA, d20Sim, hero, minion } from "../encounters/helpers.ts";
import { party } from "../doors/helpers.ts";
import { plain, run } from "./live-helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";

/**
 * Issue 17 follow-up (review s11): a player's plan waiting for a turn its unit will never play in
 * the encounter is answered `turnPlanPlayed` with one refusal, as a dead creature's is: `fled`,
 * `captured`, `departed` (encounters.ts `answerLostPlan`, d20/turn.ts `lostD20Plan`); and a plan
 * still waiting when the encounter ends is answered `encounterOver` (encounters.ts `end`).
 */

/** Every event but moves, facings, activities and noise, as JSON, in order. */
function lines(events: readonly SimEvent[]): string[] {
  return events.filter((e) => !["unitMoved", "unitFacing", "activityChanged", "noise"].includes(e.type)).map((e) => JSON.stringify(e));
}

/** `sim.enqueue` of a `planTurn` of `steps` for `unitId` from its seat. */
function planOf(sim: Simulation) {
  return (unitId: string, seatId: string, steps: unknown[]) => sim.enqueue({ kind: "adventurer", seatId, unitId }, { type: "planTurn", action: "steps", steps } as never);
}

describe("issue 17 follow-up: d20 answers the plan of a creature that flees, is captured or departs", () => {
  it("D20-FLOW-26: the hero's attack plan waits; the foe (seat b0, initiative 20) Dashes 12 tiles east, past the hero's opportunity attack (natural 1): 13 tiles off, the hero has no foe in reach and has fled: its plan is answered [\"fled\"] that tick, before the encounter ends 'fled'", () => {
    const sim = d20Sim(1);
    const h = hero(sim, 2, 5, { controller: "a0" });
    const foe = hero(sim, 3, 5, { faction: "dungeon", controller: "b0" });
    plain([h, foe]);
    h.targetId = foe.id;
    const start = recordD20Dice(sim, [1, 20]);
    expect(lines(sim.step())).toEqual([`{"type":"encounterStarted","encounterId":"3","order":["${foe.id}","${h.id}"],"initiative":{"${h.id}":1,"${foe.id}":20},"surprised":[],"tick":1}`]);
    const plan = planOf(sim);
    expect(plan(h.id, "a0", [{ kind: "attack", targetId: foe.id }])).toEqual({ ok: true });
    expect(plan(foe.id, "b0", [{ kind: "dash" }, { kind: "move", path: Array.from({ length: 12 }, (_, i) => ({ x: 4 + i, y: 5 })) }])).toEqual({ ok: true });
    const dice = recordD20Dice(sim, [1]);
    expect(lines(run(sim, 2))).toEqual([
      `{"type":"turnStarted","encounterId":"3","round":1,"unitId":"${foe.id}","tick":2}`,
      `{"type":"reaction","unitId":"${h.id}","kind":"opportunityAttack","detail":"longsword","againstId":"${foe.id}","tick":2}`,
      `{"type":"attack","attackerId":"${h.id}","targetId":"${foe.id}","hit":false,"attackRoll":1,"defenceRoll":12,"tick":2}`,
      `{"type":"turnPlanPlayed","unitId":"${foe.id}","refusals":[null,null],"tick":2}`,
      `{"type":"turnPlanPlayed","unitId":"${h.id}","refusals":["fled"],"tick":2}`,
      `{"type":"encounterEnded","encounterId":"3","rounds":1,"reason":"fled","tick":2}`,
    ]);
    expect([foe.x - h.x, sim.state.encounters, start.draws, dice.draws, dice.left()]).toEqual([13, {}, ["d20=1", "d20=20"], ["d20=1"], 0]);
  });

  it("INV-92, CMB-46: the hero (1 HP) waits with an attack plan; the minion's blow (15 hits AC 12, fists 1) drops it; the next tick the minion, which sees no other foe (the ally is behind a wall), takes it prisoner: its plan is answered [\"captured\"] and the encounter goes on for the ally", () => {
    const WALLED = ["P..#................", ...Array.from({ length: 10 }, () => "...#................"), "SK.#................"].join("\n");
    const sim = Simulation.create({ seed: 1, ruleset: "d20", map: parseMap("t", WALLED), pauseOnSpot: false });
    const h = hero(sim, 2, 5, { controller: "a0" });
    const c = minion(sim, 1, 5);
    const ally = hero(sim, 5, 5, { controller: "a1" });
    plain([h], 1);
    plain([c, ally]);
    h.targetId = c.id;
    const dice = recordD20Dice(sim, [1, 20, 5, 15]);
    expect(lines(sim.step())).toEqual([
      `{"type":"encounterStarted","encounterId":"4","order":["${c.id}","${ally.id}","${h.id}"],"initiative":{"${h.id}":1,"${c.id}":20,"${ally.id}":5},"surprised":[],"tick":1}`,
      `{"type":"turnStarted","encounterId":"4","round":1,"unitId":"${c.id}","tick":1}`,
      `{"type":"attack","attackerId":"${c.id}","targetId":"${h.id}","hit":true,"attackRoll":15,"defenceRoll":12,"tick":1}`,
      `{"type":"damaged","targetId":"${h.id}","sourceId":"${c.id}","amount":1,"damageType":"bludgeoning","hp":0,"critical":false,"tick":1}`,
      `{"type":"wound","targetId":"${h.id}","sourceId":"${c.id}","severity":"critical","location":"torso","woundPoints":0,"tick":1}`,
      `{"type":"knockedOut","unitId":"${h.id}","outcome":"unconscious","cause":"hitPoints","byUnitId":"${c.id}","tick":1}`,
    ]);
    const enc = encounterOf(sim, h.id)!;
    expect(planOf(sim)(h.id, "a0", [{ kind: "attack", targetId: c.id }])).toEqual({ ok: true });
    expect(h.id in enc.plans).toBe(true);
    expect(lines(sim.step())).toEqual([
      `{"type":"captured","unitId":"${h.id}","byUnitId":"${c.id}","tick":2}`,
      `{"type":"turnPlanPlayed","unitId":"${h.id}","refusals":["captured"],"tick":2}`,
    ]);
    expect([h.activity, enc.participants, enc.plans, sim.state.encounters?.[enc.id] === enc, dice.draws, dice.left()]).toEqual([
      "captured", [c.id, ally.id], {}, true, ["d20=1", "d20=20", "d20=5", "d20=15"], 0,
    ]);
  });

  it("INV-03: the hero of a party, standing on its portal, waits with an attack plan; the foe's blow (15 hits AC 12, d8 6) leaves it 4 of 10 HP, badly hurt: the next tick it leaves the map there, and its plan is answered [\"departed\"]", () => {
    const sim = Simulation.create({ seed: 1, ruleset: "d20", map: parseMap("t", ARENA), pauseOnSpot: false });
    const h = hero(sim, 0, 2, { controller: "a0" });
    const foe = hero(sim, 1, 2, { faction: "dungeon", controller: "b0" });
    plain([h], 10);
    plain([foe]);
    const p = party(sim, [h]);
    expect(p.portal).toEqual({ x: 0, y: 2 });
    h.targetId = foe.id;
    recordD20Dice(sim, [1, 20]);
    sim.step();
    const enc = encounterOf(sim, h.id)!;
    const plan = planOf(sim);
    expect(plan(h.id, "a0", [{ kind: "attack", targetId: foe.id }])).toEqual({ ok: true });
    expect(plan(foe.id, "b0", [{ kind: "attack", targetId: h.id }])).toEqual({ ok: true });
    const dice = recordD20Dice(sim, [15, 6]);
    expect(lines(run(sim, 2))).toEqual([
      `{"type":"turnStarted","encounterId":"${enc.id}","round":1,"unitId":"${foe.id}","tick":2}`,
      `{"type":"attack","attackerId":"${foe.id}","targetId":"${h.id}","hit":true,"attackRoll":15,"defenceRoll":12,"tick":2}`,
      `{"type":"damaged","targetId":"${h.id}","sourceId":"${foe.id}","amount":6,"damageType":"slashing","hp":4,"critical":false,"tick":2}`,
      `{"type":"wound","targetId":"${h.id}","sourceId":"${foe.id}","severity":"critical","location":"torso","woundPoints":0,"tick":2}`,
      `{"type":"turnPlanPlayed","unitId":"${foe.id}","refusals":[null],"tick":2}`,
      `{"type":"escaped","unitId":"${h.id}","tick":3}`,
      `{"type":"turnPlanPlayed","unitId":"${h.id}","refusals":["departed"],"tick":3}`,
      `{"type":"encounterEnded","encounterId":"${enc.id}","rounds":1,"reason":"beaten","tick":3}`,
    ]);
    expect([h.activity, d20Of(h).hp, sim.state.encounters, dice.draws, dice.left()]).toEqual(["left", 4, {}, ["d20=15", "d8=6"], 0]);
  });
});

describe("issue 17 follow-up: d20 answers the plans still waiting when the encounter ends", () => {
  it("D20-FLOW-26 (beaten): the hero (seat a0, initiative 1) waits with an attack plan; its ally (seat a1, initiative 20) strikes first (15 hits AC 11, d8 6) and the minion (1 HP) falls: the encounter ends 'beaten' and the hero's plan is answered once [\"encounterOver\"], before encounterEnded", () => {
    const sim = d20Sim(1);
    const h = hero(sim, 2, 5, { controller: "a0" });
    const foe = minion(sim, 3, 5);
    const ally = hero(sim, 4, 5, { controller: "a1" });
    plain([h, ally]);
    plain([foe], 1);
    h.targetId = foe.id;
    const start = recordD20Dice(sim, [1, 5, 20]);
    expect(lines(sim.step())).toEqual([`{"type":"encounterStarted","encounterId":"4","order":["${ally.id}","${foe.id}","${h.id}"],"initiative":{"${h.id}":1,"${foe.id}":5,"${ally.id}":20},"surprised":[],"tick":1}`]);
    const plan = planOf(sim);
    expect(plan(h.id, "a0", [{ kind: "attack", targetId: foe.id }])).toEqual({ ok: true });
    expect(plan(ally.id, "a1", [{ kind: "attack", targetId: foe.id }])).toEqual({ ok: true });
    const dice = recordD20Dice(sim, [15, 6]);
    expect(lines(run(sim, 3))).toEqual([
      `{"type":"turnStarted","encounterId":"4","round":1,"unitId":"${ally.id}","tick":2}`,
      `{"type":"attack","attackerId":"${ally.id}","targetId":"${foe.id}","hit":true,"attackRoll":15,"defenceRoll":11,"tick":2}`,
      `{"type":"damaged","targetId":"${foe.id}","sourceId":"${ally.id}","amount":6,"damageType":"slashing","hp":0,"critical":false,"tick":2}`,
      `{"type":"wound","targetId":"${foe.id}","sourceId":"${ally.id}","severity":"critical","location":"torso","woundPoints":0,"tick":2}`,
      `{"type":"knockedOut","unitId":"${foe.id}","outcome":"dead","cause":"hitPoints","byUnitId":"${ally.id}","tick":2}`,
      `{"type":"turnPlanPlayed","unitId":"${ally.id}","refusals":[null],"tick":2}`,
      `{"type":"turnPlanPlayed","unitId":"${h.id}","refusals":["encounterOver"],"tick":2}`,
      `{"type":"encounterEnded","encounterId":"4","rounds":1,"reason":"beaten","tick":2}`,
    ]);
    expect([sim.state.encounters, start.draws, dice.draws, dice.left()]).toEqual([{}, ["d20=1", "d20=5", "d20=20"], ["d20=15", "d8=6"], 0]);
  });

  it("D20-FLOW-26 (fled): the hero (seat a0, initiative 20) Dashes 12 tiles east, past the foe's opportunity attack (natural 1), while the foe's (seat b0, initiative 1) attack plan waits: 13 tiles off, the hero has fled (its own plan was played); the encounter ends 'fled' and the foe's plan is answered once [\"encounterOver\"]", () => {
    const sim = d20Sim(1);
    const h = hero(sim, 3, 5, { controller: "a0" });
    const foe = hero(sim, 2, 5, { faction: "dungeon", controller: "b0" });
    plain([h, foe]);
    h.targetId = foe.id;
    const start = recordD20Dice(sim, [20, 1]);
    expect(lines(sim.step())).toEqual([`{"type":"encounterStarted","encounterId":"3","order":["${h.id}","${foe.id}"],"initiative":{"${h.id}":20,"${foe.id}":1},"surprised":[],"tick":1}`]);
    const plan = planOf(sim);
    expect(plan(foe.id, "b0", [{ kind: "attack", targetId: h.id }])).toEqual({ ok: true });
    expect(plan(h.id, "a0", [{ kind: "dash" }, { kind: "move", path: Array.from({ length: 12 }, (_, i) => ({ x: 4 + i, y: 5 })) }])).toEqual({ ok: true });
    const dice = recordD20Dice(sim, [1]);
    expect(lines(run(sim, 3))).toEqual([
      `{"type":"turnStarted","encounterId":"3","round":1,"unitId":"${h.id}","tick":2}`,
      `{"type":"reaction","unitId":"${foe.id}","kind":"opportunityAttack","detail":"longsword","againstId":"${h.id}","tick":2}`,
      `{"type":"attack","attackerId":"${foe.id}","targetId":"${h.id}","hit":false,"attackRoll":1,"defenceRoll":12,"tick":2}`,
      `{"type":"turnPlanPlayed","unitId":"${h.id}","refusals":[null,null],"tick":2}`,
      `{"type":"turnPlanPlayed","unitId":"${foe.id}","refusals":["encounterOver"],"tick":2}`,
      `{"type":"encounterEnded","encounterId":"3","rounds":1,"reason":"fled","tick":2}`,
    ]);
    expect([h.x - foe.x, sim.state.encounters, start.draws, dice.draws, dice.left()]).toEqual([13, {}, ["d20=20", "d20=1"], ["d20=1"], 0]);
  });
});
