import { describe, expect, it } from "vitest";
import type { ArmourKind, HitLocation, WoundSeverity } from "@malignus/shared";
import { applyWound, headWoundChance, unconsciousChance } from "../../../src/sim/combat/malignus/wounds.ts";
import { WAKE_WITHIN_TICKS } from "../../../src/sim/combat/malignus/tables.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { adventurer, makeSim, pct, scriptedDice } from "./helpers.ts";

const N = 4000;
/** Tolerance, in percentage points, of every statistical check below (≥ 3.7 standard deviations at N = 4000). */
const TOL = 3;

interface Trials { knockedOut: number; unconscious: number; dead: number; causes: Set<string> }

/** Applies one wound `n` times to `unit` reset to `startPoints` and standing, with the sim's seeded dice. */
function trials(sim: Simulation, unit: UnitRecord, startPoints: number, severity: WoundSeverity, location: HitLocation, blunt: boolean, n = N): Trials {
  const out: Trials = { knockedOut: 0, unconscious: 0, dead: 0, causes: new Set() };
  for (let i = 0; i < n; i++) {
    unit.activity = "idle"; unit.woundPoints = startPoints; unit.wounds = []; unit.wakeTick = -1;
    const r = applyWound(sim, unit, "src", severity, location, blunt);
    if (r?.knockOut) {
      out.knockedOut++;
      out[r.knockOut.outcome]++;
      out.causes.add(r.knockOut.cause);
    }
  }
  sim.drainEvents();
  return out;
}

function withArmour(sim: Simulation, armour: ArmourKind, helm = 0): UnitRecord {
  return adventurer(sim, 2, 2, { gear: { weapon: "sword", blunt: false, ranged: false, armour, helm } });
}

describe("wound points", () => {
  it("CMB-26 (malignus combat ruleset): light, serious and critical wounds count 1, 2 and 4 wound points", () => {
    const sim = makeSim();
    const u = adventurer(sim, 2, 2);
    sim.drainEvents();
    applyWound(sim, u, "x", "light", "arm", false, scriptedDice([]));
    applyWound(sim, u, "x", "serious", "leg", false, scriptedDice([]));
    applyWound(sim, u, "x", "critical", "torso", false, scriptedDice([]));
    expect(u.woundPoints).toBe(7);
    expect(u.wounds.map((w) => w.severity)).toEqual(["light", "serious", "critical"]);
    expect(sim.drainEvents().map((e) => e.type === "wound" && e.woundPoints)).toEqual([1, 3, 7]);
    expect(u.activity).toBe("idle");
  });

  it("CMB-22, CMB-25 (malignus combat ruleset): 9 wound points leave someone standing; the wound that reaches 10 takes them out", () => {
    const sim = makeSim();
    const u = adventurer(sim, 2, 2);
    for (const s of ["critical", "critical", "light"] as const) applyWound(sim, u, "x", s, "arm", false, scriptedDice([]));
    expect(u.woundPoints).toBe(9);
    expect(u.activity).toBe("idle");
    sim.drainEvents();
    // Light wound with fists: 100% unconscious (no d100 drawn); the waking draw is 1200 ticks.
    const r = applyWound(sim, u, "x", "light", "arm", true, scriptedDice([1200]));
    expect(r).toEqual({ woundPoints: 10, knockOut: { outcome: "unconscious", cause: "woundPoints" } });
    expect(u.activity).toBe("unconscious");
    expect(u.wakeTick).toBe(1200);
    expect(sim.drainEvents().map((e) => e.type)).toEqual(["wound", "knockedOut"]);
  });

  it("CMB-23, CMB-28 (malignus combat ruleset): at the edge of the chance, a d100 of 75 falls unconscious after a light wound and 76 dies", () => {
    const sim = makeSim();
    const u = adventurer(sim, 2, 2, { woundPoints: 9, gear: { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 } });
    expect(applyWound(sim, u, "x", "light", "arm", false, scriptedDice([75, 1]))?.knockOut?.outcome).toBe("unconscious");
    const v = adventurer(sim, 2, 2, { woundPoints: 9 });
    sim.drainEvents();
    expect(applyWound(sim, v, "x", "light", "arm", false, scriptedDice([76]))?.knockOut?.outcome).toBe("dead");
    expect(v.wakeTick).toBe(-1);
    expect(sim.drainEvents()).toContainEqual({ type: "knockedOut", unitId: v.id, outcome: "dead", cause: "woundPoints", tick: 0 });
  });
});

