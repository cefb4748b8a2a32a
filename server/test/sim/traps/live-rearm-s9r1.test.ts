import { describe, expect, it } from "vitest";
import type { PartKind, RulesetId, SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { REARM_DIFFICULTY } from "../../../src/sim/traps/rearm.ts";
import { REARM_PERIOD_TICKS } from "../../../src/sim/traps/parts.ts";
import { checkDie } from "../knowledge/helpers.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { makeSim, placeBuilt } from "./helpers.ts";

/*
 * Sweep s9-r1 (issue 17): TRAP-10 and TRAP-11 through a rearm. A part with nothing wired to it
 * still runs out of its 2 game days (TRAP-48; here it was built 2 days before the test starts) and a Trapping minion (Craft 2) comes to rearm it
 * (TRAP-51); a critical failure on that rearm (TRAP-36) has no trap to fire or rig, since the part
 * alone does nothing: it is a plain failure (no 50% d100 drawn, nothing fires, nobody is hurt) and
 * the minion's next roll rearms it. Every die recorded: the room's check die (malignus d10, d20
 * d20, d100 d100).
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
const CHECK_DIE: Record<RulesetId, string> = { malignus: "d10", d20: "d20", d100: "d100" };
type Rearmed = Extract<SimEvent, { type: "partRearmed" }>;

describe.each(RULESETS.map((r) => [r]))("s9-r1: rearming a part with nothing wired to it (%s)", (ruleset: RulesetId) => {
  const die = CHECK_DIE[ruleset];
  const hit = checkDie(ruleset, REARM_DIFFICULTY, 2, true);

  for (const [rule, kind] of [["TRAP-11", "spinningBlades"], ["TRAP-10", "pressurePlate"]] as [string, PartKind][]) {
    it(`${rule} (${ruleset}): the unwired ${kind}'s 2 game days have run out; the Trapping minion beside it rolls a natural 1 (${die}) on its rearm: nothing fires, nobody is hurt, no 50% d100 is drawn, the part is not rigged and stays unarmed; the minion's next ${die} ${hit} rearms it`, () => {
      const sim = makeSim(7, ruleset);
      sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
      const part = placeBuilt(sim, kind, 10, 5);
      // Built 2 game days before tick 0 (stepping through the 2 days is live-expiry's and live-rearm-dice-s8's): it is expired now.
      sim.state.parts[part]!.rearmedTick = -REARM_PERIOD_TICKS;
      const minion = addUnit(sim, { kind: "minion", x: 11, y: 5, home: { x: 11, y: 5 }, job: "trapping" });
      minion.stats.craft = 2;
      const dice = recordAllDice(sim, [1, hit]);
      const events: SimEvent[] = [];
      const rearms = () => events.filter((e): e is Rearmed => e.type === "partRearmed");
      for (let i = 0; i < 2000 && rearms().length < 2; i++) events.push(...sim.step());
      expect([dice.left(), dice.draws]).toEqual([0, [`${die}=1`, `${die}=${hit}`]]);
      expect(rearms().map((e) => [e.partId, e.byUnitId, e.outcome, e.roll, e.riggedTriggerId])).toEqual([
        [part, minion.id, "failed", 1, null],
        [part, minion.id, "rearmed", hit, null],
      ]);
      expect(events.filter((e) => e.type === "trapFired" || e.type === "wound" || e.type === "damaged")).toEqual([]);
      const p = sim.state.parts[part]!;
      expect([p.needsRearm, p.riggedBy, p.rearmedTick, minion.activity === "dead"]).toEqual([false, "", rearms()[1]!.tick, false]);
    });
  }
});
