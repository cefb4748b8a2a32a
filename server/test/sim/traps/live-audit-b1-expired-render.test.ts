import { afterEach, describe, expect, it, vi } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { projectMap, projectState } from "../../../src/rooms/projection.ts";
import { REARM_PERIOD_TICKS } from "../../../src/sim/traps/parts.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { MapRenderer } from "../../../../web/src/render.ts";
import { CELL, forceDice, makeSim, placeBuilt, recordingCanvas, wire, type Call } from "./helpers.ts";
import { NATURAL_SUCCESS } from "../doors/helpers.ts";

/*
 * Audit b1 of issue 17 (TRAP-50: "a part whose 2 days have run out shows a crossed-out dart
 * icon"). Before this audit the state carried `expired` but no client drew anything for it; the
 * watch page's renderer now draws the crossed-out dart (web/src/render.ts, #crossedOutDart). In a
 * room of each ruleset, stepping the simulation through 2 game days with nothing used, the room's
 * projections fill the clients' state and `MapRenderer.draw` paints it on a recording 2D context
 * (every call logged, no browser). OPEN_MAP is 20 × 12 tiles: in a 320-pixel-wide box a tile is 16 px.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];


/** The tiles [x, y] struck through: a moveTo at 0.2, 0.2 of the tile straight followed by a lineTo at 0.8, 0.8. */
function struck(calls: Call[]): [number, number][] {
  const out: [number, number][] = [];
  calls.forEach((c, i) => {
    const n = calls[i + 1];
    if (c[0] !== "moveTo" || n?.[0] !== "lineTo") return;
    const [x, y] = [(c[1] as number) / CELL - 0.2, (c[2] as number) / CELL - 0.2];
    if (Number.isInteger(Math.round(x * 1e6) / 1e6) && Math.abs((n[1] as number) - (c[1] as number) - 0.6 * CELL) < 1e-9 && Math.abs((n[2] as number) - (c[2] as number) - 0.6 * CELL) < 1e-9) out.push([Math.round(x), Math.round(y)]);
  });
  return out;
}

afterEach(() => { vi.unstubAllGlobals(); });

describe.each(RULESETS.map((r) => [r]))("audit b1: the crossed-out dart on the watch page (%s)", (ruleset: RulesetId) => {
  it(`TRAP-50 (${ruleset}): unused for 2 game days, the plate (2, 2), the blades (8, 2) and the flame jet (8, 8) are drawn struck through on tick ${REARM_PERIOD_TICKS}, not on the tick before, the lever (2, 8) never; after a Trapping minion's three rearms no part is struck through`, () => {
    vi.stubGlobal("window", { innerHeight: 1000, devicePixelRatio: 1 });
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = 10_000_000; // no party comes
    placeBuilt(sim, "pressurePlate", 2, 2);
    placeBuilt(sim, "spinningBlades", 8, 2);
    placeBuilt(sim, "lever", 2, 8);
    placeBuilt(sim, "flameJet", 8, 8);
    wire(sim, [2, 2], [8, 2]);
    wire(sim, [2, 8], [8, 8]);
    const state = new DungeonState();
    projectMap(state, sim.state);
    const drawn = () => { const r = recordingCanvas(); projectState(state, sim, 1); new MapRenderer(r.canvas).draw(state, sim.state.tick); return struck(r.calls).sort(); };
    const quiet = forceDice(sim, []);
    while (sim.state.tick < REARM_PERIOD_TICKS - 1) sim.step();
    expect(drawn()).toEqual([]);
    sim.step();
    expect(sim.state.tick).toBe(REARM_PERIOD_TICKS);
    expect(drawn()).toEqual([[2, 2], [8, 2], [8, 8]]);
    expect(quiet.left()).toBe(0);
    quiet.release();
    addUnit(sim, { kind: "minion", job: "trapping", x: 5, y: 5 });
    const dice = forceDice(sim, Array(3).fill(NATURAL_SUCCESS[ruleset]));
    const rearmed: SimEvent[] = [];
    for (let i = 0; i < 3000 && rearmed.length < 3; i++) for (const e of sim.step()) if (e.type === "partRearmed") rearmed.push(e);
    expect([rearmed.length, dice.left()]).toEqual([3, 0]);
    expect(drawn()).toEqual([]);
  });
});
