import { describe, expect, it } from "vitest";
import { STANCES } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { KEEP_DISTANCE_TILES, stanceChoice } from "../../../src/sim/combat/stance.ts";
import { DEFAULT_STANCE } from "../../../src/sim/world/units.ts";
import { stepMinions } from "../../../src/sim/minions/minions.ts";
import { adventurer, makeSim } from "./helpers.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";

const EYES = { combat: 3, craft: 0, tracking: 2, block: 0 }; // perception 7

/** A minion at (5,3) with `stance`, an ally minion at (1,6), an enemy at (`ex`, 3). */
function scene(stance: UnitRecord["stance"], ex: number, seed = 1) {
  const sim = makeSim(seed);
  const m = addUnit(sim, { kind: "minion", x: 5, y: 3, stats: { ...EYES }, stance });
  const ally = addUnit(sim, { kind: "minion", x: 1, y: 6, job: "trapping", stats: { ...EYES } });
  const foe = adventurer(sim, ex, 3, { stats: { ...EYES } });
  return { sim, m, ally, foe };
}

function goal(sim: Simulation, u: UnitRecord): { x: number; y: number } | null {
  return u.walk ? { x: u.walk.goal % sim.state.map.width, y: Math.floor(u.walk.goal / sim.state.map.width) } : null;
}

describe("the stance slider", () => {
  it("CMB-15: four positions from Flight to Aggression; the keeper sets a minion's stance with setStance", () => {
    expect(STANCES).toEqual(["flight", "keepDistance", "regroup", "aggression"]);
    expect(DEFAULT_STANCE).toBe("aggression");
    const sim = makeSim();
    const m = addUnit(sim, { kind: "minion", x: 5, y: 3 });
    expect(m.stance).toBe("aggression");
    sim.drainEvents();
    expect(sim.apply({ type: "setStance", unitId: m.id, stance: "flight" })).toEqual({ ok: true });
    expect(m.stance).toBe("flight");
    expect(sim.drainEvents()).toEqual([{ type: "stanceChanged", unitId: m.id, stance: "flight", targetId: "", tick: 0 }]);
  });

  it("CMB-15: setStance is refused, changing nothing, for an unknown unit or one that is not the keeper's minion or creature", () => {
    const sim = makeSim();
    const a = adventurer(sim, 2, 2);
    const master = addUnit(sim, { kind: "master", x: 0, y: 7 });
    const before = sim.hash();
    expect(sim.apply({ type: "setStance", unitId: "999", stance: "flight" })).toMatchObject({ ok: false, code: "UNKNOWN_UNIT" });
    expect(sim.apply({ type: "setStance", unitId: a.id, stance: "flight" })).toMatchObject({ ok: false, code: "NOT_YOUR_UNIT", rule: "CMB-15" });
    expect(sim.apply({ type: "setStance", unitId: master.id, stance: "flight" })).toMatchObject({ ok: false, code: "NOT_YOUR_UNIT" });
    expect(sim.hash()).toBe(before);
    expect(sim.drainEvents()).toEqual([]);
  });

  it("CMB-16: aggression goes after a seen enemy and fights it when next to it", () => {
    const { sim, m, foe } = scene("aggression", 10);
    stepMinions(sim);
    expect(m.activity).toBe("walking");
    expect(goal(sim, m)).toEqual({ x: 9, y: 3 });
    m.x = 9; m.walk = null;
    stepMinions(sim);
    expect([m.activity, m.targetId]).toEqual(["fighting", foe.id]);
  });

  it("CMB-16: regroup joins the nearest ally instead of chasing, and fights only an enemy next to it", () => {
    const { sim, m, ally, foe } = scene("regroup", 8);
    expect(stanceChoice(sim, m)).toBe("regroup");
    expect(goal(sim, m)).toEqual({ x: 2, y: 6 });
    expect(m.targetId).toBe("");
    m.x = 2; m.y = 6; m.walk = null;
    expect(stanceChoice(sim, m)).toBe("hold");
    expect(m.activity).toBe("idle");
    foe.x = 3; foe.y = 5;
    expect(stanceChoice(sim, m)).toBe("fight");
    expect(m.targetId).toBe(foe.id);
    expect(ally.activity).toBe("idle");
  });

  it(`CMB-16: keep distance backs away from an enemy within ${KEEP_DISTANCE_TILES} tiles, holds farther out, and shoots when it can`, () => {
    expect(KEEP_DISTANCE_TILES).toBe(3);
    const { sim, m, foe } = scene("keepDistance", 8);
    expect(stanceChoice(sim, m)).toBe("retreat");
    // Farthest reachable tile within 5 from (5,3) away from (8,3): x = 0 column, nearest to the minion first.
    expect(goal(sim, m)).toEqual({ x: 0, y: 3 });
    m.walk = null;
    foe.x = 10;
    expect(stanceChoice(sim, m)).toBe("hold");
    expect([m.activity, m.targetId]).toEqual(["idle", ""]);
    m.gear = { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 };
    expect(stanceChoice(sim, m)).toBe("shoot");
    expect([m.activity, m.targetId]).toEqual(["fighting", foe.id]);
  });

  it("CMB-16: keep distance fights an enemy next to it when cornered", () => {
    const sim = makeSim(1, ["####", "#..#", "#.##", "SK#P"].join("\n"));
    const m = addUnit(sim, { kind: "minion", x: 1, y: 1, stats: { ...EYES }, stance: "keepDistance" });
    const foe = adventurer(sim, 2, 1);
    addUnit(sim, { kind: "minion", x: 1, y: 2 });
    addUnit(sim, { kind: "minion", x: 0, y: 3 });
    addUnit(sim, { kind: "minion", x: 1, y: 3 });
    expect(stanceChoice(sim, m)).toBe("fight");
    expect(m.targetId).toBe(foe.id);
  });

  it("CMB-16: flight runs from an enemy in its perception range and never fights, even next to it", () => {
    const { sim, m, foe } = scene("flight", 6);
    expect(stanceChoice(sim, m)).toBe("flee");
    expect([m.activity, m.targetId]).toEqual(["fleeing", ""]);
    expect(goal(sim, m)).toEqual({ x: 0, y: 3 });
    foe.x = 6; m.walk = null;
    expect(stanceChoice(sim, m)).toBe("flee");
    expect([m.activity, m.targetId]).toEqual(["fleeing", ""]);
    foe.x = 11; foe.y = 7; // beyond its perception (7): it stays with its ordinary work
    m.x = 0; m.y = 0; m.walk = null;
    expect(stanceChoice(sim, m)).toBe("none");
  });

  it("CMB-17: the stance never rolls dice: every stance, many times over, draws nothing and makes the same choice", () => {
    for (const stance of STANCES) {
      const choices = new Set<string>();
      for (let seed = 1; seed <= 20; seed++) {
        const { sim, m } = scene(stance, 7, seed);
        const rng = JSON.stringify(sim.rng.getState());
        choices.add(`${stanceChoice(sim, m)} ${JSON.stringify(m.walk)} ${m.targetId} ${m.activity}`);
        expect(JSON.stringify(sim.rng.getState())).toBe(rng);
      }
      expect(choices.size).toBe(1);
    }
  });
});

