import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_DAY } from "@malignus/shared";
import type { Actor, Simulation } from "../../../src/sim/index.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { inRoom, roomSim, inEveryRuleset, arriveLive, dayHour, forceDiceFirst, stepArrival, type Arrival } from "./live-helpers.ts";

/**
 * Party goals, sizes, levels and kinds as a live game makes them (INV-01, INV-02, INV-06,
 * INV-38 to INV-63): every party here arrives through `sim.step()` (the schedule system) with the
 * party dice forced. The dice, in the order the party tables draw them (invasions/party.ts):
 * goal 1..1000 (1–700 the Master, 701–800 treasure, 801–900 prisoners, 901–1000 an altar);
 * from the 3rd invasion a mob roll 1..1000 (≤ 125 a mob); the size 1..2 on the 2nd invasion;
 * one level die 1..(sum of the day's weights) per member; from the 4th invasion a strength roll
 * 1..1000 (≤ 200 weaker, 201–400 stronger) then 0..1 (0: one member fewer/more, 1: levels −1/+1);
 * one class die 1..100 per member of level ≥ 1 (1–30 Warrior, 31–45 Scout, 46–55 Cartographer,
 * 56–65 Locksmith, 66–75 Doorbreaker, 76–90 Rogue, 91–100 Priest); last the portal (0: the default
 * map's one portal).
 */

const KEEPER: Actor = { kind: "keeper", seatId: "k1" };
const MASTER = 1, TREASURE = 701, PRISONERS = 801, ALTAR = 901;
const NO_MOB = 126, NORMAL = 401;
/** Room seed 7's d100 rosters of the 6th invasion of day 20 in INV-59 (its first member a Warlock, see inRoom); its 9th draws no companion class. */
const D100_6TH = ["Warlock:1", "Scout:2", "Cartographer:3", "Rogue:4", "Priest:4", "Warrior:4"];
const PORTAL = 0;

/** A default-map dungeon that never pauses and has no invasion due on its own. */
function dungeon(seed = 1): Simulation {
  const sim = roomSim(seed, { pauseOnSpot: false });
  sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
  return sim;
}

/** Invasion `n` on `day` in a fresh dungeon with `dice` forced. */
const arrive = (n: number, day: number, dice: readonly number[], seed = 1): Arrival => arriveLive(dungeon(seed), n, day, dice);
const times = (n: number, v: number): number[] => Array.from({ length: n }, () => v);
const started = (a: Arrival) => a.events.filter((e) => e.type === "invasionStarted");

/** The 3rd invasion of `day` with every level die at its top (100): the day's highest level. */
function topLevel(day: number): number {
  const a = arriveLive(dungeon(), 3, day, [MASTER, NO_MOB, ...times(5, 100), ...times(5, 1), PORTAL]);
  expect(a.left).toBe(0);
  return Math.max(...a.members.map((m) => m.level));
}

/** Day `day`, invasion count `count`: the keeper's command is applied and the next tick runs with `dice` forced. */
function special(count: number, day: number, answer: (sim: Simulation) => void, dice: readonly number[]): Arrival {
  const sim = dungeon(7);
  sim.state.invasion.count = count;
  sim.state.tick = dayHour(day, 9) + 5;
  answer(sim); // the command applies at once: the party is queued and sets out on the next schedule run
  expect(sim.state.invasion.partyId).toBe("");
  return stepArrival(sim, dice);
}
/** The keeper raids settlement `id` (INV-32, INV-33). */
const raid = (id: string) => (sim: Simulation) => { expect(sim.enqueue(KEEPER, { type: "raidSettlement", settlementId: id })).toEqual({ ok: true }); };
/** A fugitive is asking; the keeper admits it (INV-50): its pursuers are queued as the next invasion. */
const admitFugitive = (sim: Simulation) => {
  sim.state.invasion.fugitiveOffer = "Fugitive of Lowford";
  expect(sim.enqueue(KEEPER, { type: "answerFugitive", admit: true })).toMatchObject({ ok: true });
};

