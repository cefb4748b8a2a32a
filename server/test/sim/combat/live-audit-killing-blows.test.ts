import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { ARENA, forceDice } from "../encounters/helpers.ts";

/**
 * Audit a3 of issue 17: CMB-47 ("someone unconscious can be killed") in d20 and d100 rooms driven
 * by `sim.step()` only (encounter-killing-blows.test.ts plays the encounter turn by calling
 * `takeD20Turn`/`takeD100Turn` by hand, and has no live d100 killing blow). A minion at (5, 5), a
 * Warrior adventurer at (6, 5) and one at (5, 6); the keeper orders the attack on the first once
 * it lies unconscious at 0 HP (docs/rules-decisions.md "CMB-47 in d20 and d100": the killing
 * blow costs the turn's attack or main action; outside encounters it uses the real-time cadence).
 */
function scene(ruleset: "d20" | "d100") {
  const sim = Simulation.create({ seed: 1, ruleset, map: parseMap("t", ARENA) });
  const minion = addUnit(sim, { kind: "minion", x: 5, y: 5 });
  const down = addUnit(sim, { kind: "adventurer", faction: "heroes", adventurerClass: "Warrior", level: 1, x: 6, y: 5 });
  const other = addUnit(sim, { kind: "adventurer", faction: "heroes", adventurerClass: "Warrior", level: 1, x: 5, y: 6 });
  return { sim, minion, down, other };
}
/** Lays `u` unconscious at 0 HP (as its ruleset's knock-out leaves it). */
function knockOut(sim: Simulation, u: ReturnType<typeof scene>["down"]) {
  if (sim.state.ruleset === "d20") d20Of(u).hp = 0; else d100Of(u).hp = 0;
  u.activity = "unconscious";
}
const picked = (events: readonly SimEvent[]) => events
  .filter((e) => e.type === "turnStarted" || e.type === "attack" || e.type === "knockedOut" || e.type === "noise")
  .map(({ tick: _t, ...e }) => e);

describe("CMB-47 killing blows in play in d20 and d100 rooms (audit a3)", () => {
  for (const ruleset of ["d20", "d100"] as const) {
    it(`CMB-47: ${ruleset} — in real time (no encounter yet), the ordered minion kills the unconscious hero next to it at tick 1, drawing no die; the death makes its noise`, () => {
      const f = scene(ruleset);
      knockOut(f.sim, f.down);
      expect(f.sim.apply({ type: "orderAttack", unitId: f.minion.id, targetId: f.down.id })).toEqual({ ok: true });
      const dice = forceDice(f.sim, []);
      const events = f.sim.step();
      expect(picked(events)).toEqual([
        { type: "knockedOut", unitId: f.down.id, outcome: "dead", cause: "killingBlow", byUnitId: f.minion.id },
        { type: "noise", cause: "death", sourceId: f.down.id, x: 6, y: 5, heardBy: [f.minion.id], revealed: [f.other.id] },
      ]);
      expect(events.find((e) => e.type === "knockedOut")!.tick).toBe(1);
      expect([f.down.activity, dice.left()]).toEqual(["dead", 0]);
    });

    it(`CMB-47: ${ruleset} — in a running encounter, the ordered minion's own turn is the killing blow: no attack roll, no die, the hero dead; the minion hears the noise and learns of the other hero (CMB-08)`, () => {
      const f = scene(ruleset);
      f.minion.targetId = f.other.id;
      f.sim.step(); // the encounter forms on the seeded dice
      const enc = Object.values(f.sim.state.encounters ?? {})[0]!;
      expect([...enc.participants].sort()).toEqual([f.minion.id, f.down.id, f.other.id].sort());
      knockOut(f.sim, f.down);
      expect(f.sim.apply({ type: "orderAttack", unitId: f.minion.id, targetId: f.down.id })).toEqual({ ok: true });
      let turn: SimEvent[] | null = null;
      for (let i = 0; i < 10 && turn === null; i++) {
        if (enc.order[enc.turnIndex] === f.minion.id) {
          const dice = forceDice(f.sim, []);
          turn = f.sim.step();
          expect(dice.left()).toBe(0);
        } else f.sim.step();
      }
      expect(picked(turn!)).toEqual([
        { type: "turnStarted", encounterId: enc.id, round: enc.round, unitId: f.minion.id },
        { type: "knockedOut", unitId: f.down.id, outcome: "dead", cause: "killingBlow", byUnitId: f.minion.id },
        { type: "noise", cause: "death", sourceId: f.down.id, x: 6, y: 5, heardBy: [f.minion.id], revealed: [f.other.id] },
      ]);
      expect(f.down.activity).toBe("dead");
    });
  }
});
