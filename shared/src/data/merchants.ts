/**
 * Travelling merchants (marchands de passage, DOOR-12) as designer data. The seed only says that
 * they unlock a locked door and pass through, not when they come nor where they go: these are
 * the server's defaults (docs/rules-decisions.md, DOOR-12).
 */

/** DOOR-12 (server choice): the first game day (from 1) on which a merchant comes; the room option `firstMerchantDay` changes it. */
export const MERCHANT_FIRST_DAY = 3;
/** DOOR-12 (server choice): a merchant comes every this many game days from the first one on. */
export const MERCHANT_EVERY_DAYS = 2;
/** DOOR-12 (server choice): the hour of the day (0–23) at which a merchant is due at a portal. */
export const MERCHANT_HOUR = 8;
/** DOOR-12 (server choice): ticks a merchant spends trading on the first Sanctum tile before it walks out (600 ticks = one game hour). */
export const MERCHANT_TRADE_TICKS = 600;
/** DOOR-12 (server choice): the merchants' names, one per visit in turn. */
export const MERCHANT_NAMES: readonly string[] = ["Odran the pedlar", "Mabyn the tinker", "Castor the spice-seller"];
