import { describe, expect, it } from "vitest";
import { PARTS } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { onUnitEntersTile } from "../../../src/sim/traps/index.ts";
import { REARM_DIFFICULTY, doRearmJob, needsRearmJob, resolveRearm } from "../../../src/sim/traps/rearm.ts";
import { REARM_PERIOD_TICKS, isExpired } from "../../../src/sim/traps/parts.ts";
import { pullLever } from "../../../src/sim/traps/firing.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { PartRecord, UnitRecord } from "../../../src/sim/state.ts";
import { adventurer, forceDice, makeSim, placeBuilt, wire } from "./helpers.ts";

// The rearm check (malignus, TRAP-35): Craft 2 + d10 against REARM_DIFFICULTY 1 + 5 = 6; the d10 is forced.
/** d10 7: 2 + 7 = 9 ≥ 6, rearmed. */
const SUCCESS = 7;
/** d10 2: 2 + 2 = 4 < 6, a plain failure. */
const FAILURE = 2;
/** d10 1: a natural 1, the critical failure (TRAP-36). */
const CRITICAL = 1;
/** The 50% draw (`CRITICAL_FIRE_CHANCE`) after a critical failure: d100 ≤ 50 fires (TRAP-37), above rigs (TRAP-39). */
const FIRES = 50;
const RIGS = 51;

/** A plate at 2,2 wired to blades at 8,2, both built; a Trapping minion standing next to the blades at 9,2. */
function setup(trigger: "pressurePlate" | "lever" = "pressurePlate") {
  const sim = makeSim();
  const plate = placeBuilt(sim, trigger, 2, 2);
  const blades = placeBuilt(sim, "spinningBlades", 8, 2);
  wire(sim, [2, 2], [8, 2]);
  const minion = addUnit(sim, { kind: "minion", x: 9, y: 2, job: "trapping" });
  sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER; // no invasion while the clock runs
  sim.drainEvents();
  return { sim, plate: part(sim, plate), blades: part(sim, blades), minion };
}

/** The blades' serious wound lands where a d100 says (malignus hit location): 50, the torso. */
const TORSO = 50;
/** An adventurer's resist check before a trap's harm (KNOW-44, d10 against TRAP_RESIST_DIFFICULTY 5): 2 fails. */
const RESIST_FAILS = 2;
const part = (sim: Simulation, id: string) => sim.state.parts[id] as PartRecord;
/** Runs the minion's rearm behaviour `ticks` times. */
const work = (sim: Simulation, minion: UnitRecord, ticks: number) => { for (let i = 0; i < ticks; i++) doRearmJob(sim, minion); };
const ofType = (sim: Simulation, type: string) => sim.drainEvents().filter((e) => e.type === type);

