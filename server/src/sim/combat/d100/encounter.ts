import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { chebyshev, findPath, isWalkable } from "../../world/grid.ts";
import { facingOf } from "../../world/movement.ts";
import { areEnemies, isActive } from "../../world/units.ts";
import { onUnitEntersTile } from "../../traps/index.ts";
import type { EncounterRecord, EncounterRules } from "../encounters/types.ts";
import { participantsOf } from "../encounters/book.ts";
import { canSee, hasLineOfFire } from "../perception.ts";
import { shotTaker } from "../shots.ts";
import { orderedBodyInReach, orderedKillingBlow } from "../unconscious.ts";
import { d100Attack, d100Options, settle } from "./resolve.ts";
import { attackRefusal } from "./attack.ts";
import { d100Of, HEAL_SPELL, HEAL_SPELL_RANGE } from "./sheet.ts";
import { dyingTurnStart, heal, rescue } from "./hp.ts";
import { duelHealing } from "./duel.ts";
import { canCast, canMove, endOwnTurn, canAct, isDown } from "./statuses.ts";
import { castSpell, fightStartRecharge, moveAllowance, newTurn, opportunityAttacks, orderTotals, spendAction, startOwnTurn, type Placed, type TurnState } from "./turns.ts";
import { canChargeAt, changeHeight, ignoresGroundObstacles, land, takeOff } from "./air.ts";
import { checkDuelOver, decideMercy, DUEL_MERCY_TICKS, duelOpponent, expireDuelProposals, forfeitDuel } from "./duels.ts";
import { aiSpellTarget, castOffensiveSpell, castRefusal } from "./spells.ts";
import { attackModeNow, d100TurnOptions, familiarOf } from "./options.ts";
import { attackSwarm, isSwarmCandidate, splitSwarm, swarmStrike, type Swarm } from "./mass.ts";
import { companionPlan, companionStep, companionTurn, riderManoeuvre } from "./companions.ts";

/** True when the unit stands in the fight (conscious, not dying, dead or gravely wounded). */
export function isUp(unit: UnitRecord): boolean {
  return isActive(unit) && !isDown(d100Of(unit));
}

/** The key swarm members share: species for creatures, class for adventurers (Peasants). */
function swarmKey(u: UnitRecord): string {
  return `${u.faction}/${u.species || u.adventurerClass || u.kind}`;
}

/**
 * P100-MASS-01 (Left open MASS): the standing members of `unit`'s swarm in this encounter, lowest
 * id first, or [] when it fights as an individual. A group becomes a swarm when 6 or more of one
 * kind with max HP ≤ 25 stand together in the encounter, and stays one until destroyed
 * (members carry the swarm's id).
 */
