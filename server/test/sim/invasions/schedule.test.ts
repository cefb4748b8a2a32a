import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR } from "@malignus/shared";
import {
  createInvasionRecord, hourlyChance, indicator, invasionWord, stepInvasionSchedule, timeLimitHours,
} from "../../../src/sim/invasions/schedule.ts";
import { sendExpedition, offerFugitive } from "../../../src/sim/invasions/fugitives.ts";
import { stepInvasionEnd } from "../../../src/sim/invasions/end.ts";
import type { Simulation } from "../../../src/sim/index.ts";
import { defaultSim, run } from "../helpers.ts";

const H = TICKS_PER_GAME_HOUR;
const D = TICKS_PER_GAME_DAY;

/** Puts `sim` right after an invasion that ended at `endTick` (a fresh limit, no party). */
function afterInvasionEndedAt(sim: Simulation, endTick: number): void {
  sim.state.invasion = { ...createInvasionRecord(), count: 5, lastEndTick: endTick, limitStartTick: endTick, limitHours: timeLimitHours(Math.floor(endTick / D) + 1) };
  sim.state.tick = endTick;
}

/**
 * Runs the schedule on the first tick of each hour after the end (where it rolls) and returns the
 * hour h (1 = the hour the invasion ended in) in which the next invasion arrived, or 0.
 */
function arrivalHour(sim: Simulation, endTick: number, maxHours = 200): number {
  afterInvasionEndedAt(sim, endTick);
  for (let h = 1; h <= maxHours; h++) {
    sim.state.tick = endTick + (h - 1) * H + 1;
    stepInvasionSchedule(sim);
    if (sim.state.invasion.partyId !== "") return h;
  }
  return 0;
}

/** Ends the invasion in the dungeon now: every member leaves. */
function endCurrentInvasion(sim: Simulation): void {
  const party = sim.state.parties[sim.state.invasion.partyId];
  for (const id of party?.memberIds ?? []) (sim.state.units[id] as { activity: string }).activity = "left";
  stepInvasionEnd(sim);
}

