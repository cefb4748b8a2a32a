import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { portalReachesSanctum } from "../../../src/sim/doors/walkingPath.ts";
import { PADLOCK_METAL } from "../../../src/sim/doors/work.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { doorSim } from "./helpers.ts";

/*
 * Audit a8 of issue 17 (DOOR-54): every door of the only corridor is locked through play, from
 * unlocked doors: the keeper's buildPadlock orders, a Trapping minion's builds (`sim.step()`),
 * then disarmDoorLock / armDoorLock, in rooms of each ruleset. The earlier live tests gave the
 * doors built, armed padlocks by hand. No die is drawn (the recorder's script is empty).
 * The refused wall between the two locked doors shows DOOR-53 too: `wouldCutWalkingPath` refuses
 * nothing on a map whose path is already cut, so the refusal means the locked doors leave it open.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
/** A 1-tile corridor from the portal (0,2) through a door (5,2) to the sanctum (10,2); the stockpile at 1,1. */
const CORRIDOR = ["############", "#K##########", "P....+....S#", "############"].join("\n");

describe.each(RULESETS.map((r) => [r]))("audit a8: every door of a corridor may be locked (%s)", (ruleset: RulesetId) => {
  it(`DOOR-54, DOOR-53 (${ruleset}): on the only corridor the keeper orders a padlock on each of its two doors (5,2 and 8,2): both orders are accepted, a Trapping minion builds both (${PADLOCK_METAL} metal each) and both doors end up locked; unlocking and relocking each is accepted; the path still counts (a wall between them at 7,2 is refused)`, () => {
    const sim = doorSim(CORRIDOR, 11, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const dice = recordAllDice(sim, []);
    const second = sim.apply({ type: "buildDoor", x: 8, y: 2 }) as { ok: boolean; id: string };
    expect(second.ok).toBe(true);
    const doors = Object.values(sim.state.doors).sort((a, b) => a.x - b.x);
    expect(doors.map((d) => [d.x, d.y, d.padlock, isLocked(d)])).toEqual([[5, 2, null, false], [8, 2, null, false]]);
    const stock = sim.state.metal;
    for (const d of doors) expect(sim.apply({ type: "buildPadlock", doorId: d.id })).toEqual({ ok: true });
    const minion = addUnit(sim, { kind: "minion", x: 3, y: 2, home: { x: 3, y: 2 }, job: "trapping" });
    const built: SimEvent[] = [];
    for (let i = 0; i < 3000 && built.length < 2; i++) built.push(...sim.step().filter((e) => e.type === "padlockBuilt"));
    expect(built.map((e) => [(e as { doorId: string }).doorId, (e as { builderId: string }).builderId]).sort()).toEqual(doors.map((d) => [d.id, minion.id]).sort());
    expect(doors.map((d) => [d.padlock?.built, d.padlock?.armed, isLocked(d)])).toEqual([[true, true, true], [true, true, true]]);
    expect(sim.state.metal).toBe(stock - 2 * PADLOCK_METAL);
    expect(portalReachesSanctum(sim.state.map)).toBe(true); // DOOR-53: the locked doors are open to the path
    for (const d of doors) {
      expect(sim.apply({ type: "disarmDoorLock", doorId: d.id })).toEqual({ ok: true });
      expect(isLocked(d)).toBe(false);
      expect(sim.apply({ type: "armDoorLock", doorId: d.id })).toEqual({ ok: true });
      expect(isLocked(d)).toBe(true);
    }
    for (let i = 0; i < 200 && (minion.x !== 3 || minion.y !== 2); i++) sim.step(); // the minion walks home, off the corridor's middle
    expect([minion.x, minion.y]).toEqual([3, 2]);
    expect(sim.apply({ type: "buildWall", x: 7, y: 2 })).toMatchObject({ ok: false, code: "WOULD_CUT_WALKING_PATH", rule: "DOOR-49" });
    expect([dice.left(), dice.draws]).toEqual([0, []]);
  });
});
