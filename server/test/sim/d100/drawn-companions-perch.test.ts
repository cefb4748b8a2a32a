import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { D100_COMPANION_CLASS_WEIGHTS } from "@malignus/shared";
import { drawD100CompanionClasses } from "../../../src/sim/combat/d100/companions.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { planParty, startInvasion } from "../../../src/sim/invasions/party.ts";
import { of } from "./fixtures.ts";

const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");

function sim(ruleset: "d100" | "d20" | "malignus", seed = 1): Simulation {
  return Simulation.create({ seed, ruleset, map: parseMap("t", ARENA) });
}
const classed = (n: number) => ({ members: Array.from({ length: n }, () => ({ adventurerClass: "Warrior", level: 1 })) });
const bare = (e: SimEvent) => { const { tick: _t, type: _y, ...rest } = e; return rest; };

describe("issue 8: companion classes in normally drawn d100 parties", () => {
  it("the d100 weight table adds Hunter 10, Warlock 10, Skyrider 5 beside the shared 100; the draw uses no dice and is the same for the same seed, invasion and member", () => {
    expect(D100_COMPANION_CLASS_WEIGHTS).toEqual({ Hunter: 10, Warlock: 10, Skyrider: 5 });
    const s = sim("d100", 7);
    const rng = JSON.stringify(s.state.rng);
    const plan = classed(12);
    drawD100CompanionClasses(s, 3, plan);
    expect(JSON.stringify(s.state.rng)).toBe(rng);
    expect(plan.members.map((m) => m.adventurerClass)).toEqual(SEED7_INVASION3);
    const again = classed(12);
    drawD100CompanionClasses(sim("d100", 7), 3, again);
    expect(again).toEqual(plan);
  });

  it("over 1000 members (seeds 1..1000, invasion 5, member 0) 200 become companion classes (expected 1000 x 25/125 = 200): Hunters 85, Warlocks 66, Skyriders 49", () => {
    const count: Record<string, number> = {};
    for (let seed = 1; seed <= 1000; seed++) {
      const plan = classed(1);
      drawD100CompanionClasses(sim("d100", seed), 5, plan);
      const c = plan.members[0]!.adventurerClass;
      count[c] = (count[c] ?? 0) + 1;
    }
    expect([count.Hunter, count.Warlock, count.Skyrider, count.Warrior]).toEqual(THOUSAND);
  });

  it("nothing changes in malignus and d20 rooms, for peasants (level 0) and for a camp's warriors", () => {
    for (const r of ["malignus", "d20"] as const) {
      const plan = classed(12);
      drawD100CompanionClasses(sim(r, 7), 3, plan);
      expect(plan).toEqual(classed(12));
    }
    const peasants = { members: Array.from({ length: 12 }, () => ({ adventurerClass: "Peasant", level: 0 })) };
    drawD100CompanionClasses(sim("d100", 7), 3, peasants);
    expect(peasants.members.every((m) => m.adventurerClass === "Peasant")).toBe(true);
    const camp = classed(12);
    drawD100CompanionClasses(sim("d100", 7), 3, camp, "camp");
    expect(camp).toEqual(classed(12));
  });

  it("live: the same seed's invasion is planned with the same dice in a d20 and a d100 room; the d100 party swaps the drawn classes the hash names and brings their companions", () => {
    const d100 = sim("d100", SEED_LIVE), d20 = sim("d20", SEED_LIVE);
    for (const s of [d100, d20]) s.state.invasion.count = 4; // the next is the 5th: classed members
    const party = startInvasion(d100);
    const shared = planParty(d20.rng, 5, d20.clock().day);
    const classes = party.memberIds.map((id) => d100.state.units[id]!.adventurerClass);
    expect(classes).toEqual(LIVE_CLASSES);
    // Where the d100 party kept the shared draw, it is the d20 room's class.
    classes.forEach((c, i) => { if (!(c in D100_COMPANION_CLASS_WEIGHTS)) expect(c).toBe(shared.members[i]!.adventurerClass); });
    const companions = Object.values(d100.state.units).filter((u) => u.companionOf && party.memberIds.includes(u.companionOf)).map((u) => u.species);
    expect(companions).toEqual(LIVE_COMPANIONS);
  });
});

describe("P100-AIR-20 (issue 8): a keeper's flyer flies back to its perch after a fight, then lands", () => {
  it("a gargoyle left at moderate height 4 tiles from its perch emits flyingHome, flies home at its height and lands on its perch", () => {
    const s = sim("d100");
    const g = addUnit(s, { ...speciesFields("gargoyle"), x: 5, y: 5 });
    g.x = 9; g.y = 5;
    d100Of(g).altitude = "moderate";
    const events: SimEvent[] = [];
    const first = s.step();
    expect(of(first, "flyingHome").map(bare)).toEqual([{ unitId: g.id, to: { x: 5, y: 5 }, altitude: "moderate" }]);
    expect(of(first, "altitudeChanged")).toEqual([]);
    let guard = 0;
    while (of(events, "altitudeChanged").length === 0 && guard++ < 400) {
      const e = s.step();
      events.push(...e);
      if (of(e, "altitudeChanged").length === 0 && !(g.x === 5 && g.y === 5)) expect(d100Of(g).altitude).toBe("moderate");
    }
    expect(of(events, "altitudeChanged").map(bare)).toEqual([{ unitId: g.id, altitude: "ground", cause: "land" }]);
    expect([g.x, g.y, d100Of(g).altitude, d100Of(g).toPerch]).toEqual([5, 5, "ground", undefined]);
    expect(of(events, "flyingHome")).toEqual([]);
  });

  it("a gargoyle aloft on its perch lands at once; one whose way home is walled off lands where it is", () => {
    const s = sim("d100");
    const g = addUnit(s, { ...speciesFields("gargoyle"), x: 5, y: 5 });
    d100Of(g).altitude = "low";
    expect(of(s.step(), "altitudeChanged").map(bare)).toEqual([{ unitId: g.id, altitude: "ground", cause: "land" }]);

    const walled = [
      "P...................",
      "....................",
      ".....###............",
      ".....#.#............",
      ".....###............",
      ...Array.from({ length: 6 }, () => "...................."),
      "SK..................",
    ].join("\n");
    const s2 = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", walled) });
    const g2 = addUnit(s2, { ...speciesFields("gargoyle"), x: 6, y: 3 }); // its perch inside the walls
    g2.x = 10; g2.y = 8;
    d100Of(g2).altitude = "low";
    const events: SimEvent[] = [];
    for (let i = 0; i < 5; i++) events.push(...s2.step());
    expect(events.filter((e) => e.type === "flyingHome" || e.type === "altitudeChanged").map((e) => [e.type, bare(e)])).toEqual([
      ["flyingHome", { unitId: g2.id, to: { x: 6, y: 3 }, altitude: "low" }],
      ["altitudeChanged", { unitId: g2.id, altitude: "ground", cause: "land" }],
    ]);
    expect([g2.x, g2.y]).toEqual([10, 8]);
  });
});

const SEED7_INVASION3 = ["Warrior", "Warrior", "Warrior", "Warrior", "Warrior", "Warrior", "Warrior", "Warrior", "Warrior", "Hunter", "Hunter", "Warrior"];
const THOUSAND = [85, 66, 49, 800];
const SEED_LIVE = 9;
const LIVE_CLASSES = ["Warrior", "Hunter"];
const LIVE_COMPANIONS = ["hound"];
