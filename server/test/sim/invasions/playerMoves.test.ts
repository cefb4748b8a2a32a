import { describe, expect, it } from "vitest";
import type { CommandResult } from "@malignus/shared";
import { player } from "../actors.ts";
import { startInvasion } from "../../../src/sim/invasions/party.ts";
import type { Simulation, UnitRecord } from "../../../src/sim/index.ts";
import { defaultSim } from "../helpers.ts";

/** Adventurer players walking out of combat (issue 9): the `moveTo` command. */

/** A default-map simulation with a party at the west portal (0, 15) and its first member played by seat "a1". */
function seated(seed = 7): { sim: Simulation; hero: UnitRecord; party: ReturnType<typeof startInvasion> } {
  const sim = defaultSim(seed, { pauseOnSpot: false });
  const party = startInvasion(sim);
  const hero = sim.state.units[party.memberIds[0]!]!;
  hero.controller = "a1";
  return { sim, hero, party };
}

/** Steps until `done` or `max` ticks; returns the ticks run. */
function stepUntil(sim: Simulation, done: () => boolean, max: number): number {
  let n = 0;
  while (!done() && n < max) { sim.step(); n++; }
  return n;
}

/** The player of `unitId` (seat "a1") orders it to (x, y). */
const move = (sim: Simulation, unitId: string, x: number, y: number): CommandResult => sim.enqueue(player(unitId), { type: "moveTo", x, y });

describe("moveTo: an adventurer player's walk order", () => {
  it("walks the played adventurer to the tile and keeps it there while its party walks on", () => {
    const { sim, hero, party } = seated();
    expect([hero.x, hero.y]).toEqual([0, 15]);
    expect(move(sim, hero.id, 14, 11)).toEqual({ ok: true });
    const ticks = stepUntil(sim, () => hero.x === 14 && hero.y === 11, 20_000);
    expect([hero.x, hero.y]).toEqual([14, 11]);
    expect(ticks).toBeGreaterThan(0);
    for (let i = 0; i < 2000; i++) sim.step();
    expect([hero.x, hero.y, hero.activity]).toEqual([14, 11, "idle"]);
    // An AI companion went on toward the Master meanwhile (past the room's west door).
    const other = party.memberIds.slice(1).map((id) => sim.state.units[id]!).find((u) => u.activity !== "left");
    if (other) expect(other.x).toBeGreaterThan(14);
  });

  it("walks at the unit's own speed: the same order takes the same ticks as the AI's own walk over the same tiles", () => {
    const a = seated(11);
    expect(move(a.sim, a.hero.id, 12, 15)).toEqual({ ok: true });
    const ticks = stepUntil(a.sim, () => a.hero.x === 12, 20_000);
    const b = seated(11);
    delete b.hero.controller; // the AI walks the corridor east too
    const aiTicks = stepUntil(b.sim, () => b.hero.x === 12, 20_000);
    expect(ticks).toBe(aiTicks);
  });

  it("when the player drops (no controller) the order is forgotten and the AI plays again", () => {
    const { sim, hero } = seated();
    expect(move(sim, hero.id, 14, 11)).toEqual({ ok: true });
    stepUntil(sim, () => hero.x === 14 && hero.y === 11, 20_000);
    delete hero.controller;
    sim.step();
    expect(hero.playerGoal).toBeUndefined();
    stepUntil(sim, () => hero.x !== 14 || hero.y !== 11, 5000);
    expect([hero.x, hero.y]).not.toEqual([14, 11]);
  });

  it("refusals change nothing and carry a code", () => {
    const { sim, hero, party } = seated();
    // Wall off the cave south of the west room: its one way in is (18, 20).
    const map = sim.state.map;
    const at = 20 * map.width + 18;
    map.tiles = `${map.tiles.slice(0, at)}#${map.tiles.slice(at + 1)}`;
    const before = sim.hash();
    expect(move(sim, "999", 5, 15)).toMatchObject({ ok: false, code: "UNKNOWN_UNIT" });
    const master = Object.values(sim.state.units).find((u) => u.kind === "master")!;
    expect(move(sim, master.id, 5, 15)).toMatchObject({ ok: false, code: "NOT_YOUR_UNIT" });
    const companion = sim.state.units[party.memberIds[1] ?? party.memberIds[0]!]!;
    if (companion !== hero) expect(move(sim, companion.id, 5, 15)).toMatchObject({ ok: false, code: "NOT_YOUR_UNIT" });
    expect(move(sim, hero.id, 5, 14)).toMatchObject({ ok: false, code: "NOT_FLOOR" }); // rock
    expect(move(sim, hero.id, 500, 15)).toMatchObject({ ok: false, code: "OUT_OF_BOUNDS" });
    expect(move(sim, hero.id, 20, 18)).toMatchObject({ ok: false, code: "NOT_FLOOR" }); // water
    expect(move(sim, hero.id, 18, 22)).toMatchObject({ ok: false, code: "NO_PATH" }); // the walled-off cave
    (sim.state as { encounters?: Record<string, unknown> }).encounters = { "9300": { id: "9300", participants: [hero.id] } };
    expect(move(sim, hero.id, 5, 15)).toMatchObject({ ok: false, code: "IN_ENCOUNTER" });
    delete (sim.state as { encounters?: Record<string, unknown> }).encounters;
    expect(hero.playerGoal).toBeUndefined();
    expect(sim.hash()).toBe(before);
  });

  it("replaying the logged order on the same seed gives the same run (the order is a command)", () => {
    const play = () => {
      const { sim, hero } = seated(5);
      for (let i = 0; i < 30; i++) sim.step();
      expect(move(sim, hero.id, 16, 13)).toEqual({ ok: true });
      for (let i = 0; i < 3000; i++) sim.step();
      return sim.hash();
    };
    expect(play()).toBe(play());
  });
});
