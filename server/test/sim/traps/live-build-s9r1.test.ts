import { describe, expect, it } from "vitest";
import { PARTS, type PartKind, type RulesetId, type SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { adventurer, forceDice, makeSim, place, placeBuilt, wire } from "./helpers.ts";

/*
 * Sweep s9-r1 (issue 17): TRAP-30's "a minion assigned to Trapping" for trap parts (the padlock's
 * side is doors/live-audit-a1), through the keeper's commands and `sim.step()` in rooms of each
 * ruleset (OPEN_MAP: the stockpile at 1,10). A jobless minion and a Chores minion haul the metal of
 * an ordered plate and blades (TRAP-29) but never build them; once the keeper puts the Chores
 * minion on Trapping, it builds both, each after its table work. And TRAP-15 / TRAP-27 through the
 * keeper's movePart: a part moved onto a trap's cable obeys the joined cable's limits. Nothing
 * draws a die.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe.each(RULESETS.map((r) => [r]))("s9-r1: only a Trapping minion builds a trap part (%s)", (ruleset: RulesetId) => {
  it(`TRAP-30, TRAP-04 (${ruleset}): with all their metal on site, a plate and blades stay sites for 1500 ticks beside a jobless and a Chores minion; put on Trapping, the Chores minion builds both (their ${PARTS.pressurePlate.buildWorkTicks} and ${PARTS.spinningBlades.buildWorkTicks} ticks of work done), the jobless one neither`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.metal = 40;
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const dice = forceDice(sim, []);
    const idle = addUnit(sim, { kind: "minion", x: 3, y: 9, home: { x: 3, y: 9 } });
    const chores = addUnit(sim, { kind: "minion", x: 4, y: 9, home: { x: 4, y: 9 }, job: "chores" });
    const kinds: PartKind[] = ["pressurePlate", "spinningBlades"];
    const [plate, blades] = [place(sim, "pressurePlate", 6, 6), place(sim, "spinningBlades", 10, 6)];
    const sites = () => [plate!, blades!].map((id) => { const p = sim.state.parts[id]!; return [p.built, p.metalDelivered, p.workDone]; });
    const early: SimEvent[] = [];
    for (let i = 0; i < 1500; i++) early.push(...sim.step());
    expect(early.filter((e) => e.type === "partBuilt")).toEqual([]);
    expect(sites()).toEqual(kinds.map((k) => [false, PARTS[k].metal, 0]));
    expect(sim.state.metal).toBe(40 - PARTS.pressurePlate.metal - PARTS.spinningBlades.metal);
    expect(sim.apply({ type: "assignJob", unitId: chores.id, job: "trapping" })).toEqual({ ok: true });
    const built: [string, string][] = [];
    for (let i = 0; i < 2000 && built.length < 2; i++) for (const e of sim.step()) if (e.type === "partBuilt") built.push([e.partId, e.builderId]);
    expect(built.sort()).toEqual([[plate, chores.id], [blades, chores.id]].sort());
    expect(sites()).toEqual(kinds.map((k) => [true, PARTS[k].metal, PARTS[k].buildWorkTicks]));
    expect([idle.job, idle.activity === "working"]).toEqual(["none", false]);
    expect(dice.left()).toBe(0);
  });
});

describe.each(RULESETS.map((r) => [r]))("s9-r1: moving a part onto a trap's cable (%s)", (ruleset: RulesetId) => {
  it(`TRAP-15, TRAP-27 (${ruleset}): on plate → timer → blades, the keeper moving a second trigger (a tripwire) onto the cable is refused TRIGGER_ALREADY_WIRED and a second mechanism (a flame jet) MECHANISM_ALREADY_WIRED, each changing nothing; an adventurer on the plate then fires the blades alone`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const plate = placeBuilt(sim, "pressurePlate", 2, 3);
    placeBuilt(sim, "timer", 6, 3);
    const blades = placeBuilt(sim, "spinningBlades", 10, 3);
    wire(sim, [2, 3], [10, 3]);
    const trip = placeBuilt(sim, "tripwire", 8, 8);
    const jet = placeBuilt(sim, "flameJet", 14, 8);
    const refusals = [[trip, 8, 3], [jet, 4, 3]].map(([partId, x, y]) => {
      const before = sim.hash();
      const r = sim.apply({ type: "movePart", partId: partId as string, x: x as number, y: y as number }) as { ok: boolean; code?: string; rule?: string };
      expect(sim.hash()).toBe(before);
      return [r.ok, r.code, r.rule];
    });
    expect(refusals).toEqual([[false, "TRIGGER_ALREADY_WIRED", "TRAP-15"], [false, "MECHANISM_ALREADY_WIRED", "TRAP-14"]]);
    const dice = forceDice(sim, []);
    const a = adventurer(sim, 2, 5);
    expect(walkTo(sim, a, { x: 2, y: 1 })).toBe(true);
    const shots: SimEvent[] = [];
    for (let i = 0; i < 100 && shots.length === 0; i++) shots.push(...sim.step().filter((e) => e.type === "trapFired"));
    expect(shots).toMatchObject([{ triggerId: plate, mechanismId: blades, byUnitId: a.id, victims: [] }]);
    expect(dice.left()).toBe(0);
  });
});