describe("attack orders", () => {
  it("orderAttack sends a minion after the target whatever its stance, and an empty target cancels it", () => {
    const { sim, m, foe } = scene("flight", 10);
    sim.drainEvents();
    expect(sim.apply({ type: "orderAttack", unitId: m.id, targetId: foe.id })).toEqual({ ok: true });
    expect(sim.drainEvents()).toEqual([{ type: "attackOrdered", unitId: m.id, stance: "flight", targetId: foe.id, tick: 0 }]);
    stepMinions(sim);
    expect([m.activity, m.targetId]).toEqual(["walking", foe.id]);
    expect(goal(sim, m)).toEqual({ x: 9, y: 3 });
    expect(sim.apply({ type: "orderAttack", unitId: m.id, targetId: "" })).toEqual({ ok: true });
    expect(m.orderTargetId).toBe("");
    stepMinions(sim);
    expect(m.activity).toBe("fleeing");
  });

  it("orderAttack is refused for an unknown target, an ally, a dead target, or a unit out of the fight", () => {
    const { sim, m, ally, foe } = scene("aggression", 10);
    const before = sim.hash();
    expect(sim.apply({ type: "orderAttack", unitId: m.id, targetId: "999" })).toMatchObject({ ok: false, code: "UNKNOWN_UNIT" });
    expect(sim.apply({ type: "orderAttack", unitId: m.id, targetId: ally.id })).toMatchObject({ ok: false, code: "INVALID_TARGET" });
    expect(sim.apply({ type: "orderAttack", unitId: foe.id, targetId: m.id })).toMatchObject({ ok: false, code: "NOT_YOUR_UNIT" });
    foe.activity = "dead";
    expect(sim.apply({ type: "orderAttack", unitId: m.id, targetId: foe.id })).toMatchObject({ ok: false, code: "INVALID_TARGET" });
    foe.activity = "idle";
    m.activity = "unconscious";
    expect(sim.apply({ type: "orderAttack", unitId: m.id, targetId: foe.id })).toMatchObject({ ok: false, code: "INVALID_TARGET" });
    m.activity = "idle";
    foe.activity = "idle";
    expect(sim.hash()).toBe(before);
  });
});
