/**
 * The numbers of fights played in rounds (the `d20` and `d100` rulesets, timing "rounds"): the
 * encounter machinery (server/src/sim/combat/encounters/) reads them and never hard-codes them.
 * Times in ticks (1 tick = 6 game seconds, 10 ticks = 1 game minute), distances in tiles
 * (Chebyshev). docs/rules-decisions.md lists them with the rules they settle.
 */

/** Left open (D20-FLOW, server default): a round lasts at least this many ticks (10 ticks = 1 game minute). */
export const ROUND_TICKS = 10;
/** Ticks between two turns of one encounter (one turn per tick, so spectators can follow; d100 Left open BASE: fixed timestep). */
export const TURN_TICKS = 1;
/** Left open (D20-FLOW-16, server default): units within this many tiles (Chebyshev) of a participant join a new fight. */
export const ENCOUNTER_RADIUS = 6;
/** Left open (D20-FLOW-26 "fled"): a participant this many tiles from every standing foe has left the encounter area. */
export const FLEE_DISTANCE = 12;
/** Multiplayer hook: ticks a player's turn waits for its plan before the AI acts for it. */
export const TURN_TIMER_TICKS = 30;
