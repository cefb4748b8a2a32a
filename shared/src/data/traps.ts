import { TICKS_PER_GAME_MINUTE, type DamageType, type WoundSeverity } from "../rules.ts";

/**
 * Trap parts: every trigger, timer and mechanism a keeper can place (TRAP-05, TRAP-06, TRAP-16).
 * This is the one data table for trap numbers (costs, build work, damage, areas, durations);
 * the simulation reads it and never hard-codes them.
 */

/** Trigger kinds (TRAP-05). A wide tripwire is the same trigger type as a tripwire (KNOW-36). */
export const TRIGGER_KINDS = ["tripwire", "wideTripwire", "pressurePlate", "sensor", "lever"] as const;
/** One of {@link TRIGGER_KINDS}. */
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

/** Mechanism kinds (TRAP-06). Every kind whose name ends in "Trap" is a mechanism (TRAP-07). */
export const MECHANISM_KINDS = [
  "spinningBlades", "flameJet", "gasJet", "electricCoil", "dartLauncher",
  "explosiveTrap", "spiderTrap", "webTrap", "terrorTrap", "alarmTrap",
] as const;
/** One of {@link MECHANISM_KINDS}. */
export type MechanismKind = (typeof MECHANISM_KINDS)[number];

/** Every placeable trap part kind: triggers, the timer (TRAP-16) and mechanisms. */
export const PART_KINDS = [...TRIGGER_KINDS, "timer", ...MECHANISM_KINDS] as const;
/** One of {@link PART_KINDS}. */
export type PartKind = (typeof PART_KINDS)[number];

/** What a part does in a trap (TRAP-01, TRAP-19: a timer is neither trigger nor mechanism). */
export type PartRole = "trigger" | "timer" | "mechanism";

/** Trigger types for learned spotting bonuses (KNOW-35, KNOW-36). Levers have none. */
export type TriggerType = "tripwire" | "pressurePlate" | "sensor" | "lever";

/** Harm a mechanism deals to each victim it reaches, per ruleset. */
export interface MechanismHarm {
  /** Damage type, shared by the rulesets. */
  damageType: DamageType;
  /** `malignus` ruleset: the wound severity dealt (CMB-24), or null for harmless mechanisms. */
  malignusSeverity: WoundSeverity | null;
  /** `d20` ruleset: damage dice, e.g. "2d6", or null. */
  d20Damage: string | null;
  /** `d100` ruleset: damage range [min, max], or null. */
  d100Damage: readonly [number, number] | null;
}

/** One row of the trap table. */
export interface PartData {
  kind: PartKind;
  role: PartRole;
  /** Metal units the part needs on site before work starts (TRAP-31). */
  metal: number;
  /** Work a Trapping minion must put in, in ticks of work (TRAP-30). */
  buildWorkTicks: number;
  /** Ticks of work a rearm takes (TRAP-34). 0 for parts that never rearm. */
  rearmWorkTicks: number;
  /** Trigger type for knowledge (KNOW-35); null for timers and mechanisms. */
  triggerType: TriggerType | null;
  /** Mechanisms only: harm per victim, null for none. */
  harm: MechanismHarm | null;
  /** Mechanisms only: Chebyshev radius in tiles of the area hit, 0 = the trigger's tile only... see `reach`. */
  radius: number;
  /**
   * Mechanisms only: where the area is centred. "mechanism" hits around the mechanism itself
   * (blades, coil, explosive); "trigger" hits around the trigger that fired it (darts aimed at it).
   */
  reach: "mechanism" | "trigger" | "none";
  /** Lingering effect duration in game minutes (gas cloud, web hold, terror flight), 0 for none. */
  effectMinutes: number;
  /**
   * Lingering effect, if any. Each lingering kind belongs to one row only ({@link LINGERING_SOURCE}):
   * a new lingering trap brings a new effect kind and its own numbers in its own row.
   */
  effect: LingeringEffect | "alarm" | null;
  /**
   * Lingering harm (gas cloud, spider bites): the effect harms with this row's `harm` once every
   * this many ticks while it lasts; 0 for effects that do not harm.
   */
  effectHarmEveryTicks: number;
  /** Terror: victims flee to a tile at most this many tiles (Chebyshev) from where they stand; 0 for other effects. */
  effectFleeTiles: number;
}

/** The lingering effects that outlast the firing (the alarm acts at once and lingers not). */
export type LingeringEffect = "gas" | "web" | "terror" | "spiders";

/** The numbers of a mechanism's lingering effect (see {@link PartData}). */
interface Lingering {
  effect: PartData["effect"];
  minutes: number;
  harmEveryTicks?: number;
  fleeTiles?: number;
}

const trigger = (kind: TriggerKind, triggerType: TriggerType, metal: number, rearm: number): PartData => ({
  kind, role: "trigger", metal, buildWorkTicks: 300, rearmWorkTicks: rearm, triggerType,
  harm: null, radius: 0, reach: "none", effectMinutes: 0, effect: null, effectHarmEveryTicks: 0, effectFleeTiles: 0,
});