describe("unconscious or dead", () => {
  it("CMB-28 to CMB-32 (malignus combat ruleset): the chance table with blunt weapons and armour in percentage points, capped at 100", () => {
    const sim = makeSim();
    const table = (armour: ArmourKind, blunt: boolean) =>
      (["light", "serious", "critical"] as const).map((s) => unconsciousChance(withArmour(sim, armour), s, blunt));
    expect(table("none", false)).toEqual([75, 50, 25]);
    expect(table("none", true)).toEqual([100, 75, 50]);
    expect(table("cloth", false)).toEqual([85, 60, 35]);
    expect(table("leather", false)).toEqual([85, 60, 35]);
    expect(table("chainmail", false)).toEqual([95, 70, 45]);
    expect(table("plate", false)).toEqual([100, 80, 55]);
    expect(table("plate", true)).toEqual([100, 100, 80]);
  });

  for (const [severity, start, expected] of [["light", 9, 75], ["serious", 8, 50], ["critical", 6, 25]] as const) {
    it(`CMB-28 (malignus combat ruleset): a ${severity} wound taking someone out leaves them unconscious ${expected}% of the time (±${TOL})`, () => {
      const sim = makeSim(100 + start);
      const t = trials(sim, withArmour(sim, "none"), start, severity, "torso", false);
      expect(t.knockedOut).toBe(N);
      expect(Math.abs(pct(t.unconscious, N) - expected)).toBeLessThanOrEqual(TOL);
    });
  }

  for (const [severity, start, expected] of [["light", 9, 100], ["serious", 8, 75], ["critical", 6, 50]] as const) {
    it(`CMB-29 (malignus combat ruleset): with a blunt weapon or fists, a ${severity} wound leaves them unconscious ${expected}% of the time (±${TOL})`, () => {
      const sim = makeSim(200 + start);
      const t = trials(sim, withArmour(sim, "none"), start, severity, "arm", true);
      expect(t.knockedOut).toBe(N);
      expect(Math.abs(pct(t.unconscious, N) - expected)).toBeLessThanOrEqual(TOL);
    });
  }

  it(`CMB-30 to CMB-32 (malignus combat ruleset): chainmail turns 50% into 70% (±${TOL}), leather 50% into 60%`, () => {
    const sim = makeSim(31);
    const chain = trials(sim, withArmour(sim, "chainmail"), 8, "serious", "leg", false);
    expect(Math.abs(pct(chain.unconscious, N) - 70)).toBeLessThanOrEqual(TOL);
    const leather = trials(sim, withArmour(sim, "leather"), 8, "serious", "leg", false);
    expect(Math.abs(pct(leather.unconscious, N) - 60)).toBeLessThanOrEqual(TOL);
  });

  it("CMB-29, CMB-31 (malignus combat ruleset): plate with a blunt serious wound is capped at 100%: everyone falls unconscious", () => {
    const sim = makeSim(32);
    const t = trials(sim, withArmour(sim, "plate"), 8, "serious", "torso", true);
    expect(t.unconscious).toBe(N);
  });

  it("CMB-33 (malignus combat ruleset): creatures always die when taken out, even when the dice would spare them", () => {
    const sim = makeSim();
    const kobold = addUnit(sim, { kind: "creature", species: "kobold", faction: "wild", x: 1, y: 1, woundPoints: 9 });
    const dice = scriptedDice([1]);
    expect(applyWound(sim, kobold, "x", "light", "arm", true, dice)?.knockOut).toEqual({ outcome: "dead", cause: "woundPoints" });
    expect(dice.left()).toBe(1);
    const t = trials(sim, addUnit(sim, { kind: "creature", species: "spider", x: 1, y: 1 }), 9, "light", "arm", true, 500);
    expect(t.dead).toBe(500);
  });

  it("CMB-34 (malignus combat ruleset): the Master always dies when taken out", () => {
    const sim = makeSim();
    const master = addUnit(sim, { kind: "master", x: 1, y: 7, woundPoints: 8, gear: { weapon: "staff", blunt: true, ranged: false, armour: "plate", helm: 0 } });
    expect(applyWound(sim, master, "x", "serious", "torso", true, scriptedDice([1]))?.knockOut).toEqual({ outcome: "dead", cause: "woundPoints" });
    expect(master.activity).toBe("dead");
  });

  it("CMB-35 (malignus combat ruleset): the troll always falls unconscious instead of dying, head wounds included", () => {
    const sim = makeSim(35);
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 1, y: 1 });
    const t = trials(sim, troll, 6, "critical", "torso", false, 500);
    expect(t.unconscious).toBe(500);
    troll.activity = "idle"; troll.woundPoints = 0;
    expect(applyWound(sim, troll, "x", "critical", "head", false, scriptedDice([1, 600]))?.knockOut)
      .toEqual({ outcome: "unconscious", cause: "headWound" });
  });

  it("CMB-47: a wound on someone unconscious rolls the chances again and may kill; the dead take no more wounds", () => {
    const sim = makeSim();
    const u = adventurer(sim, 2, 2, { activity: "unconscious", woundPoints: 10, wakeTick: 500 });
    expect(applyWound(sim, u, "x", "light", "arm", false, scriptedDice([90]))?.knockOut).toEqual({ outcome: "dead", cause: "woundPoints" });
    expect(u.woundPoints).toBe(11);
    sim.drainEvents();
    expect(applyWound(sim, u, "x", "light", "arm", false, scriptedDice([]))).toBeNull();
    expect(u.woundPoints).toBe(11);
    expect(sim.drainEvents()).toEqual([]);
  });
});

