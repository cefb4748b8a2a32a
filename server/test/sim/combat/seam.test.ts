import { describe, expect, it } from "vitest";
import { RULESET_IDS, type RulesetId } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { malignusCheck } from "../../../src/sim/combat/malignus/index.ts";
import { CHECK_BASE_DIFFICULTY, CHECK_DIE_SIDES } from "../../../src/sim/combat/malignus/tables.ts";
import { moduleFor, rulesetFor, withSharedRules } from "../../../src/sim/combat/rulesets.ts";
import type { CombatRuleset } from "../../../src/sim/combat/ruleset.ts";
import { NOISE_RANGE } from "../../../src/sim/combat/awareness.ts";
import { adventurer, forceDice, makeSim, pct, scriptedDice } from "./helpers.ts";

const STATS = { combat: 1, craft: 3, tracking: 2, block: 4 };

describe("the ruleset seam", () => {
  it("rulesetFor gives every ruleset id a complete module with its id and timing", () => {
    for (const id of RULESET_IDS) {
      const r = rulesetFor(id);
      expect(r.id).toBe(moduleFor(id).id);
      expect(["continuous", "rounds"]).toContain(r.timing);
      for (const m of ["check", "attack", "harm", "isOutOfFight", "initUnit", "describe", "heal"] as const) expect(typeof r[m]).toBe("function");
      expect(rulesetFor(id)).toBe(r);
    }
    expect(rulesetFor("malignus").timing).toBe("continuous");
  });

  it("TRAP-36: the malignus check is 1d10 + stat + bonus against difficulty + 5; a natural 1 always fails, a 10 always succeeds", () => {
    const sim = makeSim();
    const u = adventurer(sim, 2, 2, { stats: { ...STATS } });
    expect(CHECK_DIE_SIDES).toBe(10);
    expect(CHECK_BASE_DIFFICULTY).toBe(5);
    // Craft 3 + bonus 0 against difficulty 3: needs a total of 8, so a roll of 5.
    expect(malignusCheck(sim, u, "defuse", 3, 0, scriptedDice([5]))).toEqual({ success: true, critical: null, roll: 5, total: 8 });
    expect(malignusCheck(sim, u, "defuse", 3, 0, scriptedDice([4]))).toEqual({ success: false, critical: null, roll: 4, total: 7 });
    // Each kind reads its stat: spot Tracking 2, pick Craft 3, bash Combat 1, rearm Craft 3, resist Block 4.
    expect(malignusCheck(sim, u, "spot", 0, 0, scriptedDice([6])).total).toBe(8);
    expect(malignusCheck(sim, u, "pick", 0, 0, scriptedDice([6])).total).toBe(9);
    expect(malignusCheck(sim, u, "bash", 0, 0, scriptedDice([6])).total).toBe(7);
    expect(malignusCheck(sim, u, "rearm", 0, 0, scriptedDice([6])).total).toBe(9);
    expect(malignusCheck(sim, u, "resist", 0, 0, scriptedDice([6])).total).toBe(10);
    // The bonus adds: Tracking 2 + bonus 2 + roll 3 = 7 reaches difficulty 2 + 5.
    expect(malignusCheck(sim, u, "spot", 2, 2, scriptedDice([3]))).toEqual({ success: true, critical: null, roll: 3, total: 7 });
    // A natural 1 fails even against difficulty −20; a natural 10 succeeds even against 20.
    expect(malignusCheck(sim, u, "resist", -20, 0, scriptedDice([1]))).toEqual({ success: false, critical: "failure", roll: 1, total: 5 });
    expect(malignusCheck(sim, u, "bash", 20, 0, scriptedDice([10]))).toEqual({ success: true, critical: "success", roll: 10, total: 11 });
  });

  it("TRAP-36: over 20,000 seeded checks a stat-3 unit succeeds against difficulty 3 60% of the time (±1.5), 10% critically each way (±1)", () => {
    const sim = makeSim(11);
    const u = adventurer(sim, 2, 2, { stats: { ...STATS } });
    let ok = 0, critS = 0, critF = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const r = sim.ruleset.check(sim, u, "defuse", 3, 0);
      if (r.success) ok++;
      if (r.critical === "success") critS++;
      if (r.critical === "failure") critF++;
    }
    expect(Math.abs(pct(ok, n) - 60)).toBeLessThan(1.5);
    expect(Math.abs(pct(critS, n) - 10)).toBeLessThan(1);
    expect(Math.abs(pct(critF, n) - 10)).toBeLessThan(1);
  });

  it("describe defaults to wound points of 10; heal defaults to removing the most severe wound (CMB-45)", () => {
    const sim = makeSim();
    const u = adventurer(sim, 2, 2);
    u.wounds = [{ severity: "light", location: "arm", tick: 0 }, { severity: "critical", location: "leg", tick: 1 }, { severity: "serious", location: "torso", tick: 2 }];
    u.woundPoints = 7;
    expect(sim.ruleset.describe(u)).toEqual({ model: "woundPoints", value: 7, max: 10 });
    sim.drainEvents();
    sim.ruleset.heal(sim, "99", u);
    expect(u.wounds.map((w) => w.severity)).toEqual(["light", "serious"]);
    expect(u.woundPoints).toBe(3);
    expect(sim.drainEvents()).toEqual([{ type: "healed", unitId: u.id, byUnitId: "99", woundPoints: 3, hp: 0, tick: 0 }]);
  });

  it("the wrapper fills a trap's d20 and d100 damage from the trap table; a module's initUnit runs on every new unit", () => {
    const calls: unknown[] = [];
    const inits: string[] = [];
    const probe: CombatRuleset = {
      ...moduleFor("malignus"),
      harm: (_sim, _t, _s, harm) => { calls.push(harm); },
      initUnit: (_sim, unit) => { inits.push(unit.id); },
    };
    const wrapped = withSharedRules(probe);
    const sim = makeSim();
    const r = sim.apply({ type: "placePart", kind: "spinningBlades", x: 5, y: 5 });
    if (!r.ok || !r.id) throw new Error("placePart refused");
    const u = adventurer(sim, 5, 4);
    wrapped.harm(sim, u, r.id, { severity: "serious", damageType: "slashing", blunt: false });
    wrapped.harm(sim, u, "not-a-part", { severity: "light", damageType: "fire", blunt: false });
    expect(calls).toEqual([
      { severity: "serious", damageType: "slashing", blunt: false, d20Damage: "2d8", d100Damage: [20, 60] },
      { severity: "light", damageType: "fire", blunt: false, d20Damage: null, d100Damage: null },
    ]);
    wrapped.initUnit(sim, u);
    expect(inits).toEqual([u.id]);
  });

  it("CMB-07: a failed bash by an enemy of the keeper makes one noise per failed roll; a success or a minion's failure is silent (forced dice)", () => {
    const sim = makeSim(3);
    const a = adventurer(sim, 5, 5, { stats: { combat: 0, craft: 0, tracking: 0, block: 0 } });
    const m = addUnit(sim, { kind: "minion", x: 5 + NOISE_RANGE, y: 5 });
    sim.drainEvents();
    // 1d10 + Combat 0 against 3 + 5: 7 fails, 8 succeeds, 1 fails (natural 1); the minion's 1 fails too.
    const dice = forceDice(sim, [7, 8, 1, 1]);
    const rolls = [0, 1, 2].map(() => sim.ruleset.check(sim, a, "bash", 3, 0));
    expect(rolls.map((r) => r.success)).toEqual([false, true, false]);
    const noise = { type: "noise", cause: "bash", sourceId: a.id, x: 5, y: 5, heardBy: [m.id], revealed: [a.id], tick: 0 };
    expect(sim.drainEvents()).toEqual([noise, noise]);
    expect(m.knownEnemies[a.id]).toEqual({ x: 5, y: 5, tick: 0 });
    expect(sim.ruleset.check(sim, m, "bash", 3, 0).success).toBe(false);
    expect(sim.drainEvents()).toEqual([]);
    expect(dice.left()).toBe(0);
  });
});

