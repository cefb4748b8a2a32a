import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { canSee } from "../../../src/sim/combat/perception.ts";
import { NOISE_RANGE } from "../../../src/sim/combat/awareness.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { ZERO } from "../d20/live-helpers.ts";
import { adventurer, makeSim } from "./helpers.ts";

/*
 * Audit a8-w8303 (issue 17): live tests for the sampled always-on combat rules the audit found
 * weak: CMB-06 (minion and creature deaths make their noise in d20 and d100 rooms too), CMB-12
 * (the d20 room's decided line of fire, docs/rules-decisions.md "CMB-11, CMB-12 in d20") and
 * CMB-21 (two kobolds to a tile in a malignus room on forced dice; the d20 room's decided one
 * creature to a space, "CMB-21 in d20 and d100"). Every test runs `sim.step()` with every die
 * recorded with its size (recordAllDice) and asserts that none is left.
 */
const ARENA = ["P...................", ...Array.from({ length: 10 }, () => "...................."), "SK.................."].join("\n");
const CORRIDOR = ["##########", "P........#", "##########", "#K......S#", "##########"].join("\n");
const pick = (events: readonly SimEvent[], types: readonly string[]) => events.filter((e) => types.includes(e.type));

describe.each([["d20"], ["d100"]] as [RulesetId][])("a minion's and a creature's death make a noise in a %s room (CMB-06)", (ruleset) => {
  it.each([["minion"], ["kobold"]])(`CMB-06 (${ruleset}): the Warrior's blow kills the %s at (6, 5) at tick 1; its death's noise there is heard by the minion ${NOISE_RANGE} tiles off, not by the one ${NOISE_RANGE + 1} off, and reveals the Warrior`, (kind) => {
    const sim = Simulation.create({ seed: 1, ruleset, map: parseMap("t", ARENA) });
    const a = addUnit(sim, { kind: "adventurer", faction: "heroes", x: 5, y: 5, level: 1, adventurerClass: "Warrior", gear: { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 } });
    const v = kind === "minion" ? addUnit(sim, { kind: "minion", x: 6, y: 5 }) : addUnit(sim, { kind: "creature", species: "kobold", x: 6, y: 5 });
    const near = addUnit(sim, { kind: "minion", x: 6 + NOISE_RANGE, y: 5, job: "chores" });
    const far = addUnit(sim, { kind: "minion", x: 7 + NOISE_RANGE, y: 5, job: "chores" });
    // d20: 4 HP (maximum 4): the longsword's 8 leaves 4 past 0, not less than the maximum: dead at once (D20-HP-13).
    // d100: 1 HP; minions and creatures have no dying phase: 0 or below is death.
    if (ruleset === "d20") d20Of(v).hp = d20Of(v).maxHp = 4; else d100Of(v).hp = d100Of(v).maxHp = 1;
    a.targetId = v.id;
    // initiative Warrior first; d20: attack d20 15, longsword d8 8; d100: attack 60 against the dodge 30, damage 40 of 1..100.
    const rec = recordAllDice(sim, ruleset === "d20" ? [20, 1, 15, 8] : [90, 10, 60, 30, 40]);
    const events = sim.step();
    expect([rec.draws, rec.left()]).toEqual([ruleset === "d20" ? ["d20=20", "d20=1", "d20=15", "d8=8"] : ["d100=90", "d100=10", "d100=60", "d100=30", "1..100=40"], 0]);
    const { tick: _t, ...knocked } = pick(events, ["knockedOut"])[0] as SimEvent & { tick: number };
    expect(knocked).toEqual({ type: "knockedOut", unitId: v.id, outcome: "dead", cause: "hitPoints", ...(ruleset === "d20" ? { byUnitId: a.id } : {}) });
    expect(pick(events, ["noise"])).toEqual([{ type: "noise", tick: 1, cause: "death", sourceId: v.id, x: 6, y: 5, heardBy: [near.id], revealed: [a.id] }]);
    expect([v.activity, near.knownEnemies[a.id], far.knownEnemies[a.id]]).toEqual(["dead", { x: 5, y: 5, tick: 1 }, undefined]);
  });
});

