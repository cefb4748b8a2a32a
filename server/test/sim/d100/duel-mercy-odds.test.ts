import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { DUEL_MERCY_TICKS } from "@malignus/shared";
import { beginDuel, forfeitDuel } from "../../../src/sim/combat/d100/duels.ts";
import { aiAcceptsDuel, duelOdds, meanDamage } from "../../../src/sim/combat/d100/odds.ts";
import { encountersOf } from "../../../src/sim/combat/encounters/book.ts";
import { forceDice, of } from "./fixtures.ts";
import { player } from "../actors.ts";

const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");

const TO_DEATH = { toDeath: true, noMagic: false, unarmedOnly: false, weaponWhitelist: null };
const NOT_TO_DEATH = { ...TO_DEATH, toDeath: false };

function d100Sim(): Simulation {
  return Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA) });
}
function adventurer(sim: Simulation, cls: string, x: number, y: number, weapon = "sword"): UnitRecord {
  return addUnit(sim, { kind: "adventurer", faction: "heroes", adventurerClass: cls, level: 1, x, y, gear: { weapon, blunt: false, ranged: false, armour: "none", helm: 0 } });
}
const bare = (e: SimEvent) => { const { tick: _t, type: _y, ...rest } = e; return rest; };

describe("P100-DUEL-20: the winner's side decides whether a duel-to-the-death loser lives (issue 8)", () => {
  it("a player's winner: the forfeiting minion waits at its spared HP; the keeper may not decide; the player kills it", () => {
    const sim = d100Sim();
    const hero = adventurer(sim, "Warrior", 5, 5);
    hero.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    forceDice(sim, [70, 20]); // initiative
    const enc = beginDuel(sim, hero.id, m.id, TO_DEATH);
    expect(typeof enc).toBe("object");
    sim.drainEvents();
    expect(sim.apply({ type: "forfeitDuel", unitId: m.id })).toEqual({ ok: true });
    const ended = sim.drainEvents();
    expect(ended.map((e) => e.type)).toEqual(["duelEnded", "knockedOut", "duelMercyPending"]);
    const pending = of(ended, "duelMercyPending")[0]!;
    expect(bare(pending)).toEqual({ mercyId: pending.mercyId, duelId: (enc as { id: string }).id, winnerId: hero.id, loserId: m.id, by: "adventurer", aiSpares: true, expiresTick: sim.state.tick + DUEL_MERCY_TICKS });
    expect(of(ended, "duelEnded")[0]).toMatchObject({ how: "forfeit", loserDied: false, hp: { [hero.id]: 200, [m.id]: 60 } });
    expect([d100Of(m).hp, d100Of(m).dead, m.activity, Object.keys(sim.state.duelMercies!)]).toEqual([60, false, "unconscious", [pending.mercyId]]);
    // The keeper cannot decide for the player's winner; another adventurer neither.
    expect(sim.apply({ type: "decideDuelMercy", mercyId: pending.mercyId, spare: true })).toMatchObject({ ok: false, code: "NOT_YOUR_UNIT" });
    const other = adventurer(sim, "Rogue", 9, 9, "dagger");
    expect(sim.enqueue(player(other.id), { type: "decideDuelMercy", mercyId: pending.mercyId, spare: true })).toMatchObject({ ok: false, code: "NOT_YOUR_UNIT" });
    expect(sim.enqueue(player(hero.id), { type: "decideDuelMercy", mercyId: pending.mercyId, spare: false })).toEqual({ ok: true });
    const decided = sim.drainEvents();
    expect(bare(of(decided, "duelMercy")[0]!)).toEqual({ mercyId: pending.mercyId, duelId: pending.duelId, winnerId: hero.id, loserId: m.id, spared: false, by: "adventurer" });
    expect([d100Of(m).dead, m.activity, sim.state.duelMercies]).toEqual([true, "dead", {}]);
    expect(sim.enqueue(player(hero.id), { type: "decideDuelMercy", mercyId: pending.mercyId, spare: true })).toMatchObject({ ok: false, code: "NO_DUEL_MERCY" });
  });

  it("unanswered, the AI's choice applies after DUEL_MERCY_TICKS (50 ticks): a forfeit is spared, the minion wakes at 60 HP", () => {
    const sim = d100Sim();
    const hero = adventurer(sim, "Warrior", 5, 5);
    hero.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    forceDice(sim, [70, 20]);
    beginDuel(sim, hero.id, m.id, TO_DEATH);
    forfeitDuel(sim, m.id);
    const pending = of(sim.drainEvents(), "duelMercyPending")[0]!;
    const seen: SimEvent[] = [];
    while (sim.state.tick < pending.expiresTick) seen.push(...sim.step());
    expect(of(seen, "duelMercy").map(bare)).toEqual([{ mercyId: pending.mercyId, duelId: pending.duelId, winnerId: hero.id, loserId: m.id, spared: true, by: "timeout" }]);
    expect(of(seen, "duelMercy")[0]!.tick).toBe(pending.expiresTick);
    expect([d100Of(m).dead, d100Of(m).hp, sim.state.duelMercies]).toEqual([false, 60, {}]);
  });

  it("a keeper's winner with a keeper seated: the keeper decides (its minion kills the forfeiting AI hero); with none seated the AI spares at once", () => {
    const sim = d100Sim();
    const hero = adventurer(sim, "Warrior", 5, 5);
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    forceDice(sim, [70, 20]);
    beginDuel(sim, m.id, hero.id, TO_DEATH);
    sim.drainEvents();
    forfeitDuel(sim, hero.id);
    const pending = of(sim.drainEvents(), "duelMercyPending")[0]!;
    expect([pending.by, pending.winnerId, pending.loserId, pending.aiSpares]).toEqual(["keeper", m.id, hero.id, true]);
    expect(sim.enqueue(player(m.id), { type: "decideDuelMercy", mercyId: pending.mercyId, spare: false })).toMatchObject({ ok: false, code: "NOT_YOUR_UNIT" });
    expect(sim.apply({ type: "decideDuelMercy", mercyId: pending.mercyId, spare: false })).toEqual({ ok: true });
    expect(of(sim.drainEvents(), "duelMercy").map((e) => [e.spared, e.by])).toEqual([[false, "keeper"]]);
    expect([d100Of(hero).dead, hero.activity]).toEqual([true, "dead"]);

    const sim2 = d100Sim();
    sim2.state.keeperAway = true;
    const hero2 = adventurer(sim2, "Warrior", 5, 5);
    const m2 = addUnit(sim2, { kind: "minion", x: 6, y: 5 });
    forceDice(sim2, [70, 20]);
    beginDuel(sim2, m2.id, hero2.id, TO_DEATH);
    sim2.drainEvents();
    forfeitDuel(sim2, hero2.id);
    const events = sim2.drainEvents();
    expect(events.map((e) => e.type)).toEqual(["duelEnded", "knockedOut"]);
    expect(of(events, "duelEnded")[0]).toMatchObject({ loserDied: false, hp: { [hero2.id]: 200 } }); // 250 - 50
    expect(sim2.state.duelMercies).toBeUndefined();
  });

  it("decided in the plan: the player's attack plan with spare false brings the minion down (25 damage on 5 HP) and it dies at once", () => {
    const sim = d100Sim();
    const hero = adventurer(sim, "Warrior", 5, 5);
    hero.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    forceDice(sim, [70, 20]);
    const enc = beginDuel(sim, hero.id, m.id, TO_DEATH) as { id: string; plans: Record<string, unknown>; waitingSince: number };
    d100Of(m).hp = 5;
    let guard = 0;
    while (enc.waitingSince < 0 && guard++ < 10) sim.step();
    sim.drainEvents();
    const dice = forceDice(sim, [60, 20, 25]);
    enc.plans[hero.id] = { action: "attack", targetId: m.id, spare: false };
    const events = sim.step();
    expect(events.filter((e) => e.type.startsWith("duel") || e.type === "turnPlanPlayed").map((e) => e.type)).toEqual(["duelEnded", "duelMercyPending", "turnPlanPlayed", "duelMercy"]);
    expect(of(events, "duelEnded")[0]).toMatchObject({ winnerId: hero.id, loserId: m.id, how: "down", loserDied: false });
    expect(of(events, "duelMercy").map((e) => [e.spared, e.by])).toEqual([[false, "adventurer"]]);
    expect([d100Of(m).dead, m.activity, sim.state.duelMercies, dice.left()]).toEqual([true, "dead", {}, 0]);
  });

  it("a duel not to the death asks for no mercy", () => {
    const sim = d100Sim();
    const hero = adventurer(sim, "Warrior", 5, 5);
    hero.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    forceDice(sim, [70, 20]);
    beginDuel(sim, hero.id, m.id, NOT_TO_DEATH);
    forfeitDuel(sim, m.id);
    expect(sim.drainEvents().map((e) => e.type)).not.toContain("duelMercyPending");
    expect(sim.state.duelMercies).toBeUndefined();
  });
});

