import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { defaultSim } from "../helpers.ts";
import { placeBuilt, wire } from "../traps/helpers.ts";
import type { Simulation } from "../../../src/sim/index.ts";

/** Runs `sim` from just before its first invasion for `ticks` ticks; returns each tick's member positions and all events. */
function trace(sim: Simulation, ticks: number): { positions: string[]; events: SimEvent[] } {
  const positions: string[] = [];
  const events: SimEvent[] = [];
  for (let i = 0; i < ticks; i++) {
    events.push(...sim.step());
    const id = sim.state.invasion.partyId;
    const party = id ? sim.state.parties[id] : undefined;
    positions.push((party?.memberIds ?? []).map((m) => { const u = sim.state.units[m]; return u ? `${u.x},${u.y},${u.activity}` : "-"; }).join(" "));
  }
  return { positions, events };
}

describe("nothing an adventurer does depends on a trap it does not know", () => {
  it("KNOW-01, KNOW-03: two runs, with and without an unknown trap in the cellar the party never reaches, give identical adventurer moves", () => {
    for (const seed of [1, 2, 3]) {
      const runs = [false, true].map((withTrap) => {
        const sim = defaultSim(seed, { pauseOnSpot: false });
        sim.state.tick = sim.state.invasion.dueTick - 2;
        if (withTrap) {
          placeBuilt(sim, "pressurePlate", 20, 24);
          placeBuilt(sim, "spinningBlades", 22, 24);
          wire(sim, [20, 24], [22, 24]);
        }
        return trace(sim, 1500);
      });
      const [plain, trapped] = runs as [ReturnType<typeof trace>, ReturnType<typeof trace>];
      expect(trapped.events.some((e) => e.type === "trapFired")).toBe(false);
      expect(new Set(plain.positions).size).toBeGreaterThan(20); // the party really moved
      expect(trapped.positions).toEqual(plain.positions);
    }
  });
});