describe("head wounds", () => {
  it(`CMB-36 (malignus combat ruleset): a serious or critical head wound takes someone out 25% of the time (±${TOL}); a light one never`, () => {
    const sim = makeSim(36);
    const u = withArmour(sim, "none");
    for (const s of ["serious", "critical"] as const) {
      const t = trials(sim, u, 0, s, "head", false);
      expect(Math.abs(pct(t.knockedOut, N) - 25)).toBeLessThanOrEqual(TOL);
      expect([...t.causes]).toEqual(["headWound"]);
    }
    expect(trials(sim, u, 0, "light", "head", true).knockedOut).toBe(0);
    expect(trials(sim, u, 0, "critical", "torso", true).knockedOut).toBe(0);
  });

  it(`CMB-37 (malignus combat ruleset): wound points play no part: at 5 points the chance is still 25% (±${TOL})`, () => {
    const sim = makeSim(37);
    const u = withArmour(sim, "none");
    expect(headWoundChance({ ...u, woundPoints: 7 }, false)).toBe(headWoundChance({ ...u, woundPoints: 0 }, false));
    const t = trials(sim, u, 5, "serious", "head", false);
    expect(Math.abs(pct(t.knockedOut, N) - 25)).toBeLessThanOrEqual(TOL);
  });

  it(`CMB-38 (malignus combat ruleset): with a blunt weapon or fists the head-wound chance is 50% (±${TOL})`, () => {
    const sim = makeSim(38);
    const t = trials(sim, withArmour(sim, "none"), 0, "serious", "head", true);
    expect(Math.abs(pct(t.knockedOut, N) - 50)).toBeLessThanOrEqual(TOL);
  });

  it(`CMB-39 (malignus combat ruleset): a helm lowers the chance by its number in percentage points, never below 0 (helm 10: 15% ±${TOL})`, () => {
    const sim = makeSim(39);
    expect(headWoundChance(withArmour(sim, "none", 10), false)).toBe(15);
    expect(headWoundChance(withArmour(sim, "none", 10), true)).toBe(40);
    expect(headWoundChance(withArmour(sim, "none", 40), false)).toBe(0);
    const t = trials(sim, withArmour(sim, "none", 10), 0, "critical", "head", false);
    expect(Math.abs(pct(t.knockedOut, N) - 15)).toBeLessThanOrEqual(TOL);
    expect(trials(sim, withArmour(sim, "none", 30), 0, "critical", "head", false).knockedOut).toBe(0);
  });

  it("CMB-40 (malignus combat ruleset): the Master is never subject to the head-wound chance", () => {
    const sim = makeSim(40);
    const master = addUnit(sim, { kind: "master", x: 1, y: 7 });
    expect(headWoundChance(master, true)).toBe(0);
    expect(trials(sim, master, 0, "critical", "head", true).knockedOut).toBe(0);
  });

  it("CMB-41, CMB-42 (malignus combat ruleset): after a serious head wound everyone knocked out falls unconscious, with any weapon", () => {
    const sim = makeSim(41);
    for (const blunt of [false, true]) {
      const t = trials(sim, withArmour(sim, "none"), 0, "serious", "head", blunt);
      expect(t.knockedOut).toBeGreaterThan(N / 5);
      expect(t.unconscious).toBe(t.knockedOut);
    }
  });

  it(`CMB-41, CMB-42 (malignus combat ruleset): after a critical head wound half fall unconscious (±${TOL}), with any weapon and with no armour bonus`, () => {
    const sim = makeSim(42);
    // Blunt: 50% head chance, so about 4000 knock-outs out of 8000.
    const blunt = trials(sim, withArmour(sim, "plate"), 0, "critical", "head", true, 2 * N);
    expect(Math.abs(pct(blunt.unconscious, blunt.knockedOut) - 50)).toBeLessThanOrEqual(TOL);
    // Edged: 25% head chance, so about 4000 knock-outs out of 16000.
    const edged = trials(sim, withArmour(sim, "none"), 0, "critical", "head", false, 4 * N);
    expect(Math.abs(pct(edged.unconscious, edged.knockedOut) - 50)).toBeLessThanOrEqual(TOL);
  });

  it(`CMB-43 (malignus combat ruleset): a head wound that brings the total to 10 always takes them out with the normal chances (serious: 50% ±${TOL})`, () => {
    const sim = makeSim(43);
    const t = trials(sim, withArmour(sim, "none"), 8, "serious", "head", false);
    expect(t.knockedOut).toBe(N);
    expect([...t.causes]).toEqual(["woundPoints"]);
    expect(Math.abs(pct(t.unconscious, N) - 50)).toBeLessThanOrEqual(TOL);
  });
});

