import { TICKS_PER_GAME_HOUR } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { SPECTRAL_EYE_HOURS } from "../invasions/spotting.ts";

/**
 * The Mind Devourer's Ocular Scouts boon (INV-72, INV-85, INV-86): a spectral eye patrols the
 * keeper's guard posts for 24 game hours from now, seeing in the dark, and spots parties it sees.
 * Refused with `NO_GUARD_POST` when there is no guard post to patrol.
 */
export const ocularScouts: CommandHandler<"ocularScouts"> = (sim) => {
  if (Object.keys(sim.state.guardPosts ?? {}).length === 0) {
    return { ok: false, code: "NO_GUARD_POST", reason: "the spectral eye patrols guard posts: build one first", rule: "INV-85" };
  }
  sim.state.invasion.spectralEyeUntilTick = sim.state.tick + SPECTRAL_EYE_HOURS * TICKS_PER_GAME_HOUR;
  return { ok: true };
};
