import { describe, expect, it } from "vitest";
import { PARTS, type RulesetId } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { METAL_PER_TRIP } from "../../../src/sim/traps/construction.ts";
import { makeSim, place } from "./helpers.ts";

/*
 * Audit a7 of issue 17 (TRAP-29): the metal of a construction site is carried there by a minion,
 * through `sim.step()` in rooms of each ruleset. OPEN_MAP: the stockpile at (1, 10); no invasion
 * due and no adventurer, so no die is ever drawn.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

/** One change seen between two ticks: the stock going into the minion's hands, or its load landing on the site. */
type Move = { tick: number; what: "pickedUp" | "delivered"; amount: number; at: [number, number]; stock: number; onSite: number };

describe.each(RULESETS.map((r) => [r]))("audit a7: minions carry the metal to the site in play (%s)", (ruleset: RulesetId) => {
  it(`TRAP-29 (${ruleset}): the keeper orders an explosive trap (6 metal) at (10, 6); the minion takes ${METAL_PER_TRIP} from the stockpile at (1, 10), carries them to the tile next to the site and drops them there, then goes back for the last 1; the stock pays exactly 6 and the site then holds its 6`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.metal = 40;
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const minion = addUnit(sim, { kind: "minion", x: 3, y: 9 });
    const bomb = place(sim, "explosiveTrap", 10, 6);
    const site = sim.state.parts[bomb]!;
    expect(PARTS.explosiveTrap.metal).toBe(6);
    const moves: Move[] = [];
    let carrying = 0, onSite = 0;
    for (let i = 0; i < 2000 && site.metalDelivered < 6; i++) {
      sim.step();
      const at: [number, number] = [minion.x, minion.y];
      if (minion.carryingMetal > carrying) moves.push({ tick: sim.state.tick, what: "pickedUp", amount: minion.carryingMetal - carrying, at, stock: sim.state.metal, onSite: site.metalDelivered });
      if (site.metalDelivered > onSite) moves.push({ tick: sim.state.tick, what: "delivered", amount: site.metalDelivered - onSite, at, stock: sim.state.metal, onSite: site.metalDelivered });
      carrying = minion.carryingMetal;
      onSite = site.metalDelivered;
    }
    // Picked up on the stockpile tile, dropped from (9, 6), the tile next to the site on the way (8 diagonal-or-straight
    // tiles from the stockpile): each leg of the carry takes 33 ticks of walking, the same in every ruleset.
    expect(moves).toEqual([
      { tick: 10, what: "pickedUp", amount: 5, at: [1, 10], stock: 35, onSite: 0 },
      { tick: 43, what: "delivered", amount: 5, at: [9, 6], stock: 35, onSite: 5 },
      { tick: 76, what: "pickedUp", amount: 1, at: [1, 10], stock: 34, onSite: 5 },
      { tick: 109, what: "delivered", amount: 1, at: [9, 6], stock: 34, onSite: 6 },
    ]);
    expect([minion.carryingMetal, site.built, site.workDone, sim.state.metal]).toEqual([0, false, 0, 34]);
  });
});
