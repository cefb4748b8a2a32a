import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, FLEE_DISTANCE, ROUND_TICKS, TURN_TIMER_TICKS, type SimEvent } from "@malignus/shared";
import { d20TurnOptions } from "../../../src/sim/combat/d20/options.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { d20Sim, hero, minion } from "../encounters/helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";
import { ZERO, of, plain, planSteps, run } from "./live-helpers.ts";

/*
 * Audit a8-d20b (issue 17): live tests, through Simulation.step() on recorded dice, for the IDs of
 * the audit sample found weak (D20-FLOW-10, 14, 16, 25, 26, 29, 34, D20-MOVE-10).
 */

const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));
/** Turn starts as [round, unit, tick]. */
const turns = (ev: readonly SimEvent[]) => of(ev, "turnStarted").map((e) => [e.round, e.unitId, e.tick]);

describe("a8b: a round ends once every participant has acted (D20-FLOW-25)", () => {
  /**
   * The minion (initiative 20) and a hero (initiative 1) next to it; the hero is played by seat-1
   * when `player`, whose plan (one blow) is sent once tick `planAt` has been stepped. Every blow a natural 1.
   */
  function round(player: boolean, planAt: number) {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, player ? { controller: "seat-1" } : {});
    const m = minion(sim, 6, 5);
    plain([a, m]);
    a.targetId = m.id;
    const dice = recordD20Dice(sim, [1, 20, 1, 1, 1]);
    const ev: SimEvent[] = [];
    while (sim.state.tick < planAt) ev.push(...sim.step());
    if (player) planSteps(sim, a, [{ kind: "attack", targetId: m.id }]);
    while (of(ev, "turnStarted").length < 3) ev.push(...sim.step());
    return { a, m, turns: turns(ev), draws: dice.draws };
  }

  it("D20-FLOW-25: with both played by the AI the round ends at tick 1 + ROUND_TICKS; a player's hero whose plan is sent after tick 15 (past 1 + ROUND_TICKS = 11, before the turn timer) holds round 1 open: it acts on tick 16 and round 2 starts on tick 17, right after", () => {
    const ai = round(false, 0);
    expect(ai.turns).toEqual([[1, ai.m.id, 1], [1, ai.a.id, 2], [2, ai.m.id, 1 + ROUND_TICKS]]);
    expect(ai.draws).toEqual(["d20=1", "d20=20", "d20=1", "d20=1", "d20=1"]);
    const late = round(true, 15);
    expect(late.turns).toEqual([[1, late.m.id, 1], [1, late.a.id, 16], [2, late.m.id, 17]]);
    expect(late.draws).toEqual(["d20=1", "d20=20", "d20=1", "d20=1", "d20=1"]);
  });
});

describe("a8b: a side that flees ends the fight (D20-FLOW-26)", () => {
  /**
   * A hero played by seat-1 at (2, 5) (initiative 20) next to a minion at (1, 5) that cannot walk
   * (movement 0, initiative 1). The hero's plan: Dash, then run east to x = `toX`; leaving the
   * minion's reach draws its opportunity attack (a natural 1).
   */
  function flee(toX: number) {
    const sim = d20Sim();
    const a = hero(sim, 2, 5, { controller: "seat-1" });
    const m = minion(sim, 1, 5);
    plain([a, m]);
    d20Of(m).movement = 0;
    a.targetId = m.id;
    const dice = recordD20Dice(sim, [20, 1]);
    sim.step();
    planSteps(sim, a, [{ kind: "dash" }, { kind: "move", path: Array.from({ length: toX - 2 }, (_, i) => ({ x: 3 + i, y: 5 })) }]);
    expect([dice.draws, dice.left()]).toEqual([["d20=20", "d20=1"], 0]);
    const more = recordD20Dice(sim, [1]);
    const ev = run(sim, 2);
    return { a, m, ev, draws: more.draws, left: more.left() };
  }

  it("D20-FLOW-26: the hero Dashes 12 tiles away from a minion that cannot follow: 13 tiles off (FLEE_DISTANCE 12 + 1) it has fled: the encounter ends that tick, 'fled', before the minion's turn; 11 tiles (12 off) and the fight goes on: the minion's turn comes", () => {
    const gone = flee(14);
    expect(of(gone.ev, "turnPlanPlayed").map((e) => [e.unitId, e.refusals])).toEqual([[gone.a.id, [null, null]]]);
    expect(of(gone.ev, "reaction").map((e) => [e.unitId, e.kind, e.againstId])).toEqual([[gone.m.id, "opportunityAttack", gone.a.id]]);
    expect([gone.a.x - gone.m.x, gone.a.y]).toEqual([FLEE_DISTANCE + 1, 5]);
    expect(of(gone.ev, "encounterEnded").map((e) => [e.reason, e.rounds, e.tick])).toEqual([["fled", 1, 2]]);
    expect(turns(gone.ev).map(([, id]) => id)).toEqual([gone.a.id]);
    expect([gone.draws, gone.left]).toEqual([["d20=1"], 0]);
    const held = flee(13);
    expect([held.a.x - held.m.x, held.a.y]).toEqual([FLEE_DISTANCE, 5]);
    expect(of(held.ev, "encounterEnded")).toEqual([]);
    expect(turns(held.ev).map(([, id]) => id)).toEqual([held.a.id, held.m.id]);
    expect([held.draws, held.left]).toEqual([["d20=1"], 0]);
  });
});

