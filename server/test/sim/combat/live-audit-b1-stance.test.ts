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
