import { describe, expect, it } from "vitest";
import { STANCES, type RulesetId, type SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { OPEN_MAP, adventurer, forceDice } from "./helpers.ts";

/*
 * Audit b1 of issue 17 (CMB-15): every minion has a combat stance, on a slider from Flight to
 * Aggression that the keeper sets. The existing live tests play it in malignus rooms only; here a
 * room of each ruleset: the keeper's `setStance` commands go through `sim.enqueue` (the room's
 * path) and take effect at the next step. No unit is near an enemy, so no die is drawn.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
const KEEPER = { kind: "keeper", seatId: "k1" } as const;

describe.each(RULESETS.map((r) => [r]))("audit b1: the stance slider in a %s room", (ruleset: RulesetId) => {
  it(`CMB-15 (${ruleset}): two minions start at Aggression; the keeper moves one along the slider Flight → Keep distance → Regroup → Aggression, one step a tick, the other untouched; an adventurer's stance is refused`, () => {
    const sim = Simulation.create({ seed: 3, ruleset, map: parseMap("t", OPEN_MAP) });
    const m = addUnit(sim, { kind: "minion", x: 3, y: 3 });
    const other = addUnit(sim, { kind: "minion", x: 5, y: 5 });
    const a = adventurer(sim, 11, 0);
    const dice = forceDice(sim, []);
    expect(STANCES).toEqual(["flight", "keepDistance", "regroup", "aggression"]);
    expect([m.stance, other.stance]).toEqual(["aggression", "aggression"]);
    const seen: (string | SimEvent)[][] = [];
    for (const stance of STANCES) {
      expect(sim.enqueue(KEEPER, { type: "setStance", unitId: m.id, stance })).toEqual({ ok: true });
      const ev = sim.step();
      seen.push([m.stance, other.stance, ...ev.filter((e) => e.type === "stanceChanged")]);
    }
    expect(seen).toEqual(STANCES.map((stance, i) => [stance, "aggression", { type: "stanceChanged", unitId: m.id, stance, targetId: "", tick: i }]));
    expect(sim.enqueue(KEEPER, { type: "setStance", unitId: a.id, stance: "flight" })).toMatchObject({ ok: false, code: "NOT_YOUR_UNIT", rule: "CMB-15" });
    sim.step();
    expect([a.stance, dice.left()]).toEqual(["aggression", 0]); // unchanged by the refused command
  });
});

/*
 * Sibling (the same malignus-only pattern, live-stance.test.ts): CMB-16, the stance decides
 * whether the minion fights the enemy it knows about or flees. A minion at (5, 3), an idle
 * adventurer 3 tiles east at (8, 3); the keeper's setStance goes through `sim.enqueue` before the
 * first step. Walking a tile takes 4 ticks; no die is drawn on the way.
 */
describe.each(RULESETS.map((r) => [r]))("audit b1: the stance decides, in a %s room", (ruleset: RulesetId) => {
  const walk = (stance: "flight" | "aggression", steps: number) => {
    const sim = Simulation.create({ seed: 1, ruleset, map: parseMap("t", OPEN_MAP) });
    const m = addUnit(sim, { kind: "minion", x: 5, y: 3 });
    adventurer(sim, 8, 3);
    expect(sim.enqueue(KEEPER, { type: "setStance", unitId: m.id, stance })).toEqual({ ok: true });
    const dice = forceDice(sim, []);
    const path: string[] = [];
    const events: SimEvent[] = [];
    for (let i = 0; i < steps; i++) { events.push(...sim.step()); path.push(`${m.x},${m.y}`); }
    return { sim, m, path, attacks: events.filter((e) => e.type === "attack" || e.type === "encounterStarted"), left: dice.left() };
  };

  it(`CMB-16 (${ruleset}): at Flight the minion walks away west, (4, 3), (3, 3), (2, 3) in 12 ticks, fleeing, no blow; at Aggression it walks east to (7, 3), next to the adventurer, in 8 ticks, and its next step rolls a die to fight it`, () => {
    const flight = walk("flight", 12);
    expect([flight.path.join(" "), flight.m.activity, flight.attacks, flight.left]).toEqual(["5,3 5,3 5,3 4,3 4,3 4,3 4,3 3,3 3,3 3,3 3,3 2,3", "fleeing", [], 0]);
    const aggression = walk("aggression", 8);
    expect([aggression.path.join(" "), aggression.attacks, aggression.left]).toEqual(["5,3 5,3 5,3 6,3 6,3 6,3 6,3 7,3", [], 0]);
    expect(() => aggression.sim.step()).toThrow("scripted dice ran out"); // next to it, its next step rolls to fight
  });
});