export function swarmOf(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): UnitRecord[] {
  const id = `${enc.id}/${swarmKey(unit)}`;
  const me = d100Of(unit);
  const all = participantsOf(sim, enc);
  if (me.swarm !== id) {
    const group = all.filter((u) => swarmKey(u) === swarmKey(unit) && isUp(u));
    if (!isSwarmCandidate(group.map((u) => ({ species: "swarm", maxHp: d100Of(u).maxHp })))) return [];
    for (const u of group) { d100Of(u).swarm = id; d100Of(u).swarmRound = 0; }
  }
  return all.filter((u) => d100Of(u).swarm === id && isUp(u)).sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * P100-BASE-01 to 03 (Left open BASE): before the first turn, every participant owed a surprise
 * attack makes it, in initiative order, against its nearest standing foe in reach (adjacent, or
 * within its ranged weapon's range and line of fire): an ordinary attack roll, the target's dodge at −20, outside
 * the attacker's turn.
 */
function surpriseAttacks(sim: Simulation, enc: EncounterRecord): void {
  for (const id of [...enc.order]) {
    const u = sim.state.units[id];
    if (!u || !d100Of(u).surprise) continue;
    d100Of(u).surprise = false;
    const me = d100Of(u);
    if (!isUp(u) || !canAct(me)) continue;
    const target = foesOf(sim, enc, u).find((f) => chebyshev(u, f) <= 1 || (me.hasRangedWeapon && chebyshev(u, f) <= me.range
      && (ignoresGroundObstacles(me, "ranged") || hasLineOfFire(sim.state.map, u, f))));
    if (!target) continue;
    const mode = chebyshev(u, target) <= 1 ? "melee" : "ranged";
    d100Attack(sim, u, struckBy(sim, u, target, mode), { mode, surprise: true, outOfTurn: true });
  }
}

/** One step of a d100 step plan (shared/protocol.ts `TurnStep`; the fields a kind does not use are ignored). */
export interface D100Step { kind: string; targetId?: string | undefined; x?: number | undefined; y?: number | undefined; spell?: string | undefined }

/** A player's plan for a d100 turn (shared/protocol.ts `TurnPlan`). */
export interface D100Plan {
  action: string; targetId?: string | undefined; x?: number | undefined; y?: number | undefined;
  /** With `action: "steps"`: the steps to play now, in order ({@link playSteps}). */
  steps?: D100Step[] | undefined;
  /** With `action: "steps"`: keep the turn open for another plan afterwards (the turn is spent in parts). */
  keepTurn?: boolean | undefined;
  /** Set on the plans the AI makes itself (companions.ts): no `turnPlanPlayed` event for them. */
  ai?: boolean | undefined;
  /** P100-DUEL-20 (issue 8): spare (true) or not (false) the loser should this plan win a duel to the death; absent, the decision waits ({@link decideOnPlan}). */
  spare?: boolean | undefined;
}

/**
 * P100-DUEL-20 (issue 8): after a player's plan, a mercy decision its unit's side holds on a duel
 * the plan just won (made this tick) is decided as the plan said (`spare`), as if by
 * `decideDuelMercy` (`duelMercy` by "adventurer").
 */
function decideOnPlan(sim: Simulation, unit: UnitRecord, plan: D100Plan): void {
  if (plan.spare === undefined || !sim.state.duelMercies) return;
  for (const m of Object.values(sim.state.duelMercies)) {
    if (m.winnerId === unit.id && m.expiresTick === sim.state.tick + DUEL_MERCY_TICKS) decideMercy(sim, m.id, plan.spare, unit);
  }
}

/**
 * A player's plan for its adventurer's turn (the encounter's `plans`, sent with `planTurn`):
 * - `attack` `targetId`: the AI's approach and attack, on that foe (P100-BASE-06 to 08);
 * - `move` / `guardedMove` to (`x`, `y`): a normal move (opportunity attacks, P100-MOVE-03/04) or a
 *   guarded one (none, a quarter of the distance, P100-MOVE-05/06), then the turn ends;
 * - `rescue` `targetId`: go to a dying ally and attempt its rescue (P100-DEATH-03 to 08);
 * - `forfeit`: forfeit the duel (P100-DUEL-19; an AI winner spares it, a winner's side a person
 *   holds decides, duels.ts `finishDuel`);
 * - `takeOff`, `land`, `climb`, `descend`: flight (P100-AIR-20, P100-AIR-21);
 * - `healFamiliar`, `mount`, `dismount`, and a mounted rider's flight: companions (companions.ts
 *   `companionPlan`); `familiar`: the owner's turn given to its familiar (companions.ts `companionTurn`);
 * - `wait`: nothing.
 * An unknown action, or one that names no valid target, falls back to the AI.
 * @returns true when the plan was played.
 */
export function playPlan(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: D100Plan, ts: TurnState): boolean {
  const me = d100Of(unit);
  const target = plan.targetId ? sim.state.units[plan.targetId] : undefined;
  if (companionPlan(sim, unit, plan, ts)) return true; // healFamiliar, mount, dismount, a rider's flight (companions.ts)
  switch (plan.action) {
    case "wait": return true;
    case "forfeit": return forfeitDuel(sim, unit.id) === null;
    case "attack": {
      if (!target || !areEnemies(unit, target) || !isUp(target)) return false;
      const opp = duelOpponent(sim, unit);
      if (opp && opp !== target) return false;
      fight(sim, enc, unit, target, ts);
      return true;
    }
    case "move":
    case "guardedMove": {
      if (plan.x === undefined || plan.y === undefined || !isWalkable(sim.state.map, plan.x, plan.y)) return false;
      const guarded = plan.action === "guardedMove";
      const map = sim.state.map;
      const busy = occupied(sim, unit);
      const path = findPath(map, unit, { x: plan.x, y: plan.y }, (x, y) => !busy.has(y * map.width + x));
      if (!path) return false;
      const steps = path.slice(0, moveAllowance(me, guarded)).map((i) => ({ x: i % map.width, y: Math.floor(i / map.width) }));
      const massCombat = swarmOf(sim, enc, unit).length > 0 || foesOf(sim, enc, unit).some((f) => swarmOf(sim, enc, f).length > 0);
      walk(sim, enc, unit, steps, ts, massCombat, guarded);
      return true;
    }
    case "rescue": {
      if (!target || areEnemies(unit, target) || !d100Of(target).dying || d100Of(target).stabilised) return false;
      if (chebyshev(unit, target) > 1) moveToward(sim, enc, unit, target, ts, false);
      if (!isUp(unit) || chebyshev(unit, target) > 1 || spendAction(ts, "main") !== null) return true;
      const r = rescue(sim.rng, me, d100Of(target), true);
      if (typeof r !== "string") sim.emit({ type: "rescue", unitId: target.id, byUnitId: unit.id, roll: r.roll, needed: r.needed, success: r.success });
      return true;
    }
    case "takeOff":
    case "land":
    case "climb":
    case "descend": {
      const refused = plan.action === "takeOff" ? takeOff(me, ts) : plan.action === "land" ? land(me, ts) : changeHeight(me, ts, plan.action === "climb" ? 1 : -1);
      if (!refused) sim.emit({ type: "altitudeChanged", unitId: unit.id, altitude: me.altitude, cause: plan.action });
      return true;
    }
    default: return false;
  }
}

/**
 * P100-MASS-06 to 10: `unit` attacks the swarm `members` (of which `target` is one) as a whole
 * with a kill roll, as its main action, killing the members nearest to it.
 * @returns false when the main action was already spent.
 */
function strikeSwarm(sim: Simulation, unit: UnitRecord, target: UnitRecord, members: UnitRecord[], ts: TurnState): boolean {
  if (spendAction(ts, "main") !== null) return false;
  unit.activity = "fighting";
  const swarm: Swarm = { strength: 10 * members.length };
  const r = attackSwarm(sim.rng, d100Of(unit), swarm);
  const nearest = [...members].sort((a, b) => chebyshev(unit, a) - chebyshev(unit, b) || Number(a.id) - Number(b.id));
  sim.emit({ type: "attack", attackerId: unit.id, targetId: target.id, hit: r.kills > 0, attackRoll: r.roll, defenceRoll: 0 });
  for (const victim of nearest.slice(0, r.kills)) killMember(sim, victim);
  return true;
}

/**
 * P100-SPELL-01 to 05 (AI, Left open SPELL): a unit with a charged offensive spell casts it, as
 * its main action and without moving, at the best target among `foes` it can strike from where it
 * stands (spells.ts `aiSpellTarget`: most HP left, then nearest, then lowest id). Emits
 * `spellCast` then the attack's events; in a duel, checks whether it ended.
 * @returns true when it cast.
 */
function aiCast(sim: Simulation, unit: UnitRecord, foes: readonly UnitRecord[], ts: TurnState): boolean {
  if (ts.mainDone) return false;
  const pick = aiSpellTarget(sim, unit, foes);
  if (!pick) return false;
  cast(sim, unit, pick.target, pick.spell.id, ts);
  return true;
}

/** Casts the offensive spell `spellId` (allowed: spells.ts `castRefusal`) as the main action; emits `spellCast`. */
function cast(sim: Simulation, unit: UnitRecord, target: UnitRecord, spellId: string, ts: TurnState): void {
  spendAction(ts, "main");
  unit.activity = "fighting";
  unit.targetId = target.id;
  const spell = d100Of(unit).spells.find((s) => s.id === spellId);
  sim.emit({ type: "spellCast", unitId: unit.id, spellId, targetId: target.id, chargesLeft: Math.max(0, (spell?.charges ?? 1) - 1) });
  const r = castOffensiveSpell(sim, unit, target, spellId, canStrikeBack(target, unit));
  if (r.refused === null && r.result.turnEnds) ts.over = true;
  if (d100Of(unit).duel) checkDuelOver(sim, unit);
}

/** True when `unit` fights in mass combat (it or one of its foes belongs to a swarm, P100-MASS-16). */
function inMassCombat(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): boolean {
  return swarmOf(sim, enc, unit).length > 0 || foesOf(sim, enc, unit).some((f) => swarmOf(sim, enc, f).length > 0);
}

/**
 * Plays a player's step list on its turn (`action: "steps"`), each step checked against the turn's
 * options as they stand before it (options.ts `d100TurnOptions`, so what a thin client shows is what
 * it may do):
 * - `move` / `guardedMove` to (`x`, `y`): a tile of `reachable` / `guardedReachable`, walked along
 *   the way listed there (normal: opportunity attacks, P100-MOVE-03/04; guarded: none, P100-MOVE-05);
 * - `attack` `targetId`: a foe of `targets` (a swarm member: the swarm's kill roll, P100-MASS-06);
 * - `cast` `targetId` (`spell` optional): the chosen spell (P100-SPELL-01 to 05) at a target of
 *   `spellTargets` (the healing spell: an adjacent stabilised ally, halved in a duel);
 * - `rescue` `targetId`: an adjacent dying ally (P100-DEATH-03 to 08);
 * - `familiar` `targetId`: the familiar attacks a foe next to it (P100-FAMILIAR-02 to 04: instead
 *   of a non-specialist's main action, besides a specialist's);
 * - `climb`, `descend` (the move), `takeOff`, `land` (the whole turn; P100-AIR-20/21);
 * - `forfeit`: a free action ending the duel (P100-DUEL-19); `endTurn` (or `wait`) ends the turn.
 * The list stops at the first refused step (its reason in the result, the rest not played), or when
 * the unit falls or its turn is over.
 * @returns one entry per step played: null when done, else the refusal.
 */
export function playSteps(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, steps: readonly D100Step[], ts: TurnState): (string | null)[] {
  const out: (string | null)[] = [];
  for (const step of steps) {
    const r = playStep(sim, enc, unit, step, ts);
    out.push(r);
    if (r !== null || ts.over || !isUp(unit)) break;
  }
  return out;
}

function playStep(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, step: D100Step, ts: TurnState): string | null {
  const me = d100Of(unit);
  const o = d100TurnOptions(sim, enc, unit, ts);
  const target = step.targetId ? sim.state.units[step.targetId] : undefined;
  const spent = ts.mainDone ? "actionSpent" : null;
  const companion = companionStep(sim, unit, step, ts); // mount, dismount, healFamiliar, a rider's flight (companions.ts)
  if (companion !== undefined) return companion;
  switch (step.kind) {
    case "endTurn":
    case "wait":
      ts.over = true;
      return null;
    case "move":
    case "guardedMove": {
      if (!o.actions.includes(step.kind)) return ts.mainDone ? "moveAfterAction" : ts.moved ? "alreadyMoved" : "cannotMove";
      const tile = (step.kind === "move" ? o.reachable : o.guardedReachable).find((t) => t.x === step.x && t.y === step.y);
      if (!tile) return "unreachable";
      const guarded = step.kind === "guardedMove";
      const from = { x: unit.x, y: unit.y };
      const taken = walk(sim, enc, unit, tile.path, ts, inMassCombat(sim, enc, unit), guarded);
      ts.walked = taken;
      if (guarded) sim.emit({ type: "guardedMove", unitId: unit.id, from, to: { x: unit.x, y: unit.y }, tiles: taken });
      return null;
    }
    case "attack": {
      if (spent) return spent;
      if (!target || !o.targets.some((t) => t.id === target.id)) return "invalidTarget";
      const swarm = swarmOf(sim, enc, target);
      if (swarm.length > 0) { strikeSwarm(sim, unit, target, swarm, ts); return null; }
      strike(sim, unit, target, ts, attackModeNow(sim, unit, target) ?? "melee", ts.walked ?? 0);
      return null;
    }
    case "cast": {
      if (spent) return spent;
      const spellId = step.spell ?? o.spell;
      if (!target) return "invalidTarget";
      if (spellId === HEAL_SPELL && o.spell === HEAL_SPELL) {
        if (!o.spellTargets.some((t) => t.id === target.id)) return "invalidTarget";
        const refused = castSpell(me, HEAL_SPELL, true);
        if (typeof refused === "string") return refused;
        spendAction(ts, "main");
        const d = d100Of(target);
        heal(d, duelHealing(sim.rng.int(HEAL_SPELL_RANGE[0], HEAL_SPELL_RANGE[1]), me));
        sim.emit({ type: "healed", unitId: target.id, byUnitId: unit.id, woundPoints: target.woundPoints, hp: d.hp });
        if (!d.dying && target.activity === "unconscious") { target.activity = "idle"; sim.emit({ type: "woke", unitId: target.id }); }
        return null;
      }
      const refused = castRefusal(sim, unit, target, spellId);
      if (refused) return refused;
      const opp = duelOpponent(sim, unit);
      if (opp && opp !== target) return "invalidTarget";
      cast(sim, unit, target, spellId, ts);
      return null;
    }
    case "rescue": {
      if (spent) return spent;
      if (!target || !o.rescueTargets.includes(target.id)) return "invalidTarget";
      spendAction(ts, "main");
      const r = rescue(sim.rng, me, d100Of(target), true);
      if (typeof r !== "string") sim.emit({ type: "rescue", unitId: target.id, byUnitId: unit.id, roll: r.roll, needed: r.needed, success: r.success });
      return null;
    }
    case "familiar": {
      const familiar = familiarOf(sim, enc, unit);
      if (!familiar || !o.actions.includes("familiar")) return familiar ? (ts.familiarDone ? "familiarDone" : "actionSpent") : "noFamiliar";
      if (!target || !o.familiarTargets.some((t) => t.id === target.id)) return "invalidTarget";
      if (!me.familiarSpecialist) spendAction(ts, "main");
      ts.familiarDone = true;
      d100Attack(sim, familiar, target, { mode: "melee", duel: me.duel !== null });
      return null;
    }
    case "forfeit":
      if (forfeitDuel(sim, unit.id) !== null) return "notInDuel";
      ts.over = true;
      return null;
    case "takeOff":
    case "land":
    case "climb":
    case "descend": {
      const refused = step.kind === "takeOff" ? takeOff(me, ts) : step.kind === "land" ? land(me, ts) : changeHeight(me, ts, step.kind === "climb" ? 1 : -1);
      if (refused) return refused;
      sim.emit({ type: "altitudeChanged", unitId: unit.id, altitude: me.altitude, cause: step.kind });
      return null;
    }
    default:
      return "unknownStep";
  }
}

/** Standing foes of `unit` in the encounter, nearest first, then by id. */
function foesOf(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): UnitRecord[] {
  return participantsOf(sim, enc)
    .filter((u) => u !== unit && areEnemies(unit, u) && isUp(u))
    .sort((a, b) => chebyshev(unit, a) - chebyshev(unit, b) || Number(a.id) - Number(b.id));
}

/** Left open MASS: a swarm member killed by a kill roll dies outright (no dying phase for mob members). */
function killMember(sim: Simulation, victim: UnitRecord): void {
  const d = d100Of(victim);
  d.dead = true;
  d.dying = false;
  settle(sim, victim, "dead");
}

/**
 * One participant's turn in a d100 encounter (P100-BASE-06 to 14): a player's plan when one was
 * sent (a step list, {@link playSteps}, emitting `turnPlanPlayed`; else a one-word plan,
 * {@link playPlan}, emitting `turnPlanPlayed` with one entry: null when played, a companion plan's
 * refusal (companions.ts `companionStep`: the turn then passes), or "invalidPlan" when it names no
 * valid action or target, the AI then playing the turn), else the AI. A step list with `keepTurn` leaves the turn open (returns
 * "open", the encounter's `openTurn` holding what the turn has spent): the next call, with the
 * player's next plan or null when the turn timer ran out (the AI then plays what is left),
 * resumes it without the start-of-turn steps 0 to 2. The AI:
 * 0. before the encounter's first turn, the surprise attacks (P100-BASE-01 to 03);
 * 1. spells interrupted last turn become castable (P100-STATUS-08); a dying unit loses 5 HP
 *    (P100-DEATH-02) and does nothing else;
 * 2. stunned or incapacitated units lose the turn (P100-STATUS-01, P100-FUMBLE-10);
 * 3. a swarm acts once per round, in the first slot of that round held by one of its standing
 *    members: its strength is split among the foes it engages and each group strikes its one
 *    target (P100-MASS-11 to 15); its other members' turns pass;
 * 4. against a swarm a character attacks the swarm as a whole with a kill roll (P100-MASS-06 to 10),
 *    killing the nearest members;
 * 5. a trained rescuer tends a dying ally (in the fight or not) instead of fighting (`care`);
 *    then a unit with a charged offensive spell casts it at its best target in reach (`aiCast`,
 *    P100-SPELL-01 to 05; in a duel at its opponent unless the duel bars magic, P100-DUEL-23);
 * 6. a duellist fights only its opponent, with the duel's penalties and opportunity attacks only
 *    at its back (P100-DUEL-09 to 15), and the duel ends when one is down (P100-DUEL-18); anyone
 *    else in a duel's encounter passes (P100-DUEL-03);
 * 7. otherwise it moves (before attacking, P100-BASE-08) toward the nearest foe, or a ranged
 *    attacker steps away from an adjacent foe (P100-PLACE-06); a move that would give opportunity
 *    attacks (P100-MOVE-03/04; none in mass combat, P100-MASS-16) is made guarded instead, a
 *    quarter of the distance and none given (`walkOrGuard`, P100-MOVE-05/06); then it attacks;
 *    flyers first take off, climb or drop (P100-AIR-13, 20, 21), and a charge after 2 tiles
 *    gives +20/+10 (P100-AIR-14/15).
 * Statuses count down at the end of the turn.
 */
export function takeD100Turn(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: unknown): void | "open" {
  const me = d100Of(unit);
  const resumed = enc.openTurn?.unitId === unit.id ? enc.openTurn.state as TurnState : null;
  delete enc.openTurn;
  let ts: TurnState;
  if (resumed) {
    ts = resumed;
    if (me.dead || !canAct(me) || !isUp(unit)) { endOwnTurn(me); return; }
  } else {
    if (enc.round === 1 && enc.acted.length === 0) surpriseAttacks(sim, enc);
    if (me.dead) return;
    startOwnTurn(me);
    if (me.dying) {
      const before = me.hp;
      const r = dyingTurnStart(me, d100Options(sim));
      if (before !== me.hp) sim.emit({ type: "damaged", targetId: unit.id, sourceId: "dying", amount: before - me.hp, damageType: "dying", hp: me.hp, critical: false });
      settle(sim, unit, r.outcome);
      endOwnTurn(me);
      return;
    }
    if (!canAct(me) || !isUp(unit)) { endOwnTurn(me); return; }
    ts = newTurn();
  }
  const asked = plan as D100Plan | null;
  if (asked && asked.action === "steps") {
    const wasDuel = me.duel !== null;
    const refusals = playSteps(sim, enc, unit, asked.steps ?? [], ts);
    sim.emit({ type: "turnPlanPlayed", unitId: unit.id, refusals });
    decideOnPlan(sim, unit, asked);
    if (asked.keepTurn && !ts.over && isUp(unit) && wasDuel === (me.duel !== null)) {
      enc.openTurn = { unitId: unit.id, state: ts };
      return "open";
    }
    endOwnTurn(me);
    return;
  }
  if (asked) {
    // issue 8: a player's one-word plan is reported like a step list (one entry: null when played, else
    // "invalidPlan" and the AI plays the turn).
    const companion = companionStep(sim, unit, { kind: asked.action ?? "", targetId: asked.targetId }, ts); // its refusal, if refused
    const played = companion !== undefined || playPlan(sim, enc, unit, asked, ts);
    if (!asked.ai) sim.emit({ type: "turnPlanPlayed", unitId: unit.id, refusals: [companion ?? (played ? null : "invalidPlan")] });
    if (played) decideOnPlan(sim, unit, asked);
    if (played) { endOwnTurn(me); return; }
  }
  const mySwarm = swarmOf(sim, enc, unit);
  if (mySwarm.length > 0) {
    if (!mySwarm.some((m) => d100Of(m).swarmRound === enc.round)) {
      for (const m of mySwarm) d100Of(m).swarmRound = enc.round;
      swarmTurn(sim, enc, mySwarm, unit);
    }
    endOwnTurn(me);
    return;
  }
  const opponent = duelOpponent(sim, unit);
  if (opponent) {
    if (isUp(opponent) && !aiCast(sim, unit, [opponent], ts)) fight(sim, enc, unit, opponent, ts);
    endOwnTurn(me);
    return;
  }
  if (participantsOf(sim, enc).some((u) => d100Of(u).duel !== null)) { endOwnTurn(me); return; } // P100-DUEL-03
  if (care(sim, enc, unit, ts)) { endOwnTurn(me); return; }
  if (aiCast(sim, unit, foesOf(sim, enc, unit).filter((f) => swarmOf(sim, enc, f).length === 0), ts)) { endOwnTurn(me); return; }
  // CMB-47: the keeper's order on an unconscious body next to it, as the turn's main action.
  if (orderedBodyInReach(sim, unit) && spendAction(ts, "main") === null) { orderedKillingBlow(sim, unit); endOwnTurn(me); return; }
  const target = foesOf(sim, enc, unit)[0];
  if (target) {
    const theirSwarm = swarmOf(sim, enc, target);
    if (theirSwarm.length > 0) {
      if (chebyshev(unit, target) > 1 && !unit.gear.ranged) moveToward(sim, enc, unit, target, ts, true);
      if (isUp(unit) && (unit.gear.ranged || chebyshev(unit, target) <= 1)) strikeSwarm(sim, unit, target, theirSwarm, ts);
    } else {
      fight(sim, enc, unit, target, ts);
    }
  }
  endOwnTurn(me);
}

/**
 * A trained rescuer's care for its side (AI; P100-DEATH-03 to 08, 13): a healer with its healing
 * spell charged heals an adjacent stabilised ally (P100-SPELL-05; halved in a duel, P100-DUEL-13),
 * bringing it back above 0 HP; otherwise a trained rescuer (healer role or first aid) goes to the
 * nearest dying, unstabilised ally within its move and attempts the rescue as its main action
 * (d100 above 50, P100-DEATH-07). Emits `rescue`, `healed` and `woke`.
 * @returns true when the turn went to care.
 */
function care(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, ts: TurnState): boolean {
  const me = d100Of(unit);
  if (!me.firstAider) return false;
  const allies = Object.values(sim.state.units).filter((u) => u !== unit && !areEnemies(u, unit) && d100Of(u).dying && !d100Of(u).dead)
    .sort((a, b) => chebyshev(unit, a) - chebyshev(unit, b) || Number(a.id) - Number(b.id));
  const healable = allies.find((u) => d100Of(u).stabilised && chebyshev(unit, u) <= 1);
  if (healable && me.spells.some((s) => s.id === HEAL_SPELL && s.charges > 0) && canCast(me)) {
    castSpell(me, HEAL_SPELL, true);
    spendAction(ts, "main");
    const d = d100Of(healable);
    heal(d, duelHealing(sim.rng.int(HEAL_SPELL_RANGE[0], HEAL_SPELL_RANGE[1]), me));
    sim.emit({ type: "healed", unitId: healable.id, byUnitId: unit.id, woundPoints: healable.woundPoints, hp: d.hp });
    if (!d.dying && healable.activity === "unconscious") { healable.activity = "idle"; sim.emit({ type: "woke", unitId: healable.id }); }
    return true;
  }
  const patient = allies.find((u) => !d100Of(u).stabilised && chebyshev(unit, u) <= 1 + moveAllowance(me, false));
  if (!patient) return false;
  if (chebyshev(unit, patient) > 1) moveToward(sim, enc, unit, patient, ts, false);
  if (!isUp(unit) || chebyshev(unit, patient) > 1 || spendAction(ts, "main") !== null) return true;
  const r = rescue(sim.rng, me, d100Of(patient), true);
  if (typeof r !== "string") sim.emit({ type: "rescue", unitId: patient.id, byUnitId: unit.id, roll: r.roll, needed: r.needed, success: r.success });
  return true;
}

/** True when the unit flies at moderate or high height (out of melee reach of the ground, P100-AIR-04). */
function aloft(u: UnitRecord): boolean {
  const a = d100Of(u).altitude;
  return a === "moderate" || a === "high";
}

/**
 * Aerial manoeuvres before an attack (Left open AIR, AI): a flyer on the ground takes off
 * (the whole turn, P100-AIR-20); a flyer fighting another flyer climbs or drops one level toward
 * it (P100-AIR-13, the move action, P100-AIR-21); a flyer with a ranged weapon climbs from low to
 * moderate height against ground targets (+20 to its attacks, out of their melee, P100-AIR-04/07),
 * and one without drops back to low height to strike in melee.
 * @returns true when the turn is spent.
 */
function manoeuvre(sim: Simulation, unit: UnitRecord, target: UnitRecord, ts: TurnState): boolean {
  const me = d100Of(unit), t = d100Of(target);
  if (me.mountId) return riderManoeuvre(sim, unit, target, ts); // a rider flies its mount (companions.ts)
  if (!me.flyer || me.mountId) return false;
  if (me.altitude === "ground") {
    if (takeOff(me, ts) === null) sim.emit({ type: "altitudeChanged", unitId: unit.id, altitude: me.altitude, cause: "takeOff" });
    return true;
  }
  const level = (a: string) => ["ground", "low", "moderate", "high"].indexOf(a);
  let dir: 1 | -1 | 0 = 0;
  if (t.altitude !== "ground") dir = level(t.altitude) > level(me.altitude) ? 1 : level(t.altitude) < level(me.altitude) ? -1 : 0;
  else if (me.hasRangedWeapon && me.altitude === "low") dir = 1;
  else if (!me.hasRangedWeapon && me.altitude !== "low") dir = -1;
  if (dir !== 0 && changeHeight(me, ts, dir) === null) {
    sim.emit({ type: "altitudeChanged", unitId: unit.id, altitude: me.altitude, cause: dir > 0 ? "climb" : "descend" });
  }
  return false;
}

/** Steps 6 and 7 of {@link takeD100Turn}. */
function fight(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, target: UnitRecord, ts: TurnState): void {
  const me = d100Of(unit);
  if (manoeuvre(sim, unit, target, ts)) return;
  const ranged = me.hasRangedWeapon;
  const apart = aloft(unit) !== aloft(target) || (me.altitude !== "ground" && d100Of(target).altitude !== "ground" && me.altitude !== d100Of(target).altitude);
  const dist = chebyshev(unit, target);
  let moved = 0;
  if (!ts.moved) {
    if (ranged && dist <= 1 && !apart) moved = stepAway(sim, enc, unit, target, ts);
    else if (!ranged && dist > 1) moved = moveToward(sim, enc, unit, target, ts, false);
    else if (ranged && dist > me.range) moved = moveToward(sim, enc, unit, target, ts, false);
  }
  if (!isUp(unit) || !isUp(target)) return;
  const d = chebyshev(unit, target);
  const mode = d <= 1 && !apart ? "melee" : "ranged";
  if (mode === "ranged" && (!ranged || d > me.range)) return;
  // CMB-11 to CMB-13 line of fire, except from moderate or high height (P100-AIR-24).
  if (mode === "ranged" && !ignoresGroundObstacles(me, mode) && !hasLineOfFire(sim.state.map, unit, target)) return;
  strike(sim, unit, target, ts, mode, moved);
}

/**
 * One weapon attack of `unit` on `target` as the turn's main action (P100-BASE-07 to 13): the shot
 * may strike a body in the way (CMB-14); a flyer's charge after `moved` tiles (P100-AIR-14/15); a
 * fall is reported (P100-AIR-16); a mishap ends the turn (P100-FUMBLE-04/05); in a duel, checks
 * whether it ended (P100-DUEL-18). Nothing when the main action is spent.
 */
function strike(sim: Simulation, unit: UnitRecord, target: UnitRecord, ts: TurnState, mode: "melee" | "ranged", moved: number): void {
  const me = d100Of(unit);
  const duel = me.duel !== null;
  if (spendAction(ts, "main") !== null) return;
  unit.activity = "fighting";
  unit.targetId = target.id;
  const charge = mode === "melee" && canChargeAt(me, d100Of(target), moved);
  const struck = struckBy(sim, unit, target, mode);
  const r = d100Attack(sim, unit, struck, { mode, duel, charge, targetCanReach: canStrikeBack(struck, unit) });
  if (r.refused === null && r.result.fell) {
    sim.emit({ type: "altitudeChanged", unitId: struck.id, altitude: d100Of(struck).altitude, cause: "fall" });
  }
  if (r.refused === null && r.result.turnEnds) ts.over = true;
  if (duel) checkDuelOver(sim, unit);
}

/**
 * Left open FUMBLE (the counter-attack needs a target reaching the attacker): whether `target` could
 * attack `attacker` right now: in melee when adjacent and at the same reach (not between the ground
 * and moderate or high height, P100-AIR-04; flyers at one height, P100-AIR-13), else with a ranged
 * weapon within its range.
 */
function canStrikeBack(target: UnitRecord, attacker: UnitRecord): boolean {
  const t = d100Of(target), a = d100Of(attacker);
  const apart = aloft(target) !== aloft(attacker) || (t.altitude !== "ground" && a.altitude !== "ground" && t.altitude !== a.altitude);
  const d = chebyshev(target, attacker);
  const mode = d <= 1 && !apart ? "melee" : "ranged";
  if (mode === "ranged" && d > t.range) return false;
  return attackRefusal(t, a, mode) === null;
}

/**
 * CMB-14 (always on): who a `mode` attack of `unit` on `target` strikes. A ranged shot may strike a
 * standing body on its path instead (the shared {@link shotTaker}, drawn before the attack roll),
 * except a shot from moderate or high height, which passes over the ground like its line of fire
 * (P100-AIR-24, server choice). A melee blow strikes its target.
 */
function struckBy(sim: Simulation, unit: UnitRecord, target: UnitRecord, mode: "melee" | "ranged"): UnitRecord {
  if (mode !== "ranged" || ignoresGroundObstacles(d100Of(unit), mode)) return target;
  return shotTaker(sim, unit, target);
}

/** The swarm's turn (P100-MASS-11 to 15): split among the engaged foes (within 1 tile of a member, else the nearest). */
function swarmTurn(sim: Simulation, enc: EncounterRecord, members: UnitRecord[], leader: UnitRecord): void {
  const foes = foesOf(sim, enc, leader);
  const engaged = foes.filter((f) => members.some((m) => chebyshev(m, f) <= 1));
  const targets = engaged.length > 0 ? engaged : foes.slice(0, 1);
  const groups = splitSwarm({ strength: 10 * members.length }, targets.length);
  targets.forEach((t, i) => {
    const strength = groups[i] ?? 0;
    if (strength <= 0 || !isUp(t)) return;
    const before = d100Of(t).hp;
    const r = swarmStrike(sim.rng, strength, d100Of(t), true, d100Options(sim));
    sim.emit({ type: "attack", attackerId: leader.id, targetId: t.id, hit: r.hit, attackRoll: r.attackRoll, defenceRoll: r.defenceRoll });
    if (r.hit) {
      sim.emit({ type: "damaged", targetId: t.id, sourceId: leader.id, amount: before - d100Of(t).hp, damageType: "swarm", hp: d100Of(t).hp, critical: false });
      settle(sim, t, r.outcome);
    }
  });
  for (const m of members) if (m.walk) m.walk = null;
}

function occupied(sim: Simulation, unit: UnitRecord): Set<number> {
  const w = sim.state.map.width;
  const s = new Set<number>();
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u !== unit && isActive(u)) s.add(u.y * w + u.x);
  }
  return s;
}