/** A room with a pressure plate at (5,5) wired to spinning blades at (6,5). */
function trapRoom(ruleset: RulesetId): { sim: Simulation; mechId: string } {
  const map = [
    "############",
    "#..........#",
    "#..........#",
    "#..........#",
    "#..........#",
    "P..........#",
    "#..........#",
    "#K........S#",
    "############",
  ].join("\n");
  const sim = Simulation.create({ seed: 7, ruleset, map: parseMap("seam", map) });
  const place = (kind: "pressurePlate" | "spinningBlades", x: number): string => {
    const r = sim.apply({ type: "placePart", kind, x, y: 5 });
    if (!r.ok || !r.id) throw new Error(`placePart ${kind} refused`);
    const p = sim.state.parts[r.id]!;
    p.built = true;
    p.rearmedTick = sim.state.tick;
    return r.id;
  };
  place("pressurePlate", 5);
  const mechId = place("spinningBlades", 6);
  const w = sim.apply({ type: "wire", path: [{ x: 5, y: 5 }, { x: 6, y: 5 }] });
  if (!w.ok) throw new Error(`wire refused: ${JSON.stringify(w)}`);
  return { sim, mechId };
}

describe("swapping the room's ruleset", () => {
  it("CMB-01: the same trap under 'malignus' and 'd20' harms through whatever rulesetFor gives, with the trap table's numbers, and no trap code knows which", () => {
    const outcomes: unknown[] = [];
    for (const id of ["malignus", "d20"] as const) {
      const { sim } = trapRoom(id);
      expect(sim.ruleset).toBe(rulesetFor(id));
      const victim = adventurer(sim, 3, 5);
      const before = sim.ruleset.describe(victim);
      victim.walk = { goal: 5 + 5 * 12, path: [4 + 5 * 12, 5 + 5 * 12], progress: 0 };
      // malignus: resist 1 (natural 1 fails), hit location d100 50 (torso): a serious wound, 2 points;
      // d20: resist 1 (natural 1 fails), the blades' 2d8 (trap table) rolled 3 + 2 = 5 slashing.
      const dice = forceDice(sim, id === "malignus" ? [1, 50] : [1, 3, 2]);
      let fired = false;
      for (let i = 0; i < 10 && !fired; i++) fired = sim.step().some((e) => e.type === "trapFired");
      expect([fired, dice.left()]).toEqual([true, 0]);
      dice.release();
      const after = sim.ruleset.describe(victim);
      expect(after.model).toBe(before.model);
      outcomes.push({ id, before: before.value, after: after.value, max: after.max, wounds: victim.wounds.map((w) => `${w.severity}:${w.location}`) });
    }
    expect(outcomes).toEqual([
      { id: "malignus", before: 0, after: 2, max: 10, wounds: ["serious:torso"] },
      { id: "d20", before: 12, after: 7, max: 12, wounds: [] }, // a level-1 adventurer's 12 HP, less 5
    ]);
  });
});

describe("who calls the seam", () => {
  it("CMB-01: trap, door, knowledge, invasion and minion code reaches fights only through sim.ruleset, never a ruleset module", async () => {
    const { readdirSync, readFileSync, statSync } = await import("node:fs");
    const { join } = await import("node:path");
    const root = join(import.meta.dirname, "../../../src/sim");
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith(".ts")) files.push(p);
      }
    };
    for (const area of ["traps", "doors", "knowledge", "invasions", "minions"]) {
      try { walk(join(root, area)); } catch { /* area not present */ }
    }
    expect(files.length).toBeGreaterThan(5);
    const offenders = files.filter((f) => /from\s+"[^"]*combat\/(malignus|d20|d100)\//.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });
});
