import { describe, expect, it } from "vitest";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { adventurer, lines, recordDice, run } from "./fixtures.ts";

/**
 * Cover in live d100 fights (issue 17, P100-PLACE-13, P100-PLACE-14, P100-AIR-25): the map's cover
 * glyph `=` on (5, 5) and (6, 5); fights through `Simulation.step` with forced dice. An attack on a
 * unit in cover carries `cover: true` with the natural roll and the damage roll.
 */
const COVERED = [
  "P...................",
  ...Array.from({ length: 10 }, (_v, y) => (y === 4 ? ".....==............." : "....................")),
  "SK..................",
].join("\n");

function coverSim(): Simulation {
  return Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", COVERED) });
}

describe("d100 cover in live fights", () => {
  it("P100-PLACE-13: a scout's arrow at a minion standing on cover has its roll halved (61 counts 30, still above the dodge 25); at a minion beside the cover the same 61 counts 61", () => {
    for (const [x, covered] of [[5, true], [4, false]] as const) {
      const sim = coverSim();
      const s = adventurer(sim, "Scout", x, 1, { weapon: "bow", ranged: true });
      const m = addUnit(sim, { kind: "minion", x, y: 5 });
      s.targetId = m.id;
      const dice = recordDice(sim, [90, 10, 61, 25, 40]);
      const ev = run(sim, 1);
      expect(lines(ev)).toEqual([
        covered
          ? `1 attack attackerId=${s.id} targetId=${m.id} hit=true attackRoll=30 defenceRoll=25 natural=61 airModifier=0 damageRoll=40 cover=true`
          : `1 attack attackerId=${s.id} targetId=${m.id} hit=true attackRoll=61 defenceRoll=25`,
        `1 damaged targetId=${m.id} sourceId=${s.id} amount=40 damageType=ranged hp=20 critical=false`,
      ]);
      expect([s.x, s.y, dice.left()]).toEqual([x, 1, 0]);
    }
  });

  it("P100-PLACE-14: a warrior's blow at a minion standing on cover has its roll raised by half: 41 counts 61 and beats the dodge 55", () => {
    const sim = coverSim();
    const w = adventurer(sim, "Warrior", 5, 4);
    const m = addUnit(sim, { kind: "minion", x: 5, y: 5 });
    w.targetId = m.id;
    const dice = recordDice(sim, [90, 10, 41, 55, 12]);
    const ev = run(sim, 1);
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${w.id} targetId=${m.id} hit=true attackRoll=61 defenceRoll=55 natural=41 airModifier=0 damageRoll=12 cover=true`,
      `1 damaged targetId=${m.id} sourceId=${w.id} amount=12 damageType=melee hp=48 critical=false`,
    ]);
    expect(dice.left()).toBe(0);
  });

  it("P100-AIR-25, P100-AIR-07: a gargoyle slinging from moderate height at a warrior on cover: the cover still halves its 50 (25) before its own +20: 45 against the dodge 40", () => {
    const sim = coverSim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const g = addUnit(sim, { ...speciesFields("gargoyle"), x: 9, y: 5 });
    d100Of(g).altitude = "moderate";
    g.targetId = w.id; w.targetId = g.id;
    const dice = recordDice(sim, [10, 90, 50, 40, 10]);
    const ev = run(sim, 1);
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${g.id} targetId=${w.id} hit=true attackRoll=45 defenceRoll=40 natural=50 airModifier=20 damageRoll=10 cover=true`,
      `1 damaged targetId=${w.id} sourceId=${g.id} amount=10 damageType=ranged hp=190 critical=false`,
    ]);
    expect(dice.left()).toBe(0);
  });
});
