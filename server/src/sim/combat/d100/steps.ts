/**
 * The d100 step handlers, one per step kind of a player's step list (plan.ts `D100Step`), played
 * by the shared turn skeleton (encounters/turnSkeleton.ts `playSteps`, encounter.ts `playSteps`).
 * Each checks the step against the turn's options as they stand before it (`c.o`, options.ts
 * `d100TurnOptions`). A new step kind is its handler here and one line in {@link D100_STEPS};
 * companion steps (mount, dismount, healFamiliar, a rider's flight) are companions.ts's.
 */
import type { StepTable } from "../encounters/turnSkeleton.ts";
import { healWithSpell } from "./healing.ts";
import { changeHeight, land, takeOff } from "./air.ts";
import { forfeitDuel, duelOpponent } from "./duels.ts";
import { attemptRescue, cast, castAtSwarm, inMassCombat, strike, strikeSwarm, swarmOf } from "./fighters.ts";
import { attackModeNow, familiarOf } from "./options.ts";
import type { D100Handler, D100Step, D100StepContext } from "./plan.ts";
import { d100Attack } from "./resolve.ts";
import { HEAL_SPELL } from "./sheet.ts";
import { castRefusal } from "./spells.ts";
import { castSpell, spendAction } from "./turns.ts";
import { walk } from "./walking.ts";

/** `endTurn` (or `wait`): ends the turn. */
export const endTurnStep: D100Handler = ({ ts }) => {
  ts.over = true;
  return null;
};

/**
 * `move` / `guardedMove` to (`x`, `y`): a tile of `reachable` / `guardedReachable`, walked along
 * the way listed there (normal: opportunity attacks, P100-MOVE-03/04; guarded: none, P100-MOVE-05;
 * emits `guardedMove`).
 */
export const moveStep: D100Handler = ({ sim, enc, unit, ts, o }, step) => {
  if (!o.actions.includes(step.kind)) return ts.mainDone ? "moveAfterAction" : ts.moved ? "alreadyMoved" : "cannotMove";
  const tile = (step.kind === "move" ? o.reachable : o.guardedReachable).find((t) => t.x === step.x && t.y === step.y);
  if (!tile) return "unreachable";
  const guarded = step.kind === "guardedMove";
  const from = { x: unit.x, y: unit.y };
  const taken = walk(sim, enc, unit, tile.path, ts, inMassCombat(sim, enc, unit), guarded);
  ts.walked = taken;
  if (guarded) sim.emit({ type: "guardedMove", unitId: unit.id, from, to: { x: unit.x, y: unit.y }, tiles: taken });
  return null;
};

/** `attack` `targetId`: a foe of `targets` (a swarm member: the swarm's kill roll, P100-MASS-06), with the turn's walk for a charge. */
export const attackStep: D100Handler = ({ sim, enc, unit, ts, o, target, spent }) => {
  if (spent) return spent;
  if (!target || !o.targets.some((t) => t.id === target.id)) return "invalidTarget";
  const swarm = swarmOf(sim, enc, target);
  if (swarm.length > 0) { strikeSwarm(sim, unit, target, swarm, ts); return null; }
  strike(sim, unit, target, ts, attackModeNow(sim, unit, target) ?? "melee", ts.walked ?? 0);
  return null;
};

/**
 * `cast` `targetId` (`spell` optional): the chosen spell (P100-SPELL-01 to 05) at a target of
 * `spellTargets` (the healing spell: an adjacent stabilised ally, halved in a duel, P100-DUEL-13);
 * in a duel only at the opponent; at a swarm member, fighters.ts `castAtSwarm` (a single-target
 * ability not certain to hit is refused "singleTarget", P100-MASS-18).
 */
