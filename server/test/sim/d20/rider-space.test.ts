import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { newTurn } from "../../../src/sim/combat/d20/actions.ts";
import { gridDistance } from "../../../src/sim/combat/d20/movement.ts";
import { mapCover } from "../../../src/sim/combat/d20/cover.ts";
import { addStatus, removeStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { canStrike, unitDistance } from "../../../src/sim/combat/d20/resolve.ts";
import { coverAgainst } from "../../../src/sim/combat/d20/reach.ts";
import { d20TurnOptions } from "../../../src/sim/combat/d20/options.ts";
import { aiTurn } from "../../../src/sim/combat/d20/ai.ts";
import { playPlan } from "../../../src/sim/combat/d20/turn.ts";
import { stepTo } from "../../../src/sim/combat/d20/stepping.ts";
import { refreshSqueezing } from "../../../src/sim/combat/d20/spaces.ts";
import { addStatus as add } from "../../../src/sim/combat/d20/statuses.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

/**
 * Issue 7, d20rider: a rider shares its mount's space and measures reach, range, opportunity
 * attacks, being targeted and cover from it (Left open D20-MOUNT, the rider's position, with
 * D20-SIZE-01 and D20-MOVE-09): on a Large (2×2) mount at (4, 4) the rider covers (4..5, 4..5).
 */

const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };
const strip = (events: SimEvent[]) => events.map(({ tick: _t, ...e }) => e);
/** A wall at x = 4 on rows 2 to 4. */
/** Walls on rows 4 and 6 for x = 6..12: row 5 is a 1-tile corridor from x = 6 to 12. */
const NARROW = ARENA.split("\n").map((r, y) => (y === 4 || y === 6 ? r.slice(0, 6) + "#######" + r.slice(13) : r)).join("\n");
const PILLAR = ARENA.split("\n").map((r, y) => (y >= 2 && y <= 4 ? r.slice(0, 4) + "#" + r.slice(5) : r)).join("\n");

/**
 * A hero (sword, or `gear`) riding a Large trained horse (controlled) at `at`, and a minion at
 * `foe`; everyone at 100 HP with zero abilities, paralysed for the step that forms the encounter
 * (so nobody acts), then freed.
 */
function mounted(at: [number, number], foe: [number, number], map = ARENA, gear?: Partial<UnitRecord>) {
  const sim = d20Sim(1, map);
  const h = hero(sim, at[0], at[1], { controller: "seat-1", ...gear });
  const steed = addUnit(sim, { kind: "creature", faction: "heroes", species: "horse", x: at[0], y: at[1] });
  const m = minion(sim, foe[0], foe[1]);
  Object.assign(d20Of(steed), { size: "large", movement: 10, mountTraits: { willing: true, trained: true, intelligent: false, summoned: false } });
  d20Of(h).riding = { mountId: steed.id, controlled: true };
  d20Of(steed).riderId = h.id;
  for (const u of [h, steed, m]) { const d = d20Of(u); d.hp = d.maxHp = 100; d.abilities = { ...ZERO }; addStatus(d.statuses, "paralysed", "", 1); }
  h.targetId = m.id;
  sim.step();
  for (const u of [h, steed, m]) removeStatus(d20Of(u).statuses, "paralysed");
  sim.drainEvents();
  const enc = Object.values(sim.state.encounters ?? {})[0]!;
  return { sim: sim as Simulation, h, steed, m, enc };
}

