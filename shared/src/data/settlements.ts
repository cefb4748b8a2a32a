/**
 * The Surface's settlements (INV-32, INV-33, INV-50, INV-64) as designer data. The seed names
 * settlements (localités) that send punitive expeditions, evil camps that send their warriors when
 * Hostile, and fugitives asking to hide, without saying when: these are the server's defaults
 * (docs/rules-decisions.md, INV).
 */

/** A settlement's kind: a village sends a punitive expedition (INV-32), an evil camp its warriors when Hostile (INV-33). */
export type SettlementKind = "village" | "camp";

/** One settlement of the Surface. */
export interface SettlementData {
  /** Stable id (the `raidSettlement` command names it). */
  readonly id: string;
  readonly name: string;
  readonly kind: SettlementKind;
}

/** The settlements every dungeon's Surface holds (server choice: one village, one evil camp). */
export const SETTLEMENTS: readonly SettlementData[] = [
  { id: "lowford", name: "Lowford", kind: "village" },
  { id: "blackfang", name: "Blackfang camp", kind: "camp" },
];

/** Metal the keeper's raiders bring back from a raided settlement (server choice). */
export const RAID_METAL = 2;

/** INV-50 (server choice): the first game day on which a fugitive comes asking to hide. */
export const FUGITIVE_FIRST_DAY = 3;
/** INV-50 (server choice): a fugitive comes every this many game days from {@link FUGITIVE_FIRST_DAY} on. */
export const FUGITIVE_EVERY_DAYS = 3;
/** INV-50 (server choice): the hour of the day (0–23) at which the fugitive asks. */
export const FUGITIVE_HOUR = 12;