export const castStep: D100Handler = ({ sim, enc, unit, me, ts, o, target, spent }, step) => {
  if (spent) return spent;
  const spellId = step.spell ?? o.spell;
  if (!target) return "invalidTarget";
  if (spellId === HEAL_SPELL && o.spell === HEAL_SPELL) {
    if (!o.spellTargets.some((t) => t.id === target.id)) return "invalidTarget";
    const refused = castSpell(me, HEAL_SPELL, true);
    if (typeof refused === "string") return refused;
    spendAction(ts, "main");
    healWithSpell(sim, unit, target);
    return null;
  }
  const refused = castRefusal(sim, unit, target, spellId);
  if (refused) return refused;
  const opp = duelOpponent(sim, unit);
  if (opp && opp !== target) return "invalidTarget";
  const members = swarmOf(sim, enc, target);
  if (members.length > 0) return castAtSwarm(sim, unit, target, members, spellId, ts); // P100-MASS-18 to 26
  cast(sim, unit, target, spellId, ts);
  return null;
};

/** `rescue` `targetId`: an adjacent dying ally of `rescueTargets`, as the main action (P100-DEATH-03 to 08). */
export const rescueStep: D100Handler = ({ sim, unit, ts, o, target, spent }) => {
  if (spent) return spent;
  if (!target || !o.rescueTargets.includes(target.id)) return "invalidTarget";
  spendAction(ts, "main");
  attemptRescue(sim, unit, target);
  return null;
};

/**
 * `familiar` `targetId`: the familiar attacks a foe of `familiarTargets` next to it
 * (P100-FAMILIAR-02 to 04: instead of a non-specialist's main action, besides a specialist's and
 * after it: a specialist's `familiar` step before its own main action is refused `ownerFirst`).
 */
export const familiarStep: D100Handler = ({ sim, enc, unit, me, ts, o, target }) => {
  const familiar = familiarOf(sim, enc, unit);
  if (!familiar || !o.actions.includes("familiar")) {
    if (!familiar) return "noFamiliar";
    return ts.familiarDone ? "familiarDone" : me.familiarSpecialist && !ts.mainDone ? "ownerFirst" : "actionSpent";
  }
  if (!target || !o.familiarTargets.some((t) => t.id === target.id)) return "invalidTarget";
  if (!me.familiarSpecialist) spendAction(ts, "main");
  ts.familiarDone = true;
  d100Attack(sim, familiar, target, { mode: "melee", duel: me.duel !== null });
  return null;
};

/**
 * `forfeit`: a free action ending the duel, and the turn (P100-DUEL-19). As a free action it may
 * come at any moment of the own turn, never once the turn is over (P100-BASE-09, turns.ts
 * `spendAction` "free": "turnOver").
 */
export const forfeitStep: D100Handler = ({ sim, unit, ts }) => {
  const free = spendAction(ts, "free");
  if (free !== null) return free;
  if (forfeitDuel(sim, unit.id) !== null) return "notInDuel";
  ts.over = true;
  return null;
};

/** `climb`, `descend` (the move), `takeOff`, `land` (the whole turn): flight (P100-AIR-20, P100-AIR-21); emits `altitudeChanged`. */
export const flightStep: D100Handler = ({ sim, unit, me, ts }, step) => {
  const refused = step.kind === "takeOff" ? takeOff(me, ts) : step.kind === "land" ? land(me, ts) : changeHeight(me, ts, step.kind === "climb" ? 1 : -1);
  if (refused) return refused;
  sim.emit({ type: "altitudeChanged", unitId: unit.id, altitude: me.altitude, cause: step.kind as Flight });
  return null;
};

/** The flight steps and plans (P100-AIR-20, P100-AIR-21). */
type Flight = "takeOff" | "land" | "climb" | "descend";

/** Each d100 step kind's handler (a kind missing here is refused "unknownStep"). */
export const D100_STEPS: StepTable<D100StepContext, D100Step> = {
  endTurn: endTurnStep,
  wait: endTurnStep,
  move: moveStep,
  guardedMove: moveStep,
  attack: attackStep,
  cast: castStep,
  rescue: rescueStep,
  familiar: familiarStep,
  forfeit: forfeitStep,
  takeOff: flightStep,
  land: flightStep,
  climb: flightStep,
  descend: flightStep,
};
