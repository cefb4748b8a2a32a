import { describe, expect, it } from "vitest";
import type { RulesetId } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { portalReachesSanctum } from "../../../src/sim/doors/walkingPath.ts";
import { adventurer, doorSim, run, theDoor } from "./helpers.ts";

/*
 * DOOR-50 through the keeper's commands and `sim.step()` in rooms of each ruleset: of everything
 * the keeper can build on the only corridor, only a wall would cut the walking path, and it is
 * refused; the rest is built by the minions and the path stays open.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
/** A 1-tile corridor from the portal (0,2) through a door (5,2) to the sanctum (10,2); the stockpile at 1,1. */
const CORRIDOR = ["############", "#K##########", "P....+....S#", "############"].join("\n");
const cut = { ok: false, code: "WOULD_CUT_WALKING_PATH", rule: "DOOR-49" };

describe.each(RULESETS.map((r) => [r]))("nothing built cuts the walking path (%s)", (ruleset: RulesetId) => {
  it(`DOOR-50 (${ruleset}): on the only corridor the keeper builds an altar (1,2), a guard post (2,2), a scrying pool (3,2), a plate (4,2) wired to blades (6,2), a padlock on the door (5,2) and a lair (7..9,2); a Trapping minion builds the sites in 3000 ticks; the tiles are unchanged, the portal still reaches the sanctum and an adventurer at the portal finds its way; a wall at 8,2 is still refused`, () => {
    const sim = doorSim(CORRIDOR, 11, ruleset);
    sim.state.metal = 100;
    const tiles = sim.state.map.tiles;
    const door = theDoor(sim);
    const orders = [
      { type: "buildAltar", x: 1, y: 2 }, { type: "buildGuardPost", x: 2, y: 2 }, { type: "buildScryingPool", x: 3, y: 2 },
      { type: "placePart", kind: "pressurePlate", x: 4, y: 2 }, { type: "placePart", kind: "spinningBlades", x: 6, y: 2 },
      { type: "buildPadlock", doorId: door.id }, { type: "buildLair", x: 7, y: 2, width: 3, height: 1 },
    ] as const;
    for (const o of orders) expect([o.type, sim.apply(o).ok]).toEqual([o.type, true]);
    expect(sim.apply({ type: "wire", path: [4, 5, 6].map((x) => ({ x, y: 2 })) }).ok).toBe(true);
    addUnit(sim, { kind: "minion", job: "trapping", x: 1, y: 1 });
    run(sim, 3000);
    const parts = Object.values(sim.state.parts).map((p) => [p.kind, p.built]);
    expect(parts).toEqual([["pressurePlate", true], ["spinningBlades", true]]);
    expect(door.padlock?.built).toBe(true);
    expect(sim.state.map.tiles).toBe(tiles);
    expect(portalReachesSanctum(sim.state.map)).toBe(true);
    expect(walkTo(sim, adventurer(sim, 0, 2), { x: 10, y: 2 })).toBe(true);
    expect(sim.apply({ type: "buildWall", x: 8, y: 2 })).toMatchObject(cut);
    expect(sim.state.map.tiles).toBe(tiles);
  });
});
