import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, d100Sim, lines, playPlan, recordDice } from "./fixtures.ts";

/**
 * P100-MASS-12 and P100-MASS-14 in live d100 fights (issue 17, sweep s8): a pack of 10 kobolds
 * (20 HP each: a swarm of 100 strength) strikes a locksmith alone on foot, whose charged area
 * powder lets the swarm engage all 100 (P100-MASS-28). With their spears (ground-based melee) they
 * get in each other's way; with slings they do not. `Simulation.step`, every draw recorded.
 */
const TILES = [[8, 5], [9, 5], [10, 5], [8, 6], [9, 6], [10, 6], [11, 5], [11, 6], [8, 4], [9, 4]] as const;

function packStrikesLocksmith(slings: boolean, damage: number) {
  const sim = d100Sim();
  const h = adventurer(sim, "Locksmith", 7, 5, { weapon: "dagger" });
  const ks = TILES.map(([x, y]) => addUnit(sim, { kind: "creature", species: "kobold", x, y,
    ...(slings ? { gear: { weapon: "sling", blunt: true, ranged: true, armour: "none", helm: 0 } } : {}) }));
  h.targetId = ks[0]!.id;
  // Initiative: the locksmith 5, the kobolds 10 to 19; the swarm acts in its first member's slot (19, the last kobold):
  // its strike 70 beats the dodge 20.
  const dice = recordDice(sim, [5, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 70, 20, damage]);
  const ev = sim.step();
  return { h, ks, dice, ev };
}

describe("d100 swarm damage in live fights (sweep s8)", () => {
  it("P100-MASS-14, P100-MASS-12: the sling pack of 100 (not ground melee, so not crowding-capped) rolls its damage in 20..100, at least 10 for each of its two full 50s: 20 deals 20", () => {
    const { h, ks, dice, ev } = packStrikesLocksmith(true, 20);
    const leader = ks.at(-1)!.id;
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${leader} targetId=${h.id} hit=true attackRoll=70 defenceRoll=20`,
      `1 damaged targetId=${h.id} sourceId=${leader} amount=20 damageType=swarm hp=130 critical=false`,
    ]);
    expect([dice.draws.slice(11), dice.left()]).toEqual([["d100=70", "d100=20", "20..100=20"], 0]);
  });

  it("P100-MASS-12 (the other side): the same pack with spears, ground-based melee, counts only 80 against the one locksmith: damage 10..80", () => {
    const { h, ks, dice, ev } = packStrikesLocksmith(false, 80);
    const leader = ks.at(-1)!.id;
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${leader} targetId=${h.id} hit=true attackRoll=70 defenceRoll=20`,
      `1 damaged targetId=${h.id} sourceId=${leader} amount=80 damageType=swarm hp=70 critical=false`,
    ]);
    expect([dice.draws.slice(11), dice.left()]).toEqual([["d100=70", "d100=20", "10..80=80"], 0]);
  });

  it("P100-MASS-09, P100-MASS-07, P100-MASS-05: a player's warrior against a pack of 12 kobolds (strength 120): a perfect 40 on its d40 kill roll kills 4 and leaves 80; a 39 kills only 3 (full tens), leaving 90", () => {
    for (const [roll, kills] of [[40, 4], [39, 3]] as const) {
      const sim = d100Sim();
      const h = adventurer(sim, "Warrior", 7, 5);
      const ks = [4, 5, 6, 7].flatMap((y) => [8, 9, 10].map((x) => addUnit(sim, { kind: "creature", species: "kobold", x, y })));
      h.targetId = ks[3]!.id;
      h.controller = "a1";
      const init = recordDice(sim, [90, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
      sim.step(); // initiative: the hero's turn waits for its plan
      expect(init.left()).toBe(0);
      const dice = recordDice(sim, [roll]);
      const ev = playPlan(sim, h, { action: "steps", steps: [{ kind: "attack", targetId: ks[3]!.id }] });
      expect(lines(ev).filter((l) => l.includes("knockedOut"))).toHaveLength(kills);
      expect([ks.filter((k) => !d100Of(k).dead).length * 10, dice.draws, dice.left()]).toEqual([120 - 10 * kills, [`1..40=${roll}`], 0]);
    }
  });
});