describe("the line of fire in a d20 room (CMB-12, decided: the d20 cover rules judge it)", () => {
  /** A Scout player at (1, 1) with its bow plans a shot at the minion at (4, 4); `corner` walls (2, 1) and (1, 2), which the line grazes. */
  const shoot = (corner: boolean) => {
    const map = ARENA.split("\n").map((r) => r.split(""));
    if (corner) { map[1]![2] = "#"; map[2]![1] = "#"; }
    const sim = Simulation.create({ seed: 1, ruleset: "d20", map: parseMap("t", map.map((r) => r.join("")).join("\n")) });
    const s = addUnit(sim, { kind: "adventurer", faction: "heroes", x: 1, y: 1, level: 1, adventurerClass: "Scout", controller: "a1", gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
    const m = addUnit(sim, { kind: "minion", x: 4, y: 4 });
    for (const u of [s, m]) d20Of(u).abilities = { ...ZERO };
    s.targetId = m.id;
    recordAllDice(sim, [20, 1]); // initiative: the Scout 20, the minion 1
    sim.step();
    expect(sim.enqueue({ kind: "adventurer", seatId: "a1", unitId: s.id }, { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }] } as never)).toEqual({ ok: true });
    const rec = recordAllDice(sim, [15, 3]);
    const events = pick(sim.step(), ["attack", "damaged", "turnPlanPlayed"]).map(({ tick: _t, ...e }) => e);
    return { seen: canSee(sim, s, m), events, draws: rec.draws, left: rec.left(), s, m };
  };

  it("CMB-12 (d20): the Scout's shot past the wall corner is judged by the d20 cover rules: the grazed corner gives no cover, so it is taken exactly as in the open: d20 15 hits AC 11 (no cover bonus), shortbow d6 3", () => {
    for (const corner of [true, false]) {
      const f = shoot(corner);
      expect([f.seen, f.draws, f.left]).toEqual([true, ["d20=15", "d6=3"], 0]);
      expect(f.events).toEqual([
        { type: "attack", attackerId: f.s.id, targetId: f.m.id, hit: true, attackRoll: 15, defenceRoll: 11 },
        { type: "damaged", targetId: f.m.id, sourceId: f.s.id, amount: 3, damageType: "piercing", hp: 7, critical: false },
        { type: "turnPlanPlayed", unitId: f.s.id, refusals: [null] },
      ]);
    }
  });
});

describe("two kobolds to a tile (CMB-21)", () => {
  it("CMB-21 (malignus): in the dead-end corridor three kobolds close on the adventurer at (8, 1): the first two fight from its one free neighbour (7, 1), the third waits at (6, 1); by tick 40 both have struck from (7, 1) three times each (d10 1 + 0 against 1 + 50: misses), the third never", () => {
    const sim = makeSim(9, CORRIDOR);
    const a = adventurer(sim, 8, 1, { stats: { combat: 50, craft: 0, tracking: 0, block: 0 } });
    const ks = [4, 3, 2].map((x) => addUnit(sim, { kind: "creature", species: "kobold", x, y: 1, stats: { combat: 0, craft: 0, tracking: 3, block: 0 } }));
    const rec = recordAllDice(sim, Array(12).fill(1));
    const events: SimEvent[] = [];
    for (let i = 0; i < 40; i++) events.push(...sim.step());
    expect(ks.map((k) => [k.x, k.y, k.activity])).toEqual([[7, 1, "fighting"], [7, 1, "fighting"], [6, 1, "idle"]]);
    expect(pick(events, ["attack"]).map((e) => [e.tick, (e as { attackerId: string }).attackerId, (e as { targetId: string }).targetId, (e as { hit: boolean }).hit]))
      .toEqual([13, 17, 23, 27, 33, 37].map((t, i) => [t, ks[i % 2]!.id, a.id, false]));
    expect([rec.draws, rec.left()]).toEqual([Array(12).fill("d10=1"), 0]);
  });

  it("CMB-21 (d20, decided: one creature to a space): the second kobold does not join the first on the adventurer's one free neighbour (7, 1): it stays at (5, 1) and strikes nobody", () => {
    const sim = Simulation.create({ seed: 5, ruleset: "d20", map: parseMap("t", CORRIDOR) });
    const w = addUnit(sim, { kind: "adventurer", faction: "heroes", x: 8, y: 1, level: 1 });
    const k1 = addUnit(sim, { kind: "creature", species: "kobold", x: 7, y: 1 });
    const k2 = addUnit(sim, { kind: "creature", species: "kobold", x: 5, y: 1 });
    for (const u of [w, k1, k2]) { d20Of(u).abilities = { ...ZERO }; d20Of(u).spells = []; }
    d20Of(w).hp = d20Of(w).maxHp = 1000;
    k1.targetId = w.id;
    // initiative adventurer 20, first kobold 10, second 5; each blow a d20 2 against AC 12: a miss.
    const rec = recordAllDice(sim, [20, 10, 5, 2, 2]);
    const events = [sim.step(), sim.step(), sim.step()].flat();
    expect(pick(events, ["turnStarted"]).map((e) => (e as { unitId: string }).unitId)).toEqual([w.id, k1.id, k2.id]);
    expect(pick(events, ["attack"]).map((e) => [(e as { attackerId: string }).attackerId, (e as { targetId: string }).targetId, (e as { hit: boolean }).hit])).toEqual([[w.id, k1.id, false], [k1.id, w.id, false]]);
    expect([[k1.x, k1.y], [k2.x, k2.y]]).toEqual([[7, 1], [5, 1]]);
    expect([rec.draws, rec.left()]).toEqual([["d20=20", "d20=10", "d20=5", "d20=2", "d20=2"], 0]);
  });
});
