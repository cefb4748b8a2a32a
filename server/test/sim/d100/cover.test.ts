import { describe, expect, it } from "vitest";
import { TILE } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { isBuildableFloor, isWalkable } from "../../../src/sim/world/grid.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d100Attack } from "../../../src/sim/combat/d100/resolve.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { standsInCover } from "../../../src/sim/combat/d100/cover.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { loadMap } from "../../../src/maps.ts";
import { adventurer, forceDice } from "./fixtures.ts";
import { setFaction } from "../../../src/sim/world/factions.ts";

/** Cover tiles (P100-PLACE-13, P100-PLACE-14) in a d100 room: the "=" glyph, and d100 attacks against units standing on it. */

// Cover on (5,5) and (6,5): a low wall across the middle of an open room.
const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, (_v, y) => (y === 4 ? ".....==............." : "....................")),
  "SK..................",
].join("\n");

function d100Sim(): Simulation {
  return Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA) });
}
/** The attack events of the next `fn` call, without tick and type. */
function attacks(sim: Simulation, fn: () => void): Record<string, unknown>[] {
  sim.drainEvents();
  fn();
  return sim.drainEvents().filter((e) => e.type === "attack").map(({ tick: _t, type: _y, ...rest }) => rest);
}

describe("cover tiles in a d100 room", () => {
  it("P100-PLACE-13: the cover glyph is walkable, not buildable floor, and maps keep it", () => {
    const sim = d100Sim();
    expect(TILE.cover).toBe("=");
    expect([isWalkable(sim.state.map, 5, 5), isBuildableFloor(sim.state.map, 5, 5), isWalkable(sim.state.map, 4, 5)]).toEqual([true, false, true]);
    expect(sim.state.map.tiles[5 * 20 + 5]).toBe("=");
    const bastion = loadMap("bastion").map;
    expect([...bastion.tiles].filter((c) => c === "=").length).toBe(91);
  });

  it("P100-PLACE-13: a shot at a target on a cover tile has its roll halved (natural 61 → 30 against a dodge of 25: a hit for 40)", () => {
    const sim = d100Sim();
    const scout = adventurer(sim, "Scout", 5, 1, { weapon: "bow", ranged: true });
    const warrior = adventurer(sim, "Warrior", 5, 5);
    setFaction(sim, warrior, "dungeon");
    forceDice(sim, [61, 25, 40]);
    const seen = attacks(sim, () => d100Attack(sim, scout, warrior, { mode: "ranged" }));
    expect(seen).toEqual([{ attackerId: scout.id, targetId: warrior.id, hit: true, attackRoll: 30, defenceRoll: 25, natural: 61, airModifier: 0, damageRoll: 40, cover: true }]);
    expect(d100Of(warrior).hp).toBe(200 - 40);
    expect(d100Of(warrior).inCover).toBe(true);
  });

  it("P100-PLACE-13: the halved roll misses where the plain one would hit (natural 60 → 30 against 45)", () => {
    const sim = d100Sim();
    const scout = adventurer(sim, "Scout", 5, 1, { weapon: "bow", ranged: true });
    const warrior = adventurer(sim, "Warrior", 6, 5);
    setFaction(sim, warrior, "dungeon");
    forceDice(sim, [60, 45]);
    expect(attacks(sim, () => d100Attack(sim, scout, warrior, { mode: "ranged" }))).toEqual([
      { attackerId: scout.id, targetId: warrior.id, hit: false, attackRoll: 30, defenceRoll: 45, natural: 60, airModifier: 0, damageRoll: 0, cover: true },
    ]);
    expect(d100Of(warrior).hp).toBe(200);
  });

  it("P100-PLACE-14: a melee blow at a target on a cover tile has its roll raised by half (natural 41 → 61 against 55: a hit)", () => {
    const sim = d100Sim();
    const rogue = adventurer(sim, "Rogue", 5, 4);
    const warrior = adventurer(sim, "Warrior", 5, 5);
    setFaction(sim, warrior, "dungeon");
    forceDice(sim, [41, 55, 12]);
    expect(attacks(sim, () => d100Attack(sim, rogue, warrior, { mode: "melee" }))).toEqual([
      { attackerId: rogue.id, targetId: warrior.id, hit: true, attackRoll: 61, defenceRoll: 55, natural: 41, airModifier: 0, damageRoll: 12, cover: true },
    ]);
  });

  it("P100-PLACE-13: off the cover tile the same shot is unmodified and the event carries no cover", () => {
    const sim = d100Sim();
    const scout = adventurer(sim, "Scout", 5, 1, { weapon: "bow", ranged: true });
    const warrior = adventurer(sim, "Warrior", 4, 5);
    setFaction(sim, warrior, "dungeon");
    forceDice(sim, [60, 45, 10]);
    expect(attacks(sim, () => d100Attack(sim, scout, warrior, { mode: "ranged" }))).toEqual([
      { attackerId: scout.id, targetId: warrior.id, hit: true, attackRoll: 60, defenceRoll: 45 },
    ]);
    expect(d100Of(warrior).inCover).toBe(false);
  });

  it("P100-AIR-24, P100-AIR-25: a gargoyle slinging from moderate height: cover still halves its roll before its +20 (natural 50 → 45); a flyer above a cover tile is not in cover", () => {
    const sim = d100Sim();
    const warrior = adventurer(sim, "Warrior", 5, 5);
    const g = addUnit(sim, { ...speciesFields("gargoyle"), x: 9, y: 5 });
    d100Of(g).altitude = "moderate";
    forceDice(sim, [50, 40, 10]);
    expect(attacks(sim, () => d100Attack(sim, g, warrior, { mode: "ranged" }))).toEqual([
      { attackerId: g.id, targetId: warrior.id, hit: true, attackRoll: 45, defenceRoll: 40, natural: 50, airModifier: 20, damageRoll: 10, cover: true },
    ]);
    const bird = addUnit(sim, { ...speciesFields("gargoyle"), x: 6, y: 5 });
    d100Of(bird).altitude = "low";
    expect([standsInCover(sim, warrior), standsInCover(sim, bird)]).toEqual([true, false]);
  });
});
