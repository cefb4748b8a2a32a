import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, ROUND_TICKS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";
import { creature, of, plain, ZERO } from "./live-helpers.ts";

/*
 * Issue 17 sweep s8b: D20-MOVE rules with a die, a modifier or a boundary, played in a live d20
 * room through the planTurn command and Simulation.step(), draws recorded (diceRecorder.ts).
 */
const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));
const strip = (ev: readonly SimEvent[]) => ev.map((e) => { const { tick: _t, encounterId: _e, ...r } = e as SimEvent & { encounterId?: string }; return r; });
/** The ARENA with rubble `:` at (8, 5) and (9, 7). */
const RUBBLE = ARENA.split("\n").map((r, y) => (y === 5 ? r.slice(0, 8) + ":" + r.slice(9) : y === 7 ? r.slice(0, 9) + ":" + r.slice(10) : r)).join("\n");

/** A Locksmith (its class kit through the live `partyArrived`) played by seat a0 at (3, 5), a minion at (12, 5); the Locksmith's turn waits for its plan. */
function locksmith(): { sim: Simulation; lock: UnitRecord } {
  const sim = d20Sim();
  const k = ADVENTURER_CLASSES.Locksmith!;
  const lock = hero(sim, 3, 5, { adventurerClass: "Locksmith", partyId: "p1", controller: "a0", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
  sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [lock.id] } as unknown as PartyRecord);
  const m = minion(sim, 12, 5);
  for (const u of [lock, m]) d20Of(u).abilities = { ...ZERO };
  lock.targetId = m.id;
  forceDice(sim, [20, 1]);
  sim.step();
  return { sim, lock };
}

