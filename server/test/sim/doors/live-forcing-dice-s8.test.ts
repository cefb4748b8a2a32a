import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { DOOR_DIFFICULTY, LOCK_DIFFICULTY } from "../../../src/sim/doors/forcing.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { checkDie } from "../knowledge/helpers.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { adventurer, doorSim, forcedBy, invadedBy, lock, NATURAL_SUCCESS, party, stats, stepUntil, theDoor } from "./helpers.ts";

/*
 * Sweep s8: forcing a padlocked door (6,2 of SINGLE_ROUTE, the only way to the Master at 10,2)
 * through `sim.step()` in rooms of each ruleset, every die recorded (recordAllDice). The pick is
 * the room's check with Craft against the lock (LOCK_DIFFICULTY 3), the bash its check with Combat
 * against the door (DOOR_DIFFICULTY 3): malignus 1d10 + stat against 3 + 5, d20 1d20 + stat against
 * 10 + 3, d100 d100 + 10 × stat over 50 + 10 × 3. `checkDie` gives the die that just reaches or just
 * misses it.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
/** The name of each ruleset's check die in the recorder. */
const CHECK_DIE: Record<RulesetId, string> = { malignus: "d10", d20: "d20", d100: "d100" };

const noises = (events: SimEvent[]) => events.filter((e) => e.type === "noise").map((e) => [(e as { cause: string }).cause, (e as { sourceId: string }).sourceId]);

