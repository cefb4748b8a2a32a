/**
 * The one turn skeleton both round-based rulesets play their turns on (issue 15 part 7): d20
 * (d20/turn.ts) and d100 (d100/encounter.ts) give it their rules ({@link TurnRules}) and their
 * step handlers ({@link StepTable}, one handler per step kind), and it does the rest the same way
 * for both:
 * - resume an open turn (`enc.openTurn`, a plan sent with `keepTurn`) or start a new one;
 * - take the player's step list when there is one, play it step by step ({@link playSteps}),
 *   report it (`turnPlanPlayed`, one outcome per step played: null when done, else the refusal)
 *   and keep the turn open or end it;
 * - else a ruleset's other plan form (d100's one-word plans), else the AI;
 * - end the turn (the ruleset's end-of-turn statuses).
 * Adding a step kind is one handler in the ruleset's table, nothing here.
 */
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import type { EncounterRecord } from "./types.ts";

/** One step of a turn plan; `kind` picks its handler. */
export interface StepLike { readonly kind: string }

/**
 * Plays one step of kind `step.kind` in the turn described by `ctx` (the ruleset's context: the
 * unit, its turn state, ...). Checks the step's own rule and spends from the turn.
 * @returns null when the step was played, else the refusal (the plan stops there).
 */
export type StepHandler<C, S> = (ctx: C, step: S) => string | null;

/** One handler per step kind of a ruleset (a kind missing from the table is refused, see {@link StepLoop.unknown}). */
export type StepTable<C, S extends StepLike> = { readonly [K in S["kind"]]?: StepHandler<C, Extract<S, { kind: K }>> };

/** How a ruleset plays a step list ({@link playSteps}). */
export interface StepLoop<C, S extends StepLike> {
  /** The step handlers. */
  readonly steps: StepTable<C, S>;
  /** The refusal of a step whose kind has no handler. */
  unknown(step: S): string;
  /** Checked before each step: why the plan cannot go on (that step's outcome, the plan stops), else null. */
  halt?(): string | null;
  /** The context one step is played in, made just before it (so it sees the turn as it stands then). */
  context(step: S): C;
  /** Steps played before the table (d100 companions): the outcome, or undefined when not such a step. */
  intercept?(ctx: C, step: S): string | null | undefined;
  /** Checked after each step played: true when the plan stops there (the turn is over, the unit fell). */
  done?(): boolean;
}

/**
 * The handler of `kind` in `table`, or undefined (own keys only: a kind such as "constructor"
 * finds no handler).
 */
export function handlerOf<C, S extends StepLike>(table: StepTable<C, S>, kind: string): StepHandler<C, S> | undefined {
  return Object.hasOwn(table, kind) ? (table as unknown as Record<string, StepHandler<C, S>>)[kind] : undefined;
}

/**
 * Plays `steps` in order until one is refused (or `loop.halt` / `loop.done` stops the plan).
 * @returns one outcome per step played: null when done, else the refusal (always the last entry).
 */
export function playSteps<C, S extends StepLike>(loop: StepLoop<C, S>, steps: readonly S[]): (string | null)[] {
  const out: (string | null)[] = [];
  for (const step of steps) {
    const halted = loop.halt?.() ?? null;
    if (halted !== null) { out.push(halted); break; }
    const r = playStep(loop, step);
    out.push(r);
    if (r !== null || loop.done?.() === true) break;
  }
  return out;
}

/** One step: the ruleset's interception first, then its handler, else the unknown-step refusal. */
function playStep<C, S extends StepLike>(loop: StepLoop<C, S>, step: S): string | null {
  const ctx = loop.context(step);
  const intercepted = loop.intercept?.(ctx, step);
  if (intercepted !== undefined) return intercepted;
  const handler = handlerOf(loop.steps, step.kind);
  return handler ? handler(ctx, step) : loop.unknown(step);
}

/**
 * A ruleset's side of one participant's turn, made for that turn (closures over the simulation,
 * the encounter and the unit). `TS` is what is left of the turn (budget, actions spent); it is
 * kept in `enc.openTurn` while a player's turn stays open, so it must be plain data.
 */
export interface TurnRules<TS, S extends StepLike> {
  /** Before anything, for a new or a resumed turn: false when the unit has no turn now (nothing more happens). */
  enter?(): boolean;
  /** Resuming an open turn: true when the unit may go on; false ends the turn ({@link end}). */
  resume(ts: TS): boolean;
  /** A new turn's start-of-turn steps: the fresh turn state, or null when they used the turn up (they ended it as the rules say). */
  start(): TS | null;
  /** The player's plan as a step list, or null when it is none (then {@link otherPlan}, else the AI). */
  stepsOf(plan: unknown, ts: TS): readonly S[] | null;
  /** Plays a step list ({@link playSteps} with the ruleset's {@link StepLoop}). */
  play(steps: readonly S[], ts: TS): (string | null)[];
  /** Noted before a step list plays, handed to {@link keepOpen}. */
  beforeSteps?(): unknown;
  /** After a step list was played and reported. */
  afterSteps?(plan: unknown, ts: TS): void;
  /** After a step list: true when the turn stays open for the player's next plan. */
  keepOpen(plan: unknown, ts: TS, before: unknown): boolean;
  /** A plan that is not a step list: true when it was played (the turn then ends), false to let the AI play. */
  otherPlan?(plan: unknown, ts: TS): boolean;
  /** The AI plays what is left of the turn. */
  ai(ts: TS): void;
  /** The end of the turn (timed statuses count down). */
  end(): void;
}

/**
 * One participant's turn in an encounter (the `takeTurn` of combat/encounters `EncounterRules`),
 * played with a ruleset's `rules`. `plan` is the player's plan (the encounter's `plans`), or
 * null/undefined for none (the AI plays; also when the turn timer ran out on an open turn).
 * @returns "open" when the turn stays open for another plan (`enc.openTurn` holds it), else nothing.
 */
export function takeTurn<TS, S extends StepLike>(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: unknown, rules: TurnRules<TS, S>): void | "open" {
  if (rules.enter && !rules.enter()) return;
  const open = enc.openTurn?.unitId === unit.id ? (enc.openTurn.state as TS) : null;
  delete enc.openTurn;
  let ts: TS;
  if (open) {
    if (!rules.resume(open)) { rules.end(); return; }
    ts = open;
  } else {
    const fresh = rules.start();
    if (fresh === null) return;
    ts = fresh;
  }
  const given = plan !== null && plan !== undefined;
  const steps = given ? rules.stepsOf(plan, ts) : null;
  if (steps) {
    const before = rules.beforeSteps?.();
    sim.emit({ type: "turnPlanPlayed", unitId: unit.id, refusals: rules.play(steps, ts) });
    rules.afterSteps?.(plan, ts);
    if (rules.keepOpen(plan, ts, before)) {
      enc.openTurn = { unitId: unit.id, state: ts };
      return "open";
    }
    rules.end();
    return;
  }
  if (given && rules.otherPlan?.(plan, ts) === true) { rules.end(); return; }
  rules.ai(ts);
  rules.end();
}