/** Sends `steps` as `u`'s plan through the live planTurn command and steps once with `dice` recorded. */
function play(sim: Simulation, u: UnitRecord, steps: unknown[], dice: number[]) {
  expect(sim.enqueue({ kind: "adventurer", seatId: u.controller!, unitId: u.id }, { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
  const rec = recordD20Dice(sim, dice);
  const events = sim.step();
  return { events, refusals: of(events, "turnPlanPlayed")[0]!.refusals, draws: rec.draws, left: rec.left() };
}

describe("s8b: slippery liquid takes a d20 + Agility roll against 10 (D20-MOVE-26, D20-MOVE-27)", () => {
  it("D20-MOVE-26, D20-MOVE-27: the Locksmith (Agility 2) steps onto its own spilled oil: d20 7 + 2 = 9 falls prone; d20 8 + 2 = 10 keeps its footing; one d20 each, and the oily tile costs 2", () => {
    for (const [die, prone] of [[7, true], [8, false]] as const) {
      const { sim, lock } = locksmith();
      d20Of(lock).abilities.agility = 2;
      const t = play(sim, lock, [
        { kind: "cast", spell: "oilFlask", x: 7, y: 3 },
        { kind: "move", path: at([4, 4], [4, 3], [5, 3], [6, 3]) },
        { kind: "move", path: at([7, 3]) },
      ], [die]);
      // 1 + 1 + 1 (floor) + 2 (oil) of 6: the second oily tile (2 more, 3 crawling) is refused.
      expect(t.refusals).toEqual([null, null, "not enough movement left (D20-MOVE-07)"]);
      expect([lock.x, lock.y, sim.ruleset.statuses(lock).includes("prone")]).toEqual([6, 3, prone]);
      expect(t.draws).toEqual([`d20=${die}`]);
      expect(t.left).toBe(0);
    }
  });
});

describe("s8b: a turn begun on slippery liquid rolls again (D20-MOVE-27, Left open: on entering and at the start of a turn)", () => {
  it("D20-MOVE-27: the Locksmith (Agility 2) keeps its footing entering its oil (d20 8 + 2 = 10) and stays there; at the start of its round-2 turn, still on the oil, it rolls again: d20 7 + 2 = 9 falls prone, d20 8 + 2 = 10 stands", () => {
    for (const [die, prone] of [[7, true], [8, false]] as const) {
      const { sim, lock } = locksmith();
      const m = Object.values(sim.state.units).find((u) => u.kind === "minion")!;
      d20Of(lock).abilities.agility = 2;
      const t = play(sim, lock, [
        { kind: "cast", spell: "oilFlask", x: 7, y: 3 },
        { kind: "move", path: at([4, 4], [4, 3], [5, 3], [6, 3]) },
      ], [8]);
      expect([t.refusals, lock.x, lock.y, sim.ruleset.statuses(lock).includes("prone"), t.draws]).toEqual([[null, null], 6, 3, false, ["d20=8"]]);
      // The minion's round-1 turn (tick 3): it walks onto the oil next to the Locksmith, slips (d20 1: prone) and strikes prone, with disadvantage (1 and 1: a miss).
      const rec = recordD20Dice(sim, [1, 1, 1]);
      while (sim.state.tick < 1 + ROUND_TICKS) sim.step();
      expect([sim.ruleset.statuses(m).includes("prone"), rec.draws, rec.left()]).toEqual([true, ["d20=1", "d20=1", "d20=1"], 0]);
      // Round 2: the Locksmith's turn waits for its plan; played (an empty plan), it begins with the footing roll on the oil.
      const t2 = play(sim, lock, [], [die]);
      expect([t2.refusals, lock.x, lock.y, sim.ruleset.statuses(lock).includes("prone"), t2.draws, t2.left]).toEqual([[], 6, 3, prone, [`d20=${die}`], 0]);
    }
  });
});

describe("s8b: a tile's whole cost must be left (D20-MOVE-07, D20-MOVE-22)", () => {
  /** A hero played by seat-1 at (`x`, `y`), movement 6, against a minion at (15, 10); its turn waits for its plan. */
  function walker(x: number, y: number) {
    const sim = d20Sim(1, RUBBLE);
    const a = hero(sim, x, y, { controller: "seat-1" });
    const m = minion(sim, 15, 10);
    plain([a, m]);
    a.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    return { sim, a };
  }

  it("D20-MOVE-07, D20-MOVE-22: with exactly 2 movement left the rubble at (8, 5) is entered (4 floor tiles + 2); with 1 left the rubble at (9, 7) is refused and the hero stays", () => {
    const two = walker(4, 5);
    const t2 = play(two.sim, two.a, [{ kind: "move", path: at([5, 4], [6, 4], [7, 4], [7, 5]) }, { kind: "move", path: at([8, 5]) }], []);
    expect(t2.refusals).toEqual([null, null]);
    expect([two.a.x, two.a.y]).toEqual([8, 5]);
    const one = walker(3, 7);
    const t1 = play(one.sim, one.a, [{ kind: "move", path: at([4, 7], [5, 7], [6, 7], [7, 7], [8, 7]) }, { kind: "move", path: at([9, 7]) }], []);
    expect(t1.refusals).toEqual([null, "not enough movement left (D20-MOVE-07)"]);
    expect([one.a.x, one.a.y]).toEqual([8, 7]);
  });
});

describe("s8b: a flyer falls when knocked prone or at movement 0 (D20-MOVE-37)", () => {
  /** The keeper's giant bat (seat-1) flying at (5, 5), a hero at (9, 5); initiative bat 20, hero 1: the bat's turn waits for its plan. */
  function flyingBat() {
    const sim = d20Sim();
    const bat = creature(sim, "giantBat", 5, 5);
    bat.controller = "seat-1";
    const h = hero(sim, 9, 5);
    plain([bat, h]);
    d20Of(bat).mode = "fly";
    h.targetId = bat.id;
    forceDice(sim, [20, 1]);
    sim.step();
    return { sim, bat, h, enc: Object.values(sim.state.encounters ?? {})[0]! };
  }
  const fell = (ev: readonly SimEvent[]) => strip(ev).filter((e) => e.type === "moveModeChanged" || e.type === "damaged");

  it("D20-MOVE-37, D20-DAMAGE-11: the flying bat drops prone in its turn: when the hero's turn starts it falls: walking, prone, 1 bludgeoning (100 → 99): falling deals bludgeoning", () => {
    const { sim, bat, h, enc } = flyingBat();
    enc.plans[bat.id] = { steps: [{ kind: "dropProne" }] };
    sim.step(); // the bat's plan plays; still flying
    expect([d20Of(bat).mode, sim.ruleset.statuses(bat)]).toEqual(["fly", ["prone"]]);
    // the hero's turn starts: the bat falls; the hero walks up and strikes the prone bat: advantage, two d20 (1 and 1).
    const dice = recordD20Dice(sim, [1, 1]);
    const ev = sim.step();
    expect(fell(ev)).toEqual([
      { type: "moveModeChanged", unitId: bat.id, from: "fly", mode: "walk", movementBefore: 0, movementLeft: 0 },
      { type: "damaged", targetId: bat.id, sourceId: bat.id, amount: 1, damageType: "bludgeoning", hp: 99, critical: false },
    ]);
    expect(of(ev, "turnStarted").map((t) => t.unitId)).toEqual([h.id]);
    expect(sim.ruleset.statuses(bat)).toEqual(["prone"]);
    expect(dice.draws).toEqual(["d20=1", "d20=1"]);
    expect(dice.left()).toBe(0);
  });

  it("D20-MOVE-37: a flying bat whose movement value drops to 0 falls as its turn starts: walking, prone, 1 bludgeoning (the hero's blow then has advantage: two d20); with movement 1 it stays up (one d20)", () => {
    for (const [movement, falls] of [[0, true], [1, false]] as const) {
      const { sim, bat, enc } = flyingBat();
      d20Of(bat).movement = movement;
      enc.plans[bat.id] = { steps: [] };
      // the bat's turn (its empty plan), then the hero's: it walks up and strikes: a fallen (prone) bat gives it advantage (two d20), a flying one not.
      const dice = recordD20Dice(sim, falls ? [1, 1] : [1]);
      const ev = [...sim.step(), ...sim.step()];
      expect(dice.draws).toEqual(falls ? ["d20=1", "d20=1"] : ["d20=1"]);
      expect(dice.left()).toBe(0);
      expect(fell(ev)).toEqual(falls ? [
        { type: "moveModeChanged", unitId: bat.id, from: "fly", mode: "walk", movementBefore: 0, movementLeft: 0 },
        { type: "damaged", targetId: bat.id, sourceId: bat.id, amount: 1, damageType: "bludgeoning", hp: 99, critical: false },
      ] : []);
      expect(d20Of(bat).mode).toBe(falls ? "walk" : "fly");
    }
  });
});

describe("s8b: a hostile creature's tile is difficult terrain too (D20-MOVE-25, D20-MOVE-36)", () => {
  it("D20-MOVE-25, D20-MOVE-36: the hero (movement 6) walks through a hostile Tiny minion's tile (two sizes smaller: passable) at (7, 5): 1 + 2 + 1 + 1 + 1 reach (10, 5); the 7th tile is refused; leaving its reach draws its opportunity attack (d20 3 misses)", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, 7, 5);
    plain([a, m]);
    d20Of(m).size = "tiny";
    a.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    const t = play(sim, a, [{ kind: "move", path: at([6, 5], [7, 5], [8, 5], [9, 5], [10, 5]) }, { kind: "move", path: at([11, 5]) }], [3]);
    expect(t.refusals).toEqual([null, "not enough movement left (D20-MOVE-07)"]);
    expect([a.x, a.y]).toEqual([10, 5]);
    expect(of(t.events, "reaction").map((e) => [e.unitId, e.kind])).toEqual([[m.id, "opportunityAttack"]]);
    expect(t.draws).toEqual(["d20=3"]);
    expect(t.left).toBe(0);
  });
});