describe("a rider measures from its mount's space (d20rider)", () => {
  it("Left open D20-MOUNT (rider's position), D20-ATTACK-19, D20-MOVE-09: on the Large horse at (4, 4) the rider is 1 from a minion at (6, 6), next to the mount's far tile (5, 5); its options list it and its sword hits", () => {
    const f = mounted([4, 4], [6, 6]);
    expect([f.h.x, f.h.y, f.steed.x, f.steed.y]).toEqual([4, 4, 4, 4]);
    // From the rider's own tile it would be 2; from the mount's space it is 1.
    expect([gridDistance(f.h, f.m), unitDistance(f.sim, f.h, f.m), canStrike(f.sim, f.h, f.m)]).toEqual([2, 1, true]);
    const o = d20TurnOptions(f.sim, f.enc, f.h);
    expect([o.targets, o.targetCover]).toEqual([[f.m.id], ["none"]]);
    forceDice(f.sim, [14, 5]);
    expect(playPlan(f.sim, f.enc, f.h, { steps: [{ kind: "attack", targetId: f.m.id }] }, { budget: newTurn(6), attacksLeft: 0 })).toEqual([null]);
    expect(strip(f.sim.drainEvents()).filter((e) => e.type === "attack")).toEqual([{ type: "attack", attackerId: f.h.id, targetId: f.m.id, hit: true, attackRoll: 14, defenceRoll: d20Of(f.m).ac }]);
    expect(d20Of(f.m).hp).toBe(95);
  });

  it("D20-ATTACK-19: a minion at (7, 5) is 2 from the mount's space: not listed, and the attack is refused", () => {
    const f = mounted([4, 4], [7, 5]);
    expect([unitDistance(f.sim, f.h, f.m), canStrike(f.sim, f.h, f.m), d20TurnOptions(f.sim, f.enc, f.h).targets]).toEqual([2, false, []]);
    expect(playPlan(f.sim, f.enc, f.h, { steps: [{ kind: "attack", targetId: f.m.id }] }, { budget: newTurn(6), attacksLeft: 0 })).toEqual(["the target is out of reach or range (D20-ATTACK-19, D20-ATTACK-51)"]);
  });

  it("targeted by others: a minion next to any tile of the mount's 2×2 space reaches the rider, one tile farther it does not; its fists hit the rider from (6, 5)", () => {
    const f = mounted([4, 4], [6, 5]);
    const reach: string[] = [];
    for (const [x, y] of [[3, 3], [6, 3], [3, 6], [6, 6], [6, 5], [4, 6], [3, 4], [7, 5], [4, 7], [2, 2], [5, 2]] as const) {
      f.m.x = x; f.m.y = y;
      reach.push(`${x},${y}:${canStrike(f.sim, f.m, f.h) ? 1 : 0}`);
    }
    expect(reach).toEqual(["3,3:1", "6,3:1", "3,6:1", "6,6:1", "6,5:1", "4,6:1", "3,4:1", "7,5:0", "4,7:0", "2,2:0", "5,2:0"]);
    f.m.x = 6; f.m.y = 5;
    expect(d20TurnOptions(f.sim, f.enc, f.m).targets).toEqual([f.h.id, f.steed.id]);
    forceDice(f.sim, [16]); // unarmed: 1 bludgeoning, no damage die (Left open D20-ATTACK-24)
    expect(playPlan(f.sim, f.enc, f.m, { steps: [{ kind: "attack", targetId: f.h.id }] }, { budget: newTurn(6), attacksLeft: 0 })).toEqual([null]);
    const attacks = strip(f.sim.drainEvents()).filter((e) => e.type === "attack");
    expect(attacks).toEqual([{ type: "attack", attackerId: f.m.id, targetId: f.h.id, hit: true, attackRoll: 16, defenceRoll: d20Of(f.h).ac }]);
    expect(d20Of(f.h).hp).toBe(99);
  });

  it("D20-ATTACK-25 (made by the rider): a minion at (6, 6) stepping to (7, 7) leaves the reach of the rider's mount space: the rider strikes with its reaction", () => {
    const f = mounted([4, 4], [6, 6]);
    d20Of(f.steed).reactionUsed = true; // the horse's own reaction spent: only the rider's shows
    forceDice(f.sim, [15, 2]);
    const budget = newTurn(6);
    expect(stepTo(f.sim, f.enc, f.m, { x: 7, y: 7 }, budget, true)).toBeNull();
    const events = strip(f.sim.drainEvents());
    expect(events.filter((e) => e.type === "reaction")).toEqual([{ type: "reaction", unitId: f.h.id, kind: "opportunityAttack", detail: d20Of(f.h).weapon.name, againstId: f.m.id }]);
    expect(events.filter((e) => e.type === "attack")).toEqual([{ type: "attack", attackerId: f.h.id, targetId: f.m.id, hit: true, attackRoll: 15, defenceRoll: d20Of(f.m).ac }]);
    expect([d20Of(f.m).hp, f.m.x, f.m.y, d20Of(f.h).reactionUsed]).toEqual([98, 7, 7, true]);
  });

  it("D20-ATTACK-25, D20-MOUNT-22 (provoked while carried): the mount stepping west from (4, 4) to (3, 4) takes its far tile out of the reach of the minion at (6, 6); it strikes the rider, who has fewer HP", () => {
    const f = mounted([4, 4], [6, 6]);
    d20Of(f.h).hp = 40;
    forceDice(f.sim, [15]); // unarmed: 1 bludgeoning
    expect(stepTo(f.sim, f.enc, f.steed, { x: 3, y: 4 }, newTurn(10), true)).toBeNull();
    const events = strip(f.sim.drainEvents());
    expect(events.filter((e) => e.type === "reaction")).toEqual([{ type: "reaction", unitId: f.m.id, kind: "opportunityAttack", detail: d20Of(f.m).weapon.name, againstId: f.h.id }]);
    expect([d20Of(f.h).hp, f.h.x, f.h.y, f.steed.x, f.steed.y]).toEqual([39, 3, 4, 3, 4]);
    // Now the rider's space is (3..4, 4..5): 2 from the minion.
    expect(unitDistance(f.sim, f.h, f.m)).toBe(2);
  });

  it("D20-ATTACK-57 to D20-ATTACK-61: behind the pillar from its own tile (2, 4) the rider's arrow would meet total cover, but its mount's north-east tile sees the minion at (9, 2): no cover, and the arrow meets AC 11; the minion's lines back end at the mount's best tile: half cover, not total", () => {
    const f = mounted([2, 4], [9, 2], PILLAR, { gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
    const map = f.sim.state.map;
    // From the rider's own tile alone: total cover both ways.
    expect([mapCover(map, { x: 2, y: 4 }, f.m), mapCover(map, f.m, { x: 2, y: 4 })]).toEqual(["total", "total"]);
    // From the mount's space: none for the rider's shot (its north-east tile (3, 4) sees past the pillar); for the
    // minion's shot at the rider, judged by the space's best tile, 1 or 2 of the 4 lines graze the pillar's foot: half.
    expect([coverAgainst(f.sim, f.enc, f.h, f.m), coverAgainst(f.sim, f.enc, f.m, f.h), mapCover(map, f.m, f.steed)]).toEqual(["none", "half", "half"]);
    const o = d20TurnOptions(f.sim, f.enc, f.h);
    expect([o.targets, o.targetCover]).toEqual([[f.m.id], ["none"]]);
    forceDice(f.sim, [12, 4]);
    expect(playPlan(f.sim, f.enc, f.h, { steps: [{ kind: "attack", targetId: f.m.id }] }, { budget: newTurn(6), attacksLeft: 0 })).toEqual([null]);
    expect(strip(f.sim.drainEvents()).filter((e) => e.type === "attack")).toEqual([{ type: "attack", attackerId: f.h.id, targetId: f.m.id, hit: true, attackRoll: 12, defenceRoll: 11 }]);
    expect(d20Of(f.m).hp).toBe(96);
  });
});

describe("the rider's space follows its mount (d20rider)", () => {
  it("D20-SIZE-08, D20-ATTACK-25: the horse squeezing from (4, 5) into (5, 5) at the corridor's mouth shrinks the rider's space with it: the minion at (6, 7) is left behind (1, then 2) and strikes the rider", () => {
    const f = mounted([4, 5], [6, 7], NARROW);
    refreshSqueezing(f.sim, f.steed);
    d20Of(f.h).hp = 40;
    expect([unitDistance(f.sim, f.h, f.m), canStrike(f.sim, f.m, f.h)]).toEqual([1, true]);
    forceDice(f.sim, [15]); // unarmed: 1 bludgeoning
    expect(stepTo(f.sim, f.enc, f.steed, { x: 5, y: 5 }, newTurn(10), true)).toBeNull();
    const events = strip(f.sim.drainEvents());
    expect(events.filter((e) => e.type === "reaction")).toEqual([{ type: "reaction", unitId: f.m.id, kind: "opportunityAttack", detail: d20Of(f.m).weapon.name, againstId: f.h.id }]);
    // Squeezed, the mount covers (5, 5) alone: so does its rider, 2 from the minion (unsqueezed it would be 1).
    expect([f.h.x, f.h.y, unitDistance(f.sim, f.h, f.m), canStrike(f.sim, f.h, f.m), d20Of(f.h).hp]).toEqual([5, 5, 2, false, 39]);
  });

  it("D20-ACTION-31 to D20-ACTION-35: a rider holding a readied attack strikes the minion stepping from (7, 6) to (6, 6), into the reach of the mount's far tile (5, 5)", () => {
    const f = mounted([4, 4], [7, 6]);
    add(d20Of(f.h).statuses, "readied", f.h.id, -1);
    forceDice(f.sim, [13, 6]);
    expect(stepTo(f.sim, f.enc, f.m, { x: 6, y: 6 }, newTurn(6), true)).toBeNull();
    const events = strip(f.sim.drainEvents());
    expect(events.filter((e) => e.type === "reaction")).toEqual([{ type: "reaction", unitId: f.h.id, kind: "readied", detail: "attack", againstId: f.m.id }]);
    expect(events.filter((e) => e.type === "attack")).toEqual([{ type: "attack", attackerId: f.h.id, targetId: f.m.id, hit: true, attackRoll: 13, defenceRoll: d20Of(f.m).ac }]);
    expect(d20Of(f.m).hp).toBe(94);
  });

  it("AI (D20-ATTACK-19): a minion at (9, 5) goes for the rider (of rider and mount, both 3 away, the lower id) and walks to the mount's space: 3 tiles west to (6, 5), next to (5, 5), and punches it", () => {
    const f = mounted([4, 4], [9, 5]);
    forceDice(f.sim, [17]); // unarmed: 1 bludgeoning
    aiTurn(f.sim, f.enc, f.m, { budget: newTurn(6), attacksLeft: 0 });
    const events = strip(f.sim.drainEvents());
    expect([f.m.x, f.m.y]).toEqual([6, 5]);
    expect(events.filter((e) => e.type === "attack")).toEqual([{ type: "attack", attackerId: f.m.id, targetId: f.h.id, hit: true, attackRoll: 17, defenceRoll: d20Of(f.h).ac }]);
    expect(d20Of(f.h).hp).toBe(99);
  });
});
