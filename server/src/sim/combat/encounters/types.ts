import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";

/**
 * One encounter: a fight played in rounds and turns inside the real-time dungeon (D20-FLOW-01 to
 * D20-FLOW-26), stored in `SimState.encounters` by id. Ruleset-agnostic: the ruleset supplies the
 * initiative rolls, surprise and what a turn does ({@link EncounterRules}).
 */
export interface EncounterRecord {
  id: string;
  /** Unit ids taking part, in the order they joined. */
  participants: string[];
  /** Unit ids in acting order, highest initiative first (D20-FLOW-19, D20-FLOW-20). */
  order: string[];
  /** Initiative total of each participant. */
  initiative: Record<string, number>;
  /** The current round, from 1. */
  round: number;
  /** Index in `order` of the next turn of this round. */
  turnIndex: number;
  /** Tick the current round began. */
  roundStartTick: number;
  /** Earliest tick the next turn may run. */
  nextTurnTick: number;
  /** Participants surprised until their first turn ends (D20-FLOW-10 to D20-FLOW-14). */
  surprised: string[];
  /** Participants that have had their turn this round. */
  acted: string[];
  /** Reactions used this round, by unit id (D20-FLOW-38). */
  reactions: Record<string, number>;
  /** Tick the current turn started waiting for a player's plan, -1 when not waiting. */
  waitingSince: number;
  /**
   * Ground zones on the encounter's floor (acid, poison, fire spread on the ground): a tile, the
   * ruleset's damage type and the rounds left (ruleset-specific meaning; d20: D20-DAMAGE-10, 15, 24).
   */
  zones?: { x: number; y: number; type: string; roundsLeft: number; sourceId: string }[];
  /**
   * The turn in progress of a player who plays it in several plans (d20 `keepTurn`): whose turn it
   * is and the ruleset's record of what is left of it (JSON, e.g. d20 `TurnState`). Absent between
   * turns and while no turn is left open.
   */
  openTurn?: { unitId: string; state: unknown };
  /** Plans players sent for their coming turn, by unit id (ruleset-specific JSON; multiplayer hook). */
  plans: Record<string, unknown>;
  startTick: number;
}

/**
 * What a ruleset supplies to run encounters (d20 now, d100 later). All randomness from `sim.rng`.
 */
export interface EncounterRules {
  /** D20-FLOW-17, D20-FLOW-18: one participant's initiative total. */
  rollInitiative(sim: Simulation, unit: UnitRecord): number;
  /**
   * Orders participants by initiative totals, breaking ties (D20-FLOW-19, D20-FLOW-21 to
   * D20-FLOW-23). `agreed` is an order players agreed on for their tied characters.
   */
  orderOf(sim: Simulation, totals: { id: string; total: number }[], agreed: readonly string[]): string[];
  /** D20-FLOW-06 to D20-FLOW-11: which of the new participants are surprised. */
  surprised(sim: Simulation, participants: readonly UnitRecord[]): string[];
  /** Start of each round (D20-FLOW-38: reactions come back). */
  startRound(sim: Simulation, encounter: EncounterRecord): void;
  /**
   * Once, when the encounter's first turn is due, before that turn starts (P100-BASE-01: the d100
   * surprise attacks come before the first regular turn). A participant it puts out of the fight
   * is then skipped like any other.
   */
  beforeFirstTurn?(sim: Simulation, encounter: EncounterRecord): void;
  /**
   * One participant's turn (D20-FLOW-24): `plan` is a player's plan or null for the AI. Emits the
   * turn's events; may call {@link EncounterRules} helpers to note reactions. Returns "open" when
   * the player's plan asked to keep the turn (`openTurn` set): the turn waits for the next plan
   * (or the turn timer) instead of ending.
   */
  takeTurn(sim: Simulation, encounter: EncounterRecord, unit: UnitRecord, plan: unknown): void | "open";
  /** True while the unit still counts for its side (conscious, able to fight: D20-FLOW-26). */
  canFight(unit: UnitRecord): boolean;
  /** True when the unit left the encounter for good (dead, captured, left the map). */
  isGone(unit: UnitRecord): boolean;
  /**
   * Every `ROUND_TICKS` (encounters.ts)-th tick, for each unit in no encounter: what passes for a turn out of
   * combat (d20: damage over time and the jets de destin of the dying keep going).
   */
  outsideTurn?(sim: Simulation, unit: UnitRecord): void;
  /**
   * Why a player's plan for this unit can never be played (d20 and d100: `dead`, `captured` or
   * `departed`, since the encounter skips and drops the gone), or null to keep the plan for the unit's
   * turn (a unit leaving the encounter alive has its plan answered `fled`, and a plan still waiting
   * when the encounter ends `encounterOver`, encounters.ts). A refused plan is answered at once
   * with `turnPlanPlayed` and that one refusal and is not kept ({@link EncounterRecord.plans}):
   * when it is sent (commands/planTurn.ts), when its unit leaves the encounter and when the
   * encounter ends (encounters.ts).
   */
  lostPlan?(unit: UnitRecord): string | null;
  /** Multiplayer hook: true when a player controls this unit and its plan should be awaited. */
  awaitsPlayer?(sim: Simulation, unit: UnitRecord): boolean;
  /** Every tick, before the encounters run (d100: pending duel proposals expire). */
  everyTick?(sim: Simulation): void;
}
