import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { d100TurnOptions, hitChance, reachableTiles } from "../../../src/sim/combat/d100/options.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { newTurn } from "../../../src/sim/combat/d100/turns.ts";
import { makeD100Unit } from "../../../src/sim/combat/d100/types.ts";
import { makeFamiliar } from "../../../src/sim/combat/d100/familiar.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import type { EncounterRecord } from "../../../src/sim/combat/encounters/types.ts";
import { adventurer, forceDice, of } from "./fixtures.ts";
import { player } from "../actors.ts";

const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");

function d100Sim(seed = 1): Simulation {
  return Simulation.create({ seed, ruleset: "d100", map: parseMap("t", ARENA) });
}

describe("d100 hit chances and reachable tiles", () => {
  it("P100-BASE-11, P100-BASE-12, P100-CRIT, P100-FUMBLE: an even attack hits 4955 times in 10000 (50%)", () => {
    // 96..100 always hit (5 × 100), 1..5 always miss, n in 6..95 beats a dodge of 1..n−1: Σ(n−1) = 4455.
    expect(hitChance(makeD100Unit(), makeD100Unit(), { mode: "melee" })).toBe(50);
  });

  it("P100-BASE-03: against a surprise attack the dodge is 20 lower: Σ min(100, n + 19) for n in 6..95 = 6150, + 500 → 66.5%, shown as 67", () => {
    expect(hitChance(makeD100Unit(), makeD100Unit(), { mode: "melee", surprise: true })).toBe(67);
  });

  it("P100-FAMILIAR-06 to 08: a familiar rolls 1..80 with no critical: Σ(n−1)/80 = 39.5%, rounded to 40", () => {
    expect(hitChance(makeD100Unit({ familiar: { kind: "other", ownerId: "1" } }), makeD100Unit(), { mode: "melee" })).toBe(40);
  });

  it("P100-STATUS-01, P100-BASE-10: a stunned target cannot dodge: everything but the 5 failures hits (95%)", () => {
    const t = makeD100Unit();
    addStatus(t, "stunned");
    expect(hitChance(makeD100Unit(), t, { mode: "melee" })).toBe(95);
  });

  it("P100-PLACE-07: a ranged class in melee halves its roll: 500 for the criticals + Σ(floor(n/2) − 1) for n in 6..95 = 2660 → 27%", () => {
    // Σ floor(n/2) for n = 6..95 is 2 × (3 + … + 47) = 2250; minus 90 gives 2160; plus 500: 2660 / 100 = 26.6 → 27.
    const archer = makeD100Unit({ placement: "ranged", hasRangedWeapon: true });
    expect(hitChance(archer, makeD100Unit(), { mode: "melee" })).toBe(27);
  });

  it("P100-MOVE-01, P100-MOVE-05, P100-MOVE-06: a normal move reaches 6 tiles away, a guarded one only the 8 neighbours", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    addUnit(sim, { kind: "minion", x: 6, y: 5 });
    const guarded = reachableTiles(sim, w, 1);
    expect(guarded.map((t) => [t.x, t.y])).toEqual([[4, 4], [5, 4], [6, 4], [4, 5], [4, 6], [5, 6], [6, 6]]);
    const normal = reachableTiles(sim, w, 6);
    expect(normal.find((t) => t.x === 11 && t.y === 5)?.steps).toBe(6);
    expect(normal.some((t) => t.x === 12 && t.y === 5)).toBe(false);
    expect(normal.some((t) => t.x === 6 && t.y === 5)).toBe(false);
  });
});

/** A hero held by a player (`controller`) 4 tiles from a minion, in an encounter waiting for the hero's plan. */
function playerFight(): { sim: Simulation; hero: UnitRecord; m: UnitRecord; enc: EncounterRecord; dice: { left(): number } } {
  const sim = d100Sim();
  const hero = adventurer(sim, "Warrior", 5, 5);
  hero.controller = "a1";
  const m = addUnit(sim, { kind: "minion", x: 9, y: 5 });
  hero.targetId = m.id;
  const dice = forceDice(sim, [90, 10]);
  sim.step();
  const enc = encounterOf(sim, hero.id) as EncounterRecord;
  return { sim, hero, m, enc, dice };
}

