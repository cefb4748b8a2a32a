import { createDungeonSimulation, type DungeonSimOptions, type Simulation } from "../../src/sim/index.ts";
import { loadMap } from "../../src/maps.ts";
import { buildReplay } from "../../src/replay/build.ts";
import type { ReplayFile } from "../../src/replay/format.ts";

/** A seeded malignus dungeon that opens on its first invasion (seed 7). */
export const GAME_OPTIONS: DungeonSimOptions = { map: "default", seed: 7, ruleset: "malignus", pauseOnSpot: false, skipToInvasion: true, startPaused: false };

/**
 * A headless game: the keeper places a pressure plate 100 ticks in and a second one 2,300 ticks
 * in, and the game runs 1,800 ticks more. Returns the simulation (at its end) and its replay
 * file (checkpoints every 1,000 ticks, the end line carrying the live hash).
 */
export async function headlessGame(): Promise<{ sim: Simulation; file: ReplayFile }> {
  const sim = createDungeonSimulation(GAME_OPTIONS, loadMap("default"));
  const keeper = { kind: "keeper", seatId: "k1" } as const;
  for (let i = 0; i < 100; i++) sim.step();
  expectOk(sim.enqueue(keeper, { type: "placePart", kind: "pressurePlate", x: 5, y: 15 }));
  for (let i = 0; i < 2200; i++) sim.step();
  expectOk(sim.enqueue(keeper, { type: "placePart", kind: "pressurePlate", x: 10, y: 15 }));
  for (let i = 0; i < 1800; i++) sim.step();
  const file = await buildReplay({
    options: { ...GAME_OPTIONS, timeScale: 60 }, createdAt: Date.UTC(2026, 11, 1, 12),
    inputs: sim.inputLog.map((input, seq) => ({ seq, input })), recorded: { tick: sim.tick, hash: sim.hash() },
  });
  return { sim, file };
}

function expectOk(result: { ok: boolean }): void {
  if (!result.ok) throw new Error(`fixture: command refused: ${JSON.stringify(result)}`);
}