describe("invasion schedule", () => {
  it("INV-10: the first invasion is due on day 2 at a random hour, uniform over its 24 hours (2,400 seeds, each hour 100 ±40)", () => {
    const counts = new Array<number>(24).fill(0);
    for (let seed = 0; seed < 2400; seed++) {
      const due = defaultSim(seed).state.invasion.dueTick;
      expect(due).toBeGreaterThanOrEqual(D);
      expect(due).toBeLessThan(2 * D);
      expect(due % H).toBe(0);
      const hour = (due - D) / H;
      counts[hour] = (counts[hour] ?? 0) + 1;
    }
    for (const c of counts) expect(Math.abs(c - 100)).toBeLessThan(40);
  });

  it("INV-16, INV-17, INV-18: the time limit is 48 h after day 2, 44/41/37/34 h after days 3 to 6, 30 h from day 7", () => {
    expect([2, 3, 4, 5, 6, 7, 8, 30, 100].map(timeLimitHours)).toEqual([48, 44, 41, 37, 34, 30, 30, 30, 30]);
  });

  it("INV-11, INV-12: after an invasion ends each hour rolls a chance that starts low and rises every hour (h / L)", () => {
    const sim = defaultSim(1);
    afterInvasionEndedAt(sim, 8 * D + 5 * H); // ended on day 9: L = 30
    const chances: number[] = [];
    for (let h = 1; h <= 30; h++) { sim.state.tick = 8 * D + 5 * H + (h - 1) * H + 1; chances.push(hourlyChance(sim)); }
    expect(chances.slice(0, 4)).toEqual([3, 7, 10, 13]);
    for (let i = 1; i < chances.length; i++) expect(chances[i]).toBeGreaterThan(chances[i - 1] as number);
  });

  it("INV-13: the next invasion can arrive in the very first hour after the end (about 1 in 30 after day 7, ±1%)", () => {
    const sim = defaultSim(2);
    let first = 0;
    const trials = 3000;
    for (let i = 0; i < trials; i++) if (arrivalHour(sim, 10 * D + 3 * H) === 1) first++;
    expect(Math.abs(first / trials - 1 / 30)).toBeLessThan(0.01);
  });

  it("INV-14, INV-15, INV-19: the limit starts at the end; its last hour has a 100% chance, so no arrival is ever later", () => {
    const sim = defaultSim(3);
    for (const endDay of [2, 3, 4, 5, 6, 7, 12]) {
      const L = timeLimitHours(endDay);
      const end = (endDay - 1) * D + 7 * H;
      afterInvasionEndedAt(sim, end);
      expect(sim.state.invasion.limitStartTick).toBe(end);
      sim.state.tick = end + (L - 1) * H + 1;
      expect(hourlyChance(sim)).toBe(100);
      let latest = 0;
      for (let i = 0; i < 400; i++) latest = Math.max(latest, arrivalHour(sim, end));
      expect(latest).toBeGreaterThan(0);
      expect(latest).toBeLessThanOrEqual(L);
    }
  });

  it("INV-11 to INV-15: the arrival hour follows P(h) = h/L × Π(1 − k/L) (mean after day 7: 6.58 h ±0.3 over 4,000 ends)", () => {
    const sim = defaultSim(4);
    let sum = 0;
    const trials = 4000;
    for (let i = 0; i < trials; i++) sum += arrivalHour(sim, 20 * D);
    let expected = 0, survive = 1;
    for (let h = 1; h <= 30; h++) { expected += h * survive * (h / 30); survive *= 1 - h / 30; }
    expect(expected).toBeCloseTo(6.58, 1);
    expect(Math.abs(sum / trials - expected)).toBeLessThan(0.3);
  });

  it("INV-14: when an invasion ends the time limit starts with the length for that day", () => {
    const sim = defaultSim(5);
    run(sim, 1);
    sim.state.tick = 4 * D + 2 * H; // day 5
    sim.state.invasion.dueTick = sim.state.tick;
    stepInvasionSchedule(sim);
    expect(sim.state.invasion.partyId).not.toBe("");
    endCurrentInvasion(sim);
    expect(sim.state.invasion.limitStartTick).toBe(4 * D + 2 * H);
    expect(sim.state.invasion.limitHours).toBe(37);
  });

  it("INV-20, INV-21, INV-22: the indicator word for a chance: Calm 0%, Unlikely, Possible, Likely, Imminent", () => {
    expect([0, 1, 24, 25, 49, 50, 74, 75, 100].map(invasionWord)).toEqual(
      ["Calm", "Unlikely", "Unlikely", "Possible", "Possible", "Likely", "Likely", "Imminent", "Imminent"]);
  });

  it("INV-23: the indicator shows Calm at every hour of day 1", () => {
    const sim = defaultSim(6);
    for (let h = 0; h < 24; h++) {
      sim.state.tick = h * H + 1;
      expect(indicator(sim)).toEqual({ word: "Calm", chance: 0 });
    }
  });

  it("INV-25: the indicator carries the hourly chance as a percentage (ended day 9, hour 3: 10%, Unlikely; hour 15: 50%, Likely)", () => {
    const sim = defaultSim(7);
    afterInvasionEndedAt(sim, 8 * D);
    sim.state.tick = 8 * D + 2 * H + 1;
    expect(indicator(sim)).toEqual({ word: "Unlikely", chance: 10 });
    sim.state.tick = 8 * D + 14 * H + 1;
    expect(indicator(sim)).toEqual({ word: "Likely", chance: 50 });
  });

  it("INV-26, INV-24: no invasion arrives during a Storm Rite, and the indicator shows Calm", () => {
    const sim = defaultSim(8);
    afterInvasionEndedAt(sim, 8 * D);
    expect(sim.apply({ type: "stormRite", hours: 100 })).toEqual({ ok: true });
    for (let h = 1; h <= 90; h++) {
      sim.state.tick = 8 * D + (h - 1) * H + 1;
      stepInvasionSchedule(sim);
      expect(sim.state.invasion.partyId).toBe("");
      expect(indicator(sim)).toEqual({ word: "Calm", chance: 0 });
    }
  });

  it("INV-28: during a Storm Rite the time limit keeps counting down (rite for 10 h, then hour 11 of 30: 37%)", () => {
    const sim = defaultSim(9);
    afterInvasionEndedAt(sim, 8 * D);
    sim.apply({ type: "stormRite", hours: 10 });
    for (let h = 1; h <= 11; h++) { sim.state.tick = 8 * D + (h - 1) * H + 1; stepInvasionSchedule(sim); if (sim.state.invasion.partyId) break; }
    sim.state.invasion.partyId = ""; // whether or not hour 11 rolled an arrival, read its chance
    sim.state.tick = 8 * D + 10 * H + 1;
    expect(sim.state.invasion.stopped).toBe(false);
    expect(hourlyChance(sim)).toBe(37);
    expect(sim.state.invasion.limitStartTick).toBe(8 * D);
  });

  it("INV-29, INV-30, INV-31: a limit that runs out while stopped brings no invasion; a new limit of the same length starts at once, its chance low again", () => {
    const sim = defaultSim(10);
    afterInvasionEndedAt(sim, 8 * D); // L = 30
    sim.apply({ type: "stormRite", hours: 35 });
    for (let h = 1; h <= 35; h++) { sim.state.tick = 8 * D + (h - 1) * H + 1; stepInvasionSchedule(sim); }
    expect(sim.state.invasion.partyId).toBe("");
    expect(sim.state.invasion.limitStartTick).toBe(8 * D + 30 * H);
    expect(sim.state.invasion.limitHours).toBe(30);
    sim.state.tick = 8 * D + 35 * H + 1; // rite over: hour 6 of the new limit
    stepInvasionSchedule(sim);
    sim.state.invasion.partyId = "";
    expect(hourlyChance(sim)).toBe(20);
  });

  it("INV-27: no invasion arrives while the dungeon cannot be reached from the map edge; it comes once it can", () => {
    const sim = defaultSim(11);
    const map = sim.state.map;
    const corridor = 15 * map.width + 5; // the 1-wide entry corridor
    const open = map.tiles;
    map.tiles = open.slice(0, corridor) + "#" + open.slice(corridor + 1);
    sim.state.tick = sim.state.invasion.dueTick;
    for (let i = 0; i < 5 * H; i++) { stepInvasionSchedule(sim); sim.state.tick++; }
    expect(sim.state.invasion.stopped).toBe(true);
    expect(sim.state.invasion.partyId).toBe("");
    expect(indicator(sim).word).toBe("Calm");
    map.tiles = open;
    for (let i = 0; i < H + 1 && sim.state.invasion.partyId === ""; i++) { stepInvasionSchedule(sim); sim.state.tick++; }
    expect(sim.state.invasion.partyId).not.toBe("");
  });

  it("INV-83: once spotted the indicator shows In progress; before, it keeps the word it had when the party arrived", () => {
    const sim = defaultSim(12);
    afterInvasionEndedAt(sim, 8 * D);
    sim.state.tick = 8 * D + 20 * H + 1; // 70%: Likely
    sim.state.invasion.dueTick = sim.state.tick;
    stepInvasionSchedule(sim);
    const party = sim.state.parties[sim.state.invasion.partyId];
    expect(party).toBeDefined();
    expect(indicator(sim)).toEqual({ word: "Likely", chance: 0 });
    if (party) party.spotted = true;
    expect(indicator(sim)).toEqual({ word: "In progress", chance: 0 });
  });

  it("INV-32, INV-34, INV-35: a punitive expedition replaces the next invasion and sets out at once, without the hourly chance", () => {
    const sim = defaultSim(13);
    afterInvasionEndedAt(sim, 8 * D);
    sim.state.tick = 8 * D + 100; // mid-hour, chance 3%
    sendExpedition(sim, "punitive", "Millbrook");
    expect(hourlyChance(sim)).toBe(0); // the scheduled one does not come as well
    stepInvasionSchedule(sim);
    const party = sim.state.parties[sim.state.invasion.partyId];
    expect(party?.kind).toBe("punitive");
    expect(party?.invasionNumber).toBe(6);
    expect(sim.state.invasion.count).toBe(6);
  });

  it("INV-33, INV-36, INV-37: camp warriors wait for the invasion in the dungeon to end, then set out; a new limit starts when they are gone", () => {
    const sim = defaultSim(14);
    sim.state.tick = 3 * D;
    sim.state.invasion.dueTick = sim.state.tick;
    stepInvasionSchedule(sim);
    const first = sim.state.invasion.partyId;
    sendExpedition(sim, "camp", "Black Tusk camp");
    sim.state.tick++;
    stepInvasionSchedule(sim);
    expect(sim.state.invasion.partyId).toBe(first);
    endCurrentInvasion(sim);
    sim.state.tick++;
    stepInvasionSchedule(sim);
    const camp = sim.state.parties[sim.state.invasion.partyId];
    expect(camp?.kind).toBe("camp");
    expect(camp?.memberIds.map((id) => sim.state.units[id]?.adventurerClass)).toEqual(camp?.memberIds.map(() => "Warrior"));
    sim.state.tick = 3 * D + 5 * H;
    endCurrentInvasion(sim);
    expect(sim.state.invasion.limitStartTick).toBe(3 * D + 5 * H);
    expect(sim.state.invasion.limitHours).toBe(41);
  });

  it("INV-50, INV-51: a fugitive asks to hide; once let in, its pursuers come as the next numbered invasion", () => {
    const sim = defaultSim(15);
    expect(sim.apply({ type: "answerFugitive", admit: true })).toMatchObject({ ok: false, code: "NO_FUGITIVE" });
    offerFugitive(sim, "Ulric the Hunted");
    expect(sim.drainEvents().map((e) => e.type)).toContain("fugitiveAsks");
    const res = sim.apply({ type: "answerFugitive", admit: true });
    expect(res.ok).toBe(true);
    const fugitive = res.ok ? sim.state.units[res.id as string] : undefined;
    expect(fugitive?.faction).toBe("dungeon");
    expect(fugitive?.name).toBe("Ulric the Hunted");
    afterInvasionEndedAt(sim, 8 * D);
    sim.state.invasion.pending = [{ kind: "pursuers", source: fugitive?.id ?? "" }];
    sim.state.tick = 8 * D + 50;
    stepInvasionSchedule(sim);
    const party = sim.state.parties[sim.state.invasion.partyId];
    expect(party?.kind).toBe("pursuers");
    expect(party?.invasionNumber).toBe(6);
  });

  it("the Storm Rite command validates hours and answers ok", () => {
    const sim = defaultSim(16);
    expect(sim.apply({ type: "stormRite", hours: 12 })).toEqual({ ok: true });
    expect(sim.state.invasion.stormRiteUntilTick).toBe(12 * H);
  });
});
