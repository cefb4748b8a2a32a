/**
 * A d20-room dice recorder (issue 17, stress point 5 "dice of the right size"), the d20 counterpart
 * of d100/fixtures.ts `recordDice`: the simulation's dice are forced to `values` in order (the
 * project's scripted dice) and every draw the rules make is written down with the die it asked
 * for: "d20=17" for `die(20)`, "d8=4" for `die(8)`, "d100=v" for `d100()`, "min..max=v" for
 * `int(min, max)`. A test then asserts the exact list, which shows the rule asked for a 1d20, a
 * 1d8, a 1d4… and not merely for some die that happens to fit the forced value.
 */
import { expect } from "vitest";
import type { SimEvent } from "@malignus/shared";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { forceDice } from "../encounters/helpers.ts";
import { recordAllDice, type DiceRecord } from "../recordAllDice.ts";
import { of } from "./live-helpers.ts";
import { seat } from "./live-turn.ts";

/**
 * Forces the dice of `sim` to `values` (all four draws, as encounters/helpers.ts `forceDice`) and
 * records every draw as "dN=v" / "d100=v" / "min..max=v" (../recordAllDice.ts; a percent chance's
 * d100 is drawn but not written down).
 */
export function recordD20Dice(sim: Simulation, values: readonly number[]): DiceRecord {
  return recordAllDice(sim, values, { chance: "unrecorded" });
}

/**
 * live-turn.ts `playTurn` with the turn's dice recorded: starts the encounter (`first` targets
 * `target`, initiative dice `initiative` in unit id order), runs `started` (if given), plans
 * `first`'s turn with `steps` through the live `planTurn` command and plays it with `dice` under
 * {@link recordD20Dice}, asserting every value was drawn. Returns the events, the step refusals and
 * the recorded draws of the turn.
 */
export function playRecordedTurn(sim: Simulation, first: UnitRecord, target: UnitRecord, initiative: readonly number[], steps: readonly unknown[], dice: readonly number[], started?: () => void): { events: SimEvent[]; refusals: (string | null)[]; draws: string[] } {
  first.targetId = target.id;
  forceDice(sim, initiative);
  sim.step();
  started?.();
  expect(sim.enqueue(seat(first), { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
  const rec = recordD20Dice(sim, dice);
  const events = sim.step();
  expect(rec.left()).toBe(0);
  return { events, refusals: of(events, "turnPlanPlayed")[0]!.refusals, draws: rec.draws };
}
