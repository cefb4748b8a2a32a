/**
 * The shapes of a d100 turn plan ({@link D100Step}, {@link D100Plan}) and what a step handler is
 * given ({@link D100StepContext}). Types only, so the handlers, options.ts and encounter.ts share
 * them without a cycle.
 */
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import type { D100TurnOptions } from "./options.ts";
import type { TurnState } from "./turns.ts";
import type { D100Unit } from "./types.ts";

/** One step of a d100 step plan (shared/protocol.ts `TurnStep`; the fields a kind does not use are ignored). */
export interface D100Step { kind: string; targetId?: string | undefined; x?: number | undefined; y?: number | undefined; spell?: string | undefined }

/** A player's plan for a d100 turn (shared/protocol.ts `TurnPlan`). */
export interface D100Plan {
  action: string; targetId?: string | undefined; x?: number | undefined; y?: number | undefined;
  /** With `action: "steps"`: the steps to play now, in order (encounter.ts `playSteps`). */
  steps?: D100Step[] | undefined;
  /** With `action: "steps"`: keep the turn open for another plan afterwards (the turn is spent in parts). */
  keepTurn?: boolean | undefined;
  /** Set on the plans the AI makes itself (companionTurn.ts): no `turnPlanPlayed` event for them. */
  ai?: boolean | undefined;
  /** P100-DUEL-20 (issue 8): spare (true) or not (false) the loser should this plan win a duel to the death; absent, the decision waits (plans.ts `decideOnPlan`). */
  spare?: boolean | undefined;
}

/** What a d100 step handler plays in, made just before the step (so it sees the turn as it stands). */
export interface D100StepContext {
  sim: Simulation;
  enc: EncounterRecord;
  unit: UnitRecord;
  /** `unit`'s d100 sheet. */
  me: D100Unit;
  ts: TurnState;
  /** The turn's options before this step (options.ts `d100TurnOptions`): what a thin client shows is what it may do. */
  o: D100TurnOptions;
  /** The unit `step.targetId` names, if any. */
  target: UnitRecord | undefined;
  /** "actionSpent" when the main action is spent, else null. */
  spent: "actionSpent" | null;
}

/** The handler of a d100 step (encounters/turnSkeleton.ts `StepHandler`). */
export type D100Handler = (c: D100StepContext, step: D100Step) => string | null;
