import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { unitDistance } from "../../../src/sim/combat/d20/resolve.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { creature, of, plain, run } from "./live-helpers.ts";

/** The ARENA with walls on rows 4 and 6 for x = 6..12: row 5 is a 1-tile corridor from x = 6 to 12. */
const NARROW = ARENA.split("\n").map((r, y) => (y === 4 || y === 6 ? r.slice(0, 6) + "#######" + r.slice(13) : r)).join("\n");

/** The tiles at Chebyshev distance `d` from the square of side `side` whose north-west tile is (x, y). */
function ring(x: number, y: number, side: number, d: number): [number, number][] {
  const out: [number, number][] = [];
  for (let ty = y - d; ty < y + side + d; ty++) {
    for (let tx = x - d; tx < x + side + d; tx++) {
      const dx = tx < x ? x - tx : tx >= x + side ? tx - (x + side - 1) : 0;
      const dy = ty < y ? y - ty : ty >= y + side ? ty - (y + side - 1) : 0;
      if (Math.max(dx, dy) === d) out.push([tx, ty]);
    }
  }
  return out;
}

/**
 * `count` minions (fists, zero characteristics but Agility = count − index, so the initiatives 20 + Agility never
 * tie and they act in array order) on the tiles 2 away from the hero's space, all charging it; the hero (100 HP, initiative 1)
 * acts last. Plays round 1 and returns the attacks on the hero and the minions.
 * Every attack roll is a natural 2; fists deal a flat 1 on a hit, so no other die is drawn.
 */
function charge(sim: Simulation, a: UnitRecord, count: number, side: number): { onHero: string[]; ms: UnitRecord[]; events: SimEvent[] } {
  const ms = ring(a.x, a.y, side, 2).slice(0, count).map(([x, y]) => minion(sim, x, y));
  plain([a, ...ms]);
  ms.forEach((m, i) => { d20Of(m).abilities.agility = count - i; });
  a.targetId = ms[0]!.id;
  forceDice(sim, [1, ...ms.map(() => 20), ...ms.map(() => 2)]);
  const events = run(sim, count);
  return { onHero: of(events, "attack").filter((e) => e.targetId === a.id).map((e) => e.attackerId), ms, events };
}

/**
 * A hero played by seat-1 at (5, 5) at the mouth of a 1-tile corridor (walls on rows 4 and 6 for
 * x = 6..12); `inside` stands in the corridor at (7, 5); a minion foe at (15, 5) (initiative hero
 * 20, the others lower). The hero's plan walks through (7, 5) to (8, 5) through planTurn, on `dice`.
 */
function throughCorridor(inside: (sim: Simulation) => UnitRecord, dice: number[] = []) {
  const sim = d20Sim(1, NARROW);
  const a = hero(sim, 5, 5, { controller: "seat-1" });
  const c = inside(sim);
  const m = minion(sim, 15, 5);
  plain([a, c, m]);
  a.targetId = m.id;
  forceDice(sim, [20, 2, 1]);
  sim.step();
  expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "move", path: [{ x: 6, y: 5 }, { x: 7, y: 5 }, { x: 8, y: 5 }] }] } as never)).toEqual({ ok: true });
  const left = forceDice(sim, dice);
  const ev = sim.step();
  return { a, refusals: of(ev, "turnPlanPlayed")[0]!.refusals, ev, left: left.left() };
}

describe("d20 sizes and crowding in play", () => {
  it("D20-SIZE-05: nine minions charge a Medium hero: the first eight take the 8 tiles around it and attack; the ninth finds no room and does not", () => {
    const sim = d20Sim();
    const a = hero(sim, 10, 6);
    const r = charge(sim, a, 9, 1);
    expect(r.onHero).toEqual(r.ms.slice(0, 8).map((m) => m.id));
    expect(r.ms.slice(0, 8).map((m) => unitDistance(sim, m, a))).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(unitDistance(sim, r.ms[8]!, a)).toBe(2);
  });

  it("D20-SIZE-07: a Gargantuan hero (4 × 4 at (8, 3)): 20 of 21 charging minions get next to it and attack, the 21st does not", () => {
    const sim = d20Sim();
    const a = hero(sim, 8, 3);
    d20Of(a).size = "gargantuan";
    const r = charge(sim, a, 21, 4);
    expect(r.onHero).toEqual(r.ms.slice(0, 20).map((m) => m.id));
    expect(unitDistance(sim, r.ms[20]!, a)).toBe(2);
  });

  it("D20-SIZE-06: four Large trolls around a Medium hero fill all 8 tiles next to it: they attack, a minion charging it finds no room", () => {
    const sim = d20Sim();
    const a = hero(sim, 10, 6);
    // each 2 × 2 troll covers two of the hero's 8 neighbours: (9..10, 4..5), (11..12, 5..6), (10..11, 7..8), (8..9, 6..7)
    const ts = [[9, 4], [11, 5], [10, 7], [8, 6]].map(([x, y]) => creature(sim, "troll", x!, y!));
    const m = minion(sim, 14, 3);
    plain([a, ...ts, m]);
    a.targetId = ts[0]!.id;
    // initiative: hero 1, trolls 20, 19, 18, 17, minion 16; every attack a natural 2.
    const dice = forceDice(sim, [1, 20, 19, 18, 17, 16, 2, 2, 2, 2]);
    const ev = run(sim, 5); // the trolls' turns and the minion's
    expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId])).toEqual(ts.map((t) => [t.id, a.id]));
    expect(ts.map((t) => unitDistance(sim, t, a))).toEqual([1, 1, 1, 1]);
    expect(of(ev, "turnStarted").map((e) => e.unitId)).toEqual([...ts.map((t) => t.id), m.id]);
    expect([m.x, m.y]).toEqual([14, 3]); // no tile next to the hero to go to: it stays
    expect(dice.left()).toBe(0);
  });

  it("D20-SIZE-04, D20-MOVE-35: an ally filling the 1-tile corridor lets the hero through (it agrees); a hostile minion there does not", () => {
    const ally = throughCorridor((sim) => hero(sim, 7, 5));
    expect(ally.refusals).toEqual([null]);
    expect([ally.a.x, ally.a.y]).toEqual([8, 5]);
    const foe = throughCorridor((sim) => minion(sim, 7, 5));
    expect(foe.refusals).toEqual([expect.stringContaining("D20-MOVE-36")]);
    expect([foe.a.x, foe.a.y]).toEqual([6, 5]);
  });

  it("D20-MOVE-36: a hostile minion two sizes smaller (Tiny) in the corridor lets the hero through; one size smaller (Small) blocks it", () => {
    const sized = (size: "tiny" | "small", dice: number[]) => throughCorridor((sim) => {
      const m = minion(sim, 7, 5);
      d20Of(m).size = size;
      return m;
    }, dice);
    const tiny = sized("tiny", [3]); // leaving its reach provokes its opportunity attack: 3 misses
    expect(tiny.refusals).toEqual([null]);
    expect([tiny.a.x, tiny.a.y]).toEqual([8, 5]);
    expect(of(tiny.ev, "reaction")).toMatchObject([{ kind: "opportunityAttack", againstId: tiny.a.id }]);
    expect(tiny.left).toBe(0);
    const small = sized("small", []);
    expect(small.refusals).toEqual([expect.stringContaining("D20-MOVE-36")]);
    expect([small.a.x, small.a.y]).toEqual([6, 5]);
  });
});
