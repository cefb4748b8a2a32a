import type { TurnPlan } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { encounterOf } from "../combat/encounters/book.ts";

/**
 * An adventurer player's plan for its adventurer's coming turn (`planTurn`, actor an adventurer
 * seat; d20 D20-FLOW-27 and d100 rooms): stored in its encounter's `plans` under the unit's id,
 * where the ruleset takes it when the turn comes (combat/encounters/); the AI acts otherwise.
 * Refused with INVALID_COMMAND when the adventurer is in no encounter.
 */
export const planTurn: CommandHandler<"planTurn"> = (sim, command, actor) => {
  if (actor.kind !== "adventurer") return { ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "only adventurer players plan turns" };
  const encounter = encounterOf(sim, actor.unitId);
  if (!encounter) return { ok: false, code: "INVALID_COMMAND", reason: "your adventurer is in no encounter" };
  const { type: _type, ...plan } = command;
  encounter.plans[actor.unitId] = plan as TurnPlan;
  return { ok: true };
};
