/**
 * The d100 ruleset's room options. Its tuning numbers live in shared/src/data/d100.ts (the data
 * table designers tune); the files of this folder read them from there.
 */

/**
 * Room options of the d100 ruleset (each a catalogue proposal that a room may change).
 * - `traumaticInsteadOfDeath` (P100-DEATH-10): characters that do not accept death become gravely
 *   wounded instead of dying; default false (every character accepts death unless the room says otherwise).
 * - `rechargeBetweenFights` (P100-SPELL-08): spells recharge at the start of every fight, not only boss fights.
 * Turn length (Left open BASE, fixed timestep) is the shared encounter machinery's TURN_TICKS (1 tick),
 * as the proposal asks.
 */
export interface D100Options {
  traumaticInsteadOfDeath: boolean;
  rechargeBetweenFights: boolean;
  /**
   * Scenario rooms: the adventurer classes (level 1) of the first invasion's party instead of the
   * drawn one (companion classes such as the Hunter, Warlock and Skyrider are drawn only this way).
   */
  firstParty?: string[];
}

/** The defaults of {@link D100Options}. */
export const DEFAULT_D100_OPTIONS: Readonly<D100Options> = {
  traumaticInsteadOfDeath: false,
  rechargeBetweenFights: false,
};
