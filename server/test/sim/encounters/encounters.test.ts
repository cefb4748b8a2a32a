import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { ENCOUNTER_RADIUS, ROUND_TICKS } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { d20Sim, forceDice, hero, minion } from "./helpers.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";

function run(sim: Simulation, ticks: number): SimEvent[] {
  const out: SimEvent[] = [];
  for (let i = 0; i < ticks; i++) out.push(...sim.step());
  return out;
}
const of = <T extends SimEvent["type"]>(events: SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);

describe("encounters (d20)", () => {
  it("D20-FLOW-02, D20-FLOW-04, D20-FLOW-17, D20-FLOW-18, D20-FLOW-19: the first hostile action starts an encounter; initiative 1d20 + Agility, highest first", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    d20Of(a).abilities.agility = 2;
    d20Of(m).abilities.agility = 0;
    a.targetId = m.id;
    // initiative: hero 5 + 2 = 7, minion 15 + 0 = 15; then the minion's turn: a natural 1 misses.
    const dice = forceDice(sim, [5, 15, 1]);
    const events = sim.step();
    expect(of(events, "encounterStarted")).toEqual([
      { type: "encounterStarted", tick: 1, encounterId: expect.any(String), order: [m.id, a.id], initiative: { [a.id]: 7, [m.id]: 15 }, surprised: [] },
    ]);
    expect(of(events, "turnStarted").map((e) => e.unitId)).toEqual([m.id]);
    expect(of(events, "attack")[0]).toMatchObject({ attackerId: m.id, targetId: a.id, hit: false });
    expect(dice.left()).toBe(0);
  });

  it("D20-FLOW-01, D20-FLOW-03, D20-FLOW-20, D20-FLOW-24, D20-FLOW-25: the same order every round, one turn each, rounds ROUND_TICKS apart", () => {
    const sim = d20Sim(7);
    const a = hero(sim, 5, 5);
    const b = hero(sim, 5, 6);
    const m = minion(sim, 6, 5, { stats: { combat: 0, craft: 0, tracking: 0, block: 0 } });
    for (const u of [a, b, m]) { d20Of(u).hp = 200; d20Of(u).maxHp = 200; }
    a.targetId = m.id;
    const events = run(sim, 3 * ROUND_TICKS);
    const started = of(events, "encounterStarted")[0]!;
    const turns = of(events, "turnStarted");
    const rounds = [1, 2, 3].map((r) => turns.filter((t) => t.round === r));
    for (const r of rounds) expect(r.map((t) => t.unitId)).toEqual(started.order);
    expect(rounds[1]![0]!.tick - rounds[0]![0]!.tick).toBe(ROUND_TICKS);
    expect(rounds[2]![0]!.tick - rounds[1]![0]!.tick).toBe(ROUND_TICKS);
  });

  it("D20-FLOW-05, D20-FLOW-06, D20-FLOW-08, D20-FLOW-10, D20-FLOW-12, D20-FLOW-13: a hidden attacker whose Stealth beats passive Perception surprises; the surprised skip their first turn", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    addStatus(d20Of(a).statuses, "hidden");
    d20Of(m).abilities.perception = 1; // passive 11
    d20Of(a).abilities.agility = 0;
    d20Of(m).abilities.agility = 0;
    a.targetId = m.id;
    // hide roll 12 (> 11); initiative hero 3, minion 18; the minion's turn is skipped (no dice).
    forceDice(sim, [12, 3, 18]);
    const events = sim.step();
    expect(of(events, "encounterStarted")[0]).toMatchObject({ surprised: [m.id], order: [m.id, a.id] });
    expect(of(events, "turnStarted").map((e) => e.unitId)).toEqual([m.id]);
    expect(of(events, "attack")).toEqual([]);
  });

  it("D20-FLOW-05, D20-FLOW-07, D20-FLOW-09, D20-FLOW-11: an open attack, or a hider that does not beat passive Perception surprises nobody", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    addStatus(d20Of(a).statuses, "hidden");
    d20Of(m).abilities.perception = 1;
    a.targetId = m.id;
    forceDice(sim, [11, 3, 18, 1]); // hide 11 = passive 11: noticed
    const events = sim.step();
    expect(of(events, "encounterStarted")[0]).toMatchObject({ surprised: [] });
    expect(of(events, "attack")).toHaveLength(1);
  });

  it("D20-FLOW-26: the encounter ends when one side is beaten", () => {
    const sim = d20Sim(3);
    const a = hero(sim, 5, 5, { level: 5 });
    const m = minion(sim, 6, 5);
    d20Of(m).hp = 1;
    a.targetId = m.id;
    const events = run(sim, 200);
    const ended = of(events, "encounterEnded");
    expect(ended).toHaveLength(1);
    expect(ended[0]!.reason).toBe("beaten");
    expect(sim.state.encounters).toEqual({});
    expect(d20Of(m).hp === 0 || d20Of(a).hp === 0).toBe(true);
  });

  it("D20-FLOW-26: a participant far from every foe has fled, and the encounter ends", () => {
    const sim = d20Sim(3);
    const a = hero(sim, 1, 1);
    const m = minion(sim, 2, 1);
    a.targetId = m.id;
    sim.step();
    a.x = 19; a.y = 10; a.targetId = "";
    m.targetId = "";
    const events = run(sim, 2);
    expect(of(events, "encounterEnded")).toMatchObject([{ reason: "fled" }]);
  });

  it("D20-FLOW-16: units outside the encounter keep moving in real time while participants only move on their turns", () => {
    const sim = d20Sim(5);
    const a = hero(sim, 2, 2);
    const m = minion(sim, 3, 2);
    const walker = hero(sim, 19, 11, { faction: "wanderers" });
    a.targetId = m.id;
    walkTo(sim, walker, { x: 19, y: 5 });
    const events = run(sim, 40);
    expect(walker.y).toBeLessThan(11);
    expect(of(events, "encounterStarted")[0]!.order).not.toContain(walker.id);
    expect(Math.max(Math.abs(a.x - 2), Math.abs(a.y - 2))).toBeLessThanOrEqual(1);
  });

  it("several encounters run at once in one dungeon", () => {
    const sim = d20Sim(9);
    const a = hero(sim, 1, 1); const m = minion(sim, 2, 1);
    const b = hero(sim, 18, 10); const n = minion(sim, 17, 10);
    expect(ENCOUNTER_RADIUS).toBeLessThan(15);
    a.targetId = m.id; b.targetId = n.id;
    const events = run(sim, 3);
    const started = of(events, "encounterStarted");
    expect(started).toHaveLength(2);
    expect(Object.keys(sim.state.encounters ?? {})).toHaveLength(2);
    expect(new Set(of(events, "turnStarted").map((t) => t.encounterId)).size).toBe(2);
  });

  it("a latecomer attacking a participant joins the running encounter with its own initiative", () => {
    const sim = d20Sim(4);
    const a = hero(sim, 1, 1); const m = minion(sim, 2, 1);
    for (const u of [a, m]) { d20Of(u).hp = 200; d20Of(u).maxHp = 200; }
    a.targetId = m.id;
    sim.step();
    const late = hero(sim, 12, 1);
    late.targetId = m.id;
    const events = run(sim, 2 * ROUND_TICKS);
    const joined = of(events, "encounterJoined");
    expect(joined).toHaveLength(1);
    expect(joined[0]!.unitId).toBe(late.id);
    expect(joined[0]!.order).toHaveLength(3);
    expect(of(events, "turnStarted").some((t) => t.unitId === late.id)).toBe(true);
  });

  it("D20-ATTACK-25, D20-ATTACK-26, D20-ATTACK-27, D20-STATUS-07: leaving a foe's reach provokes one opportunity attack; the mover carries on", () => {
    const sim = d20Sim(2);
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    for (const u of [a, m]) { d20Of(u).hp = 200; d20Of(u).maxHp = 200; d20Of(u).abilities.agility = 0; }
    a.targetId = m.id;
    addStatus(d20Of(a).statuses, "terrified", m.id, 5);
    // initiative: hero 20, minion 1; the hero flees; the minion's opportunity attack (the hero parries:
    // AC 12 + Strength 2 = 14) rolls 11 + Strength 2 = 13: a miss.
    forceDice(sim, [20, 1, 11]);
    const events = sim.step();
    expect(of(events, "reaction")).toEqual([
      { type: "reaction", tick: 1, unitId: m.id, kind: "opportunityAttack", detail: "unarmed", againstId: a.id },
      { type: "reaction", tick: 1, unitId: a.id, kind: "defence", detail: "parry", againstId: m.id },
    ]);
    expect(of(events, "attack")).toMatchObject([{ attackerId: m.id, targetId: a.id, hit: false, attackRoll: 13, defenceRoll: 14 }]);
    expect(a.x).toBeLessThan(5);
    expect(d20Of(m).reactionUsed).toBe(true);
  });

  it("D20-HP-16: a participant at 0 HP makes a jet de destin on its turn instead of acting", () => {
    const sim = d20Sim(2);
    const a = hero(sim, 5, 5);
    const b = hero(sim, 5, 6);
    const m = minion(sim, 6, 5);
    for (const u of [a, b, m]) d20Of(u).abilities.agility = 0;
    a.targetId = m.id;
    d20Of(b).hp = 0; b.activity = "unconscious";
    // initiative (id order: a, b, m): a 20, b 15, m 1; a's attack: natural 1 misses.
    forceDice(sim, [20, 15, 1, 1]);
    sim.step();
    const dice = forceDice(sim, [12]);
    const events = sim.step();
    expect(of(events, "deathSave")).toEqual([{ type: "deathSave", tick: 2, unitId: b.id, roll: 12, successes: 1, failures: 0, outcome: "success" }]);
    expect(dice.left()).toBe(0);
  });

  it("trap harm rolls the trap table's d20 dice through resistance", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    d20Of(a).hp = d20Of(a).maxHp = 50;
    forceDice(sim, [3, 5]);
    sim.ruleset.harm(sim, a, "x", { severity: "serious", damageType: "slashing", blunt: false, d20Damage: "2d8", d100Damage: null });
    expect(d20Of(a).hp).toBe(42);
    d20Of(a).resistances.push("burn");
    forceDice(sim, [6, 6, 5]);
    sim.ruleset.harm(sim, a, "x", { severity: "serious", damageType: "fire", blunt: false, d20Damage: "3d6", d100Damage: null });
    expect(d20Of(a).hp).toBe(34);
  });
});
