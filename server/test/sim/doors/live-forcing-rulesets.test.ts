import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { DOOR_DIFFICULTY, LOCK_DIFFICULTY } from "../../../src/sim/doors/forcing.ts";
import { checkDie } from "../knowledge/helpers.ts";
import { forcedBy, forceDice, invadedBy, NATURAL_SUCCESS, stats, stepUntil } from "./helpers.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";

/*
 * Forcing a locked door through `sim.step()` in rooms of each ruleset: the pick is the room's Craft
 * check against the lock (difficulty 3), the bash its Combat check against the door (difficulty
 * 3); `checkDie` gives the die that just reaches or just misses it; a natural 1 always fails.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe.each(RULESETS.map((r) => [r]))("forcing a door in play (%s)", (ruleset: RulesetId) => {
  it(`DOOR-02, DOOR-34, DOOR-35, DOOR-39 (${ruleset}): the locked door stops the party; its best Craft member (a Locksmith, Craft 4) picks the lock: a die just short of Craft 4 against difficulty 3 fails, the next just reaching it opens the lock`, () => {
    const { sim, units, door } = invadedBy(ruleset, [stats(2, 5), { traits: ["locksmith"], ...stats(4, 1) }, stats(3, 3)]);
    const dice = forceDice(sim, [checkDie(ruleset, LOCK_DIFFICULTY, 4, false), checkDie(ruleset, LOCK_DIFFICULTY, 4, true)]);
    const events = stepUntil(sim, 600, (ev) => ev.some((e) => e.type === "doorForced"));
    expect(dice.left()).toBe(0);
    expect(LOCK_DIFFICULTY).toBe(3);
    expect(forcedBy(events)).toEqual([["pick", units[1]!.id]]);
    // Both dice were drawn (the first, short, did not open the lock; a third roll would have thrown).
    expect([units[1]!.x, units[1]!.y]).toEqual([5, 2]); // it worked from the tile before the door
    expect([door.brokenIn, isLocked(door)]).toEqual([true, false]);
  });

  it(`DOOR-38 (${ruleset}): a party with neither role draws its method, a d100 against 70: 70 picks, 71 bashes (the best Combat member, against difficulty ${DOOR_DIFFICULTY})`, () => {
    for (const [draw, method] of [[70, "pick"], [71, "bash"]] as const) {
      const { sim, units } = invadedBy(ruleset, [stats(4, 2), stats(2, 4)]);
      const dice = forceDice(sim, [draw, NATURAL_SUCCESS[ruleset]]);
      const events = stepUntil(sim, 600, (ev) => ev.some((e) => e.type === "doorForced"));
      expect(dice.left()).toBe(0);
      expect(forcedBy(events)).toEqual([[method, units[method === "pick" ? 0 : 1]!.id]]);
    }
  });

  it(`DOOR-37, DOOR-40 (${ruleset}): failed rolls come every 30 ticks picking at Craft 3, every 60 bashing at Combat 3, and every 15 picking at Craft 6`, () => {
    const timeOf = (members: Partial<UnitRecord>[]): number[] => {
      const { sim } = invadedBy(ruleset, members);
      const dice = forceDice(sim, [1, 1, 1]);
      const ticks: number[] = [];
      let failures = 0;
      for (let i = 0; i < 1000 && ticks.length < 3; i++) {
        sim.step();
        const rec = Object.values(sim.state.doorMemory.forcing)[0];
        if (rec && rec.failures > failures) { failures = rec.failures; ticks.push(sim.state.tick); }
      }
      expect(dice.left()).toBe(0);
      return ticks.slice(1).map((t, i) => t - ticks[i]!);
    };
    expect(timeOf([{ traits: ["locksmith"], ...stats(3, 1) }])).toEqual([30, 30]);
    expect(timeOf([{ traits: ["doorbreaker"], ...stats(1, 3) }])).toEqual([60, 60]);
    expect(timeOf([{ traits: ["locksmith"], ...stats(6, 1) }])).toEqual([15, 15]);
  });

  it(`DOOR-43, DOOR-44 (${ruleset}): after 5 failed picks the party bashes with its best Combat member; after 5 failed bashes it gives the door up, still locked`, () => {
    const { sim, units, door } = invadedBy(ruleset, [{ traits: ["locksmith"], ...stats(6, 1) }, stats(1, 6)]);
    const dice = forceDice(sim, Array(10).fill(1));
    const forcers: string[] = [];
    const events: SimEvent[] = [];
    for (let i = 0; i < 3000 && dice.left() > 0; i++) {
      events.push(...sim.step());
      const rec = Object.values(sim.state.doorMemory.forcing)[0];
      if (rec && rec.forcerId && forcers.at(-1) !== `${rec.method}:${rec.forcerId}`) forcers.push(`${rec.method}:${rec.forcerId}`);
    }
    events.push(...sim.step());
    expect(dice.left()).toBe(0);
    expect(forcers).toEqual([`pick:${units[0]!.id}`, `bash:${units[1]!.id}`]);
    expect(events.filter((e) => e.type === "doorGivenUp")).toHaveLength(1);
    expect(Object.values(sim.state.doorMemory.forcing)[0]).toMatchObject({ gaveUp: true, switched: true, firstMethod: "pick", method: "bash" });
    expect(isLocked(door)).toBe(true);
  });

  it(`DOOR-45, DOOR-46, DOOR-55 (${ruleset}): a lock picked open leaves the door open and its padlock disarmed, and the party walks through it`, () => {
    const { sim, units, door } = invadedBy(ruleset, [{ traits: ["locksmith"], ...stats(4, 4) }]);
    const dice = forceDice(sim, [NATURAL_SUCCESS[ruleset]]);
    let furthest = 0;
    for (let i = 0; i < 200; i++) {
      sim.step();
      furthest = Math.max(furthest, units[0]!.x);
      if (dice.left() === 0) dice.release(); // the fight with the Master past the door draws from the seed
    }
    expect([door.brokenIn, door.open, door.padlock?.armed, isLocked(door)]).toEqual([true, true, false, false]);
    expect(furthest).toBeGreaterThan(6);
  });
});
