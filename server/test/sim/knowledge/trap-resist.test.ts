import { describe, expect, it } from "vitest";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { tileIndex } from "../../../src/sim/world/grid.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { TRAP_RESISTERS } from "../../../src/sim/combat/rulesets.ts";
import { TRAP_RESIST_DAMAGE_DIVISOR, TRAP_RESIST_DIFFICULTY, type Harm } from "../../../src/sim/combat/ruleset.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { placeBuilt } from "../traps/helpers.ts";
import { forceDice } from "../encounters/helpers.ts";
import { makeParty, makeSim, OPEN_MAP } from "./helpers.ts";

const SERIOUS: Harm = { severity: "serious", damageType: "slashing", blunt: false };
/** Malignus hit location on a d100 for a wound the harm deals: 50, the torso. */
const TORSO = 50;

/** A gas cloud over (x, y) (only the fields `inGas` reads; the record belongs to traps/effects.ts). */
function gasAt(sim: Simulation, x: number, y: number): void {
  sim.state.effects = { g: { id: "g", kind: "gas", sourceId: "x", tiles: [tileIndex(sim.state.map, x, y)], unitId: "", startTick: 0, untilTick: 1000, nextHarmTick: -1, savedSpeed: 0 } as never };
}

describe("resisting traps (KNOW-26, KNOW-37, KNOW-44 to KNOW-46)", () => {
  it(`KNOW-26, KNOW-37, KNOW-44, KNOW-45, KNOW-46: before a trap's harm the victim rolls "resist" against ${TRAP_RESIST_DIFFICULTY} with Caution plus its learned Block bonus for that mechanism; gas cancels only the Caution part`, () => {
    expect(TRAP_RESIST_DIFFICULTY).toBe(5);
    const sim = makeSim();
    const blades = placeBuilt(sim, "spinningBlades", 8, 6);
    const { party, members: [a] } = makeParty(sim, [[5, 5]]);
    // The resist d10 is forced to 10 (10 + bonus ≥ 5 + 5: resisted), so trapResisted reports the bonus;
    // the light wound left lands on the torso; the wounds are cleared between harms.
    const bonusNow = (): unknown => {
      const dice = forceDice(sim, [10, TORSO]);
      sim.drainEvents();
      sim.ruleset.harm(sim, a!, blades, SERIOUS);
      expect(dice.left()).toBe(0);
      const events = sim.drainEvents();
      expect(a!.wounds).toEqual([{ severity: "light", location: "torso", tick: 0 }]);
      a!.wounds = [];
      const resisted = events.find((e) => e.type === "trapResisted");
      expect(resisted).toMatchObject({ unitId: a!.id, roll: 10, total: 10 + (resisted as { bonus: number }).bonus });
      return (resisted as { bonus: number }).bonus;
    };
    expect(bonusNow()).toBe(0);
    party.caution = 1;
    expect(bonusNow()).toBe(1); // KNOW-26
    party.caution = 2;
    expect(bonusNow()).toBe(2);
    sim.state.knowledge[a!.id]!.block.spinningBlades = 1;
    sim.state.knowledge[a!.id]!.block.dartLauncher = 2; // another mechanism kind: no help against blades
    expect(bonusNow()).toBe(3); // KNOW-44: learned Block +1 and Caution +2
    sim.state.knowledge[a!.id]!.block.spinningBlades = 2;
    expect(bonusNow()).toBe(4);
    gasAt(sim, 5, 5);
    expect(bonusNow()).toBe(2); // KNOW-45, KNOW-46: Caution lost in gas, Block +2 kept
  });

  it("KNOW-26: malignus — a resisted trap wounds one severity lower (serious → light, light → none), announced by trapResisted; a failed roll changes nothing", () => {
    const sim = makeSim();
    const blades = placeBuilt(sim, "spinningBlades", 8, 6);
    const { party, members: [a] } = makeParty(sim, [[5, 5]]);
    a!.stats.block = 1;
    party.caution = 2;
    // 1d10 + Block 1 + Caution 2 against 5 + 5: a 7 makes 10 (resisted), a 6 makes 9 (not); each wound's
    // hit location is a d100 50 (torso).
    const dice = forceDice(sim, [7, TORSO, 6, TORSO, 7]);
    sim.drainEvents();
    sim.ruleset.harm(sim, a!, blades, SERIOUS);
    expect(a!.wounds).toEqual([{ severity: "light", location: "torso", tick: 0 }]);
    expect(sim.drainEvents()).toEqual([
      { type: "trapResisted", unitId: a!.id, sourceId: blades, mechanism: "spinningBlades", roll: 7, total: 10, bonus: 2, tick: 0 },
      { type: "wound", targetId: a!.id, sourceId: blades, location: "torso", severity: "light", woundPoints: 1, tick: 0 },
    ]);
    sim.ruleset.harm(sim, a!, blades, SERIOUS);
    expect(a!.wounds.map((w) => w.severity)).toEqual(["light", "serious"]);
    expect(sim.drainEvents()).toEqual([{ type: "wound", targetId: a!.id, sourceId: blades, location: "torso", severity: "serious", woundPoints: 3, tick: 0 }]) // wound points so far: light 1 + serious 2;
    sim.ruleset.harm(sim, a!, blades, { ...SERIOUS, severity: "light" });
    expect(a!.wounds.map((w) => w.severity)).toEqual(["light", "serious"]); // a resisted light wound is no wound
    expect(sim.drainEvents().map((e) => e.type)).toEqual(["trapResisted"]);
    expect(dice.left()).toBe(0);
  });

  it(`KNOW-26: d20 and d100 — a resisted trap's damage is divided by ${TRAP_RESIST_DAMAGE_DIVISOR}, rounding down`, () => {
    expect(TRAP_RESIST_DAMAGE_DIVISOR).toBe(2);
    // d20: 1d20 + Block 0 against 10 + 5; the blades' 2d8 roll 5 + 4 = 9.
    const d20 = Simulation.create({ seed: 1, ruleset: "d20", map: parseMap("t", OPEN_MAP) });
    const b20 = placeBuilt(d20, "spinningBlades", 8, 6);
    const { members: [h] } = makeParty(d20, [[5, 5]]);
    h!.stats.block = 0;
    d20Of(h!).hp = d20Of(h!).maxHp = 100;
    const dice20 = forceDice(d20, [15, 5, 4, 14, 5, 4]);
    d20.ruleset.harm(d20, h!, b20, SERIOUS);
    expect(d20Of(h!).hp).toBe(96); // resisted (15 ≥ 15): 9 → 4
    // A second blades: a harm of its own (only the victims of one firing share a roll, D20-DAMAGE-04).
    const b20b = placeBuilt(d20, "spinningBlades", 9, 6);
    d20.ruleset.harm(d20, h!, b20b, SERIOUS);
    expect(d20Of(h!).hp).toBe(87); // 14 < 15: the full 9
    expect(dice20.left()).toBe(0);
    // d100: 1d100 + 10 × Block 5 must beat 50 + 10 × 5; the blades roll 45 in [20, 60].
    const d100 = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", OPEN_MAP) });
    const b100 = placeBuilt(d100, "spinningBlades", 8, 6);
    const { members: [p] } = makeParty(d100, [[5, 5]]);
    p!.stats.block = 5;
    d100Of(p!).hp = d100Of(p!).maxHp = 200;
    const dice100 = forceDice(d100, [51, 45, 50, 45]);
    d100.ruleset.harm(d100, p!, b100, SERIOUS);
    expect(d100Of(p!).hp).toBe(178); // resisted (101 > 100): 45 → 22
    d100.ruleset.harm(d100, p!, b100, SERIOUS);
    expect(d100Of(p!).hp).toBe(133); // 100 is not > 100: the full 45
    expect(dice100.left()).toBe(0);
  });

  it("KNOW-26: only adventurers resist (TRAP_RESISTERS); a minion in the blades rolls nothing", () => {
    expect(TRAP_RESISTERS).toEqual(["adventurer"]);
    const sim = makeSim();
    const blades = placeBuilt(sim, "spinningBlades", 8, 6);
    const minion = addUnit(sim, { kind: "minion", x: 5, y: 5 });
    const dice = forceDice(sim, [TORSO]); // the hit location only: a resist d10 would run the script out
    sim.ruleset.harm(sim, minion, blades, SERIOUS);
    expect(dice.left()).toBe(0);
    expect(minion.wounds).toEqual([{ severity: "serious", location: "torso", tick: 0 }]);
  });
});