describe("Left open DUEL (AI, issue 8): an AI side answers a duel by its odds", () => {
  it("meanDamage: armed 1..100 50.5, unarmed melee 1..50 25.5, an off-role duel blow capped at 90 49.95", () => {
    const sim = d100Sim();
    const hero = adventurer(sim, "Warrior", 5, 5);
    const fists = adventurer(sim, "Warrior", 5, 6, "fists");
    expect(meanDamage(d100Of(hero), { mode: "melee" })).toBe(50.5);
    expect(meanDamage(d100Of(fists), { mode: "melee" })).toBe(25.5);
    // Off-role (a melee class shooting) in a duel: min(90, r) over 1..100 = (4005 + 11 * 90) / 100.
    expect(meanDamage(d100Of(hero), { mode: "ranged", duel: true })).toBe(49.95);
  });

  it("an AI Peasant refuses the keeper's minion (70 HP x 6.12 < 110 HP x 12.75); an AI Warrior accepts (250 x 25.25 >= 110 x 12.75)", () => {
    const sim = d100Sim();
    const peasant = adventurer(sim, "Peasant", 5, 5, "pitchfork");
    const warrior = adventurer(sim, "Warrior", 5, 8);
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    const m2 = addUnit(sim, { kind: "minion", x: 6, y: 8 });
    expect(duelOdds(peasant, m, TO_DEATH)).toEqual({ me: { hp: 70, expected: 6.12 }, other: { hp: 110, expected: 12.75 } });
    expect(duelOdds(warrior, m2, TO_DEATH)).toEqual({ me: { hp: 250, expected: 25.25 }, other: { hp: 110, expected: 12.75 } });
    // Bare hands only: the warrior's blow drops to 50% x 25.5 = 12.75, still 250 x 12.75 >= 110 x 12.75.
    expect(duelOdds(warrior, m2, { ...TO_DEATH, unarmedOnly: true }).me).toEqual({ hp: 250, expected: 12.75 });
    expect([aiAcceptsDuel(peasant, m, TO_DEATH), aiAcceptsDuel(m, peasant, TO_DEATH), aiAcceptsDuel(warrior, m2, TO_DEATH)]).toEqual([false, true, true]);
    const refused = sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: peasant.id, toDeath: true });
    expect(refused).toEqual({
      ok: false, code: "DUEL_REFUSED", rule: "P100-DUEL-01",
      reason: "the opponent declines: its odds are against it (70 HP and 6.12 expected damage a blow against 110 HP and 12.75)",
    });
    expect([d100Of(peasant).duel, sim.drainEvents()]).toEqual([null, []]);
    expect(sim.apply({ type: "proposeDuel", unitId: m2.id, opponentId: warrior.id, toDeath: true })).toEqual({ ok: true });
    expect(d100Of(warrior).duel?.opponentId).toBe(m2.id);
  });

  it("with no keeper seated the keeper side's AI answers an adventurer player's proposal at once: refused to a Warrior, accepted from a Peasant", () => {
    const sim = d100Sim();
    sim.state.keeperAway = true;
    const warrior = adventurer(sim, "Warrior", 5, 5);
    const peasant = adventurer(sim, "Peasant", 5, 8, "pitchfork");
    warrior.controller = "a1"; peasant.controller = "a2";
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    const m2 = addUnit(sim, { kind: "minion", x: 6, y: 8 });
    const r = sim.enqueue(player(warrior.id), { type: "proposeDuel", unitId: warrior.id, opponentId: m.id, toDeath: false }) as { ok: true; id: string };
    expect(r.ok).toBe(true);
    const first = sim.drainEvents();
    expect(first.map((e) => e.type)).toEqual(["duelProposed", "duelAnswered"]);
    expect(of(first, "duelAnswered")[0]).toMatchObject({ proposalId: r.id, answer: "refused", challengerId: warrior.id, opponentId: m.id });
    forceDice(sim, [40, 30]); // initiative
    sim.enqueue(player(peasant.id), { type: "proposeDuel", unitId: peasant.id, opponentId: m2.id, toDeath: false });
    const second = sim.drainEvents();
    expect(second.map((e) => e.type)).toEqual(["duelProposed", "duelAnswered", "duelStarted", "encounterStarted"]);
    expect(of(second, "duelAnswered")[0]!.answer).toBe("accepted");
    expect([d100Of(peasant).duel?.opponentId, sim.state.duelProposals]).toEqual([m2.id, {}]);
  });

  it("a proposal waiting for a keeper who then leaves is answered by the AI on the next tick", () => {
    const sim = d100Sim();
    const warrior = adventurer(sim, "Warrior", 5, 5);
    warrior.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 9, y: 5 });
    m.stance = "flight";
    const { id } = sim.enqueue(player(warrior.id), { type: "proposeDuel", unitId: warrior.id, opponentId: m.id, toDeath: false }) as { id: string };
    expect(Object.keys(sim.state.duelProposals!)).toEqual([id]);
    sim.drainEvents();
    sim.state.keeperAway = true;
    const events = sim.step();
    expect(of(events, "duelAnswered").map((e) => [e.proposalId, e.answer])).toEqual([[id, "refused"]]);
    expect(sim.state.duelProposals).toEqual({});
  });
});

