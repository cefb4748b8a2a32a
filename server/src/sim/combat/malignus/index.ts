import type { CombatRuleset } from "../ruleset.ts";

/** Placeholder until the malignus wound model lands. */
export const malignusRuleset: CombatRuleset = {
  id: "malignus",
  attack() {},
  harm() {},
  isOutOfFight: (u) => u.activity === "unconscious" || u.activity === "dead" || u.activity === "captured" || u.activity === "left",
};
