/**
 * The shapes of a d20 turn: its plan's steps ({@link D20Step}), what is left of the turn while it
 * plays ({@link TurnState}) and what a step handler is given ({@link D20StepContext}). Types only
 * (and one look-up), so options.ts, the step handlers and turn.ts share them without a cycle.
 */
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import type { TurnBudget } from "./actions.ts";
import type { MoveMode } from "./movement.ts";
import type { D20Unit } from "./types.ts";

/** One step of a turn plan (a player's, or the AI's). Coordinates in tiles. */
export type D20Step =
  | { kind: "move"; path: { x: number; y: number }[] }
  | { kind: "attack"; targetId: string; offHand?: boolean; thrown?: boolean; unarmed?: boolean }
  | { kind: "attackTile"; x: number; y: number }
  | { kind: "dash" } | { kind: "disengage" } | { kind: "hide" } | { kind: "search" } | { kind: "reload" }
  | { kind: "useObject"; item?: "bandage" | "medicalTools" | "healingPotion" | "swapWeapons"; targetId?: string }
  | { kind: "help"; allyId: string; targetId: string }
  | { kind: "ready"; path?: { x: number; y: number }[] }
  | { kind: "firstAid"; targetId: string }
  | { kind: "standUp" } | { kind: "dropProne" }
  | { kind: "grapple"; targetId: string } | { kind: "release" } | { kind: "escape" }
  | { kind: "say"; text: string }
  | { kind: "mount"; mountId: string; control?: boolean } | { kind: "dismount"; x: number; y: number }
  | { kind: "mountAction"; action: "dash" | "disengage" }
  | { kind: "cast"; spell: string; targetId?: string; x?: number; y?: number }
  | { kind: "readySpell"; spell: string }
  | { kind: "switchMode"; mode: MoveMode };

/** A turn plan: its steps in order (D20-FLOW-27: action first or move first, as the steps say). */
export interface D20TurnPlan { steps: D20Step[] }

/** What is left of the turn while a plan plays. */
export interface TurnState {
  budget: TurnBudget;
  /** Weapon attacks left in the Attack action already taken (D20-MOVE-11). */
  attacksLeft: number;
  /** The Attack action was taken this turn (D20-ATTACK-30). */
  attacked?: boolean;
  /**
   * D20-ATTACK-32 (Left open: when a turn "fights with two weapons"): the plan being played holds an
   * off-hand attack, so its main-hand attacks add no modifiers to damage either (turn.ts `playPlan`).
   */
  twoWeapons?: boolean;
  /** D20-MOUNT-02 (Left open: once per turn). */
  mountedOrDismounted?: boolean;
  /** The controlled mount's own turn budget, while the rider directs it (D20-MOUNT-16 to D20-MOUNT-19). */
  mountBudget?: TurnBudget;
}

/** The outcome of each step: null when done, else the refusal reason (the plan stops there). */
export type StepResults = (string | null)[];

/** What a d20 step handler plays in: the unit whose turn it is, its sheet, and what is left of its turn. */
export interface D20StepContext {
  sim: Simulation;
  enc: EncounterRecord;
  unit: UnitRecord;
  /** `unit`'s d20 sheet. */
  me: D20Unit;
  ts: TurnState;
}

/** The participant of `enc` with id `id`, or null when there is none. */
export function unitIn(sim: Simulation, enc: EncounterRecord, id: string): UnitRecord | null {
  return enc.participants.includes(id) ? sim.state.units[id] ?? null : null;
}

/** The handler of the d20 step kind `K` (encounters/turnSkeleton.ts `StepHandler`). */
export type D20Handler<K extends D20Step["kind"]> = (c: D20StepContext, step: Extract<D20Step, { kind: K }>) => string | null;