describe.each(RULESETS.map((r) => [r]))("sweep s8: forcing a door in play, dice recorded (%s)", (ruleset: RulesetId) => {
  const die = CHECK_DIE[ruleset];

  it(`DOOR-02, DOOR-13, DOOR-34, DOOR-35, DOOR-39 (${ruleset}): the party's best Craft member (Locksmith, Craft 4) picks with the room's ${die}: ${checkDie(ruleset, LOCK_DIFFICULTY, 4, false)} just misses Craft 4 against the lock's 3 (the door stays locked, the party in front of it), ${checkDie(ruleset, LOCK_DIFFICULTY, 4, true)} just reaches it; the same die fails for a Craft 3 picker`, () => {
    const miss = checkDie(ruleset, LOCK_DIFFICULTY, 4, false), hit = checkDie(ruleset, LOCK_DIFFICULTY, 4, true);
    const { sim, units, door } = invadedBy(ruleset, [stats(2, 5), { traits: ["locksmith"], ...stats(4, 1) }, stats(3, 3)]);
    const dice = recordAllDice(sim, [miss, hit]);
    const first = stepUntil(sim, 600, () => dice.draws.length === 1);
    expect([isLocked(door), door.open, forcedBy(first)]).toEqual([true, false, []]);
    expect(units.every((u) => u.x < 6)).toBe(true); // nobody got past the door (DOOR-02, DOOR-13)
    const events = stepUntil(sim, 600, (ev) => ev.some((e) => e.type === "doorForced"));
    expect(dice.left()).toBe(0);
    expect(LOCK_DIFFICULTY).toBe(3);
    expect(dice.draws).toEqual([`${die}=${miss}`, `${die}=${hit}`]); // the lock asked for the room's check die, twice; no method draw (a Locksmith)
    expect(forcedBy(events)).toEqual([["pick", units[1]!.id]]);
    expect([units[1]!.x, units[1]!.y]).toEqual([5, 2]);
    expect([door.brokenIn, isLocked(door)]).toEqual([true, false]);
    // DOOR-35, every term: the die that opens the lock at Craft 4 is one short at Craft 3.
    expect(checkDie(ruleset, LOCK_DIFFICULTY, 3, true)).toBeGreaterThan(hit);
    const weaker = invadedBy(ruleset, [{ traits: ["locksmith"], ...stats(3, 1) }]);
    const again = recordAllDice(weaker.sim, [hit, checkDie(ruleset, LOCK_DIFFICULTY, 3, true)]);
    const tries = stepUntil(weaker.sim, 600, (ev) => ev.some((e) => e.type === "doorForced"));
    expect([again.left(), again.draws]).toEqual([0, [`${die}=${hit}`, `${die}=${checkDie(ruleset, LOCK_DIFFICULTY, 3, true)}`]]);
    expect(forcedBy(tries)).toEqual([["pick", weaker.units[0]!.id]]);
  });

  it(`DOOR-36, DOOR-39, DOOR-42, DOOR-45, DOOR-46 (${ruleset}): a Doorbreaker's party bashes with its best Combat member (Combat 5, not the Doorbreaker's 2): ${die} ${checkDie(ruleset, DOOR_DIFFICULTY, 5, false)} just misses Combat 5 against the door's 3 (one noise), ${checkDie(ruleset, DOOR_DIFFICULTY, 5, true)} breaks it in: open, padlock disarmed`, () => {
    const miss = checkDie(ruleset, DOOR_DIFFICULTY, 5, false), hit = checkDie(ruleset, DOOR_DIFFICULTY, 5, true);
    const { sim, units, door } = invadedBy(ruleset, [{ traits: ["doorbreaker"], ...stats(1, 2) }, stats(6, 5)]);
    const dice = recordAllDice(sim, [miss, hit]);
    const events = stepUntil(sim, 600, (ev) => ev.some((e) => e.type === "doorForced"));
    expect(dice.left()).toBe(0);
    expect(DOOR_DIFFICULTY).toBe(3);
    expect(dice.draws).toEqual([`${die}=${miss}`, `${die}=${hit}`]); // no method draw: the Doorbreaker fixes it
    expect(noises(events)).toEqual([["bash", units[1]!.id]]);
    expect(forcedBy(events)).toEqual([["bash", units[1]!.id]]);
    expect([door.brokenIn, door.open, door.padlock?.armed, isLocked(door)]).toEqual([true, true, false, false]);
    // Every term: at Combat 4 the die that broke the door in is one short.
    const weaker = invadedBy(ruleset, [{ traits: ["doorbreaker"], ...stats(1, 4) }]);
    const again = recordAllDice(weaker.sim, [hit, checkDie(ruleset, DOOR_DIFFICULTY, 4, true)]);
    const tries = stepUntil(weaker.sim, 600, (ev) => ev.some((e) => e.type === "doorForced"));
    expect([again.left(), again.draws]).toEqual([0, [`${die}=${hit}`, `${die}=${checkDie(ruleset, DOOR_DIFFICULTY, 4, true)}`]]);
    expect(noises(tries)).toEqual([["bash", weaker.units[0]!.id]]);
    expect(forcedBy(tries)).toEqual([["bash", weaker.units[0]!.id]]);
  });

  it(`DOOR-37, DOOR-40 (${ruleset}): the time between failed rolls is 90 / stat ticks rounded up, doubled to bash: picking at Craft 3, 4, 6 every 30, 23, 15; bashing at Combat 3, 4, 6 every 60, 46, 30`, () => {
    const gaps = (members: Partial<UnitRecord>[]): number[] => {
      const { sim } = invadedBy(ruleset, members);
      const dice = recordAllDice(sim, [1, 1, 1]);
      const ticks: number[] = [];
      let failures = 0;
      for (let i = 0; i < 1000 && ticks.length < 3; i++) {
        sim.step();
        const rec = Object.values(sim.state.doorMemory.forcing)[0];
        if (rec && rec.failures > failures) { failures = rec.failures; ticks.push(sim.state.tick); }
      }
      expect([dice.left(), dice.draws]).toEqual([0, [`${die}=1`, `${die}=1`, `${die}=1`]]);
      return ticks.slice(1).map((t, i) => t - ticks[i]!);
    };
    expect([3, 4, 6].map((craft) => gaps([{ traits: ["locksmith"], ...stats(craft, 1) }]))).toEqual([[30, 30], [23, 23], [15, 15]]);
    expect([3, 4, 6].map((combat) => gaps([{ traits: ["doorbreaker"], ...stats(1, combat) }]))).toEqual([[60, 60], [46, 46], [30, 30]]);
  });

  it(`DOOR-43, DOOR-44 (${ruleset}): after 4 failed picks the Locksmith still picks; the 5th switches to a bash by the best Combat member; 4 failed bashes go on, the 5th gives the door up, still locked (ten ${die} draws)`, () => {
    const { sim, units, door } = invadedBy(ruleset, [{ traits: ["locksmith"], ...stats(6, 1) }, stats(1, 6)]);
    const dice = recordAllDice(sim, Array(10).fill(1));
    const seen: string[] = [];
    const events: SimEvent[] = [];
    for (let i = 0; i < 3000 && !events.some((e) => e.type === "doorGivenUp"); i++) {
      events.push(...sim.step());
      const rec = Object.values(sim.state.doorMemory.forcing)[0]!;
      const now = rec ? `${rec.method}:${rec.failures}:${rec.forcerId === units[0]!.id ? "A" : rec.forcerId === units[1]!.id ? "B" : "-"}` : "";
      if (rec && seen.at(-1) !== now) seen.push(now);
    }
    expect(dice.left()).toBe(0);
    expect(dice.draws).toEqual(Array(10).fill(`${die}=1`));
    expect(seen).toEqual(["pick:0:A", "pick:1:A", "pick:2:A", "pick:3:A", "pick:4:A", "bash:0:B", "bash:1:B", "bash:2:B", "bash:3:B", "bash:4:B", "bash:5:-"]);
    expect(events.filter((e) => e.type === "doorGivenUp")).toHaveLength(1);
    expect(noises(events)).toEqual(Array(5).fill(["bash", units[1]!.id]));
    expect([isLocked(door), door.brokenIn]).toEqual([true, false]);
  });
});