describe("a d100 player's turn options and step plans (issue 8 gap 2)", () => {
  it("P100-BASE-06 to 09: the options of a fresh turn: normal and guarded moves, no target in reach yet, free actions none", () => {
    const { sim, hero, enc } = playerFight();
    expect(enc.waitingSince).toBe(sim.state.tick);
    const o = d100TurnOptions(sim, enc, hero);
    expect(o.actions).toEqual(["move", "guardedMove", "endTurn"]);
    expect([o.movement, o.reachable.length > 8, o.guardedReachable.length, o.targets, o.spell, o.freeActions]).toEqual([6, true, 8, [], "", []]);
  });

  it("P100-BASE-08, P100-BASE-09: a move kept open refreshes the options (no move left, the minion now a target at 50%), then the attack ends the turn", () => {
    const { sim, hero, m, enc, dice } = playerFight();
    enc.plans[hero.id] = { action: "steps", steps: [{ kind: "move", x: 8, y: 5 }], keepTurn: true };
    const first = sim.step();
    expect(of(first, "turnStarted").map((e) => e.unitId)).toEqual([hero.id]);
    expect(of(first, "turnPlanPlayed")).toMatchObject([{ unitId: hero.id, refusals: [null] }]);
    // The turn timer keeps running from the turn's first wait.
    expect([hero.x, hero.y, enc.openTurn?.unitId, enc.waitingSince]).toEqual([8, 5, hero.id, sim.state.tick - 1]);
    const o = d100TurnOptions(sim, enc, hero, enc.openTurn!.state as ReturnType<typeof newTurn>);
    expect([o.actions, o.movement, o.reachable, o.guardedReachable, o.targets]).toEqual([["attack", "endTurn"], 0, [], [], [{ id: m.id, chance: 50 }]]);
    // A second move is refused, and nothing else of the list is played.
    enc.plans[hero.id] = { action: "steps", steps: [{ kind: "move", x: 7, y: 5 }, { kind: "attack", targetId: m.id }], keepTurn: true };
    const refused = sim.step();
    expect(of(refused, "turnPlanPlayed")).toMatchObject([{ refusals: ["alreadyMoved"] }]);
    expect(of(refused, "turnStarted")).toEqual([]);
    // The attack: 60 against a dodge of 30, armed damage 25 (60 → 35 HP); the turn ends, the minion's comes.
    forceDice(sim, [60, 30, 25]);
    enc.plans[hero.id] = { action: "steps", steps: [{ kind: "attack", targetId: m.id }] };
    const second = sim.step();
    expect(of(second, "attack").map((e) => [e.attackerId, e.targetId, e.attackRoll, e.defenceRoll, e.hit])).toEqual([[hero.id, m.id, 60, 30, true]]);
    expect(d100Of(m).hp).toBe(35);
    expect([enc.openTurn, enc.acted, dice.left()]).toEqual([undefined, [hero.id], 0]);
  });

  it("P100-BASE-08: when the turn timer runs out on a turn kept open after a move, the AI plays what is left (the attack, no second move)", () => {
    const { sim, hero, m, enc } = playerFight();
    const since = enc.waitingSince;
    enc.plans[hero.id] = { action: "steps", steps: [{ kind: "move", x: 8, y: 5 }], keepTurn: true };
    sim.step();
    // Nothing more comes from the player: the AI strikes at the timer's end (TURN_TIMER_TICKS = 30 after the first wait): 55 against 40, damage 10.
    const dice = forceDice(sim, [55, 40, 10]);
    const events: SimEvent[] = [];
    while (sim.state.tick < since + 30) events.push(...sim.step());
    expect(of(events, "attack").map((e) => [e.attackerId, e.targetId, e.attackRoll, e.defenceRoll, e.tick])).toEqual([[hero.id, m.id, 55, 40, since + 30]]);
    expect([hero.x, hero.y, d100Of(m).hp, enc.openTurn, dice.left()]).toEqual([8, 5, 50, undefined, 0]);
  });

  it("P100-MOVE-03, P100-MOVE-04: a player's normal step past two minions gives each an opportunity attack; P100-MOVE-05: a guarded step gives none", () => {
    for (const kind of ["move", "guardedMove"] as const) {
      const sim = d100Sim();
      const scout = adventurer(sim, "Scout", 5, 5, { weapon: "bow", ranged: true });
      scout.controller = "a1";
      const m1 = addUnit(sim, { kind: "minion", x: 6, y: 5 });
      const m2 = addUnit(sim, { kind: "minion", x: 5, y: 6 });
      scout.targetId = m1.id;
      forceDice(sim, [90, 10, 20]);
      sim.step();
      const enc = encounterOf(sim, scout.id)!;
      enc.plans[scout.id] = { action: "steps", steps: [{ kind, x: 4, y: 4 }] };
      // Normal: m1 then m2 strike (40 against a dodge of 50: misses).
      const dice = forceDice(sim, kind === "move" ? [40, 50, 40, 50] : []);
      const events = sim.step();
      const expected = kind === "move" ? [[m1.id, "opportunityAttack", scout.id], [m2.id, "opportunityAttack", scout.id]] : [];
      expect(of(events, "reaction").map((e) => [e.unitId, e.kind, e.againstId])).toEqual(expected);
      expect(of(events, "guardedMove").length).toBe(kind === "guardedMove" ? 1 : 0);
      expect([scout.x, scout.y, dice.left()]).toEqual([4, 4, 0]);
    }
  });

  it("P100-SPELL-01, P100-SPELL-05: the Master's options list its chosen spell, its charge and the foes in range; casting spends the charge", () => {
    const sim = d100Sim();
    const master = addUnit(sim, { kind: "master", x: 5, y: 5 });
    master.controller = "k1"; // a test seat: the Master's turn waits for a plan
    const hero = adventurer(sim, "Warrior", 9, 5);
    const far = adventurer(sim, "Warrior", 14, 5);
    hero.targetId = master.id;
    forceDice(sim, [90, 10, 5]);
    sim.step();
    const enc = encounterOf(sim, master.id)!;
    const o = d100TurnOptions(sim, enc, master);
    // The hero 4 tiles away is in the spell's 8 tiles; the other hero, 9 tiles away, is not.
    expect([o.spell, o.spellCharges, o.spellTargets, o.actions.includes("cast")]).toEqual(["shadowBolt", 1, [{ id: hero.id, chance: 50 }], true]);
    expect(o.spellTargets.some((t) => t.id === far.id)).toBe(false);
    // Cast: 70 against 20, damage 40 (30..80): the hero goes from 200 to 160 HP; no charge left.
    const dice = forceDice(sim, [70, 20, 40]);
    enc.plans[master.id] = { action: "steps", steps: [{ kind: "cast", targetId: hero.id }] };
    const events = sim.step();
    expect(of(events, "spellCast")).toMatchObject([{ unitId: master.id, spellId: "shadowBolt", targetId: hero.id, chargesLeft: 0 }]);
    expect(of(events, "attack").map((e) => [e.attackerId, e.targetId, e.attackRoll, e.defenceRoll])).toEqual([[master.id, hero.id, 70, 20]]);
    expect([d100Of(hero).hp, d100Of(master).spells[0]!.charges, dice.left()]).toEqual([160, 0, 0]);
  });

  it("P100-DUEL-03, P100-DUEL-19: in a duel the opponent is the only target and `forfeit` is a free action", () => {
    const sim = d100Sim();
    const hero = adventurer(sim, "Warrior", 5, 5);
    hero.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    expect(sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: hero.id, toDeath: false })).toMatchObject({ ok: true });
    const proposal = Object.keys(sim.state.duelProposals!)[0]!;
    forceDice(sim, [10, 90]); // initiative: the minion 10, the hero 90
    expect(sim.enqueue(player(hero.id), { type: "answerDuel", proposalId: proposal, accept: true })).toEqual({ ok: true });
    sim.step();
    const enc = encounterOf(sim, hero.id)!;
    const o = d100TurnOptions(sim, enc, hero);
    expect([o.targets.map((t) => t.id), o.freeActions, o.actions]).toEqual([[m.id], ["forfeit"], ["move", "guardedMove", "attack", "forfeit", "endTurn"]]);
  });

  it("P100-FAMILIAR-02, P100-FAMILIAR-08: a non-specialist's familiar attacks in its place (a `familiar` step spends the main action); 1..80, 45 against 30, damage 1..70: 20", () => {
    const sim = d100Sim();
    const hero = adventurer(sim, "Scout", 5, 5);
    hero.controller = "a1";
    const cat = addUnit(sim, { kind: "creature", species: "bat", faction: "heroes", x: 8, y: 5, companionOf: hero.id });
    cat.d100 = makeFamiliar("other", hero.id);
    const m = addUnit(sim, { kind: "minion", x: 9, y: 5 });
    hero.targetId = m.id;
    forceDice(sim, [90, 10, 5]); // initiative by id: hero 90, familiar 10, minion 5
    sim.step();
    const enc = encounterOf(sim, hero.id)!;
    const o = d100TurnOptions(sim, enc, hero);
    expect([o.familiarId, o.familiarTargets, o.actions.includes("familiar"), o.targets]).toEqual([cat.id, [{ id: m.id, chance: 40 }], true, []]);
    const dice = forceDice(sim, [45, 30, 20]);
    enc.plans[hero.id] = { action: "steps", steps: [{ kind: "familiar", targetId: m.id }, { kind: "familiar", targetId: m.id }] };
    const events = sim.step();
    // The second familiar step is refused: the familiar acted, and with the main action spent the owner has nothing more.
    expect(of(events, "turnPlanPlayed")).toMatchObject([{ refusals: [null, "familiarDone"] }]);
    expect(of(events, "attack").map((e) => [e.attackerId, e.targetId, e.attackRoll, e.defenceRoll])).toEqual([[cat.id, m.id, 45, 30]]);
    expect([d100Of(m).hp, dice.left()]).toEqual([40, 0]);
  });

  it("P100-DEATH-03, P100-DEATH-08 (Contradiction 2): a dying ally next to the player is a rescue target; the untrained warrior's `rescue` step needs above 80: 85 stabilises it", () => {
    const sim = d100Sim();
    const hero = adventurer(sim, "Warrior", 5, 5);
    hero.controller = "a1";
    const friend = adventurer(sim, "Rogue", 5, 6);
    const m = addUnit(sim, { kind: "minion", x: 9, y: 5 });
    Object.assign(d100Of(friend), { hp: -10, dying: true });
    friend.activity = "unconscious";
    hero.targetId = m.id;
    forceDice(sim, [90, 50, 10]); // initiative by id: hero 90, the dying friend 50 (it joins for its dying turns), minion 10
    sim.step();
    const enc = encounterOf(sim, hero.id)!;
    expect(d100TurnOptions(sim, enc, hero).rescueTargets).toEqual([friend.id]);
    const dice = forceDice(sim, [85]);
    enc.plans[hero.id] = { action: "steps", steps: [{ kind: "rescue", targetId: friend.id }] };
    const events = sim.step();
    expect(of(events, "rescue").map((e) => [e.unitId, e.byUnitId, e.roll, e.needed, e.success])).toEqual([[friend.id, hero.id, 85, 80, true]]);
    expect([d100Of(friend).stabilised, dice.left()]).toEqual([true, 0]);
  });
});
