import { D20_SIZES, SPACE_TILES, type D20Size } from "@malignus/shared";

/** Left open (D20-SIZE, missing table): the six size categories, smallest first (`D20_SIZES` of the d20 table). */
export const SIZES = D20_SIZES;
/** One of {@link SIZES}. */
export type Size = D20Size;

/** Steps between two sizes: positive when `a` is larger than `b`. */
export function sizeDiff(a: Size, b: Size): number {
  return SIZES.indexOf(a) - SIZES.indexOf(b);
}

/** How a creature gets through a passage `width` tiles wide. */
export type Fit = "fits" | "squeeze" | "blocked";

/**
 * D20-SIZE-08 (Left open squeeze widths): a creature n tiles wide passes a passage ≥ n wide,
 * squeezes through n − 1 (never below 1), and cannot pass anything narrower.
 */
export function fitThrough(size: Size, width: number): Fit {
  const n = SPACE_TILES[size];
  if (width >= n) return "fits";
  if (width >= 1 && width === n - 1) return "squeeze";
  return "blocked";
}

/**
 * D20-MOVE-35, D20-MOVE-36, D20-SIZE-04: may a creature move through another's space? Non-hostile
 * ones always; hostile ones only when at least two sizes apart. D20-SIZE-04's agreement of a
 * corridor-filling creature is not asked: no one can be asked mid-move, so a non-hostile creature
 * always agrees and a hostile one never does (docs/rules-decisions.md, "Who agrees to let a
 * creature through").
 */
export function mayPassThrough(mover: Size, other: Size, hostile: boolean): boolean {
  if (Math.abs(sizeDiff(mover, other)) >= 2) return true;
  return !hostile;
}
