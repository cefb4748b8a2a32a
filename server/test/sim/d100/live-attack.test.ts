import { describe, expect, it } from "vitest";
import { ROUND_TICKS } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { adventurer, attackOnce, d100Sim, lines, playPlan, recordDice, run } from "./fixtures.ts";

/**
 * The attack rules in live d100 fights (issue 17): each fight runs through `Simulation.step`
 * with forced dice; `draws` lists every die the rules asked for, with its range, so the test
 * sees which rolls were made (a defensive roll, a damage range, a counter-attack's range).
 */

/** A minion at (x, y) with `hp` hit points (max too), aiming at `targetId` when given. */
function minion(sim: Simulation, x: number, y: number, hp = 60, targetId = ""): UnitRecord {
  const m = addUnit(sim, { kind: "minion", x, y });
  d100Of(m).hp = d100Of(m).maxHp = hp;
  m.targetId = targetId;
  return m;
}

/** A player-held adventurer (its `controller` set) next to a 300-HP minion; the first tick rolls initiative (hero 90, minion 10), so the hero's turn waits for its plan. */
function playerNextToMinion(cls: string, gear: Partial<UnitRecord["gear"]>, mx = 6) {
  const sim = d100Sim();
  const hero = adventurer(sim, cls, 5, 5, gear);
  hero.controller = "a1";
  const m = minion(sim, mx, 5, 300);
  hero.targetId = m.id;
  const dice = recordDice(sim, [90, 10]);
  sim.step();
  dice.draws.length = 0;
  return { sim, hero, m };
}

describe("d100 attack rolls in live fights", () => {
  it("P100-BASE-04, P100-BASE-05, P100-BASE-10, P100-BASE-11, P100-BASE-12, P100-BASE-13: each of the three rolls initiative (40, 90, 60), which orders the turns 90, 60, 40; each target rolls its dodge; an attack of 60 against a dodge of 59 hits and rolls damage, one of 60 against 60 misses with no damage roll", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const m1 = minion(sim, 6, 5, 60, w.id);
    const m2 = minion(sim, 5, 6, 60, w.id);
    w.targetId = m1.id;
    // Initiative in id order: warrior 40, m1 90, m2 60. m1: 60 against 59 hits, unarmed damage 10; m2: 60
    // against 60 misses; the warrior: 50 against 50 misses.
    const dice = recordDice(sim, [40, 90, 60, 60, 59, 10, 60, 60, 50, 50]);
    const ev = run(sim, 3);
    expect(ev.filter((e) => e.type === "turnStarted").map((e) => (e as { unitId: string }).unitId)).toEqual([m1.id, m2.id, w.id]);
    expect(ev.filter((e) => e.type === "encounterStarted").map((e) => [(e as { initiative: object }).initiative, (e as { order: string[] }).order]))
      .toEqual([[{ [w.id]: 40, [m1.id]: 90, [m2.id]: 60 }, [m1.id, m2.id, w.id]]]);
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${m1.id} targetId=${w.id} hit=true attackRoll=60 defenceRoll=59`,
      `1 damaged targetId=${w.id} sourceId=${m1.id} amount=10 damageType=melee hp=190 critical=false`,
      `2 attack attackerId=${m2.id} targetId=${w.id} hit=false attackRoll=60 defenceRoll=60`,
      `3 attack attackerId=${w.id} targetId=${m1.id} hit=false attackRoll=50 defenceRoll=50`,
    ]);
    expect(dice.draws).toEqual(["d100=40", "d100=90", "d100=60", "d100=60", "d100=59", "1..50=10", "d100=60", "d100=60", "d100=50", "d100=50"]);
    expect(dice.left()).toBe(0);
  });
});

/** One tick of a warrior at (5, 5) aiming at a minion of `hp` hit points at (6, 5), with the dice forced to `rolls` (initiative first). */
function warriorStrikesMinion(hp: number, rolls: readonly number[]) {
  const sim = d100Sim();
  const w = adventurer(sim, "Warrior", 5, 5);
  const m = minion(sim, 6, 5, hp);
  w.targetId = m.id;
  const dice = recordDice(sim, rolls);
  return { w, m, dice, ev: run(sim, 1) };
}

describe("d100 critical and heroic hits in live fights", () => {
  for (const { title, natural, damage, amount, draw } of [
    { title: "P100-CRIT-01: the warrior's natural 96 hits with no defensive roll and its damage roll 40 deals 60", natural: 96, damage: 40, amount: 60, draw: "1..100=40" },
    { title: "P100-CRIT-05, P100-CRIT-07, P100-CRIT-08, P100-CRIT-09: the warrior's natural 100 is heroic: its damage is drawn from 30..100 (not the sword's 1..100), 100 × 1.5 = 150 reaches the minion whole", natural: 100, damage: 100, amount: 150, draw: "30..100=100" },
  ]) it(title, () => {
    const { w, m, dice, ev } = warriorStrikesMinion(300, [90, 10, natural, damage]);
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${w.id} targetId=${m.id} hit=true attackRoll=${natural} defenceRoll=0`,
      `1 damaged targetId=${m.id} sourceId=${w.id} amount=${amount} damageType=melee hp=${300 - amount} critical=true`,
    ]);
    expect([dice.draws, dice.left()]).toEqual([["d100=90", "d100=10", `d100=${natural}`, draw], 0]);
  });
});

