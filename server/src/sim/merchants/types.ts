import type { Pos } from "../state.ts";

/**
 * Travelling merchants (DOOR-12) in the simulation state (`SimState.merchants`): the schedule's
 * progress and the merchants now in the dungeon. Absent until the first merchant comes (and a
 * room option changes the schedule), so dungeons without a merchant yet hash as before.
 */
export interface MerchantsRecord {
  /**
   * The first game day (from 1) a merchant comes: the room option `firstMerchantDay`; absent
   * means `MERCHANT_FIRST_DAY` (shared/src/data/merchants.ts).
   */
  firstDay?: number;
  /** The last schedule slot a merchant came for (0 = the first day's visit, 1 the next…); -1 before the first. */
  lastSlot: number;
  /** Merchants that came so far. */
  visits: number;
  /** The merchants now in the dungeon, by unit id, in the order they came. */
  inDungeon: Record<string, MerchantVisit>;
}

/** What one merchant in the dungeon is doing. */
export interface MerchantVisit {
  /** The portal it came in at and walks back to, in tiles. */
  portal: Pos;
  /** Where it trades: the first Sanctum tile (or its portal on a map without a Sanctum), in tiles. */
  goal: Pos;
  /** `toSanctum`: walking in; `trading`: standing on its goal until `untilTick`; `leaving`: walking back to its portal. */
  phase: "toSanctum" | "trading" | "leaving";
  /** `trading`: the tick it starts walking out; -1 otherwise. */
  untilTick: number;
}
