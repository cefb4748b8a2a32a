import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { LAIR_SETTLE_TICKS } from "../../../src/sim/traps/lairs.ts";
import { LAIRS_MAP, placeBuilt, wire } from "./helpers.ts";

const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe.each(RULESETS.map((r) => [r]))("lairs in play (%s)", (ruleset: RulesetId) => {
  it(`TRAP-61, TRAP-62 (${ruleset}): wolf A (16,5) drawn to the keeper's new lair (6..8,1..2) walks in, stays a game hour and joins the dungeon exactly ${LAIR_SETTLE_TICKS} ticks (one game hour) after it settled, not 1 earlier; sent home across the keeper's plate afterwards, it sets nothing off`, () => {
    const sim = Simulation.create({ seed: 5, ruleset, map: parseMap("lairs-test", LAIRS_MAP), pauseOnSpot: false });
    const wolf = Object.values(sim.state.units).find((u) => u.x === 16 && u.y === 5)!;
    const r = sim.apply({ type: "buildLair", x: 6, y: 1, width: 3, height: 2 });
    expect(r).toMatchObject({ ok: true });
    const events: SimEvent[] = [];
    const lair = sim.state.lairs[(r as { id: string }).id]!;
    let since = -1; // the tick the lair first counts the wolf as its settler
    for (let i = 0; i < 200 + LAIR_SETTLE_TICKS && wolf.faction !== "dungeon"; i++) {
      events.push(...sim.step());
      if (since < 0 && lair.settlerId === wolf.id) since = lair.settlerSinceTick;
    }
    const joined = events.filter((e) => e.type === "creatureJoined");
    expect(joined).toMatchObject([{ unitId: wolf.id, lairId: (r as { id: string }).id }]);
    // Audit s11-b: "lives in" = a full game hour inside (decided, TRAP-61): it joins exactly LAIR_SETTLE_TICKS after it settled, not a tick earlier.
    expect([since > 0, joined[0]!.tick - since]).toEqual([true, LAIR_SETTLE_TICKS]);
    expect([wolf.faction, wolf.lairId]).toEqual(["dungeon", (r as { id: string }).id]);
    const plate = placeBuilt(sim, "pressurePlate", 10, 3);
    placeBuilt(sim, "spinningBlades", 12, 1);
    wire(sim, [10, 3], [12, 3], [12, 1]);
    wolf.home = { x: 13, y: 5 };
    const trace: string[] = [];
    const after: SimEvent[] = [];
    for (let i = 0; i < 200 && !(wolf.x === 13 && wolf.y === 5); i++) {
      after.push(...sim.step());
      if (trace.at(-1) !== `${wolf.x},${wolf.y}`) trace.push(`${wolf.x},${wolf.y}`);
    }
    expect(trace).toContain("10,3");
    expect(after.filter((e) => e.type === "trapFired")).toEqual([]);
    expect(sim.state.parts[plate]!.needsRearm).toBe(false);
  });
});