describe("a8b: a surprised creature's reaction comes back when its first turn ends (D20-FLOW-14)", () => {
  /**
   * A hidden hero played by seat-1 at (5, 5) next to a minion at (6, 5) (passive Perception 11): the
   * Stealth roll 12 surprises it. Initiative: hero 18 / minion 3 (`minionFirst` false) or hero 3 /
   * minion 18. The hero's plan: strike (advantage: 1 and 1, a miss, which reveals it), then walk
   * off to (3, 5), out of the minion's reach.
   */
  function walkOff(minionFirst: boolean) {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, 6, 5);
    plain([a, m]);
    d20Of(m).abilities.perception = 1;
    addStatus(d20Of(a).statuses, "hidden");
    a.targetId = m.id;
    const dice = recordD20Dice(sim, minionFirst ? [12, 3, 18, 1, 1, 4] : [12, 18, 3, 1, 1]);
    const ev = [...sim.step()];
    planSteps(sim, a, [{ kind: "attack", targetId: m.id }, { kind: "move", path: at([4, 5], [3, 5]) }]);
    while (!of(ev, "turnPlanPlayed").length) ev.push(...sim.step());
    ev.push(...sim.step());
    return { a, m, ev, draws: dice.draws, left: dice.left() };
  }

  it("D20-FLOW-14: the surprised minion before its first turn lets the hero walk off unpunished; acting first, its turn (skipped) over, it makes its opportunity attack (4) on the hero walking off later in that same round 1", () => {
    const before = walkOff(false);
    expect(of(before.ev, "encounterStarted")[0]).toMatchObject({ surprised: [before.m.id], order: [before.a.id, before.m.id] });
    expect(of(before.ev, "reaction")).toEqual([]);
    expect(turns(before.ev).map(([r, id]) => [r, id])).toEqual([[1, before.a.id], [1, before.m.id]]);
    expect(of(before.ev, "attack").map((e) => [e.attackerId, e.attackRoll])).toEqual([[before.a.id, 1]]);
    expect([before.draws, before.left]).toEqual([["d20=12", "d20=18", "d20=3", "d20=1", "d20=1"], 0]);
    const after = walkOff(true);
    expect(of(after.ev, "encounterStarted")[0]).toMatchObject({ surprised: [after.m.id], order: [after.m.id, after.a.id] });
    expect(turns(after.ev).map(([r, id]) => [r, id])).toEqual([[1, after.m.id], [1, after.a.id]]);
    expect(of(after.ev, "reaction").map((e) => [e.unitId, e.kind, e.againstId])).toEqual([[after.m.id, "opportunityAttack", after.a.id]]);
    expect(of(after.ev, "attack").map((e) => [e.attackerId, e.attackRoll])).toEqual([[after.a.id, 1], [after.m.id, 4]]);
    expect([after.a.x, after.a.y]).toEqual([3, 5]);
    expect([after.draws, after.left]).toEqual([["d20=12", "d20=3", "d20=18", "d20=1", "d20=1", "d20=4"], 0]);
  });
});

