import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { d20TurnOptions } from "../../../src/sim/combat/d20/options.ts";
import { reachableTiles } from "../../../src/sim/combat/d20/reach.ts";
import { TURN_TIMER_TICKS } from "@malignus/shared";
import type { EncounterRecord } from "../../../src/sim/combat/encounters/types.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { projectTurnOptions } from "../../../src/rooms/turnProjection.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "./helpers.ts";
import { setFaction } from "../../../src/sim/world/factions.ts";

const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };

/** A 20×12 map whose row 5 is a corridor between walls (rows 4 and 6). */
const CORRIDOR = ARENA.split("\n").map((row, y) => (y === 4 || y === 6 ? "#".repeat(20) : row)).join("\n");

/**
 * A hero (controlled by a player when `controlled`) at `heroAt` picks a minion at `minionAt` as
 * its target: both at 100 HP with zero modifiers (nobody defends, AC 11). Initiative dice: 15
 * for the hero, 5 for the minion, so the hero acts first. Returns after the step that formed
 * the encounter, with that step's events.
 */
function duel(controlled: boolean, heroAt: [number, number] = [2, 5], minionAt: [number, number] = [8, 5], map = ARENA) {
  const sim = d20Sim(1, map);
  const h = hero(sim, heroAt[0], heroAt[1], controlled ? { controller: "seat-1" } : {});
  const m = minion(sim, minionAt[0], minionAt[1]);
  for (const u of [h, m]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
  h.targetId = m.id;
  forceDice(sim, [15, 5]);
  const events = sim.step();
  const enc = Object.values(sim.state.encounters ?? {})[0]!;
  return { sim, h, m, enc, events };
}
const strip = (events: SimEvent[]) => events.map(({ tick: _t, ...e }) => e);
const at = (sim: Simulation, ids: string[]) => ids.map((id) => [sim.state.units[id]!.x, sim.state.units[id]!.y]);

describe("adventurer players in d20 encounters (issue 7, Who decides)", () => {
  it("D20-FLOW-24: a player's adventurer waits for its plan; after TURN_TIMER_TICKS ticks the AI acts for it", () => {
    const { sim, h, m, enc, events } = duel(true);
    expect(enc.order).toEqual([h.id, m.id]);
    expect(events.map((e) => e.type)).toEqual(["encounterStarted"]);
    const from = sim.state.tick;
    expect(enc.waitingSince).toBe(from);
    const waiting: SimEvent[] = [];
    for (let i = 1; i < TURN_TIMER_TICKS; i++) waiting.push(...sim.step());
    expect(waiting).toEqual([]);
    expect([h.x, h.y]).toEqual([2, 5]);
    forceDice(sim, [1]); // the AI's attack roll: a natural 1 misses
    const last = sim.step();
    expect(sim.state.tick).toBe(from + TURN_TIMER_TICKS);
    // The AI walks next to the minion (D20-MOVE-10) and attacks it; no plan was played.
    expect(strip(last)).toEqual([
      { type: "turnStarted", encounterId: enc.id, round: 1, unitId: h.id },
      { type: "attack", attackerId: h.id, targetId: m.id, hit: false, attackRoll: 1, defenceRoll: 11 },
    ]);
    expect([h.x, h.y]).toEqual([7, 5]);
    expect(enc.waitingSince).toBe(-1);
  });

  it("D20-FLOW-24: an AI-controlled adventurer does not wait: its turn plays the tick the encounter starts", () => {
    const sim = d20Sim(1);
    const h = hero(sim, 7, 5);
    const m = minion(sim, 8, 5);
    for (const u of [h, m]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
    h.targetId = m.id;
    forceDice(sim, [15, 5, 1]);
    expect(sim.step().map((e) => e.type)).toEqual(["encounterStarted", "turnStarted", "attack"]);
  });

  it("D20-FLOW-24: a paralysed player's adventurer is not waited for (it cannot act, D20-STATUS-03)", () => {
    const sim = d20Sim(1);
    const h = hero(sim, 2, 5, { controller: "seat-1" });
    const m = minion(sim, 8, 5);
    for (const u of [h, m]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; }
    addStatus(d20Of(h).statuses, "paralysed", "", 1);
    h.targetId = m.id;
    forceDice(sim, [15, 5]);
    expect(sim.step().map((e) => e.type)).toEqual(["encounterStarted", "turnStarted"]);
  });

  it("D20-MOVE-10, D20-ATTACK-01: a one-word attack plan moves by the cheapest way into reach, then attacks, exactly", () => {
    const { sim, h, m, enc } = duel(true);
    sim.step();
    enc.plans[h.id] = { action: "attack", targetId: m.id };
    forceDice(sim, [20]); // a natural 20: hit, maximum damage (1d8 longsword → 8)
    const events = strip(sim.step());
    expect(events).toEqual([
      { type: "turnStarted", encounterId: enc.id, round: 1, unitId: h.id },
      { type: "attack", attackerId: h.id, targetId: m.id, hit: true, attackRoll: 20, defenceRoll: 11 },
      expect.objectContaining({ type: "damaged", targetId: m.id, sourceId: h.id, amount: 8, hp: 92, critical: true }),
      { type: "wound", targetId: m.id, sourceId: h.id, location: "torso", severity: "light", woundPoints: 0 },
      { type: "turnPlanPlayed", unitId: h.id, refusals: [null, null] },
    ]);
    // Cost 5 either way; ties go to the lowest row, then column.
    expect([h.x, h.y]).toEqual([7, 4]);
    expect(enc.plans).toEqual({});
  });

  it("D20-FLOW-27, D20-MOVE-07, D20-ATTACK-19: a plan in steps plays exactly; a refused step stops it and is reported", () => {
    const { sim, h, m, enc } = duel(true);
    enc.plans[h.id] = { action: "steps", steps: [
      { kind: "say", text: "Here I come" },
      { kind: "move", path: [{ x: 3, y: 5 }, { x: 4, y: 4 }, { x: 5, y: 4 }] },
      { kind: "attack", targetId: m.id },
      { kind: "move", path: [{ x: 6, y: 4 }] },
    ] };
    const events = strip(sim.step());
    expect(events).toEqual([
      { type: "turnStarted", encounterId: enc.id, round: 1, unitId: h.id },
      { type: "spoke", unitId: h.id, text: "Here I come" }, // D20-FLOW-30: what is said is heard (audit s10-b)
      { type: "turnPlanPlayed", unitId: h.id, refusals: [null, null, "the target is out of reach or range (D20-ATTACK-19, D20-ATTACK-51)"] },
    ]);
    expect([h.x, h.y]).toEqual([5, 4]);
  });

  it("D20-MOVE-10: out of reach this turn, a one-word attack plan walks the shortest way around a wall as far as the movement goes", () => {
    // A wall at x = 5 from row 0 to row 9: from (3, 2) the way to (8, 2) goes down to row 10.
    const walled = ARENA.split("\n").map((row, y) => (y <= 9 ? row.slice(0, 5) + "#" + row.slice(6) : row)).join("\n");
    const { sim, h, m, enc } = duel(true, [3, 2], [8, 2], walled);
    enc.plans[h.id] = { action: "attack", targetId: m.id };
    const events = strip(sim.step());
    expect(events.filter((e) => e.type === "turnPlanPlayed")).toEqual([{ type: "turnPlanPlayed", unitId: h.id, refusals: [null] }]);
    // Six steps of the shortest walk (8 rows down to the gap, one row per step).
    expect(h.y).toBe(2 + d20Of(h).movement);
    expect(h.x).toBeLessThan(5);
  });

  it("D20-ACTION-02: a plan the rules do not describe falls back to the AI (as in d100)", () => {
    const { sim, h, m, enc } = duel(true);
    enc.plans[h.id] = { action: "intimidate", targetId: m.id };
    forceDice(sim, [1]);
    expect(sim.step().map((e) => e.type)).toEqual(["turnStarted", "attack"]);
    expect([h.x, h.y]).toEqual([7, 5]);
  });

  it("D20-MOVE-05, D20-MOVE-09: the turn options list every tile within the movement (diagonals cost 1) and the foes in reach", () => {
    const { sim, h, m, enc } = duel(true, [5, 5], [8, 5]);
    d20Of(h).movement = 3;
    const o = d20TurnOptions(sim, enc, h);
    // The 7×7 square around (5, 5) minus the hero's own tile and the minion's.
    expect(o.reachable.length).toBe(7 * 7 - 2);
    expect(o.reachable.find((t) => t.x === 8 && t.y === 8)).toEqual({ x: 8, y: 8, cost: 3, path: [{ x: 6, y: 6 }, { x: 7, y: 7 }, { x: 8, y: 8 }] });
    expect(o.movement).toBe(3);
    expect(o.targets).toEqual([]);
    expect(o.actions).toContain("move");
    expect(o.actions).not.toContain("attack");
    h.x = 7;
    const near = d20TurnOptions(sim, enc, h);
    expect(near.targets).toEqual([m.id]);
    expect(near.actions).toContain("attack");
  });

  it("D20-MOVE-30, D20-MOVE-33, D20-ATTACK-43: prone, the options offer standing up and price each tile crawled at 2; grappled, no tile and Escape", () => {
    const { sim, h, m, enc } = duel(true, [2, 5], [12, 5], CORRIDOR);
    const me = d20Of(h);
    addStatus(me.statuses, "prone", "", -1);
    const prone = d20TurnOptions(sim, enc, h);
    expect(prone.actions).toContain("standUp");
    expect(prone.actions).not.toContain("dropProne");
    expect(prone.reachable.map((t) => [t.x, t.y, t.cost])).toEqual([[1, 5, 2], [3, 5, 2], [0, 5, 4], [4, 5, 4], [5, 5, 6]]);
    me.statuses.length = 0;
    addStatus(me.statuses, "grappled", m.id, -1);
    const held = d20TurnOptions(sim, enc, h);
    expect(held.reachable).toEqual([]);
    expect(held.actions).toContain("escape");
    expect(held.actions).not.toContain("move");
  });

  it("D20-MOVE-25, D20-MOVE-36: an ally's space costs 2 to cross and cannot be ended on; a foe's space cannot be crossed", () => {
    const { sim, h, m, enc } = duel(true, [2, 5], [12, 5], CORRIDOR);
    const ally = hero(sim, 3, 5);
    const tiles = (mv: number) => reachableTiles(sim, enc, h, mv).map((t) => [t.x, t.y, t.cost]);
    expect(tiles(3)).toEqual([[1, 5, 1], [0, 5, 2], [4, 5, 3]]);
    setFaction(sim, ally, m.faction);
    expect(tiles(3)).toEqual([[1, 5, 1], [0, 5, 2]]);
  });

  it("issue 7: the state carries the options of a turn waiting for its player, until the turn is played", () => {
    const { sim, h, m, enc } = duel(true, [7, 5], [8, 5]);
    const state = new DungeonState();
    projectTurnOptions(state, sim);
    const o = state.turnOptions.get(h.id)!;
    expect(o.unitId).toBe(h.id);
    expect(o.encounterId).toBe(enc.id);
    expect(o.deadlineTick).toBe(enc.waitingSince + TURN_TIMER_TICKS);
    expect(o.targets.toArray()).toEqual([m.id]);
    const direct = d20TurnOptions(sim, enc, h);
    expect(o.actions.toArray()).toEqual(direct.actions);
    expect(o.reachable.toArray()).toEqual(direct.reachable.map((t) => t.y * sim.state.map.width + t.x));
    expect(o.reachableCost.toArray()).toEqual(direct.reachable.map((t) => t.cost));
    expect(state.turnOptions.size).toBe(1);
    enc.plans[h.id] = { action: "wait" };
    forceDice(sim, []);
    expect(sim.step().filter((e) => e.type === "turnPlanPlayed")).toEqual([{ type: "turnPlanPlayed", unitId: h.id, refusals: [], tick: sim.state.tick }]);
    projectTurnOptions(state, sim);
    expect(state.turnOptions.size).toBe(0);
  });
});
