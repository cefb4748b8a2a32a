import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, d100Sim, recordDice } from "./fixtures.ts";

/**
 * P100-BASE-01 to 03 in live d100 fights (issue 17, sweep s8): a scout the minion cannot see
 * (Tracking 3 sees 9 tiles, the minion's Tracking 1 only 5) opens the fight with a surprise shot,
 * through `Simulation.step`, with the dice recorded (fixtures.ts `recordDice`).
 */

/** The events of one tick as "type unit" lines: who started a turn, who attacked whom with what. */
function order(events: SimEvent[]): string[] {
  return events.flatMap((e) => {
    if (e.type === "encounterStarted") return [`encounterStarted ${JSON.stringify(e.initiative)}`];
    if (e.type === "turnStarted") return [`turnStarted ${e.unitId}`];
    if (e.type === "attack") return [`attack ${e.attackerId}->${e.targetId} hit=${e.hit} ${e.attackRoll} vs ${e.defenceRoll}`];
    if (e.type === "damaged") return [`damaged ${e.targetId} ${e.amount} hp=${e.hp}`];
    return [];
  });
}

/** A scout with a bow at (3, 5) aiming at a minion at (10, 5) (60 HP); `seen` gives the minion Tracking 3 too, so nobody is surprised. */
function ambush(seen: boolean) {
  const sim = d100Sim();
  const scout = adventurer(sim, "Scout", 3, 5, { weapon: "bow", ranged: true });
  scout.stats.tracking = 3;
  const m = addUnit(sim, { kind: "minion", x: 10, y: 5 });
  if (seen) m.stats.tracking = 3;
  scout.targetId = m.id;
  return { sim, scout, m };
}

describe("d100 surprise attacks in live fights (sweep s8)", () => {
  it("P100-BASE-01, P100-BASE-02, P100-BASE-03: the unseen scout's surprise shot comes before the first regular turn (the minion's, initiative 60 over 50): an ordinary d100 attack roll, 50 with no bonus, against the minion's d100 dodge 60 − 20 = 40: it hits for a damage roll of 30 (1..100); then the minion's own turn", () => {
    const { sim, scout, m } = ambush(false);
    const dice = recordDice(sim, [50, 60, 50, 60, 30, 10, 90]);
    const ev = sim.step();
    expect(order(ev)).toEqual([
      `encounterStarted {"${scout.id}":50,"${m.id}":60}`,
      `attack ${scout.id}->${m.id} hit=true 50 vs 40`,
      `damaged ${m.id} 30 hp=30`,
      `turnStarted ${m.id}`,
      `attack ${m.id}->${scout.id} hit=false 10 vs 90`,
    ]);
    expect([dice.draws, dice.left(), d100Of(scout).surprise]).toEqual([["d100=50", "d100=60", "d100=50", "d100=60", "1..100=30", "d100=10", "d100=90"], 0, false]);
  });

  it("P100-BASE-03 (both sides): the surprised minion's dodge 70 counts 50, so the scout's 50 is equal and misses; a minion that sees the scout coming is not surprised: no extra shot, its turn comes first and the scout shoots only in its own turn", () => {
    const { sim, scout, m } = ambush(false);
    const dice = recordDice(sim, [50, 60, 50, 70, 10, 90]);
    expect(order(sim.step())).toEqual([
      `encounterStarted {"${scout.id}":50,"${m.id}":60}`,
      `attack ${scout.id}->${m.id} hit=false 50 vs 50`,
      `turnStarted ${m.id}`,
      `attack ${m.id}->${scout.id} hit=false 10 vs 90`,
    ]);
    expect([dice.draws, dice.left()]).toEqual([["d100=50", "d100=60", "d100=50", "d100=70", "d100=10", "d100=90"], 0]);

    const seen = ambush(true);
    const quiet = recordDice(seen.sim, [50, 60, 10, 90]);
    expect(order(seen.sim.step())).toEqual([
      `encounterStarted {"${seen.scout.id}":50,"${seen.m.id}":60}`,
      `turnStarted ${seen.m.id}`,
      `attack ${seen.m.id}->${seen.scout.id} hit=false 10 vs 90`,
    ]);
    expect([quiet.draws, quiet.left()]).toEqual([["d100=50", "d100=60", "d100=10", "d100=90"], 0]);
  });
});