describe("a8b: movement split around the action (D20-MOVE-10)", () => {
  it("D20-MOVE-10: with movement 9 the hero walks 3 tiles, strikes (2, a miss), then walks the remaining 6 (the minion's opportunity attack, 1, on leaving its reach); a 7th tile after the action is refused", () => {
    const sim = d20Sim();
    const a = hero(sim, 2, 5, { controller: "seat-1" });
    const m = minion(sim, 6, 5);
    plain([a, m]);
    d20Of(a).movement = 9;
    a.targetId = m.id;
    const init = recordD20Dice(sim, [20, 1]);
    sim.step();
    expect([init.draws, init.left()]).toEqual([["d20=20", "d20=1"], 0]);
    planSteps(sim, a, [
      { kind: "move", path: at([3, 5], [4, 5], [5, 5]) },
      { kind: "attack", targetId: m.id },
      { kind: "move", path: at([4, 5], [3, 5], [2, 5], [1, 5], [0, 5], [0, 6]) },
      { kind: "move", path: at([0, 7]) },
    ]);
    const dice = recordD20Dice(sim, [2, 1]);
    const ev = sim.step();
    expect(of(ev, "turnPlanPlayed").map((e) => [e.unitId, e.refusals])).toEqual([[a.id, [null, null, null, "not enough movement left (D20-MOVE-07)"]]]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll])).toEqual([[a.id, m.id, false, 2], [m.id, a.id, false, 1]]);
    expect(of(ev, "reaction").map((e) => [e.unitId, e.kind, e.againstId])).toEqual([[m.id, "opportunityAttack", a.id]]);
    expect([a.x, a.y]).toEqual([0, 6]);
    expect([dice.draws, dice.left()]).toEqual([["d20=2", "d20=1"], 0]);
  });
});

describe("a8b: doing nothing on one's turn (D20-FLOW-29)", () => {
  it("D20-FLOW-29: the player's empty plan is played on tick 2 with nothing refused; the turn is over: the minion's turn follows on tick 3 and, to the end of round 1, the hero neither moves nor strikes and no AI plays for it (no die drawn)", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, 15, 10);
    plain([a, m]);
    a.targetId = m.id;
    const init = recordD20Dice(sim, [20, 1]);
    sim.step();
    expect([init.draws, init.left()]).toEqual([["d20=20", "d20=1"], 0]);
    planSteps(sim, a, []);
    const dice = recordD20Dice(sim, []);
    const ev = run(sim, ROUND_TICKS - 1); // ticks 2 to 10: the rest of round 1
    expect(of(ev, "turnPlanPlayed").map((e) => [e.unitId, e.refusals, e.tick])).toEqual([[a.id, [], 2]]);
    expect(turns(ev)).toEqual([[1, a.id, 2], [1, m.id, 3]]);
    expect([a.x, a.y]).toEqual([5, 5]);
    expect(of(ev, "attack")).toEqual([]);
    expect(Object.values(sim.state.encounters ?? {})[0]!.acted).toEqual([a.id, m.id]);
    expect([dice.draws, dice.left()]).toEqual([[], 0]);
  });
});

