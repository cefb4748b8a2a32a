import { describe, expect, it } from "vitest";
import { SPECIES, WEAPONS, type SpeciesId } from "@malignus/shared";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { gearFor } from "../../../src/sim/world/species.ts";
import { ALWAYS_UNCONSCIOUS_SPECIES } from "../../../src/sim/combat/malignus/tables.ts";
import { KOBOLDS_PER_TILE } from "../../../src/sim/world/crowding.ts";
import { applyWound } from "../../../src/sim/combat/malignus/wounds.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { adventurer, makeSim, scriptedDice } from "./helpers.ts";
import { defaultSim } from "../helpers.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";

/** A creature of `species` at (x, y), as the map spawns one (world/spawn.ts: the species table's fields). */
const addCreature = (sim: Simulation, species: SpeciesId, x: number, y: number, faction: "dungeon" | "wild" = "dungeon") =>
  addUnit(sim, { ...speciesFields(species), x, y, faction });

describe("species and weapons", () => {
  it("CMB-29 (malignus combat ruleset): fists and blunt weapons are blunt in the weapon table and in the gear built from it", () => {
    expect(WEAPONS.fists.blunt).toBe(true);
    expect(gearFor("fists")).toEqual({ weapon: "fists", blunt: true, ranged: false, armour: "none", helm: 0 });
    expect(gearFor("maul", "chainmail", 10)).toEqual({ weapon: "maul", blunt: true, ranged: false, armour: "chainmail", helm: 10 });
    expect(gearFor("bow").ranged).toBe(true);
    expect(Object.entries(WEAPONS).filter(([, w]) => w.blunt).map(([n]) => n)).toEqual(["fists", "club", "staff", "mace", "maul", "hammer", "sling"]);
  });

  it("CMB-35, CMB-21: the troll is the only species that always falls unconscious, the kobold the only one two to a tile", () => {
    const always = Object.entries(SPECIES).filter(([, s]) => s.alwaysUnconscious).map(([id]) => id);
    expect(always).toEqual([ALWAYS_UNCONSCIOUS_SPECIES]);
    const crowd = Object.entries(SPECIES).filter(([, s]) => s.perTile > 1).map(([id, s]) => [id, s.perTile]);
    expect(crowd).toEqual([["kobold", KOBOLDS_PER_TILE]]);
  });

  it("every species fights with a weapon of the table; units built from a species carry its stats and gear", () => {
    for (const id of Object.keys(SPECIES) as SpeciesId[]) {
      const s = SPECIES[id];
      expect(WEAPONS[s.weapon]).toBeDefined();
      const f = speciesFields(id);
      expect(f.stats).toEqual(s.stats);
      expect(f.gear.weapon).toBe(s.weapon);
      expect(f.species).toBe(s.kind === "creature" ? id : "");
    }
  });

  it("the shipped map's Master, minions, troll and kobold read the table", () => {
    const sim = defaultSim(1);
    const units = Object.values(sim.state.units);
    const troll = units.find((u) => u.species === "troll");
    const kobold = units.find((u) => u.species === "kobold");
    const master = units.find((u) => u.kind === "master")!;
    const minion = units.find((u) => u.kind === "minion")!;
    if (troll) expect([troll.stats, troll.gear.weapon, troll.faction]).toEqual([SPECIES.troll.stats, "fists", "dungeon"]);
    if (kobold) expect([kobold.stats, kobold.gear.weapon]).toEqual([SPECIES.kobold.stats, "spear"]);
    expect([master.stats, master.gear]).toEqual([SPECIES.master.stats, gearFor("staff", "cloth", 0)]);
    expect([minion.stats, minion.gear]).toEqual([SPECIES.minion.stats, gearFor("club", "leather", 0)]);
  });
});

describe("wild creatures", () => {
  it("a map's `w` is a wild wolf from the species table", () => {
    const sim = makeSim(1, ["P...w", ".....", "SK..."].join("\n"));
    const wolf = Object.values(sim.state.units).find((u) => u.species === "wolf")!;
    expect([wolf.x, wolf.y, wolf.faction, wolf.kind, wolf.stats, wolf.gear.weapon]).toEqual([4, 0, "wild", "creature", SPECIES.wolf.stats, "bite"]);
  });

  it("a wild creature attacks the keeper's minions and adventurers it sees, and goes home with no enemy in view", () => {
    const sim = makeSim(4);
    const wolf = addCreature(sim, "wolf", 2, 3, "wild");
    const m = addUnit(sim, { kind: "minion", x: 6, y: 3, stats: { combat: 30, craft: 0, tracking: 0, block: 0 } });
    for (let i = 0; i < 30 && wolf.targetId === ""; i++) sim.step();
    expect([wolf.targetId, wolf.activity]).toEqual([m.id, "fighting"]);
    expect(Math.max(Math.abs(wolf.x - m.x), Math.abs(wolf.y - m.y))).toBe(1);
    const events = [];
    for (let i = 0; i < 200 && wolf.activity !== "dead"; i++) events.push(...sim.step());
    // CMB-33: a creature taken out of the fight dies, a wild one too.
    expect(wolf.activity).toBe("dead");
    expect(events.find((e) => e.type === "knockedOut")).toMatchObject({ unitId: wolf.id, outcome: "dead" });
    const bear = addCreature(sim, "bear", 10, 6, "wild");
    const a = adventurer(sim, 9, 6);
    sim.step();
    expect(bear.targetId).toBe(a.id);
    a.activity = "dead";
    bear.x = 11;
    sim.step();
    expect([bear.targetId, bear.activity]).toEqual(["", "walking"]);
  });

  it("CMB-33 (malignus combat ruleset): a wild troll still falls unconscious (CMB-35 takes precedence over the faction)", () => {
    const sim = makeSim();
    const troll = addCreature(sim, "troll", 3, 3, "wild");
    troll.woundPoints = 9;
    expect(applyWound(sim, troll, "x", "light", "arm", false, scriptedDice([77]))?.knockOut).toEqual({ outcome: "unconscious", cause: "woundPoints" });
  });
});