describe("waking up", () => {
  it("CMB-48 (malignus combat ruleset): someone unconscious wakes within 4 game hours (2400 ticks), spread over the whole span", () => {
    const sim = makeSim(48);
    const u = withArmour(sim, "none");
    const delays: number[] = [];
    for (let i = 0; i < N; i++) {
      u.activity = "idle"; u.woundPoints = 9;
      applyWound(sim, u, "x", "light", "arm", true);
      delays.push(u.wakeTick - sim.state.tick);
    }
    expect(WAKE_WITHIN_TICKS).toBe(2400);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...delays)).toBeLessThanOrEqual(2400);
    expect(delays.filter((d) => d <= 600).length).toBeGreaterThan(N / 8);
    expect(delays.filter((d) => d > 1800).length).toBeGreaterThan(N / 8);
  });

  it("CMB-48 (malignus combat ruleset): an unconscious unit stands up at its wake tick, keeps its wound points and emits woke", () => {
    const sim = makeSim(49);
    const u = adventurer(sim, 2, 2, { woundPoints: 9 });
    applyWound(sim, u, "x", "light", "arm", true, scriptedDice([30]));
    expect(u.wakeTick).toBe(30);
    sim.drainEvents();
    const woke: number[] = [];
    while (sim.state.tick < 40) {
      for (const e of sim.step()) if (e.type === "woke" && e.unitId === u.id) woke.push(e.tick);
      if (sim.state.tick < 30) expect(u.activity).toBe("unconscious");
    }
    expect(woke).toEqual([30]);
    expect(u.activity).toBe("idle");
    expect(u.woundPoints).toBe(10);
  });
});

describe("trap harm", () => {
  it("CMB-22 (malignus combat ruleset): a trap wounds like an attack at a rolled location, with the part as the source", () => {
    const sim = makeSim(50);
    const u = adventurer(sim, 2, 2);
    sim.drainEvents();
    sim.ruleset.harm(sim, u, "part-7", { severity: "serious", damageType: "slashing", blunt: false });
    const [wound] = sim.drainEvents();
    expect(wound).toMatchObject({ type: "wound", targetId: u.id, sourceId: "part-7", severity: "serious", woundPoints: 2 });
    expect(u.woundPoints).toBe(2);
    expect(u.wounds).toHaveLength(1);
  });
});
