import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { walkNextTo } from "../../../src/sim/world/movement.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { adventurer, doorSim, forceDice, lock, NATURAL_SUCCESS, party, stats, theDoor } from "./helpers.ts";

/**
 * Who passes a locked door, and how a party chooses to force one, through `sim.step()` in rooms of
 * each ruleset. The map is SINGLE_ROUTE (doors/helpers.ts): a wall down column 6 with the only
 * door at 6,2, padlocked here; the invading party's adventurer starts west of it at 3,2.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

/** A padlocked door, an adventurer of the invading party at 3,2 and a keeper-side unit at 9,2. */
function across(ruleset: RulesetId, fields: Partial<UnitRecord> & Pick<UnitRecord, "kind">): { sim: Simulation; foe: UnitRecord; unit: UnitRecord } {
  const sim = doorSim(undefined, 11, ruleset);
  lock(theDoor(sim));
  const foe = adventurer(sim, 3, 2);
  sim.state.invasion.partyId = party(sim, [foe]).id;
  const unit = addUnit(sim, { faction: "dungeon", x: 9, y: 2, ...fields });
  return { sim, foe, unit };
}

/** Steps `ticks` ticks; returns the events and the westmost x each of `units` reached. */
function stepWatching(sim: Simulation, ticks: number, units: UnitRecord[]): { events: SimEvent[]; westmost: number[]; eastmost: number[] } {
  const events: SimEvent[] = [];
  const westmost = units.map((u) => u.x);
  const eastmost = units.map((u) => u.x);
  for (let i = 0; i < ticks; i++) {
    events.push(...sim.step());
    units.forEach((u, k) => { westmost[k] = Math.min(westmost[k]!, u.x); eastmost[k] = Math.max(eastmost[k]!, u.x); });
  }
  return { events, westmost, eastmost };
}

describe("who passes a locked door on the way to an enemy, through sim.step (DOOR-13, DOOR-15, DOOR-16)", () => {
  for (const ruleset of RULESETS) {
    it(`DOOR-15, DOOR-13 (${ruleset}): a troll ordered (orderAttack) at the adventurer beyond the locked door never unlocks it, and the adventurer never gets through either, in or out of an encounter`, () => {
      const { sim, foe, unit: troll } = across(ruleset, { kind: "creature", species: "troll" });
      expect(sim.apply({ type: "orderAttack", unitId: troll.id, targetId: foe.id })).toEqual({ ok: true });
      const r = stepWatching(sim, 120, [troll, foe]);
      // malignus: the troll walks to the tile before the door and waits there; d20 and d100: the
      // order starts an encounter at once, and its moves find no way past the door, so it stays.
      expect(troll.x).toBe(ruleset === "malignus" ? 7 : 9);
      expect(r.westmost[0]).toBe(ruleset === "malignus" ? 7 : 9);
      expect(r.eastmost[1]).toBeLessThanOrEqual(5); // DOOR-13: the adventurer (walking, or moving in its encounter turns) stays west of the door
      expect(r.events.filter((e) => e.type === "doorUnlocked")).toEqual([]);
      expect([isLocked(theDoor(sim)), theDoor(sim).padlock?.armed]).toEqual([true, true]);
      if (ruleset !== "malignus") expect(r.events.filter((e) => e.type === "encounterStarted")).toHaveLength(1);
    });

    it(`DOOR-14 (${ruleset}): a jobless minion under the keeper's orderAttack on that adventurer unlocks the locked door and passes it to reach it; without the order, walking to the same adventurer, it stops before the door`, () => {
      const ordered = across(ruleset, { kind: "minion" });
      expect(ordered.sim.apply({ type: "orderAttack", unitId: ordered.unit.id, targetId: ordered.foe.id })).toEqual({ ok: true });
      const r = stepWatching(ordered.sim, 120, [ordered.unit]);
      expect(r.westmost[0]).toBeLessThanOrEqual(6);
      expect(isLocked(theDoor(ordered.sim))).toBe(true);
      const free = across(ruleset, { kind: "minion" });
      expect(walkNextTo(free.sim, free.unit, free.foe)).toBe(true);
      const f = stepWatching(free.sim, 60, [free.unit]);
      expect(f.westmost[0]).toBe(7);
    });

    it(`DOOR-16 (${ruleset}): the Master on its way next to the same adventurer steps into the locked doorway (6,2), which never stops it, and fights from there; the padlock stays armed`, () => {
      const { sim, foe, unit: master } = across(ruleset, { kind: "master" });
      // The Master starts no walk by itself (it stays in the sanctum: rules-decisions "Who fights"):
      // the walk is given here; the movement and the doors' hook are the live ones.
      expect(walkNextTo(sim, master, foe)).toBe(true);
      const r = stepWatching(sim, 40, [master]);
      expect([master.x, master.y, r.westmost[0]]).toEqual([6, 2, 6]);
      expect(master.targetId).toBe(foe.id);
      expect(master.activity).toBe("fighting");
      expect([isLocked(theDoor(sim)), theDoor(sim).padlock?.armed]).toEqual([true, true]);
    });
  }
});

describe("the party's method against a locked door, through sim.step (DOOR-41, DOOR-42)", () => {
  /**
   * The party of `members` (at 2,1 / 2,2 / 2,3) walks to the padlocked door; the only die forced is
   * a natural success, so a method draw (DOOR-38: a d100 against 70) would eat it and the forcing
   * roll would run the script out: one die drawn means no choice was drawn.
   */
  function force(ruleset: RulesetId, members: Partial<UnitRecord>[]) {
    const sim = doorSim(undefined, 11, ruleset);
    lock(theDoor(sim));
    addUnit(sim, { kind: "master", x: 10, y: 2 });
    const units = members.map((f, i) => adventurer(sim, 2, 1 + i, f));
    sim.state.invasion.partyId = party(sim, units).id;
    const dice = forceDice(sim, [NATURAL_SUCCESS[ruleset]]);
    const events: SimEvent[] = [];
    for (let i = 0; i < 600 && !events.some((e) => e.type === "doorForced"); i++) events.push(...sim.step());
    expect(dice.left()).toBe(0);
    return { units, forced: events.filter((e) => e.type === "doorForced") as { byUnitId: string; method: string }[] };
  }
  
  for (const ruleset of RULESETS) {
    it(`DOOR-41 (${ruleset}): a party with a Locksmith picks at once, no draw; with a Doorbreaker too, it still picks`, () => {
      const a = force(ruleset, [stats(2, 5), { traits: ["locksmith"], ...stats(4, 1) }]);
      expect(a.forced.map((e) => [e.method, e.byUnitId])).toEqual([["pick", a.units[1]!.id]]);
      const b = force(ruleset, [{ traits: ["doorbreaker"], ...stats(1, 5) }, { traits: ["locksmith"], ...stats(4, 1) }]);
      expect(b.forced.map((e) => [e.method, e.byUnitId])).toEqual([["pick", b.units[1]!.id]]);
    });

    it(`DOOR-42 (${ruleset}): a party with a Doorbreaker and no Locksmith bashes at once, no draw, sending its best Combat member`, () => {
      const r = force(ruleset, [stats(5, 2), { traits: ["doorbreaker"], ...stats(1, 4) }]);
      expect(r.forced.map((e) => [e.method, e.byUnitId])).toEqual([["bash", r.units[1]!.id]]);
    });
  }
});
