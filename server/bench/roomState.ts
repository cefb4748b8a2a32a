import { Encoder, StateView } from "@colyseus/schema";
import { DungeonState } from "@malignus/shared/schema";
import type { Simulation } from "../src/sim/index.ts";
import { projectMap, projectState } from "../src/rooms/projection.ts";
import { initView, lazyContext, syncView, type Viewer } from "../src/rooms/views.ts";

/** A room's schema side for the headless benches: the projected state, its encoder and one keeper-side view. */
export interface BenchRoomState { state: DungeonState; encoder: Encoder; view: StateView; viewer: Viewer }

/**
 * Projects `sim` into a fresh `DungeonState` (timeScale 1) as DungeonRoom does at creation, with
 * an encoder and a keeper-side StateView synced to it, their creation-time changes dropped, so
 * that the next encode carries only what the following steps change.
 */
export function keeperRoomState(sim: Simulation): BenchRoomState {
  const state = new DungeonState();
  projectMap(state, sim.state);
  projectState(state, sim, 1);
  const encoder = new Encoder(state);
  const viewer: Viewer = { kind: "keeper" };
  const view = new StateView();
  initView(view, state, viewer);
  syncView(view, state, lazyContext(sim), viewer);
  encoder.discardChanges();
  view.changes.clear();
  return { state, encoder, view, viewer };
}
