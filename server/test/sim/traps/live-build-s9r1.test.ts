import { describe, expect, it } from "vitest";
import { PARTS, type PartKind, type RulesetId, type SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { forceDice, makeSim, place } from "./helpers.ts";

/*
 * Sweep s9-r1 (issue 17): TRAP-30's "a minion assigned to Trapping" for trap parts (the padlock's
 * side is doors/live-audit-a1), through the keeper's commands and `sim.step()` in rooms of each
 * ruleset (OPEN_MAP: the stockpile at 1,10). A jobless minion and a Chores minion haul the metal of
 * an ordered plate and blades (TRAP-29) but never build them; once the keeper puts the Chores
 * minion on Trapping, it builds both, each after its table work. Nothing draws a die.
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