describe("rearming", () => {
  it("TRAP-34, TRAP-35 (live, forced dice): a Trapping minion walks to a used part and rearms it through steps: Craft 2 + d10 3 = 5 fails against REARM_DIFFICULTY 1 + 5, then 4 succeeds", () => {
    const { sim, blades, minion } = setup();
    blades.needsRearm = true;
    minion.x = 12; minion.y = 2;
    const dice = forceDice(sim, [3, 4]);
    const rearms: { outcome: string; roll: number; tick: number }[] = [];
    for (let i = 0; i < 1000 && rearms.length < 2; i++) {
      for (const e of sim.step()) if (e.type === "partRearmed") rearms.push({ outcome: e.outcome, roll: e.roll, tick: e.tick });
    }
    dice.release();
    expect([REARM_DIFFICULTY, minion.stats.craft, dice.left()]).toEqual([1, 2, 0]);
    expect(rearms.map((r) => [r.outcome, r.roll])).toEqual([["failed", 3], ["rearmed", 4]]);
    expect(rearms[1]!.tick - rearms[0]!.tick).toBe(PARTS.spinningBlades.rearmWorkTicks); // the work starts over after a plain failure
    expect(blades).toMatchObject({ needsRearm: false, rearmedTick: rearms[1]!.tick, rearmWorkDone: 0, rearmerId: "" });
  });

  it("TRAP-34, TRAP-35: a Trapping minion rearms a used part after its rearmWorkTicks of work, with one check", () => {
    const { sim, blades, minion } = setup();
    blades.needsRearm = true;
    const dice = forceDice(sim, [SUCCESS]);
    sim.state.tick = 500;
    work(sim, minion, PARTS.spinningBlades.rearmWorkTicks - 1);
    expect(dice.left()).toBe(1); // no roll before the work is done
    expect(blades.rearmWorkDone).toBe(PARTS.spinningBlades.rearmWorkTicks - 1);
    expect(blades.rearmerId).toBe(minion.id);
    work(sim, minion, 1);
    expect(dice.left()).toBe(0); // one check
    expect(blades).toMatchObject({ needsRearm: false, rearmedTick: 500, rearmWorkDone: 0, rearmerId: "" });
    expect(sim.drainEvents()).toEqual([{
      type: "partRearmed", partId: blades.id, byUnitId: minion.id, outcome: "rearmed", roll: 7, riggedTriggerId: null, tick: 500,
    }]);
  });

  it("TRAP-34: a minion with no job never takes a rearm job", () => {
    const { sim, blades, minion } = setup();
    minion.job = "none";
    blades.needsRearm = true;
    forceDice(sim, []); // any roll would throw: the dice ran out
    expect(doRearmJob(sim, minion)).toBe(false);
    work(sim, minion, 1000);
    expect(blades.needsRearm).toBe(true);
  });

  it("TRAP-35: each part of a used trap is rolled separately; a failure on one leaves the other rearmed", () => {
    const { sim, plate, blades, minion } = setup();
    plate.needsRearm = true;
    blades.needsRearm = true;
    const dice = forceDice(sim, [FAILURE, SUCCESS]);
    minion.x = 3; minion.y = 2; // next to the plate, the nearer part
    work(sim, minion, PARTS.pressurePlate.rearmWorkTicks);
    expect(plate.needsRearm).toBe(true); // plain failure: still unarmed
    // The minion tries the plate again first (it is still its job): this time it succeeds.
    work(sim, minion, PARTS.pressurePlate.rearmWorkTicks);
    expect(dice.left()).toBe(0); // two checks
    expect(plate.needsRearm).toBe(false);
    expect(blades.needsRearm).toBe(true);
    expect(ofType(sim, "partRearmed").map((e) => e.type === "partRearmed" && [e.partId, e.outcome]))
      .toEqual([[plate.id, "failed"], [plate.id, "rearmed"]]);
  });

  it("TRAP-36, TRAP-37, TRAP-38: the immediate-firing outcome fires the trap at once, hits the rearming minion, and the part still needs a rearm", () => {
    const { sim, plate, blades, minion } = setup();
    blades.needsRearm = true;
    blades.rearmedTick = 0;
    sim.state.tick = 100;
    const dice = forceDice(sim, [CRITICAL, FIRES, TORSO]);
    resolveRearm(sim, minion, blades);
    expect(dice.left()).toBe(0);
    expect(sim.drainEvents()).toEqual([
      { type: "partRearmed", partId: blades.id, byUnitId: minion.id, outcome: "fired", roll: 1, riggedTriggerId: null, tick: 100 },
      { type: "trapFired", triggerId: plate.id, mechanismId: blades.id, mechanism: "spinningBlades", x: 8, y: 2, byUnitId: null, victims: [minion.id], tick: 100 },
      { type: "wound", targetId: minion.id, sourceId: blades.id, location: "torso", severity: "serious", woundPoints: 2, tick: 100 },
    ]);
    expect(minion.wounds).toEqual([{ severity: "serious", location: "torso", tick: 100 }]);
    expect(blades.needsRearm).toBe(true); // TRAP-38
    expect(blades.rearmedTick).toBe(0); // not rearmed: the countdown does not restart
    expect(plate.needsRearm).toBe(true); // proposal: the firing is a use
  });

  for (const which of ["blades", "plate"] as const) {
    it(`TRAP-37, TRAP-38 (live, forced dice): a Trapping minion rearming the expired ${which} rolls a natural 1, the trap fires at once and the ${which} still needs a rearm`, () => {
      const { sim, plate, blades, minion } = setup();
      const rearmed = which === "blades" ? blades : plate;
      const other = which === "blades" ? plate : blades;
      sim.state.tick = REARM_PERIOD_TICKS + 10;
      rearmed.rearmedTick = 0; // expired (TRAP-48): a rearm job, though it is not marked used
      other.rearmedTick = sim.state.tick;
      expect([rearmed.needsRearm, needsRearmJob(sim, rearmed), needsRearmJob(sim, other)]).toEqual([false, true, false]);
      minion.x = rearmed.x + 1; minion.y = rearmed.y;
      // The rearm check's d10 rolls 1 (critical failure, TRAP-36); the 50% draw rolls 50 (fires, TRAP-37);
      // the blades' serious wound on the minion, if it stands within their reach, lands on d100 50 (torso).
      const dice = forceDice(sim, [1, 50, 50]);
      const events: ReturnType<Simulation["step"]> = [];
      for (let i = 0; i < 400 && !events.some((e) => e.type === "partRearmed"); i++) events.push(...sim.step());
      dice.release();
      const rearm = events.find((e) => e.type === "partRearmed");
      expect(rearm).toMatchObject({ partId: rearmed.id, byUnitId: minion.id, outcome: "fired", roll: 1 });
      expect(events.find((e) => e.type === "trapFired")).toMatchObject({ triggerId: plate.id, mechanismId: blades.id });
      expect([rearmed.needsRearm, rearmed.rearmedTick, needsRearmJob(sim, rearmed)]).toEqual([true, 0, true]); // TRAP-38
      expect(plate.needsRearm && blades.needsRearm).toBe(true); // the firing is a use of both parts
    });
  }

  it("TRAP-36, TRAP-39: the rigged outcome rigs the trap's trigger against everyone but that minion, whichever part failed; the part counts as rearmed", () => {
    const { sim, plate, blades, minion } = setup();
    blades.needsRearm = true;
    sim.state.tick = 40;
    const dice = forceDice(sim, [CRITICAL, RIGS]);
    resolveRearm(sim, minion, blades);
    expect(dice.left()).toBe(0);
    expect(sim.drainEvents()).toEqual([
      { type: "partRearmed", partId: blades.id, byUnitId: minion.id, outcome: "rigged", roll: 1, riggedTriggerId: plate.id, tick: 40 },
    ]);
    expect(plate.riggedBy).toBe(minion.id);
    expect(blades).toMatchObject({ needsRearm: false, rearmedTick: 40 });
  });

  it("TRAP-43: a rigged trigger becomes normal again once a minion rearms it", () => {
    const { sim, plate, minion } = setup();
    plate.riggedBy = "999";
    plate.needsRearm = true;
    forceDice(sim, [SUCCESS]);
    resolveRearm(sim, minion, plate);
    expect(plate.riggedBy).toBe("");
    expect(plate.needsRearm).toBe(false);
  });

  it("TRAP-36, TRAP-37, TRAP-39 (forced dice): after a critical failure the 50% draw (CRITICAL_FIRE_CHANCE) fires the trap on d100 50 and rigs it on 51", () => {
    for (const [draw, outcome] of [[FIRES, "fired"], [RIGS, "rigged"]] as const) {
      const { sim, plate, blades, minion } = setup();
      minion.x = 15; minion.y = 8; // out of the blades' reach: no wound to roll
      blades.needsRearm = true;
      const dice = forceDice(sim, [CRITICAL, draw]);
      resolveRearm(sim, minion, blades);
      expect(dice.left()).toBe(0);
      expect(ofType(sim, "partRearmed").map((e) => e.type === "partRearmed" && e.outcome)).toEqual([outcome]);
      expect([plate.riggedBy, blades.needsRearm]).toEqual(outcome === "rigged" ? [minion.id, false] : ["", true]);
    }
  });

  it("TRAP-35: over 10,000 seeded rearm rolls (malignus, Craft 2): 70% ± 2 rearmed, 20% ± 2 plain failures, 10% ± 1.5 critical", () => {
    const { sim, plate, blades, minion } = setup();
    const counts = { rearmed: 0, failed: 0, fired: 0, rigged: 0 };
    const trials = 10000;
    for (let i = 0; i < trials; i++) {
      blades.needsRearm = true;
      plate.riggedBy = "";
      plate.needsRearm = false;
      resolveRearm(sim, minion, blades);
      for (const e of sim.drainEvents()) if (e.type === "partRearmed") counts[e.outcome]++;
    }
    expect(counts.rearmed + counts.failed + counts.fired + counts.rigged).toBe(trials);
    expect(Math.abs(counts.rearmed / trials - 0.7)).toBeLessThan(0.02);
    expect(Math.abs(counts.failed / trials - 0.2)).toBeLessThan(0.02);
    expect(Math.abs((counts.fired + counts.rigged) / trials - 0.1)).toBeLessThan(0.015);
  });

  it("TRAP-44, TRAP-45: on a lever trap a critical failure always fires (no 50% roll) and the lever is never rigged", () => {
    const { sim, plate: lever, blades, minion } = setup("lever");
    minion.x = 15; minion.y = 8; // out of the blades' reach: no wound to roll
    // One d10 per rearm and nothing else: a 50% draw would take a value and the script would run out.
    const dice = forceDice(sim, [CRITICAL, CRITICAL, CRITICAL, CRITICAL, CRITICAL]);
    for (let i = 0; i < 5; i++) {
      blades.needsRearm = true;
      resolveRearm(sim, minion, blades);
      expect(blades.needsRearm).toBe(true);
      expect(lever.riggedBy).toBe("");
    }
    expect(dice.left()).toBe(0);
    expect(lever.needsRearm).toBe(false); // TRAP-33: the firing does not use the lever up
    expect(ofType(sim, "partRearmed").every((e) => e.type === "partRearmed" && e.outcome === "fired")).toBe(true);
  });

  it("TRAP-33, TRAP-54: a lever never needs a rearm job, after use or after 2 days", () => {
    const { sim, plate: lever, blades, minion } = setup("lever");
    pullLever(sim, lever.id);
    sim.state.tick = REARM_PERIOD_TICKS * 3;
    expect(lever.needsRearm).toBe(false);
    expect(isExpired(sim, lever)).toBe(false);
    expect(needsRearmJob(sim, lever)).toBe(false);
    minion.x = 3;
    const dice = forceDice(sim, [SUCCESS]);
    // Only the blades (used by the pull, and expired) give a job.
    const rearmed: string[] = [];
    for (let i = 0; i < 2000; i++) for (const e of sim.step()) if (e.type === "partRearmed") rearmed.push(e.partId);
    expect(dice.left()).toBe(0); // one check, the minion's on the blades
    expect(rearmed).toEqual([blades.id]);
  });

  it("TRAP-55: a mechanism wired to a lever still needs the 2-day rearm: expired, the lever fires nothing", () => {
    const { sim, plate: lever, blades } = setup("lever");
    sim.state.tick = REARM_PERIOD_TICKS;
    expect(isExpired(sim, blades)).toBe(true);
    expect(needsRearmJob(sim, blades)).toBe(true);
    pullLever(sim, lever.id);
    expect(ofType(sim, "trapFired")).toMatchObject([{ triggerId: lever.id, mechanismId: null, victims: [] }]);
  });

  it("TRAP-48, TRAP-51, TRAP-52, TRAP-53: when a part's 2 days run out a Trapping minion comes, rearms it, it works again and its countdown restarts", () => {
    const { sim, plate, blades, minion } = setup();
    minion.x = 15; minion.y = 8; minion.home = { x: 15, y: 8 };
    const dice = forceDice(sim, [SUCCESS, SUCCESS]);
    const start = REARM_PERIOD_TICKS; // both parts were built at tick 0
    sim.state.tick = start;
    expect(isExpired(sim, plate) && isExpired(sim, blades)).toBe(true);
    let rearmTicks: number[] = [];
    for (let i = 0; i < 1500 && rearmTicks.length < 2; i++) {
      for (const e of sim.step()) if (e.type === "partRearmed") rearmTicks.push(e.tick);
    }
    expect(rearmTicks).toHaveLength(2);
    expect(dice.left()).toBe(0);
    expect([blades.rearmedTick, plate.rearmedTick].sort((a, b) => a - b)).toEqual(rearmTicks); // TRAP-53
    expect(isExpired(sim, plate) || isExpired(sim, blades)).toBe(false);
    // TRAP-52: it works again.
    const adv = adventurer(sim, 2, 2);
    const near = adventurer(sim, 8, 3);
    const harmDice = forceDice(sim, [RESIST_FAILS, TORSO]);
    onUnitEntersTile(sim, adv, 2, 2);
    expect(ofType(sim, "trapFired")).toMatchObject([{ mechanismId: blades.id, victims: [near.id] }]);
    expect(harmDice.left()).toBe(0);
    expect([near.wounds, adv.wounds]).toEqual([[{ severity: "serious", location: "torso", tick: sim.state.tick }], []]);
    harmDice.release();
    // TRAP-53: it expires exactly 2 days after its rearm.
    sim.state.tick = plate.rearmedTick + REARM_PERIOD_TICKS - 1;
    expect(isExpired(sim, plate)).toBe(false);
    sim.state.tick++;
    expect(isExpired(sim, plate)).toBe(true);
  });

  it("TRAP-56: every part is its own rearm job: two expired traps give four rolls, one per part", () => {
    const { sim, plate, blades, minion } = setup();
    const plate2 = part(sim, placeBuilt(sim, "tripwire", 2, 8));
    const darts = part(sim, placeBuilt(sim, "dartLauncher", 6, 8));
    wire(sim, [2, 8], [6, 8]);
    const dice = forceDice(sim, [SUCCESS, SUCCESS, SUCCESS, SUCCESS]);
    sim.state.tick = REARM_PERIOD_TICKS;
    const jobs = Object.values(sim.state.parts).filter((p) => needsRearmJob(sim, p)).map((p) => p.id);
    expect(jobs).toEqual([plate.id, blades.id, plate2.id, darts.id]);
    const rearmed: string[] = [];
    for (let i = 0; i < 3000 && rearmed.length < 4; i++) {
      for (const e of sim.step()) if (e.type === "partRearmed") rearmed.push(e.partId);
    }
    expect(dice.left()).toBe(0); // four checks
    rearmed.sort();
    expect(rearmed).toEqual([plate.id, blades.id, plate2.id, darts.id].sort());
    expect(minion.job).toBe("trapping");
  });
});
