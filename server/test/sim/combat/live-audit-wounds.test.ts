import { describe, expect, it } from "vitest";
import { SPECIES, TICKS_PER_GAME_HOUR, type SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { WAKE_WITHIN_TICKS } from "../../../src/sim/combat/malignus/tables.ts";
import { BED_WAKE_WITHIN_TICKS } from "../../../src/sim/combat/unconscious.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { adventurer, forceDice, makeSim, minionBlowsHero, stepBlow } from "./helpers.ts";

/**
 * Audit a3 of issue 17: the findings of the independent sample of the CMB family that the live
 * tests checked less than the rule states (CMB-06, CMB-08, CMB-35, CMB-36, CMB-38, CMB-48,
 * CMB-49), played in a live malignus room: `sim.step()` on the project's scripted dice, which
 * throw on a value outside the range the simulation asks for (so a forced bound proves the range).
 */
const ZERO = { combat: 0, craft: 0, tracking: 0, block: 0 };
const SWORD = { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 } as const;
const CLUB = { weapon: "club", blunt: true, ranged: false, armour: "none", helm: 0 } as const;
/** Attack and defence d10s giving each severity (CMB-01 margins), location d100s (CMB-01 table). */
const MARGIN = { light: [5, 4], serious: [8, 3], critical: [10, 1] } as const;
const TORSO = 50, HEAD = 10;
const strip = (events: readonly SimEvent[]) => events.map(({ tick: _t, ...e }) => e);
const fate = (f: ReturnType<typeof minionBlowsHero>) => [f.outs.map((e) => e.type === "knockedOut" && [e.outcome, e.cause]), f.hero.woundPoints, f.left];

/** Steps `sim` `ticks` times, collecting the events. */
function run(sim: ReturnType<typeof makeSim>, ticks: number): SimEvent[] {
  const out: SimEvent[] = [];
  for (let i = 0; i < ticks; i++) out.push(...sim.step());
  return out;
}

describe("head-wound chances, every weapon and severity the rules name (CMB-36, CMB-38)", () => {
  it("CMB-36 (malignus combat ruleset): a critical head wound with a sword takes the unwounded adventurer out on a head-wound d100 of 25 (then 50 %: unconscious on 50) and not on 26, where it stays a 4-point wound", () => {
    expect(fate(minionBlowsHero(0, [...MARGIN.critical, HEAD, 25, 50, 20]))).toEqual([[["unconscious", "headWound"]], 4, 0]);
    const up = minionBlowsHero(0, [...MARGIN.critical, HEAD, 26]);
    expect([fate(up), up.hero.activity]).toEqual([[[], 4, 0], "idle"]);
  });

  it("CMB-38 (malignus combat ruleset): with a blunt weapon (a club, not fists) the serious head-wound chance is 50 %: out on 50 (then 100 % unconscious), not on 51", () => {
    expect(fate(minionBlowsHero(0, [...MARGIN.serious, HEAD, 50, 20], { gear: { ...CLUB } }))).toEqual([[["unconscious", "headWound"]], 2, 0]);
    expect(fate(minionBlowsHero(0, [...MARGIN.serious, HEAD, 51], { gear: { ...CLUB } }))).toEqual([[], 2, 0]);
  });

  it("CMB-38 (malignus combat ruleset): with a club the critical head-wound chance is 50 % too: out on 50 (then 50 %: dead on 51), not on 51", () => {
    expect(fate(minionBlowsHero(0, [...MARGIN.critical, HEAD, 50, 51], { gear: { ...CLUB } }))).toEqual([[["dead", "headWound"]], 4, 0]);
    expect(fate(minionBlowsHero(0, [...MARGIN.critical, HEAD, 51], { gear: { ...CLUB } }))).toEqual([[], 4, 0]);
  });
});

describe("the troll alone is spared among creatures (CMB-33, CMB-35)", () => {
  const creatures = Object.entries(SPECIES).filter(([, s]) => s.kind === "creature").map(([name]) => name);

  it("CMB-35, CMB-33 (malignus combat ruleset): the final light wound (9 → 10 wound points) from an adventurer's sword: every creature species dies without a survival die, the troll alone falls unconscious (only its wake-up delay drawn)", () => {
    const got = Object.fromEntries(creatures.map((species) => {
      const sim = makeSim();
      const hero = adventurer(sim, 4, 5, { stats: { ...ZERO }, gear: { ...SWORD } });
      const c = addUnit(sim, { kind: "creature", species, x: 5, y: 5, stats: { ...ZERO }, woundPoints: 9 });
      const r = stepBlow(sim, hero, c, [...MARGIN.light, TORSO, ...(species === "troll" ? [20] : [])]);
      const out = r.events.filter((e) => e.type === "knockedOut").map((e) => e.type === "knockedOut" && e.outcome);
      return [species, [c.activity, out, r.left]];
    }));
    expect(creatures.length).toBeGreaterThanOrEqual(10);
    for (const s of creatures) expect(got[s]).toEqual(s === "troll" ? ["unconscious", ["unconscious"], 0] : ["dead", ["dead"], 0]);
  });
});

describe("waking up in play (CMB-48, CMB-49)", () => {
  /** An adventurer (sword) at (4, 5) knocks out the minion at (5, 5) (9 wound points) with a light torso wound: survival d100 75, then `wake`. */
  function knockOutMinion(wake: number) {
    const sim = makeSim();
    const hero = adventurer(sim, 4, 5, { stats: { ...ZERO }, gear: { ...SWORD } });
    const m = addUnit(sim, { kind: "minion", x: 5, y: 5, stats: { ...ZERO }, woundPoints: 9 });
    const r = stepBlow(sim, hero, m, [...MARGIN.light, TORSO, 75, wake]);
    return { sim, hero, m, r };
  }

  it(`CMB-48 (malignus combat ruleset): knocked out at tick 1 with the longest delay the dice may give (${WAKE_WITHIN_TICKS} ticks = 4 game hours), the minion lies unconscious until tick 2401 and wakes then, keeping its 10 wound points`, () => {
    expect(WAKE_WITHIN_TICKS).toBe(4 * TICKS_PER_GAME_HOUR);
    const f = knockOutMinion(WAKE_WITHIN_TICKS);
    expect([f.m.activity, f.m.wakeTick, f.r.left]).toEqual(["unconscious", 1 + WAKE_WITHIN_TICKS, 0]);
    f.hero.activity = "left"; // nobody else acts on the body while the hours pass
    const woke: number[] = [];
    while (f.sim.state.tick < 1 + WAKE_WITHIN_TICKS + 5) {
      for (const e of f.sim.step()) if (e.type === "woke" && e.unitId === f.m.id) woke.push(e.tick);
      if (f.sim.state.tick < 1 + WAKE_WITHIN_TICKS) expect(f.m.activity).toBe("unconscious");
    }
    expect([woke, f.m.activity === "unconscious", f.m.woundPoints]).toEqual([[2401], false, 10]);
  });

  it(`CMB-48 (malignus combat ruleset): the wake-up delay is drawn in 1..${WAKE_WITHIN_TICKS} ticks: a delay of ${WAKE_WITHIN_TICKS + 1} is not one the blow can ask for (the scripted die refuses it)`, () => {
    expect(() => knockOutMinion(WAKE_WITHIN_TICKS + 1)).toThrow(`scripted value ${WAKE_WITHIN_TICKS + 1} outside 1..${WAKE_WITHIN_TICKS}`);
    expect(() => knockOutMinion(0)).toThrow(`scripted value 0 outside 1..${WAKE_WITHIN_TICKS}`);
  });

  /** A jobless minion at (9, 3) and an unconscious minion (home, its bed, at (2, 3)) lying at (6, 3), due to wake in 4 game hours; the bed's wake die is `bed`. */
  function carriedHome(bed: number) {
    const sim = makeSim(8);
    const rescuer = addUnit(sim, { kind: "minion", x: 9, y: 3 });
    const body: UnitRecord = addUnit(sim, { kind: "minion", x: 2, y: 3 });
    Object.assign(body, { activity: "unconscious", wakeTick: 4 * TICKS_PER_GAME_HOUR, walk: null, x: 6 });
    const dice = forceDice(sim, [bed]);
    return { sim, rescuer, body, dice };
  }

  it(`CMB-49: carried to its own bed, the unconscious minion is due within 1 game hour: on the longest bed delay (${BED_WAKE_WITHIN_TICKS} ticks) it wakes exactly ${BED_WAKE_WITHIN_TICKS} ticks after the drop, not 4 hours after its fall`, () => {
    expect(BED_WAKE_WITHIN_TICKS).toBe(TICKS_PER_GAME_HOUR);
    const f = carriedHome(BED_WAKE_WITHIN_TICKS);
    const events = run(f.sim, 60);
    const drop = events.find((e) => e.type === "dropped");
    expect(drop && strip([drop])).toEqual([{ type: "dropped", unitId: f.body.id, byUnitId: f.rescuer.id, x: 2, y: 3 }]);
    const dropTick = drop!.tick;
    expect([f.body.wakeTick - dropTick, f.dice.left()]).toEqual([BED_WAKE_WITHIN_TICKS, 0]);
    const woke = run(f.sim, BED_WAKE_WITHIN_TICKS).filter((e) => e.type === "woke");
    expect(woke).toEqual([{ type: "woke", unitId: f.body.id, tick: dropTick + BED_WAKE_WITHIN_TICKS }]);
  });

  it(`CMB-49: the bed delay is drawn in 1..${BED_WAKE_WITHIN_TICKS} ticks: ${BED_WAKE_WITHIN_TICKS + 1} is refused by the scripted die when the body is put down`, () => {
    const f = carriedHome(BED_WAKE_WITHIN_TICKS + 1);
    expect(() => run(f.sim, 60)).toThrow(`scripted value ${BED_WAKE_WITHIN_TICKS + 1} outside 1..${BED_WAKE_WITHIN_TICKS}`);
  });
});

describe("a minion's death is heard by the keeper's minions and creatures (CMB-06, CMB-08)", () => {
  /** An open 24 × 8 room, the portal, sanctum and stockpile in the corners. */
  const ROOM = ["P" + ".".repeat(23), ...Array.from({ length: 6 }, () => ".".repeat(24)), "SK" + ".".repeat(22)].join("\n");

  it("CMB-06, CMB-08: the adventurer's light wound kills the minion at (5, 3) (survival d100 76); its death's noise is heard by the troll 7 tiles off and the minion 4 tiles off, not by the troll 8 off, and tells them of the adventurer and of the one 6 tiles from the body, not of the one 8 off", () => {
    const sim = makeSim(1, ROOM);
    const hero = adventurer(sim, 4, 3, { stats: { ...ZERO }, gear: { ...SWORD } });
    const victim = addUnit(sim, { kind: "minion", x: 5, y: 3, stats: { ...ZERO }, woundPoints: 9 });
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 12, y: 3, stats: { ...ZERO } }); // 7 tiles, sees 3
    const minion = addUnit(sim, { kind: "minion", x: 5, y: 7, stats: { ...ZERO } }); // (5, 7): 4 tiles
    const farTroll = addUnit(sim, { kind: "creature", species: "troll", x: 13, y: 5, stats: { ...ZERO } }); // 8 tiles
    const seen = adventurer(sim, 11, 7, { stats: { ...ZERO } }); // 6 tiles from the body
    const unseen = adventurer(sim, 13, 1, { stats: { ...ZERO } }); // 8 tiles from the body
    const r = stepBlow(sim, hero, victim, [...MARGIN.light, TORSO, 76]);
    expect([victim.activity, r.left]).toEqual(["dead", 0]);
    expect(r.events.filter((e) => e.type === "noise")).toEqual([
      { type: "noise", cause: "death", sourceId: victim.id, x: 5, y: 3, heardBy: [troll.id, minion.id], revealed: [hero.id, seen.id] },
    ]);
    expect(Object.keys(troll.knownEnemies).sort()).toEqual([hero.id, seen.id].sort());
    expect(troll.knownEnemies[seen.id]).toEqual({ x: 11, y: 7, tick: 1 });
    expect([Object.keys(farTroll.knownEnemies), unseen.id in troll.knownEnemies, unseen.id in minion.knownEnemies]).toEqual([[], false, false]);
  });
});
