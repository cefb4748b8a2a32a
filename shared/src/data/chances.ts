/**
 * The chance table: every fixed percent chance the shared systems roll (doors, traps, shots),
 * beside the trap, creature, invasion and ruleset tables. The simulation rolls them with
 * `Rng.chance(percent)` (a d100 of `percent` or less succeeds) and never hard-codes them; the
 * malignus wound chances live in ./malignusCombat.ts, the d20 and d100 numbers in ./d20.ts and
 * ./d100.ts. docs/rules-decisions.md says which rule each settles. All values in percent (0–100).
 */

/** DOOR-03: chance, in percent, that a party detours around a closed door (one roll per party per door). */
export const DETOUR_CHANCE_PERCENT = 50;

/** DOOR-04: the detour chance, in percent, when the party includes a Scout. */
export const SCOUT_DETOUR_CHANCE_PERCENT = 25;

/** DOOR-38: chance, in percent, that a party with neither a Locksmith nor a Doorbreaker picks a lock (else it bashes). */
export const PICK_CHANCE_PERCENT = 70;

/** TRAP-36: the chance, in percent, that a critical rearm failure fires the trap at once (else its trigger is rigged). */
export const CRITICAL_FIRE_CHANCE = 50;

/**
 * CMB-14 (open, proposal "bodies are checked in order from the shooter, each with a fixed
 * chance"): the chance, in percent, that a standing body on a shot's path takes the shot instead.
 */
export const BYSTANDER_HIT_CHANCE = 25;
