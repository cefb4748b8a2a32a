import type { RulesetId } from "@malignus/shared";
import type { CombatRuleset } from "./ruleset.ts";
import { malignusRuleset } from "./malignus/index.ts";

/**
 * The combat ruleset module for a room's `ruleset` option. `d20` and `d100` are accepted and,
 * until their own modules land, resolve fights with the `malignus` module (docs/rules-decisions.md).
 */
export function rulesetFor(id: RulesetId): CombatRuleset {
  switch (id) {
    case "malignus":
    case "d20":
    case "d100":
      return malignusRuleset;
  }
}