describe("a8b: a character can be surprised too (D20-FLOW-10)", () => {
  it("D20-FLOW-10, D20-FLOW-13: a hidden minion (Stealth d20 11 + Furtivité 1 + Discrétion 1 = 13) goes for two heroes: the one with passive Perception 10 does not notice it and is surprised (its first turn passes, no blow), the one with 13 (Perception 3) notices it and strikes (a natural 1)", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const b = hero(sim, 5, 6);
    const m = minion(sim, 6, 5);
    plain([a, b, m]);
    d20Of(b).abilities.perception = 3;
    d20Of(m).abilities.furtivite = 1;
    d20Of(m).skills.discretion = 1;
    addStatus(d20Of(m).statuses, "hidden");
    m.targetId = a.id;
    // the minion's Stealth roll; initiative a 18, b 17, minion 3; b's blow.
    const dice = recordD20Dice(sim, [11, 18, 17, 3, 1]);
    const ev = run(sim, 2);
    expect(of(ev, "encounterStarted")[0]).toMatchObject({ surprised: [a.id], order: [a.id, b.id, m.id] });
    expect(turns(ev).map(([r, id]) => [r, id])).toEqual([[1, a.id], [1, b.id]]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.attackRoll])).toEqual([[b.id, m.id, 1]]);
    expect([a.x, a.y]).toEqual([5, 5]);
    expect([dice.draws, dice.left()]).toEqual([["d20=11", "d20=18", "d20=17", "d20=3", "d20=1"], 0]);
  });
});

describe("a8b: only an ability, a spell or a situation provides a reaction (D20-FLOW-34)", () => {
  /**
   * A Warrior (shove, an ability) at (4, 5) and a Priest (arcane shield, a spell of 2 Mana) at
   * (5, 5), both from their class kits, zero characteristics; a minion at (6, 5) strikes the Priest
   * (initiative Warrior 1, Priest 2, minion 20) with d20 14. `without` lists who loses its reaction
   * ability first.
   */
  function blow(without: ("warrior" | "priest")[]) {
    const sim = d20Sim();
    const [w, p] = ["Warrior", "Priest"].map((c, i) => {
      const k = ADVENTURER_CLASSES[c]!;
      return hero(sim, 4 + i, 5, { adventurerClass: c, partyId: "p1", controller: `a${i}`, gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
    }) as [UnitRecord, UnitRecord];
    sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [w.id, p.id] } as unknown as PartyRecord);
    const m = minion(sim, 6, 5);
    for (const u of [w, p, m]) d20Of(u).abilities = { ...ZERO };
    d20Of(m).hp = d20Of(m).maxHp = 30;
    if (without.includes("warrior")) d20Of(w).reactionAbilities = [];
    if (without.includes("priest")) d20Of(p).reactionAbilities = [];
    p.targetId = m.id;
    const mana = d20Of(p).mana;
    const dice = recordD20Dice(sim, without.includes("warrior") ? [1, 2, 20, 14] : [1, 2, 20]);
    const ev = sim.step();
    return {
      reactions: of(ev, "reaction").map((e) => [e.unitId === w.id ? "warrior" : e.unitId === p.id ? "priest" : e.unitId, e.kind, e.detail]),
      attacks: of(ev, "attack").map((e) => [e.hit, e.attackRoll, e.defenceRoll]),
      hp: d20Of(p).hp, maxHp: d20Of(p).maxHp, manaSpent: mana - d20Of(p).mana, draws: dice.draws, left: dice.left(), p: p.id,
    };
  }

  it("D20-FLOW-34: the Warrior's shove ability provides its reaction (the blow misses with no attack die: roll 0 against AC 13); without it the Priest's arcane shield spell provides one (14 against 13 + 5 misses, 2 Mana); with neither ability no reaction comes and 14 hits AC 13 for 1", () => {
    const shove = blow([]);
    expect(shove.reactions).toEqual([["warrior", "shoveAlly", shove.p]]);
    expect([shove.attacks, shove.hp === shove.maxHp, shove.manaSpent]).toEqual([[[false, 0, 13]], true, 0]);
    expect([shove.draws, shove.left]).toEqual([["d20=1", "d20=2", "d20=20"], 0]);
    const shield = blow(["warrior"]);
    expect(shield.reactions).toEqual([["priest", "arcaneShield", "+5 AC"]]);
    expect([shield.attacks, shield.hp === shield.maxHp, shield.manaSpent]).toEqual([[[false, 14, 18]], true, 2]);
    expect([shield.draws, shield.left]).toEqual([["d20=1", "d20=2", "d20=20", "d20=14"], 0]);
    const none = blow(["warrior", "priest"]);
    expect(none.reactions).toEqual([]);
    expect([none.attacks, none.maxHp - none.hp, none.manaSpent]).toEqual([[[true, 14, 13]], 1, 0]);
    expect([none.draws, none.left]).toEqual([["d20=1", "d20=2", "d20=20", "d20=14"], 0]);
  });
});

