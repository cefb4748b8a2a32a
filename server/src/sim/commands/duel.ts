import type { CommandHandler } from "./index.ts";
import { areEnemies } from "../world/units.ts";
import { ownFighter } from "./setStance.ts";
import { beginDuel, forfeitDuel } from "../combat/d100/duels.ts";

/** Left open DUEL: AI adventurers accept every duel the keeper proposes (a seated player's answer is not wired yet). */
export const AI_ACCEPTS_DUELS = true;

/**
 * d100 rooms (P100-DUEL-01 to 08, 23): the keeper's minion or creature `unitId` and the enemy
 * `opponentId` start a duel at once (the AI accepts, {@link AI_ACCEPTS_DUELS}); both must stand and
 * be in no fight. Emits `duelStarted` and `encounterStarted`.
 * Refused with UNKNOWN_UNIT / NOT_YOUR_UNIT (the unit), UNKNOWN_UNIT (no such opponent),
 * INVALID_TARGET (not an enemy), or DUEL_REFUSED (not a d100 room, someone down or already fighting).
 */
export const proposeDuel: CommandHandler<"proposeDuel"> = (sim, command) => {
  if (sim.state.ruleset !== "d100") return { ok: false, code: "DUEL_REFUSED", reason: "duels exist only in d100 rooms", rule: "P100-DUEL-01" };
  const unit = ownFighter(sim, command.unitId);
  if ("ok" in unit) return unit;
  const opp = sim.state.units[command.opponentId];
  if (!opp) return { ok: false, code: "UNKNOWN_UNIT", reason: `no unit ${command.opponentId}` };
  if (!areEnemies(unit, opp)) return { ok: false, code: "INVALID_TARGET", reason: `unit ${opp.id} is not an enemy` };
  if (!AI_ACCEPTS_DUELS) return { ok: false, code: "DUEL_REFUSED", reason: "the opponent declines", rule: "P100-DUEL-01" };
  const r = beginDuel(sim, unit.id, opp.id, {
    toDeath: command.toDeath, noMagic: command.noMagic ?? false, unarmedOnly: command.unarmedOnly ?? false, weaponWhitelist: null,
  });
  if (typeof r === "string") return { ok: false, code: "DUEL_REFUSED", reason: `cannot duel: ${r}`, rule: "P100-DUEL-03" };
  return { ok: true };
};

/**
 * d100 rooms (P100-DUEL-19, 20): the keeper's duellist `unitId` forfeits; in a duel to the death
 * the AI winner spares it (duels.ts `AI_SPARES_FORFEIT`). Emits `duelEnded`.
 * Refused with UNKNOWN_UNIT / NOT_YOUR_UNIT, or DUEL_REFUSED when the unit is not duelling.
 */
export const forfeitDuelCommand: CommandHandler<"forfeitDuel"> = (sim, command) => {
  const unit = ownFighter(sim, command.unitId);
  if ("ok" in unit) return unit;
  const r = forfeitDuel(sim, unit.id);
  if (r) return { ok: false, code: "DUEL_REFUSED", reason: `unit ${unit.id} is not in a duel`, rule: "P100-DUEL-19" };
  return { ok: true };
};