/** Moves toward a tile next to `target`, at most the unit's allowance (P100-MOVE-01, 02). */
function moveToward(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, target: UnitRecord, ts: TurnState, swarm: boolean): number {
  const map = sim.state.map;
  const busy = occupied(sim, unit);
  busy.delete(target.y * map.width + target.x);
  const path = findPath(map, unit, target, (x, y) => !busy.has(y * map.width + x));
  if (!path) return 0;
  path.pop();
  const tiles = path.map((i) => ({ x: i % map.width, y: Math.floor(i / map.width) }));
  return walkOrGuard(sim, enc, unit, tiles, ts, swarm);
}

/**
 * The AI's choice between a normal and a guarded move along `tiles` (P100-MOVE-03 to 06, Left
 * open MOVE): a normal move (up to the allowance) unless it would give an opportunity attack to a
 * hostile as they stand now (turns.ts `opportunityAttacks`); then a guarded move along the same
 * way, floor(allowance / 4) tiles and no opportunity attack. Emits `guardedMove` for a guarded one.
 * @returns the tiles walked.
 */
function walkOrGuard(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, tiles: { x: number; y: number }[], ts: TurnState, swarm: boolean): number {
  const me = d100Of(unit);
  const normal = tiles.slice(0, moveAllowance(me, false));
  if (normal.length === 0 || swarm || ts.moved || ts.mainDone) return walk(sim, enc, unit, normal, ts, swarm);
  const hostiles: Placed[] = participantsOf(sim, enc)
    .filter((u) => u !== unit && areEnemies(u, unit) && isUp(u))
    .map((u) => ({ id: u.id, x: u.x, y: u.y, unit: d100Of(u) }));
  const ctx = me.duel ? { duelOpponentId: me.duel.opponentId } : {};
  if (opportunityAttacks([{ x: unit.x, y: unit.y }, ...normal], me, hostiles, ctx).length === 0) return walk(sim, enc, unit, normal, ts, swarm);
  const guarded = tiles.slice(0, moveAllowance(me, true));
  const from = { x: unit.x, y: unit.y };
  const taken = walk(sim, enc, unit, guarded, ts, swarm, true);
  sim.emit({ type: "guardedMove", unitId: unit.id, from, to: { x: unit.x, y: unit.y }, tiles: taken });
  return taken;
}