const mechanism = (
  kind: MechanismKind, metal: number, harm: MechanismHarm | null, radius: number,
  reach: PartData["reach"], lingering: Lingering = { effect: null, minutes: 0 },
): PartData => ({
  kind, role: "mechanism", metal, buildWorkTicks: 600, rearmWorkTicks: 300, triggerType: null,
  harm, radius, reach, effectMinutes: lingering.minutes, effect: lingering.effect,
  effectHarmEveryTicks: lingering.harmEveryTicks ?? 0, effectFleeTiles: lingering.fleeTiles ?? 0,
});

/** The trap table, keyed by part kind. */
export const PARTS: Readonly<Record<PartKind, PartData>> = {
  tripwire: trigger("tripwire", "tripwire", 1, 200),
  wideTripwire: trigger("wideTripwire", "tripwire", 2, 200),
  pressurePlate: trigger("pressurePlate", "pressurePlate", 2, 200),
  sensor: trigger("sensor", "sensor", 3, 200),
  lever: { ...trigger("lever", "lever", 2, 0) },
  timer: {
    kind: "timer", role: "timer", metal: 1, buildWorkTicks: 200, rearmWorkTicks: 0, triggerType: null,
    harm: null, radius: 0, reach: "none", effectMinutes: 0, effect: null, effectHarmEveryTicks: 0, effectFleeTiles: 0,
  },
  spinningBlades: mechanism("spinningBlades", 4,
    { damageType: "slashing", malignusSeverity: "serious", d20Damage: "2d8", d100Damage: [20, 60] }, 1, "mechanism"),
  flameJet: mechanism("flameJet", 4,
    { damageType: "fire", malignusSeverity: "serious", d20Damage: "3d6", d100Damage: [20, 55] }, 1, "mechanism"),
  gasJet: mechanism("gasJet", 4,
    { damageType: "poison", malignusSeverity: "light", d20Damage: "1d6", d100Damage: [5, 25] }, 2, "mechanism",
    { effect: "gas", minutes: 30, harmEveryTicks: 10 * TICKS_PER_GAME_MINUTE }),
  electricCoil: mechanism("electricCoil", 5,
    { damageType: "lightning", malignusSeverity: "serious", d20Damage: "2d10", d100Damage: [25, 60] }, 1, "mechanism"),
  dartLauncher: mechanism("dartLauncher", 3,
    { damageType: "piercing", malignusSeverity: "light", d20Damage: "1d10", d100Damage: [10, 35] }, 0, "trigger"),
  explosiveTrap: mechanism("explosiveTrap", 6,
    { damageType: "fire", malignusSeverity: "critical", d20Damage: "4d6", d100Damage: [30, 80] }, 2, "mechanism"),
  spiderTrap: mechanism("spiderTrap", 4,
    { damageType: "poison", malignusSeverity: "light", d20Damage: "1d8", d100Damage: [10, 30] }, 1, "mechanism",
    { effect: "spiders", minutes: 20, harmEveryTicks: 10 * TICKS_PER_GAME_MINUTE }),
  webTrap: mechanism("webTrap", 3, null, 1, "mechanism", { effect: "web", minutes: 20 }),
  terrorTrap: mechanism("terrorTrap", 4, null, 2, "mechanism", { effect: "terror", minutes: 15, fleeTiles: 8 }),
  alarmTrap: mechanism("alarmTrap", 2, null, 0, "none", { effect: "alarm", minutes: 0 }),
};

/**
 * The mechanism kind whose row holds each lingering effect's numbers, from `table`.
 * @throws Error when two rows declare the same lingering effect (each needs its own kind, so
 * that an effect in play reads its own trap's numbers), or when one has no row.
 */
export function lingeringSources(table: Readonly<Record<PartKind, PartData>>): Readonly<Record<LingeringEffect, MechanismKind>> {
  const out: Partial<Record<LingeringEffect, MechanismKind>> = {};
  for (const kind of MECHANISM_KINDS) {
    const effect = table[kind].effect;
    if (effect === null || effect === "alarm") continue;
    if (out[effect]) throw new Error(`lingering effect "${effect}" is declared by both ${out[effect]} and ${kind}`);
    out[effect] = kind;
  }
  for (const effect of ["gas", "web", "terror", "spiders"] as const) {
    if (!out[effect]) throw new Error(`no trap row declares the lingering effect "${effect}"`);
  }
  return out as Record<LingeringEffect, MechanismKind>;
}

/**
 * Which mechanism's row holds the numbers (duration, harm, interval, flee distance) of each
 * lingering effect in play: an effect reads its own trap's row, never another's.
 */
export const LINGERING_SOURCE: Readonly<Record<LingeringEffect, MechanismKind>> = lingeringSources(PARTS);

/** The role of a part kind. */
export function partRole(kind: PartKind): PartRole {
  return PARTS[kind].role;
}
