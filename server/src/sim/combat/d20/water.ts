/** D20-WATER-03: melee weapons that keep no disadvantage under water. */
export const UNDERWATER_MELEE_OK: readonly string[] = ["dagger", "javelin", "shortsword", "spear", "trident"];
/** D20-WATER-06: ranged weapons that keep no disadvantage under water. */
export const UNDERWATER_RANGED_OK: readonly string[] = ["crossbow", "heavyCrossbow", "lightCrossbow", "handCrossbow", "net", "javelin", "spear", "trident", "dart"];

/**
 * D20-WATER-01 to D20-WATER-06: an attack made under water. Melee: disadvantage unless the
 * attacker has a swimming movement, natural or magical (`swimmer`: a native swimmer or one under a
 * swimming spell; Left open: the default half-speed swim does not count) or uses a listed weapon. Ranged: beyond the normal range (the maximum, Left open) it misses automatically;
 * within it, disadvantage unless the weapon is listed.
 */
export function underwaterAttack(kind: "melee" | "ranged", weapon: string, swimmer: boolean, distance: number, normalRange: number): "ok" | "disadvantage" | "autoMiss" {
  if (kind === "melee") return swimmer || UNDERWATER_MELEE_OK.includes(weapon) ? "ok" : "disadvantage";
  if (distance > normalRange) return "autoMiss";
  return UNDERWATER_RANGED_OK.includes(weapon) ? "ok" : "disadvantage";
}

/** Left open (D20-WATER): fully submerged = standing on a deep-water tile ("~" on the map). */
export const DEEP_WATER_TILE = "~";