/** A 1-tile corridor from the portal (0,2) through a door (5,2) to the sanctum (10,2); a second door is built at 8,2. */
const CORRIDOR = ["############", "#K##########", "P....+....S#", "############"].join("\n");

describe.each(RULESETS.map((r) => [r]))("sweep s8: a corridor of locked doors in play, dice recorded (%s)", (ruleset: RulesetId) => {
  const die = CHECK_DIE[ruleset];
  const nat = NATURAL_SUCCESS[ruleset];

  it(`DOOR-53, DOOR-54, DOOR-55, DOOR-38, DOOR-45, DOOR-46, DOOR-47, DOOR-48 (${ruleset}): both doors of the only corridor are padlocked and armed; the party picks the first (d100 70) and bashes the second (d100 71), walks through both to the Master's side, and a Chores minion then closes both doors and re-arms both padlocks`, () => {
    const sim = doorSim(CORRIDOR, 11, ruleset);
    const second = sim.apply({ type: "buildDoor", x: 8, y: 2 }) as { ok: boolean; id: string };
    expect(second.ok).toBe(true);
    const doors = [theDoor(sim), sim.state.doors[second.id]!].map(lock);
    expect(doors.map(isLocked)).toEqual([true, true]);
    expect(sim.apply({ type: "buildWall", x: 7, y: 2 })).toMatchObject({ ok: false, code: "WOULD_CUT_WALKING_PATH" }); // DOOR-53: the locked doors count as open
    addUnit(sim, { kind: "master", x: 10, y: 2 });
    const a = adventurer(sim, 1, 2, stats(3, 3));
    sim.state.invasion.partyId = party(sim, [a]).id;
    const dice = recordAllDice(sim, [70, nat, 71, nat]);
    const events = stepUntil(sim, 1500, (ev) => ev.filter((e) => e.type === "doorForced").length === 2);
    expect(dice.left()).toBe(0);
    expect(dice.draws).toEqual(["d100=70", `${die}=${nat}`, "d100=71", `${die}=${nat}`]);
    expect(events.filter((e) => e.type === "doorForced").map((e) => [(e as { doorId: string }).doorId, (e as { method: string }).method])).toEqual([[doors[0]!.id, "pick"], [doors[1]!.id, "bash"]]);
    expect(doors.map((d) => [d.brokenIn, d.open, d.padlock?.armed, isLocked(d)])).toEqual([[true, true, false, false], [true, true, false, false]]);
    dice.release(); // the fight with the Master draws from the seed
    const trace: string[] = [];
    for (let i = 0; i < 60 && a.x !== 9; i++) { sim.step(); if (trace.at(-1) !== `${a.x},${a.y}`) trace.push(`${a.x},${a.y}`); }
    expect([a.x, a.y]).toEqual([9, 2]); // in, through both doors, beside the Master
    // The party leaves; a Chores minion repairs both break-ins.
    a.activity = "left";
    sim.state.parties[a.partyId]!.ended = true;
    sim.state.invasion.partyId = "";
    const chores = addUnit(sim, { kind: "minion", job: "chores", x: 7, y: 2 });
    const repaired: SimEvent[] = [];
    for (let i = 0; i < 1000 && repaired.length < 2; i++) repaired.push(...sim.step().filter((e) => e.type === "doorRepaired"));
    expect(repaired.map((e) => [(e as { doorId: string }).doorId, (e as { byUnitId: string }).byUnitId]).sort()).toEqual([[doors[0]!.id, chores.id], [doors[1]!.id, chores.id]].sort());
    expect(doors.map((d) => [d.brokenIn, d.open, d.padlock?.armed, isLocked(d)])).toEqual([[false, false, true, true], [false, false, true, true]]);
  });
});
