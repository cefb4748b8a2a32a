/**
 * The `malignus` ruleset's numbers (CMB-01, CMB-22 to CMB-48) now live in the designers' data
 * table `shared/src/data/malignusCombat.ts` (exported by `@malignus/shared`); this module
 * re-exports them so the simulation's imports stay as they were.
 */
export {
  ATTACK_DIE_SIDES, SEVERITY_BY_MARGIN, HIT_LOCATION_TABLE, UNCONSCIOUS_CHANCE, UNCONSCIOUS_CHANCE_BLUNT, MAX_CHANCE,
  HEAD_WOUND_CHANCE, HEAD_WOUND_CHANCE_BLUNT, MIN_HEAD_WOUND_CHANCE, HEAD_WOUND_UNCONSCIOUS_CHANCE,
  ALWAYS_UNCONSCIOUS_SPECIES, WAKE_WITHIN_TICKS, CHECK_DIE_SIDES, CHECK_BASE_DIFFICULTY,
} from "@malignus/shared";
