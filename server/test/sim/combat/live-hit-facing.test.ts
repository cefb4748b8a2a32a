import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { canSee } from "../../../src/sim/combat/perception.ts";
import { adventurer, makeSim, stepBlow } from "./helpers.ts";

/**
 * Issue 17: being hit reveals the attacker (CMB-05) and a melee attacker faces its target
 * (CMB-10), in a live malignus room driven by `sim.step()` on scripted dice.
 */
const ZERO = { combat: 0, craft: 0, tracking: 0, block: 0 };
const BOW = { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } as const;
/** An open 24 × 8 room, the portal, sanctum and stockpile in the corners. */
const ROOM = ["P" + ".".repeat(23), ...Array.from({ length: 6 }, () => ".".repeat(24)), "SK" + ".".repeat(22)].join("\n");

describe("hits and facing in a live malignus room (issue 17)", () => {
  it("CMB-05: an archer 10 tiles off (out of the minion's 3-tile sight) that misses stays unknown; one that hits (10 + 2 against 1 + 3, a torso wound) is known to the minion where it stands, at tick 1", () => {
    const shot = (script: number[]) => {
      const sim = makeSim(1, ROOM);
      const target = addUnit(sim, { kind: "minion", x: 2, y: 1, stats: { combat: 3, craft: 0, tracking: 0, block: 0 } });
      const archer = adventurer(sim, 12, 1, { stats: { combat: 2, craft: 0, tracking: 4, block: 0 }, gear: { ...BOW } });
      expect([canSee(sim, target, archer), canSee(sim, archer, target)]).toEqual([false, true]);
      const r = stepBlow(sim, archer, target, script);
      return { r, target, archer };
    };
    const miss = shot([1, 5]); // 1 + 2 = 3 against 5 + 3 = 8
    expect([miss.r.events.filter((e) => e.type === "attack").length, miss.target.knownEnemies, miss.r.left]).toEqual([1, {}, 0]);
    const hit = shot([10, 1, 50]);
    expect(hit.r.events.filter((e) => e.type === "wound")).toEqual([{ type: "wound", targetId: hit.target.id, sourceId: hit.archer.id, severity: "critical", location: "torso", woundPoints: 4 }]);
    expect([hit.target.knownEnemies, hit.r.left]).toEqual([{ [hit.archer.id]: { x: 12, y: 1, tick: 1 } }, 0]);
  });

  it("CMB-10: a minion facing north (0) that strikes an adventurer east of it turns east (2); one striking to its south-west turns 5", () => {
    const face = (hx: number, hy: number) => {
      const sim = makeSim(1, ROOM);
      const m = addUnit(sim, { kind: "minion", x: 5, y: 3, stats: { ...ZERO } });
      const hero = adventurer(sim, hx, hy, { stats: { ...ZERO } });
      m.facing = 0;
      const r = stepBlow(sim, m, hero, [1, 1]); // 1 against 1: a miss
      expect([r.events.filter((e) => e.type === "attack").length, r.left]).toEqual([1, 0]);
      return m.facing;
    };
    expect([face(6, 3), face(4, 4)]).toEqual([2, 5]);
  });
});
