import { describe, expect, it } from "vitest";
import { ROUND_TICKS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { hasStatus } from "../../../src/sim/combat/d20/statuses.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { creature, keeperCreatureTurn, of, plain, planSteps, run } from "./live-helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";

/*
 * Audit a7 of issue 17: live d20 tests (sim.step, the planTurn command, forced dice) for
 * D20-DAMAGE-17, D20-ACTION-35 and D20-MOVE-36, whose live tests asserted less than the rule says.
 */

const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));
const dmg = (ev: readonly SimEvent[]) => of(ev, "damaged").map(({ targetId, sourceId, amount, damageType, hp }) => ({ targetId, sourceId, amount, damageType, hp }));

/** Plays one tick on `dice` (all of them drawn) and returns its events. */
function tick(sim: Simulation, dice: readonly number[]): SimEvent[] {
  const left = forceDice(sim, dice);
  const ev = sim.step();
  expect(left.left()).toBe(0);
  return ev;
}

describe("audit a7: asphyxiation is 1d4 every turn (D20-DAMAGE-17)", () => {
  it("D20-DAMAGE-17: held by the keeper's troll, the hero takes asphyxiation at the start of each of its turns: 4 in round 1 (100 → 96), 1 in round 2 (→ 95); a 5 is no value of the die (the script's 1..4 range throws)", () => {
    const sim = d20Sim();
    const { a, c: t } = keeperCreatureTurn(sim, "troll", 6); // initiative hero 1, troll 20: the troll's turn first, waiting for its plan
    const enc = Object.values(sim.state.encounters ?? {})[0]!;
    enc.plans[t.id] = { steps: [{ kind: "grapple", targetId: a.id }] };
    // the Strength contest 15 against 5; the hero's turn: asphyxiation 4, then its sword: natural 1.
    const first = forceDice(sim, [15, 5, 4, 1]);
    const round1 = run(sim, 2);
    expect(first.left()).toBe(0);
    expect(d20Of(a).statuses).toEqual([{ kind: "grappled", turnsLeft: -1, sourceId: t.id }]);
    expect(dmg(round1)).toEqual([{ targetId: a.id, sourceId: t.id, amount: 4, damageType: "asphyxiation", hp: 96 }]);
    // Round 2: the troll keeps its hold (an empty plan); the hero chokes again: 1, then its sword: natural 1.
    enc.plans[t.id] = { steps: [] };
    const second = forceDice(sim, [1, 1]);
    const round2 = run(sim, ROUND_TICKS);
    expect(second.left()).toBe(0);
    expect(of(round2, "turnStarted").map((e) => [e.unitId, e.round])).toEqual([[t.id, 2], [a.id, 2]]);
    expect(dmg(round2)).toEqual([{ targetId: a.id, sourceId: t.id, amount: 1, damageType: "asphyxiation", hp: 95 }]);
    // Round 3: the asphyxiation die asks for 1..4, so a forced 5 is refused by the script.
    enc.plans[t.id] = { steps: [] };
    forceDice(sim, [5]);
    expect(() => run(sim, ROUND_TICKS)).toThrow("scripted value 5 outside 1..4");
  });
});

/** A hero (seat-1, Agility 2: it dodges for +2 with its reaction) at (5, 5) and a minion at (8, 5), both plain but for that; the hero's turn comes first (initiative 20 against 1). */
function readyDuel(): { sim: Simulation; a: UnitRecord; m: UnitRecord } {
  const sim = d20Sim();
  const a = hero(sim, 5, 5, { controller: "seat-1" });
  const m = minion(sim, 8, 5);
  plain([a, m]);
  d20Of(a).abilities.agility = 2;
  a.targetId = m.id;
  forceDice(sim, [20, 1]);
  sim.step();
  return { sim, a, m };
}

