import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, d100Sim, kobolds, lines, recordDice } from "./fixtures.ts";

/**
 * Mass combat in live d100 fights (issue 17, P100-MASS-17 to 28): a kobold pack (six of 20 HP) is a
 * swarm, fought through `Simulation.step` with forced dice. Events are listed compactly (fixtures.ts
 * `lines`: the encounter's start and noises left out; the draws list, fixtures.ts `recordDice`,
 * shows the initiative, each participant's d100 in id order).
 */

const ROW: readonly [number, number][] = [[8, 5], [9, 5], [10, 5], [8, 6], [9, 6], [10, 6]];

const INIT_HERO_FIRST = [90, 10, 11, 12, 13, 14, 15];
const INIT_PACK_FIRST = [5, 10, 11, 12, 13, 14, 15];

describe("d100 mass combat in live fights", () => {
  it("P100-MASS-20, P100-MASS-21, P100-MASS-22, P100-MASS-23, P100-MASS-24: a locksmith's blinding powder on the pack rolls a d100 for each of its 3 targets; the 60 and the 51 kill their own kobolds (2 and 3), the 40 spares its own (5)", () => {
    const sim = d100Sim();
    const h = adventurer(sim, "Locksmith", 5, 5, { weapon: "dagger" });
    const ks = kobolds(sim, ROW);
    h.targetId = ks[0]!.id;
    // The locksmith acts first; its powder's 3 d100 (not an attack roll): 60 and 51 kill (above 50), 40 does not.
    // Its targets: kobold 2 (its target), then the nearest others, 5 (3 tiles) and 3 (4 tiles, before 6 by id).
    // Each roll is its own kobold's: 60 kills 2, 40 spares 5, 51 kills 3; each attack event names whom its roll concerned.
    const dice = recordDice(sim, [...INIT_HERO_FIRST, 60, 40, 51]);
    const ev = sim.step();
    expect([lines(ev), dice.draws, dice.left()]).toEqual([[
      "1 spellCast unitId=1 spellId=blindingPowder targetId=2 chargesLeft=0",
      "1 attack attackerId=1 targetId=2 hit=true attackRoll=60 defenceRoll=0",
      "1 knockedOut unitId=2 outcome=dead cause=hitPoints",
      "1 attack attackerId=1 targetId=5 hit=false attackRoll=40 defenceRoll=0",
      "1 attack attackerId=1 targetId=3 hit=true attackRoll=51 defenceRoll=0",
      "1 knockedOut unitId=3 outcome=dead cause=hitPoints",
    ], ["d100=90", "d100=10", "d100=11", "d100=12", "d100=13", "d100=14", "d100=15", "d100=60", "d100=40", "d100=51"], 0]);
  });

  it("P100-MASS-28: alone and without an area spell, a warrior faces 50 strength of the pack of 6 (5 engage, damage 10..50); a locksmith with its powder charged faces all 60 (10..60)", () => {
    for (const cls of ["Warrior", "Locksmith"]) {
      const sim = d100Sim();
      const h = adventurer(sim, cls, 7, 5, { weapon: "dagger" });
      const ks = kobolds(sim, ROW);
      h.targetId = ks[0]!.id;
      // The pack acts first (kobold 7's slot): its strike hits (70 against 20); the damage range shows its strength.
      const dice = recordDice(sim, [...INIT_PACK_FIRST, 70, 20, 40]);
      const ev = sim.step();
      const hp = cls === "Warrior" ? 160 : 110;
      expect([lines(ev), dice.draws, dice.left()]).toEqual([[
        "1 attack attackerId=7 targetId=1 hit=true attackRoll=70 defenceRoll=20",
        `1 damaged targetId=1 sourceId=7 amount=40 damageType=swarm hp=${hp} critical=false`,
      ], ["d100=5", "d100=10", "d100=11", "d100=12", "d100=13", "d100=14", "d100=15", "d100=70", "d100=20", cls === "Warrior" ? "10..50=40" : "10..60=40"], 0]);
    }
  });

  it("P100-MASS-19: a cartographer's hush dart, certain to hit, kills exactly one kobold of the pack and draws nothing", () => {
    const sim = d100Sim();
    const h = adventurer(sim, "Cartographer", 5, 5, { weapon: "dagger" });
    const ks = kobolds(sim, ROW);
    h.targetId = ks[0]!.id;
    const dice = recordDice(sim, [...INIT_HERO_FIRST]);
    const ev = sim.step();
    expect([lines(ev), dice.draws, dice.left()]).toEqual([[
      "1 spellCast unitId=1 spellId=hushDart targetId=2 chargesLeft=0",
      "1 attack attackerId=1 targetId=2 hit=true attackRoll=0 defenceRoll=0",
      "1 knockedOut unitId=2 outcome=dead cause=hitPoints",
    ], ["d100=90", "d100=10", "d100=11", "d100=12", "d100=13", "d100=14", "d100=15"], 0]);
  });

  it("P100-MASS-25, P100-MASS-26: a doorbreaker walks up and cleaves the pack: one d100 (70) kills its primary target and its one extra target", () => {
    const sim = d100Sim();
    const h = adventurer(sim, "Doorbreaker", 5, 5, { weapon: "maul", blunt: true });
    const ks = kobolds(sim, ROW);
    h.targetId = ks[0]!.id;
    // Cleave reaches 1 tile: the doorbreaker first walks next to the pack, then one d100 for the primary target.
    const dice = recordDice(sim, [...INIT_HERO_FIRST, 70]);
    const ev = sim.step();
    expect([lines(ev), [h.x, h.y], dice.draws, dice.left()]).toEqual([[
      "1 spellCast unitId=1 spellId=cleave targetId=2 chargesLeft=0",
      "1 attack attackerId=1 targetId=2 hit=true attackRoll=70 defenceRoll=0",
      "1 knockedOut unitId=2 outcome=dead cause=hitPoints",
      "1 attack attackerId=1 targetId=5 hit=true attackRoll=0 defenceRoll=0",
      "1 knockedOut unitId=5 outcome=dead cause=hitPoints",
    ], [7, 5], ["d100=90", "d100=10", "d100=11", "d100=12", "d100=13", "d100=14", "d100=15", "d100=70"], 0]);
  });

  it("P100-MASS-18: a wolf's hamstring (single target, not certain to hit) is not used on a peasant swarm: it makes a kill roll and keeps its charge", () => {
    const sim = d100Sim();
    const troll = addUnit(sim, { kind: "creature", species: "wolf", x: 7, y: 5 });
    const ps = ROW.map(([x, y]) => adventurer(sim, "Peasant", x + 1, y, { weapon: "pitchfork" }));
    troll.targetId = ps[0]!.id; ps[0]!.targetId = troll.id;
    // The wolf acts first: a d40 kill roll of 30 kills the three peasants nearest to it.
    const dice = recordDice(sim, [90, 10, 11, 12, 13, 14, 15, 30]);
    const ev = sim.step();
    expect([lines(ev), d100Of(troll).spells.map((sp) => [sp.id, sp.charges]), dice.draws, dice.left()]).toEqual([[
      "1 attack attackerId=1 targetId=2 hit=true attackRoll=30 defenceRoll=0",
      "1 knockedOut unitId=2 outcome=dead cause=hitPoints",
      "1 knockedOut unitId=5 outcome=dead cause=hitPoints",
      "1 knockedOut unitId=3 outcome=dead cause=hitPoints",
    ], [["hamstring", 1]], ["d100=90", "d100=10", "d100=11", "d100=12", "d100=13", "d100=14", "d100=15", "1..40=30"], 0]);
  });

  it("P100-MASS-17: a badly hurt warrior flees the pack along the open side, but fights on with a kill roll when the pack and the map's edge surround it", () => {
    for (const surrounded of [false, true]) {
      const sim = d100Sim();
      const h = adventurer(sim, "Warrior", 0, 5);
      d100Of(h).hp = 60; // 140 of 200 lost: badly hurt
      const tiles: [number, number][] = surrounded ? [[0, 4], [1, 4], [1, 5], [1, 6], [0, 6], [2, 5]] : [[1, 4], [1, 5], [1, 6], [2, 4], [2, 5], [2, 6]];
      const ks = kobolds(sim, tiles);
      h.targetId = ks[0]!.id;
      // The warrior acts first. Open on its east side only, it walks its 6 tiles south along the edge (no kill
      // roll drawn); with 3 edge tiles and 5 kobolds around it, it makes its kill roll (d40: 30) instead.
      const dice = recordDice(sim, [90, 10, 11, 12, 13, 14, 15, ...(surrounded ? [30] : [])]);
      const ev = sim.step();
      expect([lines(ev), h.x, h.y, dice.draws, dice.left()]).toEqual([surrounded ? [
        "1 attack attackerId=1 targetId=2 hit=true attackRoll=30 defenceRoll=0",
        "1 knockedOut unitId=2 outcome=dead cause=hitPoints",
        "1 knockedOut unitId=3 outcome=dead cause=hitPoints",
        "1 knockedOut unitId=4 outcome=dead cause=hitPoints",
      ] : [], 0, surrounded ? 5 : 11, ["d100=90", "d100=10", "d100=11", "d100=12", "d100=13", "d100=14", "d100=15", ...(surrounded ? ["1..40=30"] : [])], 0]);
    }
  });
});