describe("d100 critical failures in live fights", () => {
  for (const { title, natural, amount, draw } of [
    { title: "P100-FUMBLE-01, P100-FUMBLE-02, P100-FUMBLE-03: the warrior's natural 5 misses and the minion counter-attacks at once, with no roll to hit, for a roll of 1..50: 50", natural: 5, amount: 50, draw: "1..50=50" },
    { title: "P100-FUMBLE-06, P100-FUMBLE-07: the warrior's natural 1 is fatal: the minion's counter-attack is drawn from 10..75: 75", natural: 1, amount: 75, draw: "10..75=75" },
  ]) it(title, () => {
    const { w, m, dice, ev } = warriorStrikesMinion(60, [90, 10, natural, amount]);
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${w.id} targetId=${m.id} hit=false attackRoll=${natural} defenceRoll=0`,
      `1 damaged targetId=${w.id} sourceId=${m.id} amount=${amount} damageType=counterAttack hp=${200 - amount} critical=false`,
    ]);
    expect([dice.draws, d100Of(m).hp, dice.left()]).toEqual([["d100=90", "d100=10", `d100=${natural}`, draw], 60, 0]);
  });

  it("P100-FUMBLE-04, P100-FUMBLE-05, P100-FUMBLE-08: a player's natural 3 against a stunned minion (no counter-attack) is a mishap: the turn it asked to keep open ends; so does a natural 1's (a fatal mishap, −20 to dodge too); a 50 leaves it open", () => {
    for (const [natural, open] of [[3, false], [1, false], [50, true]] as const) {
      const { sim, hero, m } = playerNextToMinion("Warrior", {});
      addStatus(d100Of(m), "stunned", 1);
      const dice = recordDice(sim, natural === 50 ? [50, 40] : [natural]);
      const ev = playPlan(sim, hero, { action: "steps", steps: [{ kind: "attack", targetId: m.id }], keepTurn: true });
      expect(ev.filter((e) => e.type === "turnPlanPlayed")).toEqual([{ type: "turnPlanPlayed", tick: 2, unitId: hero.id, refusals: [null] }]);
      expect([encounterOf(sim, hero.id)?.openTurn?.unitId, d100Of(hero).hp, dice.left()]).toEqual([open ? hero.id : undefined, 200, 0]);
      expect([dice.draws, d100Of(hero).dodgePenalty]).toEqual([natural === 50 ? ["d100=50", "1..100=40"] : [`d100=${natural}`], natural === 1 ? 20 : 0]);
    }
  });

  it("P100-FUMBLE-08, P100-FUMBLE-09, P100-FUMBLE-10: a natural 1 against a stunned minion is a fatal mishap: the other minion's 50 then beats the warrior's dodge 69 − 20 = 49; the warrior loses its next turn, after which the same 50 against 69 misses", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const m = minion(sim, 6, 5, 60, "");
    const m2 = minion(sim, 5, 6, 60, w.id);
    w.targetId = m.id; m.targetId = w.id;
    addStatus(d100Of(m), "stunned", 1);
    // Initiative warrior 90, m 80 (stunned: its turn passes), m2 70. Round 2: the warrior's turn is lost;
    // m misses (20 against 90); m2's 50 against the dodge 69, no longer lowered, misses.
    const dice = recordDice(sim, [90, 80, 70, 1, 50, 69, 10, 20, 90, 50, 69]);
    const ev = run(sim, ROUND_TICKS + 3);
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${w.id} targetId=${m.id} hit=false attackRoll=1 defenceRoll=0`,
      `3 attack attackerId=${m2.id} targetId=${w.id} hit=true attackRoll=50 defenceRoll=49`,
      `3 damaged targetId=${w.id} sourceId=${m2.id} amount=10 damageType=melee hp=190 critical=false`,
      `12 attack attackerId=${m.id} targetId=${w.id} hit=false attackRoll=20 defenceRoll=90`,
      `13 attack attackerId=${m2.id} targetId=${w.id} hit=false attackRoll=50 defenceRoll=69`,
    ]);
    expect(ev.filter((e) => e.type === "turnStarted").map((e) => [(e as { unitId: string }).unitId, e.tick])).toEqual([
      [w.id, 1], [m.id, 2], [m2.id, 3], [w.id, 11], [m.id, 12], [m2.id, 13],
    ]);
    expect([d100Of(w).dodgePenalty, d100Of(w).statuses, dice.left()]).toEqual([0, [], 0]);
  });
});

