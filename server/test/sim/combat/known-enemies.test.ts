import { describe, expect, it } from "vitest";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { CHASE_RANGE_TILES, enemiesKnownTo } from "../../../src/sim/combat/knownEnemies.ts";
import { canSee, perceptionRange } from "../../../src/sim/combat/perception.ts";
import { knownEnemies, learnPosition } from "../../../src/sim/combat/awareness.ts";
import { areEnemies, isActive, isKeeperSide, presentUnits } from "../../../src/sim/world/units.ts";
import { chebyshev } from "../../../src/sim/world/grid.ts";
import { scaledSim } from "../../../bench/scenarios.ts";

/**
 * CMB-02, CMB-05, CMB-08 by a scan of every unit (the list before issue 20's chunk rings): seen
 * enemies, enemies of a spotted party within chase range, then remembered ones at the position
 * learned; nearest first, then by id.
 */
function scanKnown(sim: Simulation, unit: UnitRecord): { id: string; at: string; seen: boolean }[] {
  const out: { enemy: UnitRecord; at: { x: number; y: number }; seen: boolean }[] = [];
  const have = new Set<string>();
  for (const u of presentUnits(sim)) {
    if (u === unit || !isActive(u) || u.carriedBy !== "" || !areEnemies(unit, u)) continue;
    if (chebyshev(unit, u) > Math.max(perceptionRange(unit), CHASE_RANGE_TILES)) continue;
    const seen = canSee(sim, unit, u);
    if (seen && unit.knownEnemies[u.id]) learnPosition(sim, unit, u);
    const spotted = u.partyId !== "" && sim.state.parties[u.partyId]?.spotted === true;
    if (seen || (spotted && chebyshev(unit, u) <= CHASE_RANGE_TILES)) { out.push({ enemy: u, at: { x: u.x, y: u.y }, seen }); have.add(u.id); }
  }
  for (const k of knownEnemies(sim, unit)) if (!have.has(k.enemy.id)) out.push({ enemy: k.enemy, at: k.at, seen: false });
  out.sort((a, b) => chebyshev(unit, a.at) - chebyshev(unit, b.at) || Number(a.enemy.id) - Number(b.enemy.id));
  return out.map((k) => ({ id: k.enemy.id, at: `${k.at.x},${k.at.y}`, seen: k.seen }));
}

describe("enemies known to a unit (issue 20: chunk rings, nearest first)", () => {
  it("lists exactly what a scan of every unit lists, for keeper-side units, tick after tick of a 250-entity fight (40 ticks)", () => {
    const { sim } = scaledSim(250);
    // CMB-05: every keeper-side unit was hit by every adventurer once, so it remembers far ones too.
    const keepers = presentUnits(sim).filter((u) => isKeeperSide(u));
    for (const k of keepers) for (const a of presentUnits(sim)) if (areEnemies(k, a)) learnPosition(sim, k, a);
    let lists = 0, entries = 0, remembered = 0, unseen = 0;
    for (let t = 0; t < 40; t++) {
      sim.step();
      for (const [i, unit] of presentUnits(sim).entries()) {
        if (!isKeeperSide(unit) || !isActive(unit) || i % 3 !== t % 3) continue;
        const expected = scanKnown(sim, unit);
        const got = enemiesKnownTo(sim, unit).map((k) => ({ id: k.enemy.id, at: `${k.at.x},${k.at.y}`, seen: k.seen }));
        expect(got).toEqual(expected);
        lists++;
        entries += got.length;
        for (const k of got) {
          const e = sim.state.units[k.id] as UnitRecord;
          if (!k.seen && k.at !== `${e.x},${e.y}`) remembered++;
          if (!k.seen) unseen++;
        }
      }
    }
    // The fight exercised every kind of entry: many lists, spotted-but-unseen and remembered ones.
    expect(lists).toBeGreaterThan(500);
    expect(entries).toBeGreaterThan(5000);
    expect(unseen).toBeGreaterThan(1000);
    expect(remembered).toBeGreaterThan(100);
  });
});
