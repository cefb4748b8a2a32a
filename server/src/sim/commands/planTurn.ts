import type { TurnPlan } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { encounterOf } from "../combat/encounters/book.ts";
import { answerLostPlan, ENCOUNTER_RULES } from "../combat/encounters/encounters.ts";

/**
 * An adventurer player's plan for its adventurer's coming turn (`planTurn`, actor an adventurer
 * seat; d20 D20-FLOW-27 and d100 rooms): stored in its encounter's `plans` under the unit's id,
 * where the ruleset takes it when the turn comes (combat/encounters/); the AI acts otherwise.
 * Refused with INVALID_COMMAND when the adventurer is in no encounter. A plan that can never be
 * played (d20 and d100: the adventurer is dead, captured or departed and will have no turn, issue 17)
 * is accepted but answered at once with `turnPlanPlayed` refusing it (`dead`, `captured`,
 * `departed`) and not kept (encounters.ts `answerLostPlan`).
 */
export const planTurn: CommandHandler<"planTurn"> = (sim, command, actor) => {
  if (actor.kind !== "adventurer") return { ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "only adventurer players plan turns" };
  const encounter = encounterOf(sim, actor.unitId);
  if (!encounter) return { ok: false, code: "INVALID_COMMAND", reason: "your adventurer is in no encounter" };
  const rules = ENCOUNTER_RULES[sim.state.ruleset];
  const unit = sim.state.units[actor.unitId];
  if (rules && unit && answerLostPlan(sim, rules, encounter, unit)) return { ok: true };
  const { type: _type, ...plan } = command;
  encounter.plans[actor.unitId] = plan as TurnPlan;
  return { ok: true };
};