describe("d100 placement and weapons in live fights", () => {
  it("P100-PLACE-01, P100-PLACE-02: a player's warrior (a melee class, no ranged weapon) 4 tiles from the minion cannot attack it from there (refused, nothing drawn); after a move next to it, it can", () => {
    const { sim, hero, m } = playerNextToMinion("Warrior", {}, 9);
    const dice = recordDice(sim, []);
    const far = playPlan(sim, hero, { action: "steps", steps: [{ kind: "attack", targetId: m.id }], keepTurn: true });
    expect(far.filter((e) => e.type === "turnPlanPlayed")).toEqual([{ type: "turnPlanPlayed", tick: 2, unitId: hero.id, refusals: ["invalidTarget"] }]);
    expect(dice.draws).toEqual([]);
    const near = recordDice(sim, [60, 40, 30]);
    const ev = playPlan(sim, hero, { action: "steps", steps: [{ kind: "move", x: 8, y: 5 }, { kind: "attack", targetId: m.id }] });
    expect(lines(ev)).toEqual([
      `3 attack attackerId=${hero.id} targetId=${m.id} hit=true attackRoll=60 defenceRoll=40`,
      `3 damaged targetId=${m.id} sourceId=${hero.id} amount=30 damageType=melee hp=270 critical=false`,
      `3 turnPlanPlayed unitId=${hero.id} refusals=[null,null]`,
    ]);
    expect([hero.x, hero.y, near.left()]).toEqual([8, 5, 0]);
  });

  for (const { title, cls, gear, mx, damage, amount, damageType, range } of [
    { title: "P100-PLACE-05, P100-PLACE-07, P100-WEAPON-03: a bare-handed scout (a ranged class) punching in melee: its 90 counts 45 (beats 44) and its damage is drawn from 1..35", cls: "Scout", gear: { weapon: "fists", ranged: true }, mx: 6, damage: 35, amount: 35, damageType: "melee", range: "1..35" },
    { title: "P100-PLACE-09, P100-PLACE-10: a priest (magic class) striking with its mace next to the minion: 90 counts 45, and a damage roll of 99 deals 70", cls: "Priest", gear: { weapon: "mace", blunt: true }, mx: 6, damage: 99, amount: 70, damageType: "melee", range: "1..100" },
    { title: "P100-PLACE-12: a priest shooting its sling (its secondary weapon) at the minion 4 tiles away: 90 counts 45, a damage roll of 99 deals 70", cls: "Priest", gear: { weapon: "sling", ranged: true }, mx: 9, damage: 99, amount: 70, damageType: "ranged", range: "1..100" },
  ]) it(title, () => {
    const { sim, hero, m } = playerNextToMinion(cls, gear, mx);
    const dice = recordDice(sim, [90, 44, damage]);
    const ev = attackOnce(sim, hero, m);
    expect(lines(ev)).toEqual([
      `2 attack attackerId=${hero.id} targetId=${m.id} hit=true attackRoll=45 defenceRoll=44`,
      `2 damaged targetId=${m.id} sourceId=${hero.id} amount=${amount} damageType=${damageType} hp=${300 - amount} critical=false`,
      `2 turnPlanPlayed unitId=${hero.id} refusals=[null]`,
    ]);
    expect([hero.x, dice.draws, dice.left()]).toEqual([5, ["d100=90", "d100=44", `${range}=${damage}`], 0]);
  });

  it("P100-WEAPON-01: a bare-handed warrior (a melee class) hits and its damage is drawn from 1..50", () => {
    const { sim, hero, m } = playerNextToMinion("Warrior", { weapon: "fists" });
    const dice = recordDice(sim, [60, 10, 50]);
    const ev = attackOnce(sim, hero, m);
    expect(lines(ev).slice(0, 2)).toEqual([
      `2 attack attackerId=${hero.id} targetId=${m.id} hit=true attackRoll=60 defenceRoll=10`,
      `2 damaged targetId=${m.id} sourceId=${hero.id} amount=50 damageType=melee hp=250 critical=false`,
    ]);
    expect([dice.draws, dice.left()]).toEqual([["d100=60", "d100=10", "1..50=50"], 0]);
  });

  it("P100-WEAPON-04, P100-WEAPON-05: a peasant's pitchfork (improvised) halves its roll: 99 counts 49 and beats 48; a natural 100 counts 50, is no critical hit: a defensive roll is made and the damage is not raised", () => {
    for (const [natural, defence, damage] of [[99, 48, 40], [100, 49, 50]] as const) {
      const { sim, hero, m } = playerNextToMinion("Peasant", { weapon: "pitchfork" });
      const dice = recordDice(sim, [natural, defence, damage]);
      const ev = attackOnce(sim, hero, m);
      expect(lines(ev).slice(0, 2)).toEqual([
        `2 attack attackerId=${hero.id} targetId=${m.id} hit=true attackRoll=${Math.floor(natural / 2)} defenceRoll=${defence}`,
        `2 damaged targetId=${m.id} sourceId=${hero.id} amount=${damage} damageType=melee hp=${300 - damage} critical=false`,
      ]);
      expect([dice.draws, dice.left()]).toEqual([[`d100=${natural}`, `d100=${defence}`, `1..50=${damage}`], 0]);
    }
  });

  it("P100-MOVE-02 (server decision): a warrior 9 tiles from its foe walks the default 6 tiles in its turn and does not reach it", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 2, 5);
    const m = minion(sim, 11, 5, 60);
    w.targetId = m.id;
    const dice = recordDice(sim, [90, 10]);
    const ev = run(sim, 1);
    expect([w.x, w.y, m.x, lines(ev), dice.left()]).toEqual([8, 5, 11, [], 0]);
  });
});

