import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { CRITICAL_FIRE_CHANCE } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { REARM_DIFFICULTY } from "../../../src/sim/traps/rearm.ts";
import { REARM_PERIOD_TICKS, isExpired } from "../../../src/sim/traps/parts.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { checkDie } from "../knowledge/helpers.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { adventurer, forceDice, makeSim, placeBuilt, wire } from "./helpers.ts";

/*
 * Sweep s8: rearms, critical failures and rigging entirely through play (`sim.step()`, the keeper's
 * commands) in rooms of each ruleset, with every die recorded (recordAllDice: "d10=1" is a d10
 * drawn as 1). No test sets a part's state by hand: the trap is used by an adventurer crossing the
 * plate (or by the keeper's pullLever), and the Trapping minion (Craft 2) finds the parts to rearm
 * by itself. The rearm is the room's check against REARM_DIFFICULTY 1: malignus 1d10 + Craft
 * against 1 + 5, d20 1d20 + Craft against 10 + 1, d100 d100 + 10 × Craft over 50 + 10 × 1; a
 * natural 1 is a critical failure in all three. The 50% draw after it is a d100, 50 or less fires.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
/** The name of each ruleset's check die in the recorder. */
const CHECK_DIE: Record<RulesetId, string> = { malignus: "d10", d20: "d20", d100: "d100" };
/** The highest natural roll that is a critical failure of each room's check: malignus and d20 a natural 1, d100 a fumble 1 to 5. */
const CRITICAL_MAX: Record<RulesetId, number> = { malignus: 1, d20: 1, d100: 5 };
/**
 * The blades' harm on a minion beside them (no resist roll for the keeper's own): malignus the hit
 * location, a d100 (40: the torso, 16..55); d20 the table's 2d8 (4 and 4); d100 the table's 20..60 (20).
 */
const BLADES_HARM: Record<RulesetId, { dice: number[]; draws: string[] }> = {
  malignus: { dice: [40], draws: ["d100=40"] },
  d20: { dice: [4, 4], draws: ["d8=4", "d8=4"] },
  d100: { dice: [20], draws: ["20..60=20"] },
};
/** What those dice do to the minion: malignus a serious torso wound (2 points); d20 8 slashing (10 → 2 HP); d100 20 slashing (60 → 40 HP). */
const BLADES_HIT: Record<RulesetId, Record<string, unknown>[]> = {
  malignus: [{ type: "wound", severity: "serious", location: "torso", woundPoints: 2 }],
  d20: [{ type: "damaged", amount: 8, damageType: "slashing", hp: 2 }, { type: "wound", severity: "critical", location: "torso" }],
  d100: [{ type: "damaged", amount: 20, damageType: "slashing", hp: 40 }, { type: "wound", severity: "serious", location: "torso" }],
};

type Fired = Extract<SimEvent, { type: "trapFired" }>;
type Rearmed = Extract<SimEvent, { type: "partRearmed" }>;
const fired = (events: SimEvent[]) => events.filter((e): e is Fired => e.type === "trapFired");
const rearmed = (events: SimEvent[]) => events.filter((e): e is Rearmed => e.type === "partRearmed");

/** Steps until `n` more partRearmed events (at most 2000 ticks); returns every event. */
function stepUntilRearms(sim: Simulation, n: number): SimEvent[] {
  const out: SimEvent[] = [];
  for (let i = 0; i < 2000 && rearmed(out).length < n; i++) out.push(...sim.step());
  return out;
}

/** Gives the keeper's unit `u` the home `home` and steps until it stands there (at most 200 ticks); returns the events and the tiles it went through. */
function stepUntilHome(sim: Simulation, u: UnitRecord, home: { x: number; y: number }): { events: SimEvent[]; trace: string[] } {
  u.home = { ...home };
  const events: SimEvent[] = [];
  const trace: string[] = [];
  for (let i = 0; i < 200 && (u.x !== home.x || u.y !== home.y); i++) {
    events.push(...sim.step());
    if (trace.at(-1) !== `${u.x},${u.y}`) trace.push(`${u.x},${u.y}`);
  }
  return { events, trace };
}

