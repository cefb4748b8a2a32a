import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_HOUR, type SimEvent } from "@malignus/shared";
import type { Actor, Simulation } from "../../../src/sim/index.ts";
import { Simulation as Sim } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { inRoomOf, ruleset, inEveryRuleset, arriveLive, stepUntil } from "./live-helpers.ts";

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
  return Sim.create({ seed: 3, ruleset: ruleset(), map: parseMap("hall", map), pauseOnSpot: false });
}

/** The attacks between `a` and `b`, either way, among `events`, as "attacker>target@tick". */
const blows = (events: ReturnType<Simulation["step"]>, a: string, b: string) =>
  events.filter((e): e is Extract<SimEvent, { type: "attack" }> =>
    e.type === "attack" && ((e.attackerId === a && e.targetId === b) || (e.attackerId === b && e.targetId === a)))
    .map((e) => `${e.attackerId}>${e.targetId}@${e.tick}`);

inEveryRuleset(() => {
  describe("the keeper's side fights an invading party (INV-88, live)", () => {
    it("INV-88: the keeper's minion standing in the hall fights the Warrior who walks in", () => {
      const sim = hall("m");
      const minion = Object.values(sim.state.units).find((u) => u.kind === "minion")!;
      const { members: [w] } = arriveLive(sim, 2, 1, WARRIOR);
      const events = stepUntil(sim, "attack", 2000);
      for (let i = 0; i < 30; i++) events.push(...sim.step());
      // The first exchange: the minion (unit 1) and the Warrior (unit 4) strike each other as soon as
      // the Warrior reaches it, tick 5426 (the room's own dice, seed 3, decide who strikes first: in a
      // malignus room both in the same tick, in d20 and d100 rooms the encounter's initiative order).
      expect([minion.id, w!.id]).toEqual(["1", "4"]);
      expect(blows(events, w!.id, minion.id).slice(0, 2)).toEqual(inRoomOf({ malignus: ["1>4@5426", "4>1@5426"], d20: ["4>1@5426", "1>4@5427"], d100: ["4>1@5426", "1>4@5427"] }));
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
      expect([wolf.id, w!.id]).toEqual(["1", "4"]);
      expect(blows(events, w!.id, wolf.id).slice(0, 2)).toEqual(inRoomOf({ malignus: ["1>4@5417", "4>1@5417"], d20: ["4>1@5417", "1>4@5418"], d100: ["4>1@5417", "1>4@5418"] }));
    });
  });
});