describe("d100 spells in live fights", () => {
  it("P100-SPELL-02, P100-SPELL-04: the kobold casts its hex in its own turn (none in the warrior's); the hex, as described, draws no damage and polymorphs for 2 turns, and the troll's maul draws its own damage 10..40 (not its fists' 1..100) and stuns for 1", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const k = addUnit(sim, { kind: "creature", species: "kobold", x: 8, y: 5 });
    k.targetId = w.id; w.targetId = k.id;
    addStatus(d100Of(w), "stunned", 1);
    // Initiative warrior 90 (stunned: its turn passes, the stun with it), kobold 10: the hex hits (60 against 30).
    let dice = recordDice(sim, [90, 10, 60, 30]);
    let ev = run(sim, 2);
    expect(ev.filter((e) => e.type === "turnStarted").map((e) => [(e as { unitId: string }).unitId, e.tick])).toEqual([[w.id, 1], [k.id, 2]]);
    expect(lines(ev)).toEqual([
      `2 spellCast unitId=${k.id} spellId=hex targetId=${w.id} chargesLeft=0`,
      `2 attack attackerId=${k.id} targetId=${w.id} hit=true attackRoll=60 defenceRoll=30`,
      `2 statusApplied unitId=${w.id} byUnitId=${k.id} spellId=hex status=polymorphed turns=2 x=5 y=5`,
    ]);
    expect([dice.draws, dice.left()]).toEqual([["d100=90", "d100=10", "d100=60", "d100=30"], 0]);

    const sim2 = d100Sim();
    const w2 = adventurer(sim2, "Warrior", 5, 5);
    const troll = addUnit(sim2, { kind: "creature", species: "troll", x: 6, y: 5 });
    troll.targetId = w2.id; w2.targetId = troll.id;
    addStatus(d100Of(w2), "stunned", 1);
    dice = recordDice(sim2, [90, 10, 60, 30, 40]);
    ev = run(sim2, 2);
    expect(lines(ev)).toEqual([
      `2 spellCast unitId=${troll.id} spellId=maul targetId=${w2.id} chargesLeft=0`,
      `2 attack attackerId=${troll.id} targetId=${w2.id} hit=true attackRoll=60 defenceRoll=30`,
      `2 damaged targetId=${w2.id} sourceId=${troll.id} amount=40 damageType=magic hp=160 critical=false`,
      `2 statusApplied unitId=${w2.id} byUnitId=${troll.id} spellId=maul status=stunned turns=1 x=5 y=5`,
    ]);
    expect([dice.draws, dice.left()]).toEqual([["d100=90", "d100=10", "d100=60", "d100=30", "10..40=40"], 0]);
  });

  it("P100-SPELL-01: a player's locksmith may not cast the kobold's hex (not in its loadout: refused, nothing drawn, its turn still open); its own chosen blinding powder is cast", () => {
    const { sim, hero, m } = playerNextToMinion("Locksmith", { weapon: "dagger" }, 8);
    const none = recordDice(sim, []);
    const refused = playPlan(sim, hero, { action: "steps", steps: [{ kind: "cast", targetId: m.id, spell: "hex" }], keepTurn: true });
    expect(lines(refused)).toEqual([`2 turnPlanPlayed unitId=${hero.id} refusals=["notInLoadout"]`]);
    expect([none.draws, encounterOf(sim, hero.id)?.openTurn?.unitId]).toEqual([[], hero.id]);
    const dice = recordDice(sim, [60, 30, 20]);
    const ev = playPlan(sim, hero, { action: "steps", steps: [{ kind: "cast", targetId: m.id, spell: "blindingPowder" }] });
    expect(lines(ev).slice(0, 2)).toEqual([
      `3 spellCast unitId=${hero.id} spellId=blindingPowder targetId=${m.id} chargesLeft=0`,
      `3 attack attackerId=${hero.id} targetId=${m.id} hit=true attackRoll=60 defenceRoll=30`,
    ]);
    expect(dice.left()).toBe(0);
  });
});
