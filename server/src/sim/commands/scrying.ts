import type { CommandHandler } from "./index.ts";
import { inBounds, isBuildableFloor } from "../world/grid.ts";
import { scryNextParty } from "../invasions/scrying.ts";

/**
 * Builds the scrying pool (at once), where the Master receives a scrying charge each game day
 * (INV-67). A new pool replaces the old one. Refusals: `OUT_OF_BOUNDS`, `NOT_FLOOR`.
 */
export const buildScryingPool: CommandHandler<"buildScryingPool"> = (sim, { x, y }) => {
  if (!inBounds(sim.state.map, x, y)) return { ok: false, code: "OUT_OF_BOUNDS", reason: `tile ${x},${y} is off the map` };
  if (!isBuildableFloor(sim.state.map, x, y)) return { ok: false, code: "NOT_FLOOR", reason: `a scrying pool needs floor; ${x},${y} is not` };
  sim.state.invasion.scryingPool = { x, y };
  return { ok: true };
};

/** Spends a scrying charge to see the next party on its way (INV-66). Refusals: `NO_SCRYING_CHARGE`, `NO_PARTY_ON_ITS_WAY`. */
export const scry: CommandHandler<"scry"> = (sim) => {
  const refusal = scryNextParty(sim);
  if (refusal === "NO_SCRYING_CHARGE") return { ok: false, code: refusal, reason: "the Master holds no scrying charge", rule: "INV-67" };
  if (refusal === "NO_PARTY_ON_ITS_WAY") return { ok: false, code: refusal, reason: "no party is on its way", rule: "INV-66" };
  return { ok: true };
};
