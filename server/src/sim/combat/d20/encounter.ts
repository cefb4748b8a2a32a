import { stepD20Mounts } from "./companions.ts";
import type { EncounterRules } from "../encounters/types.ts";
import { participantsOf } from "../encounters/book.ts";
import { areEnemies } from "../../world/units.ts";
import { hideRoll, initiativeOrder, initiativeRoll, isSurprised, passivePerception } from "./flow.ts";
import { addStatus, canAct, hasStatus } from "./statuses.ts";
import { isUp } from "./resolve.ts";
import { d20Of } from "./sheet.ts";
import { ageZones, dyingTurn, lostD20Plan, startOfTurnHarm, takeD20Turn } from "./turn.ts";
import { markUnit } from "../../changes.ts";

/**
 * The d20 side of encounters (combat/encounters/):
 * - initiative 1d20 + Agility modifier (D20-FLOW-17, D20-FLOW-18), ties by agreed order or d20
 *   roll-off (D20-FLOW-21 to D20-FLOW-23);
 * - surprise (D20-FLOW-06 to D20-FLOW-11, Left open): each hidden participant rolls Hide once
 *   (D20-ACTION-38); an observer noticing none of its hidden foes while no foe is in the open is
 *   surprised, gaining the `surprised` status until the end of its first turn (D20-FLOW-12 to D20-FLOW-14).
 *   Draw order: the Hide rolls of hidden participants in joining order.
 * - reactions come back at the start of each round (Left open D20-FLOW, D20-FLOW-38);
 * - turns by {@link takeD20Turn}; out of encounters, every round's span, damage over time ticks
 *   and the dying keep making jets de destin (a stable one counts its turns, D20-HP-34).
 */
export const d20EncounterRules: EncounterRules = {
  rollInitiative: (sim, unit) => initiativeRoll(sim.rng, d20Of(unit).abilities.agility),
  orderOf: (sim, totals, agreed) => initiativeOrder(sim.rng, totals, agreed),
  surprised(sim, participants) {
    const stealth = new Map<string, number>();
    for (const p of participants) {
      const d = d20Of(p);
      if (hasStatus(d.statuses, "hidden")) stealth.set(p.id, hideRoll(sim.rng, d.abilities.furtivite, d.skills.discretion));
    }
    const out: string[] = [];
    for (const p of participants) {
      const d = d20Of(p);
      const foes = participants.filter((q) => q !== p && areEnemies(p, q));
      const passive = passivePerception(d.abilities.perception, d.skills.vigilance);
      if (isSurprised(passive, foes.map((f) => stealth.get(f.id) ?? null))) {
        out.push(p.id);
        addStatus(d.statuses, "surprised", "", 1);
      }
    }
    return out;
  },
  startRound(sim, enc) {
    for (const u of participantsOf(sim, enc)) d20Of(u).reactionUsed = false;
    if (enc.round > 1) ageZones(enc);
  },
  takeTurn: takeD20Turn,
  /** Issue 7 "Who decides": a player's adventurer that can act waits for its plan (TURN_TIMER_TICKS, then the AI). */
  awaitsPlayer: (_sim, unit) => Boolean(unit.controller) && isUp(unit) && canAct(d20Of(unit).statuses, false),
  outsideTurn(sim, unit) {
    const d = d20Of(unit);
    if (d.dots.length === 0 && !hasStatus(d.statuses, "bleeding") && d.hp > 0) return;
    markUnit(sim, unit);
    startOfTurnHarm(sim, unit);
    if (!d.dead && d.hp === 0) dyingTurn(sim, unit);
  },
  canFight(unit) {
    const d = d20Of(unit);
    return !d.dead && d.hp > 0 && unit.activity !== "dead" && unit.activity !== "captured" && unit.activity !== "left" && unit.activity !== "unconscious";
  },
  isGone(unit) {
    return d20Of(unit).dead || unit.activity === "dead" || unit.activity === "captured" || unit.activity === "left";
  },
  /** Issue 17: a plan for a dead creature is answered `dead` at once, not kept (turn.ts {@link lostD20Plan}). */
  lostPlan: lostD20Plan,
  /** d20finish: class mounts out of fights stay under their riders (companions.ts `stepD20Mounts`). */
  everyTick: (sim) => stepD20Mounts(sim),
};