describe("issue 8: one-word d100 plans are reported like step plans", () => {
  it("a player's one-word attack plays the turn and emits turnPlanPlayed [null]; a plan naming no foe emits [\"invalidPlan\"] and the AI plays", () => {
    const sim = d100Sim();
    const hero = adventurer(sim, "Warrior", 5, 5);
    hero.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    m.targetId = hero.id;
    // initiative hero 90, minion 10.
    forceDice(sim, [90, 10]);
    let guard = 0;
    while (!Object.values(encountersOf(sim))[0] || Object.values(encountersOf(sim))[0]!.waitingSince < 0) { sim.step(); if (++guard > 20) throw new Error("no turn"); }
    const enc = Object.values(encountersOf(sim))[0]!;
    sim.drainEvents();
    // The hero's attack 60 vs 20, 25 damage; the minion misses, 30 vs 40.
    const dice = forceDice(sim, [60, 20, 25, 30, 40]);
    enc.plans[hero.id] = { action: "attack", targetId: m.id };
    const events: SimEvent[] = [];
    for (let i = 0; i < 3; i++) events.push(...sim.step());
    expect(of(events, "turnPlanPlayed").map(bare)).toEqual([{ unitId: hero.id, refusals: [null] }]);
    const types = events.map((e) => e.type);
    expect(types.indexOf("turnPlanPlayed")).toBeGreaterThan(types.indexOf("damaged"));
    expect(of(events, "attack").map((e) => [e.attackerId, e.attackRoll, e.defenceRoll, e.hit])).toEqual([[hero.id, 60, 20, true], [m.id, 30, 40, false]]);
    expect(dice.left()).toBe(0);
    // Round 2: a plan on an unknown unit is reported refused, then the AI attacks (55 vs 10, 20 damage).
    while (enc.round < 2 || enc.waitingSince < 0) sim.step();
    sim.drainEvents();
    forceDice(sim, [55, 10, 20, 30, 40]);
    enc.plans[hero.id] = { action: "attack", targetId: "9999" };
    const again: SimEvent[] = [];
    for (let i = 0; i < 2; i++) again.push(...sim.step());
    expect(of(again, "turnPlanPlayed").map(bare)).toEqual([{ unitId: hero.id, refusals: ["invalidPlan"] }]);
    const at = again.map((e) => e.type);
    expect(at.indexOf("turnPlanPlayed")).toBeLessThan(at.indexOf("attack"));
    expect(of(again, "attack")[0]).toMatchObject({ attackerId: hero.id, attackRoll: 55, defenceRoll: 10, hit: true });
  });
});