/**
 * OPEN_MAP with a plate at 2,2 wired to blades at 8,2 (built at tick 0, no party due) and a Trapping
 * minion (Craft 2) at `minionAt`. An adventurer walks from 2,5 to 2,1 across the plate, which fires
 * the blades with nobody in their area (no die drawn); it then leaves the map and the minion comes
 * to `minionAt`. Both parts now need a rearm because they were used.
 */
function usedTrap(ruleset: RulesetId, minionAt: { x: number; y: number }) {
  const sim = makeSim(7, ruleset);
  sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
  const plate = placeBuilt(sim, "pressurePlate", 2, 2);
  const blades = placeBuilt(sim, "spinningBlades", 8, 2);
  wire(sim, [2, 2], [8, 2]);
  const walker = adventurer(sim, 2, 5);
  expect(walkTo(sim, walker, { x: 2, y: 1 })).toBe(true);
  const quiet = forceDice(sim, []);
  const shots: Fired[] = [];
  for (let i = 0; i < 100 && shots.length === 0; i++) shots.push(...fired(sim.step()));
  expect(quiet.left()).toBe(0);
  quiet.release();
  expect(shots.map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.victims])).toEqual([[plate, blades, walker.id, []]]);
  expect([sim.state.parts[plate]!.needsRearm, sim.state.parts[blades]!.needsRearm]).toEqual([true, true]);
  walker.activity = "left"; // it leaves the map: no fight draws dice while the minion works
  const minion = addUnit(sim, { kind: "minion", ...minionAt, home: { ...minionAt }, job: "trapping" });
  minion.stats.craft = 2;
  sim.drainEvents();
  return { sim, plate, blades, minion };
}

