import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { DUEL_PROPOSAL_TICKS } from "@malignus/shared";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { forceDice, of } from "./fixtures.ts";
import { player } from "../actors.ts";

const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");

function setup(): { sim: Simulation; hero: UnitRecord; m: UnitRecord } {
  const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA) });
  const hero = addUnit(sim, { kind: "adventurer", faction: "heroes", adventurerClass: "Warrior", level: 1, x: 5, y: 5, gear: { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 } });
  hero.controller = "a1";
  const m = addUnit(sim, { kind: "minion", x: 7, y: 5 });
  return { sim, hero, m };
}

describe("duels proposed and answered by players (issue 8 gap 1, P100-DUEL-01, 02, 23)", () => {
  it("P100-DUEL-01: the keeper's challenge to an adventurer a player holds waits for the player's answer; accepted, the duel starts on the terms", () => {
    const { sim, hero, m } = setup();
    const r = sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: hero.id, toDeath: true, unarmedOnly: true });
    expect(r).toMatchObject({ ok: true });
    const id = (r as { id: string }).id;
    expect(sim.state.duelProposals![id]).toEqual({
      id, challengerId: m.id, opponentId: hero.id, by: "keeper", tick: 0, expiresTick: DUEL_PROPOSAL_TICKS,
      terms: { toDeath: true, noMagic: false, unarmedOnly: true, weaponWhitelist: null },
    });
    expect([d100Of(hero).duel, encounterOf(sim, hero.id)]).toEqual([null, undefined]);
    // The keeper cannot answer its own challenge; the player can.
    expect(sim.apply({ type: "answerDuel", proposalId: id, accept: true })).toMatchObject({ ok: false, code: "NOT_YOUR_UNIT" });
    forceDice(sim, [30, 80]);
    expect(sim.enqueue(player(hero.id), { type: "answerDuel", proposalId: id, accept: true })).toEqual({ ok: true });
    const events = sim.drainEvents();
    expect(events.map((e) => e.type)).toEqual(["duelProposed", "duelAnswered", "duelStarted", "encounterStarted"]);
    expect(of(events, "duelAnswered")[0]).toMatchObject({ proposalId: id, answer: "accepted", challengerId: m.id, opponentId: hero.id });
    // P100-DUEL-05/07: the warrior (a defender) 200 + 50 = 250; the minion 60 + 50 = 110; bare hands for both (the hero's sword put away).
    expect(of(events, "duelStarted")[0]).toMatchObject({ unitIds: [m.id, hero.id], toDeath: true, hp: { [m.id]: 110, [hero.id]: 250 } });
    expect([d100Of(hero).weapon, d100Of(hero).duel?.heldWeapon, d100Of(hero).duel?.terms?.unarmedOnly, sim.state.duelProposals]).toEqual(["unarmed", "armed", true, {}]);
  });

  it("P100-DUEL-01: the player refuses: no duel, the proposal is gone; answering it again is refused with NO_DUEL_PROPOSAL", () => {
    const { sim, hero, m } = setup();
    const { id } = sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: hero.id, toDeath: false }) as { id: string };
    expect(sim.enqueue(player(hero.id), { type: "answerDuel", proposalId: id, accept: false })).toEqual({ ok: true });
    expect(of(sim.drainEvents(), "duelAnswered").map((e) => e.answer)).toEqual(["refused"]);
    expect([d100Of(hero).duel, d100Of(m).duel, sim.state.duelProposals]).toEqual([null, null, {}]);
    expect(sim.enqueue(player(hero.id), { type: "answerDuel", proposalId: id, accept: true })).toMatchObject({ ok: false, code: "NO_DUEL_PROPOSAL" });
  });

  it("P100-DUEL-01, P100-DUEL-23: an adventurer challenges a minion with only clubs allowed; the keeper accepts; the sword-bearer fights bare-handed and gets its sword back", () => {
    const { sim, hero, m } = setup();
    const r = sim.enqueue(player(hero.id), { type: "proposeDuel", unitId: hero.id, opponentId: m.id, toDeath: false, weapons: ["club"] });
    expect(r).toMatchObject({ ok: true });
    const id = (r as { id: string }).id;
    expect(of(sim.drainEvents(), "duelProposed")).toMatchObject([{ proposalId: id, challengerId: hero.id, opponentId: m.id, by: "adventurer", weapons: ["club"], expiresTick: 300 }]);
    // The player cannot answer its own challenge: it is the keeper's to answer.
    expect(sim.enqueue(player(hero.id), { type: "answerDuel", proposalId: id, accept: true })).toMatchObject({ ok: false, code: "NOT_YOUR_UNIT" });
    forceDice(sim, [30, 80]);
    expect(sim.apply({ type: "answerDuel", proposalId: id, accept: true })).toEqual({ ok: true });
    expect([d100Of(hero).weapon, d100Of(hero).duel?.terms?.weaponWhitelist, d100Of(m).weapon]).toEqual(["unarmed", ["club"], "unarmed"]);
    expect(sim.enqueue(player(hero.id), { type: "answerDuel", proposalId: id, accept: true })).toMatchObject({ ok: false, code: "NO_DUEL_PROPOSAL" });
    // The minion forfeits: the duel ends and the hero holds its sword again (P100-DUEL-21).
    expect(sim.apply({ type: "forfeitDuel", unitId: m.id })).toEqual({ ok: true });
    expect([d100Of(hero).weapon, d100Of(hero).duel]).toEqual(["armed", null]);
  });

  it("refusals: a second proposal while one is pending, a target that is no keeper's minion, a keeper sending for an AI adventurer accepts at once", () => {
    const { sim, hero, m } = setup();
    const other = addUnit(sim, { kind: "adventurer", faction: "heroes", adventurerClass: "Rogue", level: 1, x: 9, y: 9, gear: { weapon: "dagger", blunt: false, ranged: false, armour: "none", helm: 0 } });
    expect(sim.enqueue(player(hero.id), { type: "proposeDuel", unitId: hero.id, opponentId: m.id, toDeath: false })).toMatchObject({ ok: true });
    expect(sim.enqueue(player(hero.id), { type: "proposeDuel", unitId: hero.id, opponentId: m.id, toDeath: true })).toMatchObject({ ok: false, code: "DUEL_REFUSED" });
    expect(sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: hero.id, toDeath: true })).toMatchObject({ ok: false, code: "DUEL_REFUSED" });
    expect(sim.enqueue(player(hero.id), { type: "proposeDuel", unitId: hero.id, opponentId: other.id, toDeath: false })).toMatchObject({ ok: false, code: "INVALID_TARGET" });
    expect(sim.apply({ type: "answerDuel", proposalId: "999", accept: true })).toMatchObject({ ok: false, code: "NO_DUEL_PROPOSAL" });
    // The Rogue has no player: the AI accepts the keeper's challenge at once (AI_ACCEPTS_DUELS).
    const m2 = addUnit(sim, { kind: "minion", x: 10, y: 9 });
    forceDice(sim, [30, 80]);
    expect(sim.apply({ type: "proposeDuel", unitId: m2.id, opponentId: other.id, toDeath: false })).toEqual({ ok: true });
    expect(d100Of(other).duel?.opponentId).toBe(m2.id);
  });

  it("Left open DUEL: an unanswered proposal expires after DUEL_PROPOSAL_TICKS (300 ticks)", () => {
    const { sim, hero, m } = setup();
    m.stance = "flight"; // keep the minion from attacking the hero meanwhile
    const { id } = sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: hero.id, toDeath: false }) as { id: string };
    sim.drainEvents();
    const seen: SimEvent[] = [];
    for (let i = 0; i < DUEL_PROPOSAL_TICKS; i++) seen.push(...sim.step());
    expect(of(seen, "duelAnswered")).toMatchObject([{ proposalId: id, answer: "expired", tick: DUEL_PROPOSAL_TICKS }]);
    expect(sim.state.duelProposals).toEqual({});
  });

  it("P100-DUEL-01: accepting is refused with DUEL_REFUSED when one of them can no longer duel (the proposal is dropped as cancelled)", () => {
    const { sim, hero, m } = setup();
    const { id } = sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: hero.id, toDeath: false }) as { id: string };
    m.activity = "dead"; // the minion died meanwhile
    expect(sim.enqueue(player(hero.id), { type: "answerDuel", proposalId: id, accept: true })).toMatchObject({ ok: false, code: "DUEL_REFUSED" });
    expect(of(sim.drainEvents(), "duelAnswered").map((e) => e.answer)).toEqual(["cancelled"]);
  });
});
