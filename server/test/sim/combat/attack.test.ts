import { describe, expect, it } from "vitest";
import { ATTACK_INTERVAL_TICKS, canReach, stepCombat } from "../../../src/sim/combat/combat.ts";
import { facingToward } from "../../../src/sim/world/movement.ts";
import { hitLocationFor, resolveAttack, severityForMargin } from "../../../src/sim/combat/malignus/attack.ts";
import { adventurer, makeSim, pct, scriptedDice } from "./helpers.ts";
import { addUnit } from "../../../src/sim/world/units.ts";

describe("malignus attacks", () => {
  it("CMB-01 (malignus combat ruleset): an attack is an opposed roll of 1d10 + Combat; the attacker hits on a strictly higher total", () => {
    const sim = makeSim();
    const a = adventurer(sim, 3, 3, { stats: { combat: 3, craft: 0, tracking: 0, block: 0 } });
    const d = addUnit(sim, { kind: "minion", x: 4, y: 3, stats: { combat: 2, craft: 0, tracking: 0, block: 0 } });
    sim.drainEvents();
    // 7+3 = 10 against 5+2 = 7: margin 3 → light; location roll 40 → torso.
    const dice = scriptedDice([7, 5, 40]);
    const r = resolveAttack(sim, a, d, dice);
    expect(r).toMatchObject({ hit: true, attackRoll: 10, defenceRoll: 7, wound: { severity: "light", location: "torso" } });
    expect(dice.left()).toBe(0);
    expect(sim.drainEvents()).toEqual([
      { type: "attack", attackerId: a.id, targetId: d.id, hit: true, attackRoll: 10, defenceRoll: 7, tick: 0 },
      { type: "wound", targetId: d.id, sourceId: a.id, severity: "light", location: "torso", woundPoints: 1, tick: 0 },
    ]);
    expect(d.woundPoints).toBe(1);
    expect(d.wounds).toEqual([{ severity: "light", location: "torso", tick: 0 }]);
  });

  it("CMB-01 (malignus combat ruleset): equal totals are a miss and nothing more is drawn", () => {
    const sim = makeSim();
    const a = adventurer(sim, 3, 3, { stats: { combat: 3, craft: 0, tracking: 0, block: 0 } });
    const d = addUnit(sim, { kind: "minion", x: 4, y: 3, stats: { combat: 2, craft: 0, tracking: 0, block: 0 } });
    sim.drainEvents();
    const dice = scriptedDice([5, 6]);
    expect(resolveAttack(sim, a, d, dice)).toEqual({ hit: false, attackRoll: 8, defenceRoll: 8, wound: null });
    expect(dice.left()).toBe(0);
    expect(sim.drainEvents()).toEqual([
      { type: "attack", attackerId: a.id, targetId: d.id, hit: false, attackRoll: 8, defenceRoll: 8, tick: 0 },
    ]);
    expect(d.woundPoints).toBe(0);
  });

  it("CMB-01 (malignus combat ruleset): the margin picks the severity (1–3 light, 4–6 serious, 7+ critical)", () => {
    expect([1, 3, 4, 6, 7, 15].map(severityForMargin)).toEqual(["light", "light", "serious", "serious", "critical", "critical"]);
    const sim = makeSim();
    const a = adventurer(sim, 3, 3, { stats: { combat: 0, craft: 0, tracking: 0, block: 0 } });
    const d = addUnit(sim, { kind: "minion", x: 4, y: 3, stats: { combat: 0, craft: 0, tracking: 0, block: 0 } });
    expect(resolveAttack(sim, a, d, scriptedDice([10, 4, 90])).wound).toMatchObject({ severity: "serious", location: "leg" });
    expect(resolveAttack(sim, a, d, scriptedDice([10, 3, 60])).wound).toMatchObject({ severity: "critical", location: "arm" });
    expect(d.woundPoints).toBe(6);
  });

  it("CMB-01 (malignus combat ruleset): the d100 hit location table (head 1–15, torso 16–55, arm 56–80, leg 81–100)", () => {
    expect([1, 15, 16, 55, 56, 80, 81, 100].map(hitLocationFor))
      .toEqual(["head", "head", "torso", "torso", "arm", "arm", "leg", "leg"]);
    expect(() => hitLocationFor(0)).toThrow(/1\.\.100/);
    expect(() => hitLocationFor(101)).toThrow(/1\.\.100/);
  });

  it("CMB-01 (malignus combat ruleset): with the seeded dice, equal Combat hits 45% of the time (±3) and every total is 1d10 + Combat", () => {
    const sim = makeSim(7);
    const a = adventurer(sim, 3, 3, { stats: { combat: 4, craft: 0, tracking: 0, block: 0 } });
    const d = addUnit(sim, { kind: "minion", x: 4, y: 3, stats: { combat: 4, craft: 0, tracking: 0, block: 0 } });
    const n = 4000;
    let hits = 0;
    const seen = new Set<number>();
    for (let i = 0; i < n; i++) {
      d.woundPoints = 0; d.wounds = []; d.activity = "idle";
      sim.ruleset.attack(sim, a, d);
      const ev = sim.drainEvents().find((e) => e.type === "attack");
      if (ev?.type !== "attack") throw new Error("no attack event");
      expect(ev.hit).toBe(ev.attackRoll > ev.defenceRoll);
      seen.add(ev.attackRoll);
      if (ev.hit) hits++;
    }
    // P(d10 > d10) = 45/100.
    expect(Math.abs(pct(hits, n) - 45)).toBeLessThanOrEqual(3);
    expect([...seen].sort((x, y) => x - y)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });

  it("CMB-10: the attacker turns to face its target (0 = north, clockwise in eighths)", () => {
    const sim = makeSim();
    const a = adventurer(sim, 5, 4, { stats: { combat: 0, craft: 0, tracking: 0, block: 0 } });
    const around: [number, number, number][] = [[5, 3, 0], [6, 3, 1], [6, 4, 2], [6, 5, 3], [5, 5, 4], [4, 5, 5], [4, 4, 6], [4, 3, 7]];
    for (const [x, y, facing] of around) {
      const d = addUnit(sim, { kind: "minion", x, y, stats: { combat: 0, craft: 0, tracking: 0, block: 0 } });
      a.facing = (facing + 4) % 8;
      resolveAttack(sim, a, d, scriptedDice([1, 10]));
      expect(a.facing).toBe(facing);
    }
    expect(facingToward({ x: 0, y: 0 }, { x: 5, y: 1 })).toBe(2);
    expect(facingToward({ x: 0, y: 0 }, { x: 3, y: -3 })).toBe(1);
    expect(facingToward({ x: 0, y: 0 }, { x: -1, y: -4 })).toBe(0);
    expect(facingToward({ x: 2, y: 2 }, { x: 2, y: 2 }, 5)).toBe(5);
  });

  it("CMB-01 (malignus combat ruleset): an attack by or on someone out of the fight is refused with an error and changes nothing", () => {
    const sim = makeSim();
    const a = adventurer(sim, 3, 3);
    const d = addUnit(sim, { kind: "minion", x: 4, y: 3, activity: "dead" });
    sim.drainEvents();
    const dice = scriptedDice([10, 1, 50]);
    expect(() => resolveAttack(sim, a, d, dice)).toThrow(/dead/);
    expect(dice.left()).toBe(3);
    expect(sim.drainEvents()).toEqual([]);
  });
});

describe("the fight system", () => {
  it("CMB-09: a melee attacker strikes from any of the 8 neighbouring tiles, not from 2 tiles away", () => {
    const sim = makeSim();
    const target = addUnit(sim, { kind: "minion", x: 5, y: 4 });
    const diag = adventurer(sim, 6, 5, { targetId: target.id });
    const far = adventurer(sim, 7, 4, { targetId: target.id });
    expect(canReach(sim, diag, target)).toBe(true);
    expect(canReach(sim, far, target)).toBe(false);
    sim.drainEvents();
    stepCombat(sim);
    const attackers = sim.drainEvents().filter((e) => e.type === "attack").map((e) => e.type === "attack" && e.attackerId);
    expect(attackers).toEqual([diag.id]);
    expect(far.nextAttackTick).toBe(0);
  });

  it("CMB-09: an attacker strikes once every ATTACK_INTERVAL_TICKS (10 ticks) while adjacent", () => {
    const sim = makeSim();
    const target = addUnit(sim, { kind: "minion", x: 5, y: 4, stats: { combat: 100, craft: 0, tracking: 0, block: 0 } });
    const a = adventurer(sim, 4, 4, { targetId: target.id });
    sim.drainEvents();
    const ticks: number[] = [];
    for (let i = 0; i < 25; i++) {
      sim.state.tick++;
      stepCombat(sim);
      for (const e of sim.drainEvents()) if (e.type === "attack") ticks.push(e.tick);
    }
    expect(ATTACK_INTERVAL_TICKS).toBe(10);
    expect(ticks).toEqual([1, 11, 21]);
    expect(a.activity).toBe("fighting");
    expect(a.nextAttackTick).toBe(31);
  });

  it("CMB-22 (malignus combat ruleset): a target out of the fight clears the attacker's target, and nobody attacks it", () => {
    const sim = makeSim();
    const target = addUnit(sim, { kind: "minion", x: 5, y: 4, activity: "unconscious", wakeTick: 999 });
    const a = adventurer(sim, 4, 4, { targetId: target.id });
    const ghost = adventurer(sim, 6, 4, { targetId: "9999" });
    sim.drainEvents();
    stepCombat(sim);
    expect(sim.drainEvents()).toEqual([]);
    expect(a.targetId).toBe("");
    expect(ghost.targetId).toBe("");
  });

  it("CMB-22 (malignus combat ruleset): fighting on until the target drops ends with the target out and the target cleared", () => {
    const sim = makeSim(3);
    const target = addUnit(sim, { kind: "creature", species: "kobold", faction: "wild", x: 5, y: 4, stats: { combat: 0, craft: 0, tracking: 0, block: 0 } });
    const a = adventurer(sim, 4, 4, { targetId: target.id, stats: { combat: 8, craft: 0, tracking: 0, block: 0 } });
    sim.drainEvents();
    let knocked = 0;
    for (let i = 0; i < 400 && a.targetId !== ""; i++) {
      sim.state.tick++;
      stepCombat(sim);
      knocked += sim.drainEvents().filter((e) => e.type === "knockedOut").length;
    }
    expect(a.targetId).toBe("");
    expect(a.activity).toBe("idle");
    expect(knocked).toBe(1);
    // CMB-33: a creature always dies.
    expect(target.activity).toBe("dead");
  });

  it("CMB-11, CMB-13: a ranged attacker shoots a target it sees within its perception range, past bodies in the way", () => {
    const sim = makeSim();
    const target = addUnit(sim, { kind: "minion", x: 8, y: 4 });
    addUnit(sim, { kind: "minion", x: 6, y: 4 });
    const archer = adventurer(sim, 4, 4, {
      targetId: target.id,
      stats: { combat: 2, craft: 0, tracking: 1, block: 0 },
      gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 },
    });
    expect(canReach(sim, archer, target)).toBe(true);
    // Perception range 3 + 2×1 = 5: a target 6 tiles off is out of range.
    target.x = 10;
    expect(canReach(sim, archer, target)).toBe(false);
  });

  it("the same seed and units give the same fights (id order, seeded dice)", () => {
    const run = () => {
      const sim = makeSim(11);
      const t = addUnit(sim, { kind: "minion", x: 5, y: 4 });
      const u = adventurer(sim, 4, 4, { targetId: t.id });
      adventurer(sim, 6, 4, { targetId: t.id });
      addUnit(sim, { kind: "minion", x: 4, y: 5, targetId: u.id });
      for (let i = 0; i < 300; i++) { sim.state.tick++; stepCombat(sim); }
      return sim.hash();
    };
    expect(run()).toBe(run());
  });
});
