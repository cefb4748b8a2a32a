/**
 * The d20 step handlers, one per step kind (plan.ts `D20Step`), played by the shared turn
 * skeleton (encounters/turnSkeleton.ts `playSteps`). A new step kind is its handler in one of
 * these files and one line here; a kind missing here is refused (D20-ACTION-02).
 */
import type { StepTable } from "../../encounters/turnSkeleton.ts";
import type { D20Step, D20StepContext } from "../plan.ts";
import { dashStep, disengageStep, firstAidStep, helpStep, hideStep, readyStep, reloadStep, sayStep, searchStep, useObjectStep } from "./actions.ts";
import { attackStep, attackTileStep, escapeStep, grappleStep, releaseStep } from "./fighting.ts";
import { castStep, readySpellStep } from "./magic.ts";
import { dismountStep, dropProneStep, mountActionStep, mountStep, moveStep, standUpStep, switchModeStep } from "./moving.ts";

/** Each d20 step kind's handler. */
export const D20_STEPS: StepTable<D20StepContext, D20Step> = {
  say: sayStep,
  move: moveStep,
  mount: mountStep,
  dismount: dismountStep,
  mountAction: mountActionStep,
  standUp: standUpStep,
  dropProne: dropProneStep,
  switchMode: switchModeStep,
  attack: attackStep,
  attackTile: attackTileStep,
  dash: dashStep,
  disengage: disengageStep,
  useObject: useObjectStep,
  reload: reloadStep,
  hide: hideStep,
  search: searchStep,
  help: helpStep,
  cast: castStep,
  readySpell: readySpellStep,
  ready: readyStep,
  firstAid: firstAidStep,
  grapple: grappleStep,
  release: releaseStep,
  escape: escapeStep,
};