describe.each(RULESETS.map((r) => [r]))("sweep s8: rearms and critical failures in play, dice recorded (%s)", (ruleset: RulesetId) => {
  const die = CHECK_DIE[ruleset];
  const miss = checkDie(ruleset, REARM_DIFFICULTY, 2, false);
  const hit = checkDie(ruleset, REARM_DIFFICULTY, 2, true);

  it(`TRAP-34, TRAP-35 (${ruleset}): the Trapping minion rearms the used blades and plate, each with its own ${die} roll of the room's check (Craft 2 against difficulty 1): ${miss} just misses, ${hit} just reaches`, () => {
    const { sim, plate, blades, minion } = usedTrap(ruleset, { x: 14, y: 2 });
    const dice = recordAllDice(sim, [miss, hit, hit]);
    const rearms = rearmed(stepUntilRearms(sim, 3));
    expect(dice.left()).toBe(0);
    expect(dice.draws).toEqual([`${die}=${miss}`, `${die}=${hit}`, `${die}=${hit}`]);
    expect(rearms.map((e) => [e.partId, e.byUnitId, e.outcome, e.roll])).toEqual([
      [blades, minion.id, "failed", miss], [blades, minion.id, "rearmed", hit], [plate, minion.id, "rearmed", hit],
    ]);
    expect([sim.state.parts[plate]!.needsRearm, sim.state.parts[blades]!.needsRearm]).toEqual([false, false]);
  });

  it(`TRAP-36 (${ruleset}): the critical failure's boundary: rearming the used blades, ${die} ${CRITICAL_MAX[ruleset] + 1} is a plain failure (no 50% draw, the minion works again), ${die} ${CRITICAL_MAX[ruleset]} is critical (then d100 51: the plate is rigged)`, () => {
    const { sim, plate, blades, minion } = usedTrap(ruleset, { x: 14, y: 2 });
    const crit = CRITICAL_MAX[ruleset];
    const dice = recordAllDice(sim, [crit + 1, crit, 51]);
    const rearms = rearmed(stepUntilRearms(sim, 2));
    expect(dice.left()).toBe(0);
    expect(dice.draws).toEqual([`${die}=${crit + 1}`, `${die}=${crit}`, "d100=51"]);
    expect(rearms.map((e) => [e.partId, e.byUnitId, e.outcome, e.roll, e.riggedTriggerId])).toEqual([
      [blades, minion.id, "failed", crit + 1, null], [blades, minion.id, "rigged", crit, plate],
    ]);
  });

  it(`TRAP-36, TRAP-37, TRAP-38 (${ruleset}): rearming the used blades, the minion rolls a natural 1 (${die}), then d100 ${CRITICAL_FIRE_CHANCE} on the 50% draw: the trap fires at once, hits that minion beside the blades, and the blades still need a rearm`, () => {
    const { sim, plate, blades, minion } = usedTrap(ruleset, { x: 14, y: 2 });
    const dice = recordAllDice(sim, [1, CRITICAL_FIRE_CHANCE, ...BLADES_HARM[ruleset].dice]);
    const events = stepUntilRearms(sim, 1);
    expect(dice.left()).toBe(0);
    expect(CRITICAL_FIRE_CHANCE).toBe(50);
    expect(dice.draws).toEqual([`${die}=1`, "d100=50", ...BLADES_HARM[ruleset].draws]);
    const rearm = rearmed(events)[0]!;
    expect([rearm.partId, rearm.byUnitId, rearm.outcome, rearm.roll, rearm.riggedTriggerId]).toEqual([blades, minion.id, "fired", 1, null]);
    expect([minion.x, minion.y]).toEqual([9, 2]); // it worked beside the blades, in their area (radius 1)
    expect(fired(events).map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.victims, e.tick])).toEqual([[plate, blades, null, [minion.id], rearm.tick]]);
    expect(events.filter((e) => (e.type === "wound" || e.type === "damaged") && (e as { targetId: string }).targetId === minion.id))
      .toMatchObject(BLADES_HIT[ruleset].map((h) => ({ ...h, sourceId: blades, tick: rearm.tick })));
    expect([sim.state.parts[blades]!.needsRearm, sim.state.parts[plate]!.needsRearm, sim.state.parts[plate]!.riggedBy]).toEqual([true, true, ""]);
  });

  it(`TRAP-36, TRAP-39, TRAP-43 (${ruleset}): rearming the used blades, a natural 1 (${die}) then d100 51: the plate (the trap's trigger, still unarmed) is rigged by that minion and nothing fires; its own rearm (${die} ${hit}) makes it normal again`, () => {
    const { sim, plate, blades, minion } = usedTrap(ruleset, { x: 14, y: 2 });
    const dice = recordAllDice(sim, [1, 51]);
    const first = stepUntilRearms(sim, 1);
    expect(dice.left()).toBe(0);
    expect(dice.draws).toEqual([`${die}=1`, "d100=51"]);
    expect(rearmed(first).map((e) => [e.partId, e.byUnitId, e.outcome, e.riggedTriggerId])).toEqual([[blades, minion.id, "rigged", plate]]);
    expect(fired(first)).toEqual([]);
    expect([sim.state.parts[plate]!.riggedBy, sim.state.parts[plate]!.needsRearm, sim.state.parts[blades]!.needsRearm]).toEqual([minion.id, true, false]);
    const again = recordAllDice(sim, [hit]);
    const second = stepUntilRearms(sim, 1);
    expect([again.left(), again.draws]).toEqual([0, [`${die}=${hit}`]]);
    expect(rearmed(second).map((e) => [e.partId, e.byUnitId, e.outcome])).toEqual([[plate, minion.id, "rearmed"]]);
    expect([sim.state.parts[plate]!.riggedBy, sim.state.parts[plate]!.needsRearm]).toEqual(["", false]); // TRAP-43
  });

  it(`TRAP-36, TRAP-39, TRAP-40, TRAP-41, TRAP-42, TRAP-57 (${ruleset}): the plate's own rearm rolls a natural 1 (${die}) then d100 51: the plate is rigged; the rigger walking across it sets nothing off, another keeper's minion stepping on it fires the blades, and the plate is normal after that one firing`, () => {
    const { sim, plate, blades, minion: rigger } = usedTrap(ruleset, { x: 1, y: 3 }); // nearer the plate: it takes the plate first
    const other = addUnit(sim, { kind: "minion", x: 5, y: 4, home: { x: 5, y: 4 } });
    const dice = recordAllDice(sim, [1, 51, hit]);
    const rearms = rearmed(stepUntilRearms(sim, 2));
    expect(dice.left()).toBe(0);
    expect(dice.draws).toEqual([`${die}=1`, "d100=51", `${die}=${hit}`]);
    expect(rearms.map((e) => [e.partId, e.byUnitId, e.outcome, e.riggedTriggerId])).toEqual([[plate, rigger.id, "rigged", plate], [blades, rigger.id, "rearmed", null]]);
    expect([sim.state.parts[plate]!.riggedBy, sim.state.parts[plate]!.needsRearm, sim.state.parts[blades]!.needsRearm]).toEqual([rigger.id, false, false]);
    const quiet = recordAllDice(sim, []);
    const across = stepUntilHome(sim, rigger, { x: 1, y: 2 });
    expect(across.trace).toContain("2,2");
    expect(fired(across.events)).toEqual([]); // TRAP-41
    expect(sim.state.parts[plate]!.riggedBy).toBe(rigger.id);
    const onto = stepUntilHome(sim, other, { x: 2, y: 2 });
    expect(onto.trace.at(-1)).toBe("2,2");
    expect(fired(onto.events).map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.victims])).toEqual([[plate, blades, other.id, []]]); // TRAP-40
    expect(sim.state.parts[plate]!.riggedBy).toBe(""); // TRAP-42
    expect([quiet.left(), quiet.draws]).toEqual([0, []]);
    // TRAP-57: normal again (and used: the rearm job is the rigger's), the plate ignores the keeper's minion.
    const rearmAgain = recordAllDice(sim, [hit, hit]);
    rearmed(stepUntilRearms(sim, 2));
    expect(rearmAgain.left()).toBe(0);
    expect(sim.apply({ type: "assignJob", unitId: rigger.id, job: "none" })).toEqual({ ok: true });
    rigger.home = { x: 14, y: 8 };
    const back = stepUntilHome(sim, other, { x: 2, y: 4 });
    const over = stepUntilHome(sim, other, { x: 2, y: 1 });
    expect([...back.trace, ...over.trace]).toContain("2,2");
    expect(fired([...back.events, ...over.events])).toEqual([]);
  });

  it(`TRAP-48, TRAP-49, TRAP-51, TRAP-52, TRAP-53 (${ruleset}): a Trapping minion stays home (15,8) while the unused plate and blades are in date; on tick ${REARM_PERIOD_TICKS} (2 game days) they expire and it sets off that tick to rearm each (${die} ${hit}, ${die} ${hit}); the plate works again, and each part expires again exactly 2 days after its own rearm`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const plate = placeBuilt(sim, "pressurePlate", 2, 2);
    const blades = placeBuilt(sim, "spinningBlades", 8, 2);
    wire(sim, [2, 2], [8, 2]);
    const minion = addUnit(sim, { kind: "minion", x: 15, y: 8, home: { x: 15, y: 8 }, job: "trapping" });
    minion.stats.craft = 2;
    const quiet = recordAllDice(sim, []);
    let moved = false;
    while (sim.state.tick < REARM_PERIOD_TICKS - 1) {
      expect(rearmed(sim.step())).toEqual([]);
      moved ||= minion.x !== 15 || minion.y !== 8 || minion.activity === "walking";
    }
    expect([moved, quiet.left(), isExpired(sim, sim.state.parts[plate]!), isExpired(sim, sim.state.parts[blades]!)]).toEqual([false, 0, false, false]);
    sim.step(); // tick 2 days: both expire, and the minion sets off to rearm them
    expect([sim.state.tick, isExpired(sim, sim.state.parts[plate]!), isExpired(sim, sim.state.parts[blades]!), minion.activity]).toEqual([REARM_PERIOD_TICKS, true, true, "walking"]);
    quiet.release();
    const dice = recordAllDice(sim, [hit, hit]);
    const rearms: Rearmed[] = [];
    for (let i = 0; i < 2000 && rearms.length < 2; i++) rearms.push(...rearmed(sim.step()));
    expect([dice.left(), dice.draws]).toEqual([0, [`${die}=${hit}`, `${die}=${hit}`]]);
    expect(rearms.map((e) => [e.partId, e.byUnitId, e.outcome])).toEqual([[blades, minion.id, "rearmed"], [plate, minion.id, "rearmed"]]);
    dice.release();
    const [bladesAt, plateAt] = rearms.map((e) => e.tick) as [number, number];
    expect([sim.state.parts[blades]!.rearmedTick, sim.state.parts[plate]!.rearmedTick]).toEqual([bladesAt, plateAt]);
    // TRAP-52: the rearmed plate works again (nobody in the blades' area: no die).
    const again = recordAllDice(sim, []);
    const walker = adventurer(sim, 2, 5);
    expect(walkTo(sim, walker, { x: 2, y: 1 })).toBe(true);
    const shots: SimEvent[] = [];
    for (let i = 0; i < 100 && shots.length === 0; i++) shots.push(...fired(sim.step()));
    expect(fired(shots).map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.victims])).toEqual([[plate, blades, walker.id, []]]);
    expect(again.left()).toBe(0);
    // TRAP-53: the blades' countdown runs from their rearm (the use since does not move it): expired on their rearm tick + 2 days, not one tick before.
    sim.state.units[walker.id]!.activity = "left";
    expect(sim.apply({ type: "assignJob", unitId: minion.id, job: "none" })).toEqual({ ok: true }); // no more rearms
    while (sim.state.tick < bladesAt + REARM_PERIOD_TICKS - 1) sim.step();
    expect(isExpired(sim, sim.state.parts[blades]!)).toBe(false);
    sim.step();
    expect(isExpired(sim, sim.state.parts[blades]!)).toBe(true);
    expect(again.left()).toBe(0);
  });

  it(`TRAP-44, TRAP-45 (${ruleset}): on a lever trap the keeper pulled, the minion rearming the blades rolls a natural 1 (${die}); the trap fires with no 50% d100 drawn, and the lever is not rigged`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const lever = placeBuilt(sim, "lever", 2, 2);
    const blades = placeBuilt(sim, "spinningBlades", 8, 2);
    wire(sim, [2, 2], [8, 2]);
    const minion = addUnit(sim, { kind: "minion", x: 14, y: 2, home: { x: 14, y: 2 }, job: "trapping" });
    minion.stats.craft = 2;
    expect(sim.apply({ type: "pullLever", partId: lever })).toEqual({ ok: true });
    expect(fired(sim.drainEvents()).map((e) => [e.triggerId, e.mechanismId, e.victims])).toEqual([[lever, blades, []]]);
    expect([sim.state.parts[lever]!.needsRearm, sim.state.parts[blades]!.needsRearm]).toEqual([false, true]);
    const dice = recordAllDice(sim, [1, ...BLADES_HARM[ruleset].dice]);
    const events = stepUntilRearms(sim, 1);
    expect(dice.left()).toBe(0);
    expect(dice.draws).toEqual([`${die}=1`, ...BLADES_HARM[ruleset].draws]); // no "d100=" 50% draw between the check and the harm
    expect(rearmed(events).map((e) => [e.partId, e.outcome, e.riggedTriggerId])).toEqual([[blades, "fired", null]]);
    expect(fired(events).map((e) => [e.triggerId, e.mechanismId, e.victims])).toEqual([[lever, blades, [minion.id]]]);
    expect([sim.state.parts[lever]!.riggedBy, sim.state.parts[lever]!.needsRearm, sim.state.parts[blades]!.needsRearm]).toEqual(["", false, true]);
  });
});
