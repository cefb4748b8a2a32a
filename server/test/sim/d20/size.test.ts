import { describe, expect, it } from "vitest";
import { SPACE_TILES } from "@malignus/shared";
import { fitThrough, mayPassThrough, type Size } from "../../../src/sim/combat/d20/size.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { unitDistance } from "../../../src/sim/combat/d20/resolve.ts";
import { d20Sim, minion } from "../encounters/helpers.ts";

describe("d20 size", () => {
  it("D20-SIZE-01, D20-SIZE-02, D20-SIZE-03: a Medium creature controls one tile; larger ones more", () => {
    expect(SPACE_TILES.medium).toBe(1);
    expect(SPACE_TILES.large).toBe(2);
    expect(SPACE_TILES.gargantuan).toBe(4);
  });

  it("D20-SIZE-05, D20-SIZE-06, D20-SIZE-07: 8 Medium creatures surround a Medium one, 20 a Gargantuan one (the tiles next to its space in a live room)", () => {
    const around = (size: Size) => {
      const sim = d20Sim(1);
      const u = minion(sim, 6, 4);
      d20Of(u).size = size;
      let n = 0;
      for (let y = 0; y < sim.state.map.height; y++) for (let x = 0; x < sim.state.map.width; x++) if (unitDistance(sim, u, { x, y }) === 1) n++;
      return n;
    };
    expect([around("medium"), around("large"), around("gargantuan")]).toEqual([8, 12, 20]);
  });

  it("D20-SIZE-08: a Large creature squeezes through a 1-tile passage; a Huge one cannot", () => {
    expect(fitThrough("large", 1)).toBe("squeeze");
    expect(fitThrough("medium", 1)).toBe("fits");
    expect(fitThrough("huge", 1)).toBe("blocked");
    expect(fitThrough("huge", 2)).toBe("squeeze");
  });

  it("D20-MOVE-35, D20-MOVE-36, D20-SIZE-04: passing through other creatures' spaces", () => {
    expect(mayPassThrough("medium", "medium", false)).toBe(true);
    expect(mayPassThrough("medium", "medium", false, false)).toBe(false);
    expect(mayPassThrough("medium", "medium", true)).toBe(false);
    expect(mayPassThrough("medium", "large", true)).toBe(false);
    expect(mayPassThrough("medium", "huge", true)).toBe(true);
    expect(mayPassThrough("medium", "tiny", true)).toBe(true);
  });
});
