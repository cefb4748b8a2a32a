import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseMap } from "../../../src/sim/world/map.ts";
import { isDifficult, isWater } from "../../../src/sim/world/grid.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { spaceSide } from "../../../src/sim/combat/d20/movement.ts";

const FEN = readFileSync(fileURLToPath(new URL("../../../maps/fen.txt", import.meta.url)), "utf8");

describe("the fen map: pools, rubble, a flyer, a swimmer and a Large troll (issue 7, d20move)", () => {
  it("parses `b` (giant bat) on floor and `c` (crocodile) on deep water; pools and rubble where the README says", () => {
    const { map, spawns } = parseMap("fen", FEN);
    expect([map.width, map.height]).toEqual([40, 30]);
    expect(spawns.filter((s) => s.marker === "b" || s.marker === "c" || s.marker === "T")).toEqual([
      { marker: "b", x: 20, y: 12 }, { marker: "c", x: 9, y: 14 }, { marker: "T", x: 16, y: 17 },
    ]);
    const water: string[] = [], rubble: string[] = [];
    for (let y = 0; y < 30; y++) for (let x = 0; x < 40; x++) {
      if (isWater(map, x, y)) water.push(`${x},${y}`);
      if (isDifficult(map, x, y)) rubble.push(`${x},${y}`);
    }
    // The two corridor pools (x 5..11 on rows 14 and 16, the crocodile's tile included) and the guard room's 3×3 pool.
    expect(water.length).toBe(14 + 9);
    expect(water).toContain("9,14");
    expect(rubble).toEqual([12, 13].flatMap((y) => [14, 15, 16, 17, 18].map((x) => `${x},${y}`)));
  });

  it("D20-MOVE-19, D20-SIZE-01: in a d20 room the crocodile swims natively, the bat flies, the troll covers 2×2", () => {
    const sim = Simulation.create({ seed: 1, ruleset: "d20", map: parseMap("fen", FEN) }); // places the map's units (world/spawn.ts)
    const by = (species: string) => Object.values(sim.state.units).find((u) => u.species === species)!;
    expect([d20Of(by("crocodile")).swimmer, d20Of(by("crocodile")).flyer, by("crocodile").x, by("crocodile").y]).toEqual([true, false, 9, 14]);
    expect([d20Of(by("giantBat")).flyer, d20Of(by("giantBat")).swimmer]).toEqual([true, false]);
    expect([d20Of(by("troll")).size, spaceSide(by("troll"))]).toEqual(["large", 2]);
  });
});
