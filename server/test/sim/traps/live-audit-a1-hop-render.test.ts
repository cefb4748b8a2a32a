import { afterEach, describe, expect, it, vi } from "vitest";
import type { RulesetId } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { projectMap, projectState } from "../../../src/rooms/projection.ts";
import { MapRenderer } from "../../../../web/src/render.ts";
import { CELL, makeSim, path, placeBuilt, recordingCanvas, wire, type Call } from "./helpers.ts";

/*
 * Audit a1 of issue 17 (TRAP-23): the hop the simulation records for a cable dragged straight
 * across another is drawn by the watch page's renderer as a small bump on that tile. The keeper's
 * `wire` commands build the crossing in rooms of each ruleset, the room's projections (projectMap at create, projectState each patch) fill the
 * clients' state, and `MapRenderer.draw` paints it on a recording 2D context (no browser: every
 * context call is logged). OPEN_MAP is 20 × 12 tiles; in a 320-pixel-wide box a tile is 16 px.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];


/** The bumps drawn: upper half circles (π to 0) of radius 0.3 tile, as [centre x, centre y] in pixels. */
const bumps = (calls: Call[]) => calls.filter((c) => c[0] === "arc" && c[3] === CELL * 0.3 && c[4] === Math.PI && c[5] === 0).map((c) => [c[1], c[2]]);

afterEach(() => { vi.unstubAllGlobals(); });

describe.each(RULESETS.map((r) => [r]))("audit a1: a hop on the watch page (%s)", (ruleset: RulesetId) => {
  it(`TRAP-23 (${ruleset}): a cable dragged straight across another is drawn with one small bump, centred on the hop's tile 6,5; before that crossing no bump is drawn`, () => {
    vi.stubGlobal("window", { innerHeight: 1000, devicePixelRatio: 1 });
    const sim = makeSim(7, ruleset);
    placeBuilt(sim, "pressurePlate", 2, 5);
    placeBuilt(sim, "spinningBlades", 10, 5);
    wire(sim, [2, 5], [10, 5]);
    placeBuilt(sim, "pressurePlate", 6, 1);
    placeBuilt(sim, "flameJet", 6, 9);
    const state = new DungeonState();
    projectMap(state, sim.state); // as the room does once at create
    const before = recordingCanvas();
    projectState(state, sim, 1);
    new MapRenderer(before.canvas).draw(state, sim.state.tick);
    expect(before.calls).toContainEqual(["moveTo", 2 * CELL + CELL / 2, 5 * CELL + CELL / 2]); // the first cable is drawn from the plate
    expect(bumps(before.calls)).toEqual([]);
    expect(sim.apply({ type: "wire", path: path([6, 1], [6, 9]) })).toMatchObject({ ok: true });
    const after = recordingCanvas();
    projectState(state, sim, 1);
    new MapRenderer(after.canvas).draw(state, sim.state.tick);
    expect(bumps(after.calls)).toEqual([[6 * CELL + CELL / 2, 5 * CELL + CELL / 2]]);
  });
});