/** P100-PLACE-06: a ranged attacker steps to the free neighbour farthest from `target`. */
function stepAway(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, target: UnitRecord, ts: TurnState): number {
  const busy = occupied(sim, unit);
  let best: { x: number; y: number } | null = null;
  let bestD = chebyshev(unit, target);
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
    const x = unit.x + dx, y = unit.y + dy;
    if ((dx === 0 && dy === 0) || !isWalkable(sim.state.map, x, y) || busy.has(y * sim.state.map.width + x)) continue;
    const d = chebyshev({ x, y }, target);
    if (d > bestD) { bestD = d; best = { x, y }; }
  }
  return best ? walkOrGuard(sim, enc, unit, [best], ts, false) : 0;
}

/**
 * Walks `steps` (P100-BASE-08: the move comes before the main action): before each step the
 * hostiles the mover leaves make their opportunity attacks (P100-MOVE-03/04, once each per move;
 * none in mass combat); the move stops when the mover falls or cannot move any more.
 */
function walk(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, steps: { x: number; y: number }[], ts: TurnState, swarm: boolean, guarded = false): number {
  const me = d100Of(unit);
  if (steps.length === 0 || !canMove(me) || spendAction(ts, "move") !== null) return 0;
  const struck = new Set<string>();
  const opponentId = me.duel?.opponentId;
  let taken = 0;
  for (const next of steps) {
    const hostiles: Placed[] = participantsOf(sim, enc)
      .filter((u) => u !== unit && areEnemies(u, unit) && isUp(u) && !struck.has(u.id))
      .map((u) => ({ id: u.id, x: u.x, y: u.y, unit: d100Of(u) }));
    const ctx = opponentId !== undefined ? { swarm, guarded, duelOpponentId: opponentId } : { swarm, guarded };
    for (const oa of opportunityAttacks([{ x: unit.x, y: unit.y }, next], me, hostiles, ctx)) {
      const striker = sim.state.units[oa.attackerId] as UnitRecord;
      struck.add(striker.id);
      sim.emit({ type: "reaction", unitId: striker.id, kind: "opportunityAttack", detail: "d100", againstId: unit.id });
      d100Attack(sim, striker, unit, { mode: "melee", outOfTurn: true, duel: me.duel !== null });
      if (me.duel && checkDuelOver(sim, unit)) return taken;
      if (!isUp(unit)) return taken;
    }
    if (!canMove(me)) return taken;
    unit.facing = facingOf(next.x - unit.x, next.y - unit.y);
    unit.x = next.x; unit.y = next.y;
    taken += 1;
    onUnitEntersTile(sim, unit, next.x, next.y);
    if (!isUp(unit)) return taken;
  }
  return taken;
}

