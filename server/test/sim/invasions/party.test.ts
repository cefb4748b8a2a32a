import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, PARTY_CURVE, TRAP_DETECTION, maxLevelOnDay } from "@malignus/shared";
import { Rng } from "../../../src/sim/rng.ts";
import {
  adventurerFields, adventurersArrived, drawGoal, goalExists, mobSize, planParty, startInvasion, usualSize, type PartyPlan,
} from "../../../src/sim/invasions/party.ts";
import { defaultSim } from "../helpers.ts";

/** Plans `trials` parties for invasion `n` on `day` with one seeded generator. */
function plans(seed: number, trials: number, n: number, day: number, special?: "punitive" | "camp" | "pursuers"): PartyPlan[] {
  const rng = new Rng(seed);
  return Array.from({ length: trials }, () => planParty(rng, n, day, special));
}
const rate = (ps: PartyPlan[], f: (p: PartyPlan) => boolean) => ps.filter(f).length / ps.length;
const maxLevel = (p: PartyPlan) => Math.max(...p.members.map((m) => m.level));

describe("party generation (statistical, generator functions, seeded)", () => {
  it("INV-38: the first invasion is exactly 1 peasant of level 0, on any day", () => {
    for (const day of [1, 2, 5, 30, 60]) {
      for (const p of plans(day, 500, 1, day)) {
        expect(p.members).toEqual([{ adventurerClass: "Peasant", level: 0 }]);
        expect(p.kind).toBe("normal");
      }
    }
  });

  it("INV-39: the second invasion has 1 or 2 members at 50/50 (10,000 draws, ±2%)", () => {
    const ps = plans(7, 10_000, 2, 3);
    expect(ps.every((p) => p.members.length === 1 || p.members.length === 2)).toBe(true);
    expect(rate(ps, (p) => p.members.length === 2)).toBeCloseTo(0.5, 1);
    expect(Math.abs(rate(ps, (p) => p.members.length === 2) - 0.5)).toBeLessThan(0.02);
  });

  it("INV-40: every later invasion has at least 2 members (invasions 3 to 40, days 1 to 60)", () => {
    const rng = new Rng(11);
    for (let n = 3; n <= 40; n++) for (let day = 1; day <= 60; day += 3) {
      for (let i = 0; i < 20; i++) expect(planParty(rng, n, day).members.length).toBeGreaterThanOrEqual(2);
    }
  });

  it("INV-41: size and levels follow the game day, not the invasion number", () => {
    const rng = new Rng(3);
    // Same invasion number, different days: 2, 3, 4, 5 members.
    expect([3, 4, 6, 8].map((day) => usualSize(rng, 5, day))).toEqual([2, 3, 4, 5]);
    // Same day, different invasion numbers (from the 3rd): the same usual size.
    expect([3, 9, 30].map((n) => usualSize(rng, n, 12))).toEqual([5, 5, 5]);
  });

  it("INV-42: parties grow to 5 members first; while smaller, no member is above level 1", () => {
    for (const row of PARTY_CURVE) {
      if (row.members < 5) expect(row.levelWeights.slice(2).every((w) => w === 0)).toBe(true);
    }
    expect(PARTY_CURVE.map((r) => r.members)).toEqual([2, 3, 4, 5, 5, 5, 5, 5, 5, 5]);
    for (const p of plans(5, 3000, 6, 7).filter((q) => q.kind === "normal")) expect(maxLevel(p)).toBeLessThanOrEqual(1);
  });

  it("INV-43: level-3 members never come before day 10 (even in stronger parties), and do from day 10", () => {
    expect(plans(1, 5000, 9, 9).some((p) => maxLevel(p) >= 3)).toBe(false);
    expect(plans(1, 5000, 9, 10).some((p) => maxLevel(p) === 3)).toBe(true);
    expect(maxLevelOnDay(9)).toBe(2);
    expect(maxLevelOnDay(10)).toBe(3);
  });

  it("INV-44: level-4 members never come before day 15, and do from day 15", () => {
    expect(plans(2, 5000, 9, 14).some((p) => maxLevel(p) >= 4)).toBe(false);
    expect(plans(2, 5000, 9, 15).some((p) => maxLevel(p) === 4)).toBe(true);
  });

  it("INV-45: level-5 members never come before day 30, and do from day 30", () => {
    expect(plans(3, 5000, 9, 29).some((p) => maxLevel(p) >= 5)).toBe(false);
    expect(plans(3, 5000, 9, 30).some((p) => maxLevel(p) === 5)).toBe(true);
  });

  it("INV-46: from day 50 a usual party is 5 adventurers of level 5", () => {
    const normal = plans(4, 2000, 12, 50).filter((p) => p.kind === "normal");
    expect(normal.length).toBeGreaterThan(1000);
    for (const p of normal) expect(p.members.map((m) => m.level)).toEqual([5, 5, 5, 5, 5]);
  });

  it("INV-47: peasants count as members (a peasant mob's size is its peasants)", () => {
    const mobs = plans(5, 4000, 5, 5).filter((p) => p.kind === "mob");
    expect(mobs.length).toBeGreaterThan(0);
    for (const m of mobs) expect(m.members.every((x) => x.adventurerClass === "Peasant" && x.level === 0)).toBe(true);
    const withPeasants = plans(5, 2000, 5, 3).filter((p) => p.kind === "normal" && p.members.some((m) => m.level === 0));
    for (const p of withPeasants) expect(p.members.length).toBe(2); // peasants fill the day-3 size of 2
  });

  it("INV-48: members of one party can have different levels (most day-20 parties do)", () => {
    expect(rate(plans(6, 2000, 8, 20), (p) => new Set(p.members.map((m) => m.level)).size > 1)).toBeGreaterThan(0.5);
  });

  it("INV-49: early parties are mostly peasants (days 1-3: 90% of members ±2%)", () => {
    const members = plans(7, 5000, 3, 2).flatMap((p) => p.members);
    const share = members.filter((m) => m.adventurerClass === "Peasant").length / members.length;
    expect(Math.abs(share - 0.9)).toBeLessThan(0.02);
  });

  it("INV-54: from the 3rd invasion about 1 in 8 is a peasant mob (20,000 draws, 12.5% ±1%); never before", () => {
    expect(Math.abs(rate(plans(8, 20_000, 3, 12), (p) => p.kind === "mob") - 0.125)).toBeLessThan(0.01);
    expect(Math.abs(rate(plans(9, 20_000, 17, 40), (p) => p.kind === "mob") - 0.125)).toBeLessThan(0.01);
    expect(plans(10, 5000, 2, 12).some((p) => p.kind === "mob")).toBe(false);
    expect(plans(10, 5000, 1, 12).some((p) => p.kind === "mob")).toBe(false);
  });

  it("INV-55: early mobs have 2 or 3 peasants, sometimes 4 (45/40/15%, ±2%)", () => {
    const rng = new Rng(12);
    const sizes = Array.from({ length: 10_000 }, () => mobSize(rng, 6));
    const share = (n: number) => sizes.filter((s) => s === n).length / sizes.length;
    expect(sizes.every((s) => s >= 2 && s <= 4)).toBe(true);
    expect(Math.abs(share(2) - 0.45)).toBeLessThan(0.02);
    expect(Math.abs(share(3) - 0.40)).toBeLessThan(0.02);
    expect(Math.abs(share(4) - 0.15)).toBeLessThan(0.02);
  });

  it("INV-56: later mobs grow to about 12 peasants (day 50: 11 or 12; day 30: 7 to 9)", () => {
    const rng = new Rng(13);
    const late = Array.from({ length: 2000 }, () => mobSize(rng, 50));
    expect(new Set(late)).toEqual(new Set([11, 12]));
    const mid = Array.from({ length: 2000 }, () => mobSize(rng, 30));
    expect(new Set(mid)).toEqual(new Set([7, 8, 9]));
  });

  it("INV-57: from the 4th invasion about 1 in 5 non-mob parties is weaker (20% ±1.5%); never on the 3rd", () => {
    const ps = plans(14, 20_000, 4, 20).filter((p) => p.kind !== "mob");
    expect(Math.abs(rate(ps, (p) => p.kind === "weaker") - 0.2)).toBeLessThan(0.015);
    for (const p of ps.filter((q) => q.kind === "weaker")) {
      const fewer = p.members.length === 4;
      const lower = p.members.length === 5 && maxLevel(p) <= 3; // day 20 levels top out at 4
      expect(fewer || lower).toBe(true);
    }
    expect(plans(15, 5000, 3, 20).some((p) => p.kind === "weaker" || p.kind === "stronger")).toBe(false);
  });

  it("INV-58: from the 4th invasion another 1 in 5 is stronger (20% ±1.5%): 6 members at most, gates kept", () => {
    const ps = plans(16, 20_000, 4, 20).filter((p) => p.kind !== "mob");
    expect(Math.abs(rate(ps, (p) => p.kind === "stronger") - 0.2)).toBeLessThan(0.015);
    const strong = ps.filter((p) => p.kind === "stronger");
    expect(strong.some((p) => p.members.length === 6)).toBe(true);
    for (const p of strong) { expect(p.members.length).toBeLessThanOrEqual(6); expect(maxLevel(p)).toBeLessThanOrEqual(4); }
  });

  it("INV-59: a punitive expedition is sized like the invasion it replaces (day 20: 4 to 6; 3rd invasion on day 3: 2)", () => {
    const ps = plans(17, 3000, 6, 20, "punitive");
    expect(new Set(ps.map((p) => p.members.length))).toEqual(new Set([4, 5, 6]));
    expect(plans(17, 500, 3, 3, "punitive").every((p) => p.members.length === 2)).toBe(true);
  });

  it("INV-60: a camp sends only Warriors, one per member the invasion would have had", () => {
    const ps = plans(18, 3000, 6, 20, "camp");
    for (const p of ps) expect(p.members.every((m) => m.adventurerClass === "Warrior")).toBe(true);
    expect(new Set(ps.map((p) => p.members.length))).toEqual(new Set([4, 5, 6]));
    expect(plans(18, 200, 3, 8, "camp").every((p) => p.members.length === 5)).toBe(true);
  });

  it("INV-61: no camp warrior is below level 1 (day 2, where most members would be peasants)", () => {
    const ps = plans(19, 3000, 3, 2, "camp");
    expect(Math.min(...ps.flatMap((p) => p.members.map((m) => m.level)))).toBe(1);
  });

  it("INV-62: a camp never sends a peasant mob", () => {
    expect(plans(20, 20_000, 9, 30, "camp").some((p) => p.kind === "mob" || p.members.some((m) => m.adventurerClass === "Peasant"))).toBe(false);
  });

  it("INV-52: fugitive pursuers are never a peasant mob", () => {
    expect(plans(21, 20_000, 9, 30, "pursuers").some((p) => p.kind === "mob")).toBe(false);
  });

  it("INV-53: fugitive pursuers are never weaker or stronger: always the day's usual 5 members", () => {
    const ps = plans(22, 5000, 9, 20, "pursuers");
    expect(ps.every((p) => p.kind === "pursuers" && p.members.length === 5)).toBe(true);
  });

  it("INV-01, INV-02: 70% come to kill the Master, 10% each to steal treasure, free prisoners or destroy an altar (±1.5%)", () => {
    const rng = new Rng(23);
    const goals = Array.from({ length: 20_000 }, () => drawGoal(rng));
    const share = (g: string) => goals.filter((x) => x === g).length / goals.length;
    expect(Math.abs(share("killMaster") - 0.7)).toBeLessThan(0.015);
    for (const g of ["stealTreasure", "freePrisoners", "destroyAltar"]) expect(Math.abs(share(g) - 0.1)).toBeLessThan(0.015);
  });

  it("INV-06: a goal that is gone before the party arrives becomes killing the Master", () => {
    const sim = defaultSim(1);
    expect(goalExists(sim, "stealTreasure")).toBe(true);
    expect(goalExists(sim, "freePrisoners")).toBe(false); // no prisoners
    expect(goalExists(sim, "destroyAltar")).toBe(false); // no altars
    sim.state.treasure.amount = 0;
    const goals = new Set<string>();
    for (let seed = 0; seed < 200; seed++) {
      const s = defaultSim(seed);
      s.state.treasure.amount = 0;
      goals.add(startInvasion(s).goal);
    }
    expect(goals).toEqual(new Set(["killMaster"]));
  });

  it("INV-63: treasure has no effect on party size, level and composition", () => {
    for (let seed = 0; seed < 50; seed++) {
      const rich = defaultSim(seed), poor = defaultSim(seed);
      rich.state.treasure.amount = 10_000; poor.state.treasure.amount = 1;
      rich.state.invasion.count = poor.state.invasion.count = 6;
      const a = startInvasion(rich), b = startInvasion(poor);
      const describe = (sim: typeof rich, ids: string[]) => ids.map((id) => `${sim.state.units[id]?.adventurerClass}:${sim.state.units[id]?.level}`);
      expect(describe(rich, a.memberIds)).toEqual(describe(poor, b.memberIds));
    }
  });

  it("adventurer classes: stats grow per level; the Rogue has Trap Detection; gear and faction are set", () => {
    const rogue = adventurerFields("Rogue", 3);
    expect(rogue.stats).toEqual({ combat: 2, craft: 4, tracking: 4, block: 0 });
    expect(rogue.traits).toEqual([TRAP_DETECTION]);
    expect(adventurerFields("Warrior", 1).gear).toEqual({ weapon: "sword", blunt: false, ranged: false, armour: "chainmail", helm: 20 });
    expect(Object.keys(ADVENTURER_CLASSES)).toEqual(["Peasant", "Warrior", "Scout", "Cartographer", "Locksmith", "Doorbreaker", "Rogue", "Priest", "Hunter", "Warlock", "Skyrider"]);
    const sim = defaultSim(2);
    const party = startInvasion(sim);
    const u = sim.state.units[party.memberIds[0] as string];
    expect(u?.faction).toBe("village");
    expect(u?.adventurerClass).toBe("Peasant");
    expect(() => adventurerFields("Wizard", 1)).toThrow(/unknown adventurer class/);
  });

  it("adventurer names: the class and the adventurer's number in the dungeon, counted over every party, so no name repeats across invasions", () => {
    const sim = defaultSim(4);
    const parties = [1, 2, 3, 4].map(() => startInvasion(sim));
    const members = parties.flatMap((p) => p.memberIds.map((id) => sim.state.units[id]!));
    expect(members.length).toBeGreaterThanOrEqual(1 + 1 + 2 + 2); // INV-38 to INV-40
    expect(members[0]!.name).toBe("Peasant 1");
    expect(members.map((u) => u.name)).toEqual(members.map((u, k) => `${u.adventurerClass} ${k + 1}`));
    expect(adventurersArrived(sim)).toBe(members.length);
  });
});
