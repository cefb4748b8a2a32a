import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { DETOUR_CHANCE_PERCENT, SCOUT_DETOUR_CHANCE_PERCENT } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { portalReachesSanctum } from "../../../src/sim/doors/walkingPath.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { adventurer, doorSim, invadedBy, party, stats, TWO_ROUTES } from "./helpers.ts";

/*
 * Sweep s9-r1 (issue 17), doors through `sim.step()` in rooms of each ruleset with every die
 * recorded (recordAllDice): DOOR-44's other order (a Doorbreaker's party bashes first, then picks,
 * then gives up), the detour draws of DOOR-03 and DOOR-04 shown to be one d100 each, and
 * DOOR-51: what the keeper digs only adds to the walking path (no die is drawn there).
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
const CHECK_DIE: Record<RulesetId, string> = { malignus: "d10", d20: "d20", d100: "d100" };
const noises = (events: SimEvent[]) => events.filter((e) => e.type === "noise").map((e) => [(e as { cause: string }).cause, (e as { sourceId: string }).sourceId]);

/** TWO_ROUTES under `ruleset` with the Master at 10,2; the party of `traits` (at 2,1..) walks until its first member reaches column 6: the tile it crossed there and the dice drawn. */
function crossing(ruleset: RulesetId, traits: string[][], draw: number): { crossed: string; draws: string[]; left: number } {
  const sim: Simulation = doorSim(TWO_ROUTES, 11, ruleset);
  addUnit(sim, { kind: "master", x: 10, y: 2 });
  const members = traits.map((t, i) => adventurer(sim, 2, 1 + i, { traits: t }));
  sim.state.invasion.partyId = party(sim, members).id;
  const dice = recordAllDice(sim, [draw]);
  const unit: UnitRecord = members[0]!;
  let crossed = "";
  for (let i = 0; i < 300 && crossed === ""; i++) { sim.step(); if (unit.x === 6) crossed = `6,${unit.y}`; }
  return { crossed, draws: dice.draws, left: dice.left() };
}

describe.each(RULESETS.map((r) => [r]))("s9-r1: doors in play, dice recorded (%s)", (ruleset: RulesetId) => {
  const die = CHECK_DIE[ruleset];

  it(`DOOR-44, DOOR-42, DOOR-43 (${ruleset}): a Doorbreaker's party bashes first (Combat 6, the Doorbreaker); after 5 failed bashes the best Craft member picks; 4 failed picks go on, the 5th gives the door up, still locked (ten ${die} draws, no method draw)`, () => {
    const { sim, units, door } = invadedBy(ruleset, [{ traits: ["doorbreaker"], ...stats(1, 6) }, stats(6, 1)]);
    const dice = recordAllDice(sim, Array(10).fill(1));
    const seen: string[] = [];
    const events: SimEvent[] = [];
    for (let i = 0; i < 3000 && !events.some((e) => e.type === "doorGivenUp"); i++) {
      events.push(...sim.step());
      const rec = Object.values(sim.state.doorMemory.forcing)[0];
      const now = rec ? `${rec.method}:${rec.failures}:${rec.forcerId === units[0]!.id ? "A" : rec.forcerId === units[1]!.id ? "B" : "-"}` : "";
      if (rec && seen.at(-1) !== now) seen.push(now);
    }
    expect([dice.left(), dice.draws]).toEqual([0, Array(10).fill(`${die}=1`)]);
    expect(seen).toEqual(["bash:0:A", "bash:1:A", "bash:2:A", "bash:3:A", "bash:4:A", "pick:0:B", "pick:1:B", "pick:2:B", "pick:3:B", "pick:4:B", "pick:5:-"]);
    expect(events.filter((e) => e.type === "doorGivenUp")).toHaveLength(1);
    expect(events.filter((e) => e.type === "doorForced")).toEqual([]);
    expect(noises(events)).toEqual(Array(5).fill(["bash", units[0]!.id]));
    expect([isLocked(door), door.brokenIn, door.open]).toEqual([true, false, false]);
  });

  it(`DOOR-03 (${ruleset}): seeing the closed door with another route, the party draws one d100 against ${DETOUR_CHANCE_PERCENT}: ${DETOUR_CHANCE_PERCENT} detours under the wall (6,4), ${DETOUR_CHANCE_PERCENT + 1} goes through the door (6,2)`, () => {
    expect(DETOUR_CHANCE_PERCENT).toBe(50);
    expect([crossing(ruleset, [[]], 50), crossing(ruleset, [[]], 51)]).toEqual([
      { crossed: "6,4", draws: ["d100=50"], left: 0 },
      { crossed: "6,2", draws: ["d100=51"], left: 0 },
    ]);
  });

  it(`DOOR-04 (${ruleset}): with a Scout in the party the one d100 is against ${SCOUT_DETOUR_CHANCE_PERCENT}: ${SCOUT_DETOUR_CHANCE_PERCENT} detours, ${SCOUT_DETOUR_CHANCE_PERCENT + 1} (which detours without a Scout) goes through the door`, () => {
    expect(SCOUT_DETOUR_CHANCE_PERCENT).toBe(25);
    expect([crossing(ruleset, [[], ["scout"]], 25), crossing(ruleset, [[], ["scout"]], 26), crossing(ruleset, [[], []], 26)]).toEqual([
      { crossed: "6,4", draws: ["d100=25"], left: 0 },
      { crossed: "6,2", draws: ["d100=26"], left: 0 },
      { crossed: "6,4", draws: ["d100=26"], left: 0 },
    ]);
  });
});

/** A 1-tile corridor from the portal (0,2) through a door (5,2) to the sanctum (10,2); rock above it on row 1 (the stockpile at 1,1). */
const CORRIDOR = ["############", "#K##########", "P....+....S#", "############"].join("\n");

describe.each(RULESETS.map((r) => [r]))("s9-r1: digging and the walking path (%s)", (ruleset: RulesetId) => {
  it(`DOOR-51, DOOR-49 (${ruleset}): every rock tile the keeper can dig on row 1 beside the only corridor is dug (floor), and the path holds after each; a wall on the corridor at 7,2 is refused until the dug 7,1 gives a way round it, then built, and the dug tile is then the path (a wall there is refused)`, () => {
    const sim = doorSim(CORRIDOR, 11, ruleset);
    const cut = { ok: false, code: "WOULD_CUT_WALKING_PATH", rule: "DOOR-49" };
    const tile = (x: number, y: number) => sim.state.map.tiles[y * 12 + x];
    expect(sim.apply({ type: "buildWall", x: 7, y: 2 })).toMatchObject(cut);
    expect(sim.apply({ type: "dig", x: 7, y: 1 })).toEqual({ ok: true });
    expect(sim.apply({ type: "buildWall", x: 7, y: 2 })).toEqual({ ok: true });
    expect([tile(7, 1), tile(7, 2)]).toEqual([".", "#"]);
    expect(sim.apply({ type: "buildWall", x: 7, y: 1 })).toMatchObject(cut);
    const dug: string[] = [];
    for (let x = 2; x <= 10; x++) {
      if (x === 7) continue;
      expect(sim.apply({ type: "dig", x, y: 1 })).toEqual({ ok: true });
      expect(portalReachesSanctum(sim.state.map)).toBe(true);
      dug.push(tile(x, 1)!);
    }
    expect(dug).toEqual(Array(8).fill("."));
    expect(sim.apply({ type: "dig", x: 11, y: 1 })).toMatchObject({ ok: false, code: "OUT_OF_BOUNDS" }); // the map's edge is never dug
  });
});