describe("a8b: positions are where everyone stands, a party in file included (D20-FLOW-16)", () => {
  it("D20-FLOW-16 (Left open: no marching order beyond the tiles the party stands on): two heroes walking east in file, (4, 8) ahead of (3, 8), are stopped on those tiles when the leader goes for a minion 4 tiles ahead; the fight starts from there (the leader 4 tiles west of the minion, its follower 5), and the follower keeps its tile until its own turn", () => {
    const sim = d20Sim();
    const a = hero(sim, 4, 8);
    const b = hero(sim, 3, 8);
    plain([a, b]);
    walkTo(sim, a, { x: 18, y: 8 });
    walkTo(sim, b, { x: 17, y: 8 });
    run(sim, 2); // mid-step: both still on their tiles, walking
    expect([a.x, a.y, b.x, b.y, a.walk === null, b.walk === null]).toEqual([4, 8, 3, 8, false, false]);
    const m = minion(sim, 8, 8);
    plain([m]);
    a.targetId = m.id;
    // initiative a 5, b 4, minion 20: the minion walks up to the leader and strikes (a natural 1).
    const dice = recordD20Dice(sim, [5, 4, 20, 1]);
    const ev = sim.step();
    expect(of(ev, "encounterStarted")[0]).toMatchObject({ order: [m.id, a.id, b.id], initiative: { [a.id]: 5, [b.id]: 4, [m.id]: 20 } });
    expect([a.x, a.y, b.x, b.y, a.walk, b.walk]).toEqual([4, 8, 3, 8, null, null]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.attackRoll])).toEqual([[m.id, a.id, 1]]);
    expect([m.x, m.y]).toEqual([5, 8]);
    expect([dice.draws, dice.left()]).toEqual([["d20=5", "d20=4", "d20=20", "d20=1"], 0]);
  });
});

describe("a8b: an attack on a tile keeps to the weapon's reach (D20-MOVE-09, D20-ATTACK-19) — game fix", () => {
  /** A hero played by seat-1 at (5, 5) with a sword (reach 1), a minion at (`mx`, 5); its plan: attack the minion's tile. */
  function tileBlow(mx: number, dice: number[]) {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, mx, 5);
    plain([a, m]);
    a.targetId = m.id;
    recordD20Dice(sim, [20, 1]);
    sim.step();
    const reach = d20TurnOptions(sim, Object.values(sim.state.encounters ?? {})[0]!, a).tileReach;
    planSteps(sim, a, [{ kind: "attackTile", x: mx, y: 5 }]);
    const rec = recordD20Dice(sim, dice);
    const ev = sim.step();
    return { a, m, reach, refusals: of(ev, "turnPlanPlayed")[0]!.refusals, attacks: of(ev, "attack").map((e) => [e.attackerId, e.hit, e.attackRoll]), hp: d20Of(m).hp, draws: rec.draws, left: rec.left() };
  }

  it("D20-MOVE-09, D20-ATTACK-19: the sword strikes the tile next to the hero (distance 1: d20 19 with disadvantage 18 hits, d8 5: 100 → 95); the minion's tile 2 off (one empty tile between) is refused, nothing drawn, the minion untouched; the turn options give tileReach 1", () => {
    const near = tileBlow(6, [19, 18, 5]);
    expect([near.reach, near.refusals]).toEqual([1, [null]]);
    expect(near.attacks).toEqual([[near.a.id, true, 18]]);
    expect(near.hp).toBe(95);
    expect([near.draws, near.left]).toEqual([["d20=19", "d20=18", "d8=5"], 0]);
    const far = tileBlow(7, []);
    expect(far.refusals).toEqual(["the tile is out of reach or range (D20-ATTACK-19, D20-MOVE-09)"]);
    expect(far.attacks).toEqual([]);
    expect(far.hp).toBe(100);
    expect([far.draws, far.left]).toEqual([[], 0]);
  });
});
