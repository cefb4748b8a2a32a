import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { portalReachesSanctum } from "../../../src/sim/doors/walkingPath.ts";
import { DOOR_REPAIR_WORK_TICKS } from "../../../src/sim/doors/work.ts";
import { NATURAL_SUCCESS, doorSim, forceDice, invadedBy, lock, run, theDoor } from "./helpers.ts";

/*
 * The walking-path rule and the repair after a break-in through the keeper's commands and
 * `sim.step()` in rooms of each ruleset.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

/** A 1-tile corridor from the portal (0,2) through a door (5,2) to the sanctum (10,2). */
const CORRIDOR = ["############", "#K##########", "P....+....S#", "############"].join("\n");
/** Two parallel corridors (rows 1 and 3) joined at both ends. */
const TWIN = ["###########", "#.........#", "P.#######S#", "#.........#", "#K#########"].join("\n");
const cut = { ok: false, code: "WOULD_CUT_WALKING_PATH", rule: "DOOR-49" };

describe.each(RULESETS.map((r) => [r]))("the walking path in play (%s)", (ruleset: RulesetId) => {
  it(`DOOR-49, DOOR-50, DOOR-51 (${ruleset}): on the one corridor a wall is refused WOULD_CUT_WALKING_PATH and changes nothing; a door is built there; digging beside it is done`, () => {
    const sim = doorSim(CORRIDOR, 11, ruleset);
    const tiles = sim.state.map.tiles;
    expect(sim.apply({ type: "buildWall", x: 3, y: 2 })).toMatchObject(cut);
    expect(sim.state.map.tiles).toBe(tiles);
    expect(sim.apply({ type: "buildDoor", x: 3, y: 2 })).toMatchObject({ ok: true });
    expect(sim.apply({ type: "dig", x: 3, y: 1 })).toEqual({ ok: true });
    expect([sim.state.map.tiles[2 * 12 + 3], sim.state.map.tiles[1 * 12 + 3]]).toEqual(["+", "."]);
    expect(portalReachesSanctum(sim.state.map)).toBe(true);
  });

  it(`DOOR-52 (${ruleset}): the keeper's collapse on the last open tile of one of the twin corridors is done, but the other corridor's tile is spared (its rock would cut the path)`, () => {
    const sim = doorSim(TWIN, 11, ruleset);
    const row = (y: number) => sim.state.map.tiles.slice(y * 11, y * 11 + 11);
    expect(sim.apply({ type: "collapse", x: 5, y: 1 })).toMatchObject({ ok: true });
    expect(row(1)).toBe("#...:#:...#"); // rock where the ceiling fell, rubble (walkable) either side
    sim.apply({ type: "collapse", x: 5, y: 3 });
    expect(row(3)).toBe("#...:.:...#"); // the tile is spared; only the rubble around it falls
    expect(portalReachesSanctum(sim.state.map)).toBe(true);
  });

  it(`DOOR-53, DOOR-54 (${ruleset}): with both doors of the corridor padlocked and armed, the path still counts (a locked door is open to it): the wall beside them stays refused`, () => {
    const sim = doorSim(CORRIDOR, 11, ruleset);
    const second = sim.apply({ type: "buildDoor", x: 8, y: 2 }) as { id: string };
    const doors = [theDoor(sim), sim.state.doors[second.id]!].map(lock);
    for (const d of doors) expect(sim.apply({ type: "armDoorLock", doorId: d.id })).toEqual({ ok: true });
    expect(doors.map(isLocked)).toEqual([true, true]);
    expect(sim.apply({ type: "buildWall", x: 7, y: 2 })).toMatchObject(cut);
  });

  it(`DOOR-47, DOOR-48 (${ruleset}): after a lock is picked open, a Chores minion (not a Trapping one) closes the door and re-arms its padlock`, () => {
    const { sim, units, door } = invadedBy(ruleset, [{ traits: ["locksmith"], stats: { craft: 4, combat: 1, tracking: 1, block: 0 } }]);
    const dice = forceDice(sim, [NATURAL_SUCCESS[ruleset]]);
    const events: SimEvent[] = [];
    for (let i = 0; i < 300 && !events.some((e) => e.type === "doorForced"); i++) events.push(...sim.step());
    expect(dice.left()).toBe(0);
    dice.release();
    // The party leaves: nobody stands in the doorway or fights while the minions work.
    units[0]!.activity = "left";
    sim.state.parties[units[0]!.partyId]!.ended = true;
    sim.state.invasion.partyId = "";
    expect([door.brokenIn, door.open, door.padlock?.armed]).toEqual([true, true, false]);
    addUnit(sim, { kind: "minion", job: "trapping", x: 8, y: 1 });
    run(sim, 200);
    expect(door.brokenIn).toBe(true);
    const chores = addUnit(sim, { kind: "minion", job: "chores", x: 9, y: 3 });
    const repair = run(sim, DOOR_REPAIR_WORK_TICKS + 40);
    expect(repair.filter((e) => e.type === "doorRepaired")).toEqual([expect.objectContaining({ doorId: door.id, byUnitId: chores.id })]);
    expect([door.brokenIn, door.open, door.padlock?.armed, isLocked(door)]).toEqual([false, false, true, true]);
  });
});
