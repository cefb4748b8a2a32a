import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { adventurer, forceDice, makeSim, stepBlow } from "./helpers.ts";

/**
 * Issue 17: noise (CMB-06, CMB-08), melee adjacency (CMB-09) and capture (CMB-46) in a live
 * malignus room, driven by `sim.step()` on scripted dice. Minions here have Tracking 0 (they see 3
 * tiles), so what they learn of far enemies comes from the noise alone.
 */
const ZERO = { combat: 0, craft: 0, tracking: 0, block: 0 };
const SWORD = { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 } as const;
/** An open 24 × 8 room, the portal, sanctum and stockpile in the corners. */
const ROOM = ["P" + ".".repeat(23), ...Array.from({ length: 6 }, () => ".".repeat(24)), "SK" + ".".repeat(22)].join("\n");
const strip = (events: readonly SimEvent[]) => events.map(({ tick: _t, ...e }) => e);

describe("noise, reach and capture in a live malignus room (issue 17)", () => {
  it("CMB-06, CMB-08: a minion's blow kills the adventurer at (5, 3); the death's noise is heard by the minions within 7 tiles (not the one 8 off) and tells them of the enemy 6 tiles from it (not the one 8 off)", () => {
    const sim = makeSim(1, ROOM);
    const killer = addUnit(sim, { kind: "minion", x: 4, y: 3, stats: { ...ZERO }, gear: { ...SWORD } });
    const victim = adventurer(sim, 5, 3, { stats: { ...ZERO }, woundPoints: 9 });
    const near = addUnit(sim, { kind: "minion", x: 12, y: 3, stats: { ...ZERO } }); // 7 tiles from the body
    const far = addUnit(sim, { kind: "minion", x: 13, y: 3, stats: { ...ZERO } }); // 8 tiles
    const seen = adventurer(sim, 11, 7, { stats: { ...ZERO } }); // 6 tiles from the body, 4 from `near`: out of its sight
    const unseen = adventurer(sim, 13, 7, { stats: { ...ZERO } }); // 8 tiles from the body
    // a light torso wound (5 against 4) brings the adventurer to 10 wound points; the survival d100 76 kills it
    const r = stepBlow(sim, killer, victim, [5, 4, 50, 76]);
    expect([victim.activity, r.left]).toEqual(["dead", 0]);
    // the noise comes in the same tick as the blow (tick 1), once: the next tick brings none
    const noise = r.events.filter((e) => e.type === "noise");
    expect(strip(sim.step()).filter((e) => e.type === "noise")).toEqual([]);
    expect(noise).toEqual([{ type: "noise", cause: "death", sourceId: victim.id, x: 5, y: 3, heardBy: [killer.id, near.id], revealed: [seen.id] }]);
    expect(near.knownEnemies).toEqual({ [seen.id]: { x: 11, y: 7, tick: 1 } });
    expect([Object.keys(far.knownEnemies), unseen.id in near.knownEnemies]).toEqual([[], false]);
  });

  it("CMB-06, CMB-33: a creature's death makes a noise too: the adventurer's light wound kills the kobold at 9 wound points (creatures always die: no survival die is drawn) and the minion 5 tiles off hears it", () => {
    const sim = makeSim(1, ROOM);
    const hero = adventurer(sim, 4, 3, { stats: { ...ZERO }, gear: { ...SWORD } });
    const kobold = addUnit(sim, { kind: "creature", species: "kobold", x: 5, y: 3, stats: { ...ZERO }, woundPoints: 9 });
    const listener = addUnit(sim, { kind: "minion", x: 10, y: 3, stats: { ...ZERO } });
    const r = stepBlow(sim, hero, kobold, [5, 4, 50]);
    expect([kobold.activity, r.left]).toEqual(["dead", 0]);
    expect(r.events.filter((e) => e.type === "noise")).toEqual([{ type: "noise", cause: "death", sourceId: kobold.id, x: 5, y: 3, heardBy: [listener.id], revealed: [hero.id] }]);
  });

  it("CMB-09: of two minions set on the adventurer at (5, 4), the one on the diagonal neighbour (6, 5) strikes at tick 1; the one 2 tiles off (7, 4) does not strike from there", () => {
    const sim = makeSim(1, ROOM);
    const hero = adventurer(sim, 5, 4, { stats: { ...ZERO } });
    const diag = addUnit(sim, { kind: "minion", x: 6, y: 5, stats: { ...ZERO } });
    const far = addUnit(sim, { kind: "minion", x: 7, y: 4, stats: { ...ZERO } });
    far.targetId = hero.id;
    // the diagonal minion's attack: 1 against 1, a miss (nothing more drawn)
    const r = stepBlow(sim, diag, hero, [1, 1]);
    expect(r.events.filter((e) => e.type === "attack")).toEqual([{ type: "attack", attackerId: diag.id, targetId: hero.id, hit: false, attackRoll: 1, defenceRoll: 1 }]);
    expect(r.left).toBe(0);
  });

  it("CMB-46: a minion with no job next to an unconscious adventurer takes it prisoner in the next tick (captured event, activity captured)", () => {
    const sim = makeSim(1, ROOM);
    const m = addUnit(sim, { kind: "minion", x: 3, y: 3, stats: { ...ZERO } });
    const a = adventurer(sim, 4, 3, { stats: { ...ZERO }, activity: "unconscious", wakeTick: 10_000 });
    const dice = forceDice(sim, []);
    const events = strip(sim.step());
    expect(events.filter((e) => e.type === "captured")).toEqual([{ type: "captured", unitId: a.id, byUnitId: m.id }]);
    expect([a.activity, dice.left()]).toEqual(["captured", 0]);
  });
});