inEveryRuleset(() => {
  describe("party goals through the live schedule (INV-01, INV-02, INV-06)", () => {
    it("INV-01, INV-02: goal die 1–700 is the Master, 701–800 the treasure, 801–900 the prisoners, 901–1000 an altar (each there)", () => {
      const goal = (die: number, setup: (sim: Simulation) => void = () => {}) => {
        const sim = dungeon(2);
        setup(sim);
        const a = arriveLive(sim, 1, 3, [die, PORTAL]);
        expect(a.left).toBe(0);
        return a.party.goal;
      };
      const withPrisoner = (sim: Simulation) => { addUnit(sim, { kind: "adventurer", faction: "village", x: 15, y: 12, activity: "captured" }); };
      const withAltar = (sim: Simulation) => { expect(sim.apply({ type: "buildAltar", x: 15, y: 12 }).ok).toBe(true); };
      expect([goal(1), goal(700), goal(701), goal(800)]).toEqual(["killMaster", "killMaster", "stealTreasure", "stealTreasure"]);
      expect([goal(801, withPrisoner), goal(900, withPrisoner), goal(901, withAltar), goal(1000, withAltar)])
        .toEqual(["freePrisoners", "freePrisoners", "destroyAltar", "destroyAltar"]);
    });

    it("INV-06: a goal gone before the party arrives becomes killing the Master: no prisoner, no altar, an empty treasure", () => {
      const goal = (die: number, setup: (sim: Simulation) => void = () => {}) => {
        const sim = dungeon(3);
        setup(sim);
        return arriveLive(sim, 1, 3, [die, PORTAL]).party.goal;
      };
      expect([goal(PRISONERS), goal(ALTAR), goal(TREASURE, (s) => { s.state.treasure.amount = 0; })]).toEqual(["killMaster", "killMaster", "killMaster"]);
      // A prisoner who escaped before the arrival no longer counts.
      const prisoner = (s: Simulation) => { addUnit(s, { kind: "adventurer", faction: "village", x: 15, y: 12, activity: "captured" }).activity = "left"; };
      expect(goal(PRISONERS, prisoner)).toBe("killMaster");
    });
  });

  describe("party size and levels through the live schedule (INV-38 to INV-49)", () => {
    it("INV-38: the first invasion of a new dungeon arrives on day 2 as exactly 1 peasant (level 0), and on any day", () => {
      const sim = roomSim(5, { pauseOnSpot: false });
      const due = sim.state.invasion.dueTick;
      for (let i = 0; i < due - 1; i++) sim.step();
      const forced = forceDiceFirst(sim, [MASTER, PORTAL]);
      const events = sim.step();
      expect(forced.left()).toBe(0);
      forced.release();
      const e = events.find((x) => x.type === "invasionStarted");
      expect(e).toMatchObject({ invasionNumber: 1, size: 1, tick: due });
      expect(Math.floor(due / TICKS_PER_GAME_DAY) + 1).toBe(2); // INV-10: day 2
      const party = sim.state.parties[sim.state.invasion.partyId]!;
      expect(party.memberIds.map((id) => `${sim.state.units[id]!.adventurerClass}:${sim.state.units[id]!.level}`)).toEqual(["Peasant:0"]);
      expect(arrive(1, 30, [MASTER, PORTAL]).roster).toEqual(["Peasant:0"]); // even on day 30
    });

    it("INV-39: the second invasion's size die gives 1 or 2 members (one value each of 1..2)", () => {
      const one = arrive(2, 3, [MASTER, 1, 50, PORTAL]);
      const two = arrive(2, 3, [MASTER, 2, 50, 95, 76, PORTAL]);
      expect([one.roster, one.left]).toEqual([["Peasant:0"], 0]);
      expect([two.roster, two.left]).toEqual([inRoom(["Peasant:0", "Rogue:1"], ["Peasant:0", "Hunter:1"]), 0]);
      expect(started(two)).toMatchObject([{ invasionNumber: 2, size: 2 }]);
    });

    it("INV-40: every later invasion has at least 2: the 3rd on day 1 has 2; a weaker 4th on day 3 keeps 2 (its levels drop instead)", () => {
      const third = arrive(3, 1, [MASTER, NO_MOB, 50, 50, PORTAL]);
      expect([third.roster, third.left]).toEqual([["Peasant:0", "Peasant:0"], 0]);
      // Strength roll 1 (weaker), then 0 (one member fewer): 2 is the floor, so every level −1 instead.
      // Level dice 95, 95 make two level-1 members; weaker, they stay 2 and drop to level 0 (peasants, no class die).
      const weaker = arrive(4, 3, [MASTER, NO_MOB, 95, 95, 1, 0, PORTAL]);
      expect([weaker.party.kind, weaker.roster, weaker.left]).toEqual(["weaker", ["Peasant:0", "Peasant:0"], 0]);
      expect(arrive(4, 3, [MASTER, NO_MOB, 95, 95, NORMAL, 1, 1, PORTAL]).roster).toEqual(["Warrior:1", "Warrior:1"]);
    });

    it("INV-41: size and levels follow the game day: the 5th invasion is 3 on day 4 and 5 on day 8; the 3rd and 9th on day 12 are alike", () => {
      expect(arrive(5, 4, [MASTER, NO_MOB, ...times(3, 1), NORMAL, PORTAL]).roster).toEqual(times(3, 0).map(() => "Peasant:0"));
      expect(arrive(5, 8, [MASTER, NO_MOB, ...times(5, 1), NORMAL, PORTAL]).roster).toEqual(times(5, 0).map(() => "Peasant:0"));
      // Day 12 (levels 0:15, 1:40, 2:35, 3:10): die 60 is level 2 whatever the invasion number.
      const third = arrive(3, 12, [MASTER, NO_MOB, ...times(5, 60), ...times(5, 1), PORTAL]);
      const ninth = arrive(9, 12, [MASTER, NO_MOB, ...times(5, 60), NORMAL, ...times(5, 1), PORTAL]);
      expect([third.left, ninth.left]).toEqual([0, 0]);
      expect(third.roster).toEqual(times(5, 0).map(() => "Warrior:2"));
      expect(ninth.members.map((m) => m.level)).toEqual(third.members.map((m) => m.level));
      expect(ninth.roster).toEqual(inRoom(third.roster, ["Skyrider:2", ...times(4, 0).map(() => "Warrior:2")]));
    });

    it("INV-42: while a party is under 5 (4 on day 7) its top level die gives level 1; once 5 (day 8) the same die gives level 2", () => {
      const day7 = arrive(3, 7, [MASTER, NO_MOB, ...times(4, 100), ...times(4, 1), PORTAL]);
      const day8 = arrive(3, 8, [MASTER, NO_MOB, ...times(5, 100), ...times(5, 1), PORTAL]);
      expect([day7.roster, day7.left]).toEqual([times(4, 0).map(() => "Warrior:1"), 0]);
      expect([day8.roster, day8.left]).toEqual([times(5, 0).map(() => "Warrior:2"), 0]);
    });

    it("INV-43: level 3 comes from day 10, not on day 9, not even in a stronger party (levels +1 stop at 2)", () => {
      expect([topLevel(9), topLevel(10)]).toEqual([2, 3]);
      const stronger = arrive(4, 9, [MASTER, NO_MOB, ...times(5, 100), 201, 1, ...times(5, 1), PORTAL]);
      expect([stronger.party.kind, stronger.roster, stronger.left]).toEqual(["stronger", times(5, 0).map(() => "Warrior:2"), 0]);
    });

    it("INV-44: level 4 comes from day 15, not on day 14", () => {
      expect([topLevel(14), topLevel(15)]).toEqual([3, 4]);
      // Day 15 (levels 0:5, 1:25, 2:40, 3:20, 4:10): die 100 is a level-4 Warrior, die 1 a peasant.
      expect(arrive(3, 15, [MASTER, NO_MOB, 100, 1, 1, 1, 1, 1, PORTAL]).roster).toEqual(["Warrior:4", "Peasant:0", "Peasant:0", "Peasant:0", "Peasant:0"]);
    });

    it("INV-44: a stronger 4th invasion (every level +1) of level-3 members stays level 3 on day 14 and becomes level 4 on day 15", () => {
      const day14 = arrive(4, 14, [MASTER, NO_MOB, ...times(5, 100), 201, 1, ...times(5, 1), PORTAL]); // day 14: die 100 is level 3
      const day15 = arrive(4, 15, [MASTER, NO_MOB, ...times(5, 90), 201, 1, ...times(5, 1), PORTAL]); // day 15: die 90 is level 3
      expect([day14.party.kind, day14.roster, day14.left]).toEqual(["stronger", times(5, 0).map(() => "Warrior:3"), 0]);
      expect([day15.party.kind, day15.roster, day15.left]).toEqual(["stronger", times(5, 0).map(() => "Warrior:4"), 0]);
    });

    it("INV-45: level 5 comes from day 30, not on day 29", () => {
      expect([topLevel(29), topLevel(30)]).toEqual([4, 5]);
    });

    it("INV-45: a stronger 4th invasion (strength roll 201, then 1: every level +1) of level-4 members stays level 4 on day 29 and becomes level 5 on day 30; the same day-30 dice in a usual party give level 4", () => {
      const day29 = arrive(4, 29, [MASTER, NO_MOB, ...times(5, 100), 201, 1, ...times(5, 1), PORTAL]); // day 29: die 100 is level 4
      const day30 = arrive(4, 30, [MASTER, NO_MOB, ...times(5, 90), 201, 1, ...times(5, 1), PORTAL]); // day 30: die 90 is level 4
      const usual = arrive(4, 30, [MASTER, NO_MOB, ...times(5, 90), NORMAL, ...times(5, 1), PORTAL]);
      expect([day29.party.kind, day29.roster, day29.left]).toEqual(["stronger", times(5, 0).map(() => "Warrior:4"), 0]);
      expect([day30.party.kind, day30.roster, day30.left]).toEqual(["stronger", times(5, 0).map(() => "Warrior:5"), 0]);
      expect([usual.party.kind, usual.roster, usual.left]).toEqual(["normal", times(5, 0).map(() => "Warrior:4"), 0]);
    });

    it("INV-46: from day 50 a usual party is 5 adventurers of level 5, whatever the level dice", () => {
      const a = arrive(12, 50, [MASTER, NO_MOB, 1, 1, 1, 1, 1, NORMAL, 1, 31, 46, 56, 66, PORTAL]);
      expect([a.roster, a.left]).toEqual([inRoom(["Warrior:5", "Scout:5", "Cartographer:5", "Locksmith:5", "Doorbreaker:5"], ["Hunter:5", "Scout:5", "Cartographer:5", "Locksmith:5", "Doorbreaker:5"]), 0]);
    });

    it("INV-47: peasants count as members: a day-3 party of 2 is a peasant and a Priest; a mob's size is its peasants", () => {
      const a = arrive(3, 3, [MASTER, NO_MOB, 50, 95, 91, PORTAL]);
      expect([a.roster, started(a)[0]]).toMatchObject([["Peasant:0", "Priest:1"], { size: 2 }]);
      expect(a.members.map((m) => m.partyId)).toEqual([a.party.id, a.party.id]);
      const mob = arrive(3, 5, [MASTER, 125, 86, PORTAL]);
      expect([mob.party.kind, mob.roster, started(mob)[0]]).toMatchObject(["mob", times(4, 0).map(() => "Peasant:0"), { size: 4 }]);
    });

    it("INV-48: members of one party can have different levels: day-20 level dice 1, 16, 51, 81 give levels 1 to 4", () => {
      const a = arrive(3, 20, [MASTER, NO_MOB, 1, 16, 51, 81, 100, ...times(5, 1), PORTAL]);
      expect([a.roster, a.left]).toEqual([["Warrior:1", "Warrior:2", "Warrior:3", "Warrior:4", "Warrior:4"], 0]);
    });

    it("INV-49: early parties are mostly peasants: on day 2, level dice 1–90 of 100 give a peasant, only 91–100 a classed adventurer", () => {
      const a = arrive(3, 2, [MASTER, NO_MOB, 90, 91, 30, PORTAL]);
      expect([a.roster, a.left]).toEqual([["Peasant:0", "Warrior:1"], 0]);
      expect(arrive(3, 2, [MASTER, NO_MOB, 1, 1, PORTAL]).roster).toEqual(["Peasant:0", "Peasant:0"]);
    });
  });

  describe("mobs, weaker and stronger parties through the live schedule (INV-54 to INV-58)", () => {
    it("INV-54: from the 3rd invasion the mob roll 1–125 of 1000 (1 in 8) makes a peasant mob, 126 a usual party; the 2nd draws no mob roll", () => {
      const mob = arrive(3, 12, [MASTER, 125, 0, PORTAL]); // day 12: a mob of 3 (the size die −1..1 around 3)
      expect([mob.party.kind, mob.roster, mob.left]).toEqual(["mob", times(3, 0).map(() => "Peasant:0"), 0]);
      const usual = arrive(3, 12, [MASTER, NO_MOB, ...times(5, 60), ...times(5, 1), PORTAL]);
      expect(usual.party.kind).toBe("normal");
      // The 2nd invasion's second die is its size (1..2): a mob roll of 125 there is out of range.
      expect(() => arrive(2, 12, [MASTER, 125])).toThrow(/scripted value 125 outside 1\.\.2/);
    });

    it("INV-55: an early mob (day 5) has 2 peasants on dice 1–45, 3 on 46–85, 4 on 86–100", () => {
      const size = (die: number) => arrive(3, 5, [MASTER, 125, die, PORTAL]).members.length;
      expect([1, 45, 46, 85, 86, 100].map(size)).toEqual([2, 2, 3, 3, 4, 4]);
    });

    it("INV-56: later mobs grow: 11 or 12 peasants on day 50, 7 to 9 on day 30", () => {
      const size = (day: number, die: number) => arrive(3, day, [MASTER, 125, die, PORTAL]).members.length;
      expect([-1, 0, 1].map((d) => size(50, d))).toEqual([11, 12, 12]);
      expect([-1, 0, 1].map((d) => size(30, d))).toEqual([7, 8, 9]);
    });

    it("INV-57: from the 4th invasion the strength roll 1–200 of 1000 (1 in 5) makes it weaker: one member fewer, or every level −1; the 3rd draws no strength roll", () => {
      const base = [MASTER, NO_MOB, ...times(5, 51)]; // day 20: five level-3 members
      const fewer = arrive(4, 20, [...base, 200, 0, ...times(4, 1), PORTAL]);
      const lower = arrive(4, 20, [...base, 1, 1, ...times(5, 1), PORTAL]);
      expect([fewer.party.kind, fewer.roster, fewer.left]).toEqual(["weaker", times(4, 0).map(() => "Warrior:3"), 0]);
      expect([lower.party.kind, lower.roster, lower.left]).toEqual(["weaker", times(5, 0).map(() => "Warrior:2"), 0]);
      const third = arrive(3, 20, [...base, ...times(5, 1), PORTAL]);
      expect([third.party.kind, third.left]).toEqual(["normal", 0]);
    });

    it("INV-58: the strength roll 201–400 (another 1 in 5) makes it stronger: one member more (6), or every level +1 within the day's gate", () => {
      const base = [MASTER, NO_MOB, ...times(5, 51)];
      const more = arrive(4, 20, [...base, 201, 0, 81, ...times(6, 1), PORTAL]);
      expect([more.party.kind, more.roster, more.left]).toEqual(["stronger", [...times(5, 0).map(() => "Warrior:3"), inRoom(["Warrior:4"], ["Warlock:4"])[0]], 0]);
      const higher = arrive(4, 20, [...base, 400, 1, ...times(5, 1), PORTAL]);
      expect([higher.party.kind, higher.roster]).toEqual(["stronger", times(5, 0).map(() => "Warrior:4")]);
      const usual = arrive(4, 20, [...base, 401, ...times(5, 1), PORTAL]);
      expect([usual.party.kind, usual.roster]).toEqual(["normal", times(5, 0).map(() => "Warrior:3")]);
    });
  });

  describe("special parties through the keeper's commands and the live schedule (INV-52, INV-53, INV-59 to INV-63)", () => {
    it("INV-59: a punitive expedition (village raided) on day 20 has the very members the 6th invasion would have had with the same dice", () => {
      const levels = [1, 16, 51, 81, 100], classes = [1, 31, 46, 76, 91];
      const usual = arrive(6, 20, [MASTER, NO_MOB, ...levels, 201, 0, 81, ...classes, 30, PORTAL], 7); // the same room seed as special()
      const punitive = special(5, 20, raid("lowford"), [MASTER, ...levels, 201, 0, 81, ...classes, 30, PORTAL]); // no mob roll
      expect([punitive.party.kind, punitive.party.invasionNumber, punitive.left]).toEqual(["punitive", 6, 0]);
      expect(punitive.roster).toEqual(usual.roster);
      expect(punitive.roster).toEqual(inRoom(["Warrior:1", "Scout:2", "Cartographer:3", "Rogue:4", "Priest:4", "Warrior:4"], D100_6TH));
    });

    it("INV-60: a Hostile camp sends Warriors only, one per member the invasion would have had (6 for a stronger one), levels kept", () => {
      const camp = special(5, 20, raid("blackfang"), [MASTER, 1, 16, 51, 81, 100, 201, 0, 81, PORTAL]); // no class dice
      expect([camp.party.kind, camp.roster, camp.left]).toEqual(["camp", ["Warrior:1", "Warrior:2", "Warrior:3", "Warrior:4", "Warrior:4", "Warrior:4"], 0]);
      expect(camp.members.every((m) => m.faction === "camp")).toBe(true);
    });

    it("INV-61: no camp warrior is below level 1: on day 2 level dice that make peasants make level-1 Warriors", () => {
      const camp = special(2, 2, raid("blackfang"), [MASTER, 1, 90, PORTAL]);
      expect([camp.party.kind, camp.roster, camp.left]).toEqual(["camp", ["Warrior:1", "Warrior:1"], 0]);
      expect(arrive(3, 2, [MASTER, NO_MOB, 1, 90, PORTAL]).roster).toEqual(["Peasant:0", "Peasant:0"]); // the same level dice, a usual 3rd invasion
    });

    it("INV-62: a camp never sends a peasant mob: as the 3rd invasion it draws no mob roll (the goal, then the level dice at once)", () => {
      const camp = special(2, 12, raid("blackfang"), [MASTER, 60, 60, 60, 60, 60, PORTAL]);
      expect([camp.party.kind, camp.roster, camp.left]).toEqual(["camp", times(5, 0).map(() => "Warrior:2"), 0]);
      // The same place in a usual 3rd invasion's dice is its mob roll: 125 makes a mob there; for the camp it is no level die.
      expect(arrive(3, 12, [MASTER, 125, 0, PORTAL]).party.kind).toBe("mob");
      expect(() => special(2, 12, raid("blackfang"), [MASTER, 125])).toThrow(/scripted value 125 outside 1\.\.100/);
    });

    it("INV-52, INV-53: fugitive pursuers draw neither a mob roll nor a strength roll: on day 20 they are the day's usual 5", () => {
      const pursuers = special(8, 20, admitFugitive, [MASTER, 1, 16, 51, 81, 100, 1, 31, 46, 76, 91, PORTAL]);
      expect([pursuers.party.kind, pursuers.party.invasionNumber, pursuers.left]).toEqual(["pursuers", 9, 0]);
      expect(pursuers.roster).toEqual(inRoom(["Warrior:1", "Scout:2", "Cartographer:3", "Rogue:4", "Priest:4"]));
      // The same dice for a usual 9th invasion need a mob roll and a strength roll first.
      expect(arrive(9, 20, [MASTER, NO_MOB, 1, 16, 51, 81, 100, NORMAL, 1, 31, 46, 76, 91, PORTAL], 7).roster).toEqual(pursuers.roster);
    });

    it("INV-63: treasure has no effect on a party: 10,000 gold or 1 (and an altar or not), the same dice give the same members", () => {
      const dice = [MASTER, NO_MOB, 1, 16, 51, 81, 100, 201, 0, 81, 1, 31, 46, 76, 91, 30, PORTAL];
      const rich = dungeon(9); rich.state.treasure.amount = 10_000;
      const poor = dungeon(9); poor.state.treasure.amount = 1;
      expect(poor.apply({ type: "buildAltar", x: 15, y: 12 }).ok).toBe(true);
      const a = arriveLive(rich, 6, 20, dice), b = arriveLive(poor, 6, 20, dice);
      expect([a.left, b.left]).toEqual([0, 0]);
      expect(b.roster).toEqual(a.roster);
      expect(a.roster).toHaveLength(6);
    });
  });
});


describe("the same tables in every ruleset's rooms (INV-38, INV-39, INV-54)", () => {
  it.each(["malignus", "d20", "d100"])("INV-38, INV-39, INV-54 in a %s room: the 1st invasion is 1 peasant, the 2nd's size die gives 2, a 3rd's mob roll of 125 a mob", (ruleset) => {
    const room = () => {
      const sim = roomSim(11, { ruleset: ruleset as "malignus" | "d20" | "d100", pauseOnSpot: false });
      sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
      return sim;
    };
    expect(arriveLive(room(), 1, 2, [MASTER, PORTAL]).roster).toEqual(["Peasant:0"]);
    expect(arriveLive(room(), 2, 3, [MASTER, 2, 50, 95, 76, PORTAL]).roster).toEqual(["Peasant:0", "Rogue:1"]);
    const mob = arriveLive(room(), 3, 5, [MASTER, 125, 46, PORTAL]);
    expect([mob.party.kind, mob.roster]).toEqual(["mob", ["Peasant:0", "Peasant:0", "Peasant:0"]]);
  });
});