describe("audit a7: the readied response spends the one reaction (D20-ACTION-35)", () => {
  it("D20-ACTION-35: without Ready the hero dodges the minion's attack with its reaction (13 against its AC 12 + 2 = 14: a miss); with Ready its readied strike (15, 1d8 4) spends that reaction, so the same 13 meets AC 12 and hits", () => {
    const free = readyDuel();
    planSteps(free.sim, free.a, []);
    tick(free.sim, []);
    const dodged = tick(free.sim, [13]);
    expect(of(dodged, "reaction").map((e) => [e.unitId, e.kind, e.detail])).toEqual([[free.a.id, "defence", "dodge"]]);
    expect(of(dodged, "attack").map((e) => [e.attackerId, e.hit, e.attackRoll, e.defenceRoll])).toEqual([[free.m.id, false, 13, 14]]);
    expect(d20Of(free.a).reactionUsed).toBe(true);

    const { sim, a, m } = readyDuel();
    planSteps(sim, a, [{ kind: "ready" }]);
    tick(sim, []);
    expect([hasStatus(d20Of(a).statuses, "readied"), d20Of(a).reactionUsed]).toEqual([true, false]);
    // The minion walks into reach: the readied strike 15 hits (1d8 4: 100 → 96); then its attack 13, no dodge left, hits AC 12 (its fists: 1).
    const ev = tick(sim, [15, 4, 13]);
    expect(of(ev, "reaction").map((e) => [e.unitId, e.kind])).toEqual([[a.id, "readied"]]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.hit, e.attackRoll, e.defenceRoll])).toEqual([[a.id, true, 15, 11], [m.id, true, 13, 12]]);
    expect(dmg(ev).map((e) => [e.targetId, e.amount, e.hp])).toEqual([[m.id, 4, 96], [a.id, 1, 99]]);
    expect([m.x, m.y]).toEqual([6, 5]);
  });
});

/** The ARENA with walls on rows 4 and 6 for x = 6..12: row 5 is a 1-tile corridor from x = 6 to 12. */
const NARROW = ARENA.split("\n").map((r, y) => (y === 4 || y === 6 ? r.slice(0, 6) + "#######" + r.slice(13) : r)).join("\n");

/**
 * A hero of size `size` played by seat-1 at (5, 5), at the mouth of the corridor; a hostile Medium minion
 * fills the corridor at (7, 5); another minion at (15, 5) (initiative hero 20, the others lower). The hero's
 * plan walks through (7, 5) to (8, 5) through planTurn, on `dice`.
 */
function tinyThrough(size: "tiny" | "small", dice: number[]) {
  const sim = d20Sim(1, NARROW);
  const a = hero(sim, 5, 5, { controller: "seat-1" });
  const c = minion(sim, 7, 5);
  const m = minion(sim, 15, 5);
  plain([a, c, m]);
  d20Of(a).size = size;
  a.targetId = m.id;
  forceDice(sim, [20, 2, 1]);
  sim.step();
  planSteps(sim, a, [{ kind: "move", path: at([6, 5], [7, 5], [8, 5]) }]);
  const left = forceDice(sim, dice);
  const ev = sim.step();
  return { a, c, refusals: of(ev, "turnPlanPlayed")[0]!.refusals, ev, left: left.left() };
}

describe("audit a7: a hostile creature two sizes larger can be passed through (D20-MOVE-36)", () => {
  it("D20-MOVE-36: a Tiny hero walks through the hostile Medium minion (two sizes larger) filling the corridor, to (8, 5); a Small hero (one size smaller) is refused at (6, 5)", () => {
    const tiny = tinyThrough("tiny", [3]); // leaving the minion's reach provokes its opportunity attack: 3 misses
    expect(tiny.refusals).toEqual([null]);
    expect([tiny.a.x, tiny.a.y]).toEqual([8, 5]);
    expect(of(tiny.ev, "reaction").map((e) => [e.unitId, e.kind, e.againstId])).toEqual([[tiny.c.id, "opportunityAttack", tiny.a.id]]);
    expect(tiny.left).toBe(0);
    const small = tinyThrough("small", []);
    expect(small.refusals).toEqual([expect.stringContaining("D20-MOVE-36")]);
    expect([small.a.x, small.a.y]).toEqual([6, 5]);
    expect(small.left).toBe(0);
  });
});

/** A bow: its wielder shoots from where it stands instead of walking up (and out of a zone). */
const BOW = { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } as const;

/** Two heroes with bows at (5, 5) and (5, 6), the first picking the Master at (9, 5), which a keeper plays (its turn waits for a plan); the Master acts first. */
function masterPlayed() {
  const sim = d20Sim();
  const a = hero(sim, 5, 5, { gear: { ...BOW } });
  const b = hero(sim, 5, 6, { gear: { ...BOW } });
  const m = creature(sim, "master", 9, 5);
  m.controller = "seat-1";
  plain([a, b, m]);
  a.targetId = m.id;
  forceDice(sim, [1, 2, 20]);
  sim.step();
  return { sim, a, b, m, enc: Object.values(sim.state.encounters ?? {})[0]! };
}