/**
 * The d100 side of encounters (combat/encounters/): initiative a d100 each (P100-BASE-04), highest
 * first with one re-roll of ties then the lower id (P100-BASE-05, Left open BASE); nobody is
 * surprised by the machinery (surprise attacks are the encounter's call, P100-BASE-01); turns by
 * {@link takeD100Turn}; out of encounters the dying keep losing 5 HP every round's span (P100-DEATH-02).
 */
export const d100EncounterRules: EncounterRules = {
  rollInitiative: (sim) => sim.rng.d100(),
  /** Pending duel proposals past their time are refused (duels.ts `expireDuelProposals`, P100-DUEL-01). */
  everyTick: (sim) => expireDuelProposals(sim),
  orderOf: (sim, totals) => orderTotals(sim.rng, totals).order,
  /**
   * P100-BASE-01 (Left open BASE): a participant none of its foes can see (combat/perception.ts)
   * when the fight starts is owed a surprise attack; d100 surprise costs nobody a turn, so the
   * list the machinery gets is empty.
   */
  surprised(sim, participants) {
    for (const p of participants) {
      const foes = participants.filter((q) => q !== p && areEnemies(p, q));
      d100Of(p).surprise = foes.length > 0 && !foes.some((f) => canSee(sim, f, p));
    }
    return [];
  },
  /** P100-SPELL-06 to 08: spells recharge when a fight with the Master (the boss) starts, or every fight with the room option. */
  startRound(sim, enc) {
    if (enc.round !== 1) return;
    const units = participantsOf(sim, enc);
    fightStartRecharge(units.map((u) => d100Of(u)), units.some((u) => u.kind === "master"), d100Options(sim).rechargeBetweenFights);
  },
  takeTurn: takeD100Turn,
  outsideTurn(sim, unit) {
    const d = d100Of(unit);
    if (!d.dying || d.stabilised || d.dead) return;
    const r = dyingTurnStart(d, d100Options(sim));
    sim.emit({ type: "damaged", targetId: unit.id, sourceId: "dying", amount: r.lost, damageType: "dying", hp: d.hp, critical: false });
    settle(sim, unit, r.outcome);
  },
  canFight: (unit) => isUp(unit),
  /** A seated adventurer player's turn waits for its plan (the machinery's turn timer, then the AI). */
  awaitsPlayer: (_sim, unit) => Boolean(unit.controller),
  isGone(unit) {
    return d100Of(unit).dead || unit.activity === "dead" || unit.activity === "captured" || unit.activity === "left";
  },
};

/** Companions: a familiar acts in its owner's slot, a mount carries its rider (companions.ts `companionTurn`, P100-FAMILIAR, P100-AIR-20 to 23). */
d100EncounterRules.takeTurn = (sim, enc, unit, plan) => companionTurn(sim, enc, unit, plan, takeD100Turn);

