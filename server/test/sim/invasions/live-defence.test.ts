import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_HOUR, type SimEvent } from "@malignus/shared";
import type { Actor, Simulation } from "../../../src/sim/index.ts";
import { Simulation as Sim } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { arriveLive, stepUntil } from "./live-helpers.ts";

/**
 * INV-88 as a live game runs it: a party arrives through the schedule (invasion 2 on day 1, one
 * level-1 Warrior, its dice forced) and walks down a hall toward the Master; the keeper's minion,
 * or a wolf that joined the dungeon through a lair, fights it.
 */

const KEEPER: Actor = { kind: "keeper", seatId: "k1" };
/** Invasion 2: goal die 1 (the Master), size 1, level die 91 (level 1), class die 1 (Warrior), the one portal. */
const WARRIOR = [1, 1, 91, 1, 0];

/** A two-tile hall: portal west, the Sanctum east (the Master in it when `master`); `marker` puts a unit at (10,1). */
function hall(marker: string, master = true): Simulation {
  const map = [
    "######################",
    `P.........${marker}.........S#`,
    `#K..................${master ? "M" : "S"}#`,
    "######################",
  ].join("\n");
  return Sim.create({ seed: 8, ruleset: "malignus", map: parseMap("hall", map), pauseOnSpot: false });
}

/** The attacks between `a` and `b`, either way, among `events`. */
const blows = (events: ReturnType<Simulation["step"]>, a: string, b: string) =>
  events.filter((e): e is Extract<SimEvent, { type: "attack" }> =>
    e.type === "attack" && ((e.attackerId === a && e.targetId === b) || (e.attackerId === b && e.targetId === a)));

describe("the keeper's side fights an invading party (INV-88, live)", () => {
  it("INV-88: the keeper's minion standing in the hall fights the Warrior who walks in", () => {
    const sim = hall("m");
    const minion = Object.values(sim.state.units).find((u) => u.kind === "minion")!;
    const { members: [w] } = arriveLive(sim, 2, 1, WARRIOR);
    const events = stepUntil(sim, "attack", 2000);
    for (let i = 0; i < 30; i++) events.push(...sim.step());
    const fight = blows(events, w!.id, minion.id);
    expect(fight.some((e) => e.attackerId === minion.id)).toBe(true);
    expect(fight.some((e) => e.attackerId === w!.id)).toBe(true);
  });

  it("INV-88: a wolf that joined the dungeon through a lair (a game hour in it) fights the Warrior too (no Master here: the Warrior walks to the Sanctum)", () => {
    const sim = hall("w", false); // no Master: the wild wolf has no enemy to go for while it settles
    const wolf = Object.values(sim.state.units).find((u) => u.species === "wolf")!;
    expect(wolf.faction).toBe("wild");
    expect(sim.enqueue(KEEPER, { type: "buildLair", x: 9, y: 1, width: 3, height: 2 })).toMatchObject({ ok: true });
    for (let i = 0; i < 2 * TICKS_PER_GAME_HOUR && wolf.faction !== "dungeon"; i++) sim.step();
    expect(wolf.faction).toBe("dungeon");
    const { members: [w] } = arriveLive(sim, 2, 1, WARRIOR);
    const events = stepUntil(sim, "attack", 2000);
    for (let i = 0; i < 30; i++) events.push(...sim.step());
    const fight = blows(events, w!.id, wolf.id);
    expect(fight.some((e) => e.attackerId === wolf.id)).toBe(true);
  });
});