describe("audit a7, siblings of D20-DAMAGE-17: damage every turn, with its die (D20-DAMAGE-09, D20-DAMAGE-10, D20-DAMAGE-15, D20-DAMAGE-23)", () => {
  for (const [spell, type, die, rolls] of [["acidRain", "acid", 4, [4, 3, 1, 2]], ["miasma", "poison", 2, [2, 1, 1, 2]]] as const) {
    it(`${type === "acid" ? "D20-DAMAGE-10" : "D20-DAMAGE-15"}: in the Master's ${spell} zone each hero takes a d${die} at the start of each of its turns, rounds 1 and 2 (${rolls.join(", ")}); the zone is gone by round 3`, () => {
      const f = masterPlayed();
      f.enc.plans[f.m.id] = { steps: [{ kind: "cast", spell, x: 5, y: 5 }] };
      forceDice(f.sim, [3]);
      f.sim.step(); // the spell itself: 1d4 = 3 on each hero
      const [b1, a1, b2, a2] = rolls;
      // round 1: b's zone die, its attack (natural 1), a's zone die, its attack; round 2 (the Master plans nothing) the same.
      const r1 = recordD20Dice(f.sim, [b1, 1, a1, 1]);
      const round1 = run(f.sim, 2);
      f.enc.plans[f.m.id] = { steps: [] };
      const r2 = recordD20Dice(f.sim, [b2, 1, a2, 1]);
      const round2 = run(f.sim, ROUND_TICKS);
      expect([f.a.x, f.a.y, f.b.x, f.b.y]).toEqual([5, 5, 5, 6]); // they shoot from inside the zone
      expect([r1.left(), r2.left()]).toEqual([0, 0]);
      expect([r1.draws, r2.draws]).toEqual([[`d${die}=${b1}`, "d20=1", `d${die}=${a1}`, "d20=1"], [`d${die}=${b2}`, "d20=1", `d${die}=${a2}`, "d20=1"]]);
      expect([...dmg(round1), ...dmg(round2)]).toEqual([
        { targetId: f.b.id, sourceId: f.m.id, amount: b1, damageType: type, hp: 97 - b1 },
        { targetId: f.a.id, sourceId: f.m.id, amount: a1, damageType: type, hp: 97 - a1 },
        { targetId: f.b.id, sourceId: f.m.id, amount: b2, damageType: type, hp: 97 - b1 - b2 },
        { targetId: f.a.id, sourceId: f.m.id, amount: a2, damageType: type, hp: 97 - a1 - a2 },
      ]);
      // Round 3: no zone left, so only the two attacks (natural 1) draw.
      f.enc.plans[f.m.id] = { steps: [] };
      const last = recordD20Dice(f.sim, [1, 1]);
      const round3 = run(f.sim, ROUND_TICKS);
      expect([last.left(), last.draws, dmg(round3), f.enc.zones ?? []]).toEqual([0, ["d20=1", "d20=1"], [], []]);
    });
  }

  for (const [spell, type, hit, id] of [["acidDart", "acid", 4, "D20-DAMAGE-09"], ["firebolt", "burn", 5, "D20-DAMAGE-23"]] as const) {
    it(`${id}: the Master's ${spell} (${hit}) leaves basic ${type} that deals a d4 at the start of each of the hero's next 2 turns (2, then 3), then nothing`, () => {
      const f = masterPlayed();
      f.enc.plans[f.m.id] = { steps: [{ kind: "cast", spell, targetId: f.a.id }] };
      forceDice(f.sim, [15, hit]);
      expect(dmg(f.sim.step())).toEqual([{ targetId: f.a.id, sourceId: f.m.id, amount: hit, damageType: type, hp: 100 - hit }]);
      // round 1: b's attack (natural 1), a's damage over time 2, its attack (natural 1).
      const r1 = recordD20Dice(f.sim, [1, 2, 1]);
      const round1 = run(f.sim, 2);
      f.enc.plans[f.m.id] = { steps: [] };
      const r2 = recordD20Dice(f.sim, [1, 3, 1]);
      const round2 = run(f.sim, ROUND_TICKS);
      f.enc.plans[f.m.id] = { steps: [] };
      const r3 = recordD20Dice(f.sim, [1, 1]);
      const round3 = run(f.sim, ROUND_TICKS);
      expect([r1.left(), r2.left(), r3.left()]).toEqual([0, 0, 0]);
      expect([r1.draws, r2.draws, r3.draws]).toEqual([["d20=1", "d4=2", "d20=1"], ["d20=1", "d4=3", "d20=1"], ["d20=1", "d20=1"]]);
      expect([...dmg(round1), ...dmg(round2), ...dmg(round3)]).toEqual([
        { targetId: f.a.id, sourceId: f.m.id, amount: 2, damageType: type, hp: 98 - hit },
        { targetId: f.a.id, sourceId: f.m.id, amount: 3, damageType: type, hp: 95 - hit },
      ]);
      expect(d20Of(f.a).dots).toEqual([]);
    });
  }
});
