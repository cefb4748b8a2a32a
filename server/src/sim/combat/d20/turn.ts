import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { findPath, isDifficult, isWalkable, tileAt } from "../../world/grid.ts";
import { facingOf } from "../../world/movement.ts";
import { onUnitEntersTile } from "../../traps/index.ts";
import { areEnemies, isActive } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { noteReaction, participantsOf } from "../encounters/book.ts";
import { attackModifier, type Cover, canTwoWeapon, THROW_RANGE, dragSlows, grappleRefusal, inReach, perceiveRoll, provokesOpportunity, strengthContest } from "./attack.ts";
import { HELP_RANGE, newTurn, spendAction, type TurnBudget } from "./actions.ts";
import { rollD20, rollDice } from "./dice.ts";
import { hasFreeHand } from "./equip.ts";
import { hideRoll, notices, passivePerception } from "./flow.ts";
import { mayPassThrough } from "./size.ts";
import { approachCost, checkStep, fallIfGrounded, inSpace, occupancy, refreshSqueezing, routeNextTo, startOfTurnSpace, switchModeNow } from "./routes.ts";
import { modeOf, sheetModeFactor, spaceDistance, spaceSide, switchMode, turnMovement, type MoveMode } from "./movement.ts";
import { areaSpell, castRefusal, payFor, spellAttack, spellReaches, type D20Spell } from "./spells.ts";
import { canMountNow, canServeAsMount, CONTROLLED_MOUNT_ACTIONS, isControlled, mountCost } from "./mount.ts";
import { damageTaken, GROUND_ZONE_DEFAULT_ROUNDS, GROUND_ZONE_DICE, tickDots } from "./damage.ts";
import { DEEP_WATER_TILE } from "./water.ts";
import { deathSave, firstAid, stableTurn } from "./hp.ts";
import { canEnter, canStandUp, dash, diagonalAllowed, gridDistance, standUpCost, stepCost } from "./movement.ts";
import { treatBleeding, targetingLimit } from "./statuses.ts";
import { addStatus, canReact, endOfTurnStatuses, hasStatus, removeStatus, BLEEDING_DICE, canMove, canAct, ENDS_AT_OWN_TURN_START } from "./statuses.ts";
import { canStrike, defenceOf, healUnit, hurt, isUp, resolveD20Attack, spaceOf, unitDistance } from "./resolve.ts";

/** Left open (D20-HP-08, no figure in the chapter): a healing potion restores this many HP. */
export const HEALING_POTION_DICE = "2d4+2";
import { d20Of } from "./sheet.ts";
import { coverAgainst, dismountSpots, mountTurnBudget, toD20Plan } from "./options.ts";
import { shotTaker } from "../shots.ts";
import { orderedBodyInReach, orderedKillingBlow } from "../unconscious.ts";

/**
 * The start of a creature's turn (Left open D20-HP: damage over time first, then the jet de
 * destin): damage over time (D20-DAMAGE-09, 14, 17, 23) and bleeding (D20-STATUS-10, 1d4) tick,
 * through resistance. Draw order: each damage over time in order, then bleeding.
 */
export function startOfTurnHarm(sim: Simulation, unit: UnitRecord): void {
  const me = d20Of(unit);
  for (const tick of tickDots(sim.rng, me.dots)) {
    if (me.dead) return;
    hurt(sim, unit, damageTaken(tick.amount, tick.type, defenceOf(sim, unit, me)), tick.type, tick.sourceId);
  }
  if (!me.dead && hasStatus(me.statuses, "bleeding")) {
    hurt(sim, unit, damageTaken(rollDice(sim.rng, BLEEDING_DICE), "slashing", { resistances: [], vulnerabilities: [], reduction: 0 }), "slashing", "bleeding");
  }
}

/**
 * The turn of a creature at 0 HP (D20-HP-16 to D20-HP-25, D20-HP-31, D20-HP-34): a stable one
 * counts toward regaining 1 HP; a dying one makes a jet de destin (emits `deathSave`; death
 * emits `knockedOut` "dead", a natural 20 wakes it).
 */
export function dyingTurn(sim: Simulation, unit: UnitRecord): void {
  const me = d20Of(unit);
  if (me.stable) {
    const before = me.hp;
    const outcome = stableTurn(me);
    if (outcome === "woke") { me.hp = before; healUnit(sim, unit, 1, unit.id); }
    return;
  }
  const r = deathSave(me, sim.rng);
  sim.emit({ type: "deathSave", unitId: unit.id, roll: r.natural, successes: me.deathSaves.successes, failures: me.deathSaves.failures, outcome: r.outcome });
  if (r.outcome === "dead") {
    unit.activity = "dead";
    unit.wakeTick = -1;
    sim.emit({ type: "knockedOut", unitId: unit.id, outcome: "dead", cause: "hitPoints" });
  } else if (r.outcome === "regained") {
    me.hp = 0;
    healUnit(sim, unit, 1, unit.id);
  }
}

/** Hostile participants still standing, nearest first (then by id). */
function foesOf(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): UnitRecord[] {
  const limit = targetingLimit(d20Of(unit).statuses, Number.POSITIVE_INFINITY); // D20-STATUS-06: blinded, 8 tiles
  return participantsOf(sim, enc)
    .filter((u) => u !== unit && areEnemies(unit, u) && isUp(u) && unitDistance(sim, unit, u) <= limit)
    .sort((a, b) => unitDistance(sim, unit, a) - unitDistance(sim, unit, b) || Number(a.id) - Number(b.id));
}

/** One step of a turn plan (a player's, or the AI's). Coordinates in tiles. */
export type D20Step =
  | { kind: "move"; path: { x: number; y: number }[] }
  | { kind: "attack"; targetId: string; offHand?: boolean; thrown?: boolean }
  | { kind: "attackTile"; x: number; y: number }
  | { kind: "dash" } | { kind: "disengage" } | { kind: "hide" } | { kind: "search" } | { kind: "reload" }
  | { kind: "useObject"; item?: "bandage" | "medicalTools" | "healingPotion"; targetId?: string }
  | { kind: "help"; allyId: string; targetId: string }
  | { kind: "ready" }
  | { kind: "firstAid"; targetId: string }
  | { kind: "standUp" } | { kind: "dropProne" }
  | { kind: "grapple"; targetId: string } | { kind: "release" } | { kind: "escape" }
  | { kind: "say"; text: string }
  | { kind: "mount"; mountId: string; control?: boolean } | { kind: "dismount"; x: number; y: number }
  | { kind: "mountAction"; action: "dash" | "disengage" }
  | { kind: "cast"; spell: string; targetId?: string; x?: number; y?: number }
  | { kind: "readySpell"; spell: string }
  | { kind: "switchMode"; mode: MoveMode };

/** A turn plan: its steps in order (D20-FLOW-27: action first or move first, as the steps say). */
export interface D20TurnPlan { steps: D20Step[] }

/** What is left of the turn while a plan plays. */
export interface TurnState {
  budget: TurnBudget;
  /** Weapon attacks left in the Attack action already taken (D20-MOVE-11). */
  attacksLeft: number;
  /** The Attack action was taken this turn (D20-ATTACK-30). */
  attacked?: boolean;
  /** D20-MOUNT-02 (Left open: once per turn). */
  mountedOrDismounted?: boolean;
  /** The controlled mount's own turn budget, while the rider directs it (D20-MOUNT-16 to D20-MOUNT-19). */
  mountBudget?: TurnBudget;
}

/** The outcome of each step: null when done, else the refusal reason (the plan stops there). */
export type StepResults = (string | null)[];

/**
 * Plays a plan step by step until one is refused (D20-FLOW-27, D20-FLOW-29 an empty plan does
 * nothing, D20-MOVE-10, D20-MOVE-11 movement split around and between attacks, D20-ACTION-01,
 * D20-ACTION-02 an undescribed step is refused). Each step checks its own rule and spends from
 * the turn (see the step functions). Reactions it provokes interrupt it and it carries on
 * afterwards (D20-FLOW-39).
 */
export function playPlan(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: D20TurnPlan, ts: TurnState): StepResults {
  const out: StepResults = [];
  for (const step of plan.steps) {
    if (!isUp(unit)) { out.push("the creature can no longer act"); break; }
    const r = playStep(sim, enc, unit, step, ts);
    out.push(r);
    if (r !== null) break;
  }
  return out;
}

function unitIn(sim: Simulation, enc: EncounterRecord, id: string): UnitRecord | null {
  return enc.participants.includes(id) ? sim.state.units[id] ?? null : null;
}

function playStep(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, step: D20Step, ts: TurnState): string | null {
  const me = d20Of(unit);
  const b = ts.budget;
  switch (step.kind) {
    case "say": return null; // D20-FLOW-30: costs neither action nor movement
    case "move": {
      // D20-MOUNT-17, D20-MOUNT-21: a controlled mount moves where its rider directs it, on the
      // mount's own movement (Left open); an independent one is not directed.
      const mount = me.riding ? sim.state.units[me.riding.mountId] : undefined;
      if (mount && me.riding && !me.riding.controlled) return "an independent mount moves as it wishes (D20-MOUNT-21)";
      const mover = mount ?? unit;
      const budget = mount ? (ts.mountBudget ??= mountTurnBudget(mount)) : b; // × its mode's factor (D20-MOVE-17 to D20-MOVE-19)
      if (!canMove(d20Of(mover).statuses, false)) return "the creature cannot move (D20-STATUS-05, D20-FLOW-12)";
      for (let i = 0; i < step.path.length; i++) {
        const r = stepTo(sim, enc, mover, step.path[i]!, budget, i === step.path.length - 1);
        if (r !== null) return r;
        if (!isUp(unit) || !isUp(mover)) return null;
      }
      return null;
    }
    case "mount": {
      const mount = unitIn(sim, enc, step.mountId);
      if (!mount || mount === unit || areEnemies(unit, mount)) return "no such creature to ride in the encounter";
      const md = d20Of(mount);
      if (me.riding || md.riderId !== "" || md.riding) return "already riding or ridden";
      if (!canServeAsMount(me.size, md.size, md.mountTraits.willing) || !isUp(mount)) return "the mount must be willing and at least one size larger (D20-MOUNT-01)";
      if (!canMountNow(me.movement, b.movement, gridDistance(unit, mount), ts.mountedOrDismounted === true)) return "mounting needs half the movement value, once a turn, within 1 tile (D20-MOUNT-02 to D20-MOUNT-04)";
      b.movement -= mountCost(me.movement);
      ts.mountedOrDismounted = true;
      const controlled = isControlled(md.mountTraits.trained, md.mountTraits.intelligent, md.mountTraits.summoned, step.control !== false);
      me.riding = { mountId: mount.id, controlled };
      md.riderId = unit.id;
      unit.x = mount.x; unit.y = mount.y;
      if (controlled) {
        // D20-MOUNT-16, D20-MOUNT-19: the controlled mount shares the rider's initiative and may move and act this very turn,
        // unless (Left open) it has already had its own turn this round: then it has nothing left to spend.
        enc.initiative[mount.id] = enc.initiative[unit.id] ?? 0;
        ts.mountBudget = enc.acted.includes(mount.id) ? { ...newTurn(0), full: false, demi: false } : mountTurnBudget(mount);
      }
      return null;
    }
    case "dismount": {
      const mount = me.riding ? sim.state.units[me.riding.mountId] : undefined;
      if (!mount || !me.riding) return "not riding";
      if (!canMountNow(me.movement, b.movement, 0, ts.mountedOrDismounted === true)) return "dismounting needs half the movement value, once a turn (D20-MOUNT-02 to D20-MOUNT-04)";
      const spot = { x: step.x, y: step.y };
      if (!dismountSpots(sim, unit, mount).some((p) => p.x === spot.x && p.y === spot.y)) return "dismount onto a free tile next to the mount";
      b.movement -= mountCost(me.movement);
      ts.mountedOrDismounted = true;
      unseat(unit, mount, spot);
      return null;
    }
    case "mountAction": {
      // D20-MOUNT-18 (Left open): a controlled mount's own action is Dash or Disengage.
      const mount = me.riding && me.riding.controlled ? sim.state.units[me.riding.mountId] : undefined;
      if (!mount) return "no controlled mount";
      if (!(CONTROLLED_MOUNT_ACTIONS as readonly string[]).includes(step.action)) return "a controlled mount can only Dash or Disengage (D20-MOUNT-18)";
      const mb = (ts.mountBudget ??= mountTurnBudget(mount));
      const r = spendAction(mb, step.action);
      const md = d20Of(mount);
      if (r === null && step.action === "dash") mb.movement = dash(mb.movement, md.movement, sheetModeFactor(md, modeOf(md))); // Left open D20-ACTION-10: × the mount's mode factor
      return r;
    }
    case "standUp": {
      if (!hasStatus(me.statuses, "prone")) return "not prone";
      if (!canStandUp(me.movement, b.movement)) return "standing up costs half the movement value (D20-MOVE-30, D20-MOVE-31)";
      b.movement -= standUpCost(me.movement);
      removeStatus(me.statuses, "prone");
      return null;
    }
    case "dropProne": addStatus(me.statuses, "prone"); return null; // D20-MOVE-29: free
    case "switchMode": { // D20-MOVE-14, D20-MOVE-15, D20-MOVE-21 (routes.ts switchModeNow); a rider's controlled mount switches
      const mount = me.riding?.controlled ? sim.state.units[me.riding.mountId] : undefined;
      return switchModeNow(sim, mount ?? unit, mount ? (ts.mountBudget ??= mountTurnBudget(mount)) : b, step.mode);
    }
    case "attack": {
      const target = unitIn(sim, enc, step.targetId);
      if (!target || !isUp(target) || !areEnemies(unit, target)) return "no such foe in the encounter";
      const thrown = step.thrown === true;
      const weapon = step.offHand ? me.offHand : me.weapon;
      if (thrown && !weapon?.thrown) return "only a weapon with the thrown property can be thrown (D20-ATTACK-33)";
      if (step.offHand) {
        // D20-ATTACK-30, D20-ATTACK-31: the off-hand attack after the Attack action, with the demi-action and the reaction.
        if (!ts.attacked) return "the off-hand attack follows the Attack action (D20-ATTACK-30)";
        if (!canTwoWeapon(me.weapon, me.offHand, b.demi, canReact(me.statuses, false, me.reactionUsed))) return "two-weapon fighting needs two light weapons, the demi-action and the reaction (D20-ATTACK-30, D20-ATTACK-31)";
        if (thrown ? !inThrowRange(sim, unit, target) : !canStrikeWith(sim, unit, target, me.offHand!)) return "out of reach";
        b.demi = false;
        me.reactionUsed = true;
        noteReaction(enc, unit.id);
        // D20-ATTACK-32, D20-ATTACK-34: no damage modifiers unless a technique says otherwise.
        strike(sim, enc, unit, target, { offHand: true, thrown, keepModifiers: me.twoWeaponStyle });
        return null;
      }
      if (thrown ? !inThrowRange(sim, unit, target) : !canStrike(sim, unit, target)) return "the target is out of reach or range (D20-ATTACK-19, D20-ATTACK-51)";
      const r = takeAttack(b, ts, me.attacksPerAction);
      if (r !== null) return r;
      strike(sim, enc, unit, target, { thrown });
      return null;
    }
    case "attackTile": {
      const r = takeAttack(b, ts, me.attacksPerAction);
      if (r !== null) return r;
      attackTile(sim, enc, unit, step.x, step.y);
      return null;
    }
    case "dash": {
      const r = spendAction(b, "dash");
      if (r === null) b.movement = dash(b.movement, me.movement, sheetModeFactor(me, modeOf(me))); // Left open D20-ACTION-10: × the mode's factor
      return r;
    }
    case "disengage": return spendAction(b, "disengage");
    case "useObject": {
      // D20-ACTION-20 to D20-ACTION-22 and Left open D20-STATUS (bleeding): bandages and medical tools
      // stop bleeding on a creature within 1 tile; a healing potion heals HEALING_POTION_DICE but does not (D20-STATUS-12).
      const who = step.targetId ? unitIn(sim, enc, step.targetId) : unit;
      if (!who) return "no such creature in the encounter";
      if (unitDistance(sim, unit, who) > 1) return "the creature must be within 1 tile";
      const r = spendAction(b, "useObject");
      if (r !== null) return r;
      if (step.item === "bandage" || step.item === "medicalTools") treatBleeding(d20Of(who).statuses, step.item);
      else if (step.item === "healingPotion") healUnit(sim, who, rollDice(sim.rng, HEALING_POTION_DICE), unit.id);
      return null;
    }
    case "reload": {
      const r = spendAction(b, "reload");
      if (r === null) addStatus(me.statuses, "reloading", unit.id, -1); // D20-ACTION-44: no reflexes until the next turn starts
      return r;
    }
    case "hide": {
      const r = spendAction(b, "hide");
      if (r !== null) return r;
      // D20-ACTION-38 to D20-ACTION-40 (Left open: hidden from all foes or from none): the Hide total must beat every foe's passive Perception.
      const total = hideRoll(sim.rng, me.abilities.furtivite, me.skills.discretion);
      const foes = participantsOf(sim, enc).filter((u) => u !== unit && areEnemies(unit, u) && isUp(u));
      if (foes.every((f) => !notices(passivePerception(d20Of(f).abilities.perception, d20Of(f).skills.vigilance), total))) {
        addStatus(me.statuses, "hidden", unit.id, -1);
        me.statuses.find((s) => s.kind === "hidden")!.value = total;
      }
      return null;
    }
    case "search": {
      const r = spendAction(b, "search");
      if (r !== null) return r;
      // Left open (D20-ACTION-42): 1d20 + Perception + Vigilance against each hidden foe's Hide total, ties to the searcher.
      for (const f of participantsOf(sim, enc)) {
        const h = d20Of(f).statuses.find((s) => s.kind === "hidden");
        if (f === unit || !areEnemies(unit, f) || !h) continue;
        if (perceiveRoll(sim.rng, me.abilities.perception, me.skills.vigilance, h.value ?? 0)) removeStatus(d20Of(f).statuses, "hidden");
      }
      return null;
    }
    case "help": {
      const ally = unitIn(sim, enc, step.allyId), foe = unitIn(sim, enc, step.targetId);
      if (!ally || ally === unit || areEnemies(unit, ally) || !foe || !areEnemies(unit, foe)) return "Help names an ally and a foe in the encounter";
      if (unitDistance(sim, unit, foe) > HELP_RANGE) return "the foe must be within 3 tiles of the helper (D20-ACTION-17)";
      const r = spendAction(b, "help");
      if (r !== null) return r;
      addStatus(d20Of(ally).statuses, "helped", unit.id, -1);
      d20Of(ally).statuses.find((s) => s.kind === "helped")!.detail = foe.id;
      return null;
    }
    case "cast": {
      // D20-ACTION-07, D20-ACTION-08, D20-ACTION-09: a full action that spends the spell's cost.
      const spell = me.spells.find((s) => s.name === step.spell);
      if (!spell) return "the creature does not know that spell";
      const refusal = castRefusal(unit, spell);
      if (refusal) return refusal;
      if (spell.kind === "attack") {
        const target = step.targetId ? unitIn(sim, enc, step.targetId) : null;
        if (!target || !isUp(target)) return "no such creature in the encounter";
        if (!spellReaches(sim, unit, spell, target)) return "out of the spell's range (D20-ATTACK-48)";
        const r = spendAction(b, spell.pool === "mana" ? "cast" : "technique");
        if (r !== null) return r;
        payFor(unit, spell);
        removeStatus(me.statuses, "hidden");
        spellAttack(sim, unit, target, spell, (id) => noteReaction(enc, id));
        return null;
      }
      const at = { x: step.x ?? unit.x, y: step.y ?? unit.y };
      if (!spellReaches(sim, unit, spell, at)) return "out of the spell's range (D20-ATTACK-48)";
      const r = spendAction(b, spell.pool === "mana" ? "cast" : "technique");
      if (r !== null) return r;
      payFor(unit, spell);
      areaSpell(sim, unit, at.x, at.y, spell);
      if (spell.zone) {
        const zones = (enc.zones ??= []);
        for (let dy = -spell.radius; dy <= spell.radius; dy++) for (let dx = -spell.radius; dx <= spell.radius; dx++) {
          const x = at.x + dx, y = at.y + dy;
          // Left open (D20-WATER): no burning zone under water.
          if (!isWalkable(sim.state.map, x, y) || (spell.zone.type === "burn" && tileAt(sim.state.map, x, y) === DEEP_WATER_TILE)) continue;
          const old = zones.find((z) => z.x === x && z.y === y && z.type === spell.zone!.type);
          const rounds = spell.zone.rounds ?? GROUND_ZONE_DEFAULT_ROUNDS;
          if (old) old.roundsLeft = rounds; else zones.push({ x, y, type: spell.zone.type, roundsLeft: rounds, sourceId: unit.id });
        }
      }
      return null;
    }
    case "readySpell": {
      // D20-ACTION-36: cast now (the cost is paid now), hold the energy, release it with the reaction on the trigger.
      const spell = me.spells.find((s) => s.name === step.spell && s.kind === "attack");
      if (!spell) return "the creature does not know that spell";
      const refusal = castRefusal(unit, spell);
      if (refusal) return refusal;
      const r = spendAction(b, "ready");
      if (r !== null) return r;
      payFor(unit, spell);
      addStatus(me.statuses, "readied", unit.id, -1);
      me.statuses.find((s) => s.kind === "readied")!.detail = spell.name;
      return null;
    }
    case "ready": {
      const r = spendAction(b, "ready");
      if (r === null) addStatus(me.statuses, "readied", unit.id, -1);
      return r;
    }
    case "firstAid": {
      const target = unitIn(sim, enc, step.targetId);
      if (!target) return "no such creature in the encounter";
      const t = d20Of(target);
      if (t.dead || t.hp > 0 || t.stable) return "first aid is for a dying creature (D20-HP-29)";
      if (unitDistance(sim, unit, target) > 1) return "the dying creature must be within 1 tile";
      const r = spendAction(b, "firstAid");
      if (r !== null) return r;
      firstAid(t, sim.rng, me.abilities.habilite, me.skills.medecine);
      return null;
    }
    case "grapple": {
      const target = unitIn(sim, enc, step.targetId);
      if (!target || !areEnemies(unit, target) || d20Of(target).dead) return "no such foe in the encounter";
      const t = d20Of(target);
      const refusal = grappleRefusal(me.size, t.size, unitDistance(sim, unit, target), me.weapon.reach, hasFreeHand(me.equipment));
      if (refusal) return refusal;
      const r = takeAttack(b, ts, me.attacksPerAction); // D20-ATTACK-35: made with the Attack action
      if (r !== null) return r;
      const contest = strengthContest(sim.rng, me.abilities.strength, t.abilities.strength, !isUp(target),
        hasStatus(t.statuses, "squeezing") ? "disadvantage" : "none");
      if (contest.success) addStatus(t.statuses, "grappled", unit.id, -1);
      return null;
    }
    case "release": { // D20-ATTACK-42: at any time, no action
      for (const u of participantsOf(sim, enc)) {
        const g = d20Of(u).statuses.find((s) => s.kind === "grappled" && s.sourceId === unit.id);
        if (g) removeStatus(d20Of(u).statuses, "grappled");
      }
      return null;
    }
    case "escape": {
      const g = me.statuses.find((s) => s.kind === "grappled");
      if (!g) return "not grappled";
      const r = spendAction(b, "escape");
      if (r !== null) return r;
      const grappler = sim.state.units[g.sourceId];
      const contest = strengthContest(sim.rng, me.abilities.strength, grappler ? d20Of(grappler).abilities.strength : 0);
      if (contest.success) removeStatus(me.statuses, "grappled");
      return null;
    }
    default: return `"${(step as { kind: string }).kind}" is not an action these rules describe (D20-ACTION-02)`;
  }
}

/** Spends one weapon attack of the Attack action (D20-ACTION-05, D20-ACTION-06, D20-MOVE-11). */
function takeAttack(b: TurnBudget, ts: TurnState, perAction: number): string | null {
  if (ts.attacksLeft > 0) { ts.attacksLeft -= 1; return null; }
  const r = spendAction(b, "attack");
  if (r !== null) return r;
  ts.attacksLeft = perAction - 1;
  ts.attacked = true;
  return null;
}

function canStrikeWith(sim: Simulation, attacker: UnitRecord, target: UnitRecord, weapon: { reach: number }): boolean {
  return inReach(weapon.reach, unitDistance(sim, attacker, target)); // d20rider: a rider from its mount's space
}

/** D20-ATTACK-33 (Left open: thrown weapons reach {@link THROW_RANGE} tiles). */
function inThrowRange(sim: Simulation, unit: UnitRecord, target: UnitRecord): boolean {
  const d = unitDistance(sim, unit, target);
  return d >= 1 && d <= THROW_RANGE;
}

/**
 * One weapon attack of `unit` on `target` in an encounter. A ranged or thrown attack may strike a
 * standing body on its path instead (CMB-14, always on: the shared {@link shotTaker}, drawn before
 * the attack roll).
 */
function strike(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, target: UnitRecord, extra: { offHand?: boolean; thrown?: boolean; keepModifiers?: boolean }): void {
  unit.activity = "fighting";
  const me = d20Of(unit);
  const weapon = extra.offHand && me.offHand ? me.offHand : me.weapon;
  const struck = weapon.ranged || extra.thrown ? shotTaker(sim, unit, target) : target;
  resolveD20Attack(sim, unit, struck, { onReaction: (id) => noteReaction(enc, id), bystanders: participantsOf(sim, enc), ...extra });
}

/**
 * D20-ATTACK-68, D20-ATTACK-70, D20-ATTACK-71: an attack on a tile. A foe there is attacked with
 * disadvantage (it is unseen); an empty tile draws the same d20 and misses. The `attack` event
 * names no target and shows no AC in both cases, so a miss on an empty tile looks like any miss.
 */
export function attackTile(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, x: number, y: number): void {
  const there = participantsOf(sim, enc).find((u) => inSpace(u, x, y) && u !== unit && isUp(u)); // d20move: any tile of its space (D20-SIZE-01)
  if (there) {
    const r = resolveD20Attack(sim, unit, there, { targetUnseen: true, onReaction: (id) => noteReaction(enc, id), bystanders: participantsOf(sim, enc), silent: true });
    sim.emit({ type: "attack", attackerId: unit.id, targetId: "", hit: r.hit, attackRoll: r.total, defenceRoll: 0 });
    return;
  }
  const roll = rollD20(sim.rng, "disadvantage");
  removeStatus(d20Of(unit).statuses, "hidden"); // D20-ATTACK-08, D20-ATTACK-73: any attack roll reveals the attacker
  sim.emit({ type: "attack", attackerId: unit.id, targetId: "", hit: false, attackRoll: roll.natural + attackModifier(d20Of(unit).abilities, d20Of(unit).weapon.ranged ? "ranged" : "melee", d20Of(unit).weapon), defenceRoll: 0 });
}

/**
 * One AI or player turn of a participant in a d20 encounter (D20-FLOW-24):
 * 1. its own Ready and Reload end, and Help it gave expires (Left open D20-ACTION);
 * 2. start-of-turn harm, then a dying creature's jet de destin (nothing else that turn);
 * 3. paralysed (D20-STATUS-03) or surprised (D20-FLOW-12, D20-FLOW-13) creatures skip the rest;
 * 4. a player's plan plays ({@link playPlan}); otherwise the AI ({@link aiTurn}).
 * A plan with `keepTurn: true` (shared/protocol.ts `TurnPlan`) leaves the turn open: what is left
 * of it (`TurnState`) is kept in `enc.openTurn` and the function returns "open"; the next call for
 * the same unit goes on from there (steps 1 to 3 are not repeated): with the next plan, or with the
 * AI playing what is left when `plan` is null (the turn timer ran out). The turn stays open after
 * a refused step too (the refusal is reported); it ends with a plan without `keepTurn`, or when the
 * creature can no longer act.
 * Timed statuses count down at the end of the turn.
 */
export function takeD20Turn(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: unknown): void | "open" {
  for (const u of participantsOf(sim, enc)) fallIfGrounded(sim, u); // d20move: D20-MOVE-37, grounded flyers fall
  const me = d20Of(unit);
  if (me.dead) return;
  // D20-MOUNT-16: a controlled mount acts in its rider's turn, not in its own slot.
  const rider = me.riderId !== "" ? sim.state.units[me.riderId] : undefined;
  if (rider && d20Of(rider).riding?.controlled && isUp(rider)) return;
  const open = enc.openTurn?.unitId === unit.id ? (enc.openTurn.state as TurnState) : null;
  delete enc.openTurn;
  let ts: TurnState;
  if (open) {
    ts = open;
    if (!isUp(unit) || !canAct(me.statuses, false)) { endOfTurnStatuses(me.statuses); return; }
  } else {
    for (const k of ENDS_AT_OWN_TURN_START) removeStatus(me.statuses, k);
    for (const u of participantsOf(sim, enc)) {
      const s = d20Of(u).statuses;
      for (let i = s.length - 1; i >= 0; i--) if (s[i]!.kind === "helped" && s[i]!.sourceId === unit.id) s.splice(i, 1);
    }
    startOfTurnHarm(sim, unit);
    zoneHarm(sim, enc, unit);
    if (me.dead) return;
    if (me.hp === 0) { dyingTurn(sim, unit); endOfTurnStatuses(me.statuses); return; }
    if (!canAct(me.statuses, false)) { endOfTurnStatuses(me.statuses); return; }
    // d20move: a walker on deep water swims; D20-SIZE-08: a Large creature in a narrow place squeezes.
    // d20finish: a rider is carried (its mount's space and mode count, not its own); the controlled mount,
    // which has no turn of its own (D20-MOUNT-16), gets its start-of-turn space in its rider's turn.
    const ridden = me.riding ? sim.state.units[me.riding.mountId] : undefined;
    if (!ridden) startOfTurnSpace(sim, unit);
    else if (me.riding?.controlled && isUp(ridden)) startOfTurnSpace(sim, ridden);
    ts = { budget: newTurn(turnMovement(me)), attacksLeft: 0 }; // D20-MOVE-16 to D20-MOVE-21: × the current mode's factor
  }
  const planned = plan === null || plan === undefined ? null : isPlan(plan) ? plan : toD20Plan(sim, enc, unit, plan, ts); // options.ts
  if (planned) {
    sim.emit({ type: "turnPlanPlayed", unitId: unit.id, refusals: playPlan(sim, enc, unit, planned, ts) });
    if ((plan as { keepTurn?: unknown }).keepTurn === true && isUp(unit) && canAct(me.statuses, false)) {
      enc.openTurn = { unitId: unit.id, state: ts };
      return "open";
    }
    endOfTurnStatuses(me.statuses);
    return;
  }
  aiTurn(sim, enc, unit, ts);
  endOfTurnStatuses(me.statuses);
}

/**
 * The AI's play of what is left of a turn `ts` (all of it, or the rest of a player's open turn):
 * a prone creature stands up if it can (D20-MOVE-30); a terrified one moves away from the source
 * (D20-STATUS-07); one ordered to attack a unit lying unconscious next to it kills it with its
 * attack (CMB-47); else it picks its target ({@link aiTarget}: the enraging creature, D20-STATUS-09,
 * or the foe it can strike with the least cover, or the nearest); it casts an attack spell when it
 * has one for a foe ({@link aiSpell}); else it attacks its target if in reach, else Dashes when
 * it cannot get there with its movement (D20-ACTION-10; a rider's controlled mount Dashes with its
 * own action instead, D20-MOUNT-18), else moves toward it (a ranged attacker
 * stops as soon as it can shoot it without total cover) and attacks (D20-MOVE-10). It never
 * attacks a target behind total cover (D20-ATTACK-65).
 */
export function aiTurn(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, ts: TurnState): void {
  const me = d20Of(unit);
  const budget = ts.budget;
  if (hasStatus(me.statuses, "prone") && canStandUp(me.movement, budget.movement)) {
    budget.movement -= standUpCost(me.movement);
    removeStatus(me.statuses, "prone");
  }
  const terror = me.statuses.find((s) => s.kind === "terrified");
  const source = terror ? sim.state.units[terror.sourceId] : undefined;
  if (source) {
    flee(sim, enc, unit, source, budget);
    return;
  }
  if (orderedBodyInReach(sim, unit) && takeAttack(budget, ts, me.attacksPerAction) === null) {
    orderedKillingBlow(sim, unit); // CMB-47: the keeper's order on an unconscious body next to it, as the turn's attack
    return;
  }
  const rage = me.statuses.find((s) => s.kind === "enraged");
  const forced = rage ? sim.state.units[rage.sourceId] : undefined;
  const target = forced && isUp(forced) ? forced : aiTarget(sim, enc, unit);
  const cast = forced && isUp(forced) ? null : aiSpell(sim, enc, unit, ts);
  if (cast) {
    const r = spendAction(budget, cast.spell.pool === "mana" ? "cast" : "technique");
    if (r === null) {
      payFor(unit, cast.spell);
      removeStatus(me.statuses, "hidden");
      spellAttack(sim, unit, cast.target, cast.spell, (id) => noteReaction(enc, id));
      return;
    }
  }
  // A rider moves its controlled mount instead of itself, and stays put on an independent one (D20-MOUNT-17, D20-MOUNT-21).
  const mount = me.riding ? sim.state.units[me.riding.mountId] : undefined;
  const mover = mount ?? unit;
  const moveBudget = mount ? (me.riding!.controlled ? (ts.mountBudget ??= mountTurnBudget(mount)) : newTurn(0)) : budget;
  if (!target) return;
  const shootable = () => canStrike(sim, unit, target) && coverAgainst(sim, enc, unit, target) !== "total";
  if (!shootable()) {
    // d20move: the cost of the cheapest way into reach (modes, rubble, spaces; routes.ts approachCost), not the bare distance.
    const gap = mount ? unitDistance(sim, unit, target) - me.weapon.reach : approachCost(sim, unit, target, me.weapon.reach);
    if (!mount && !canStrike(sim, unit, target) && gap > budget.movement && spendAction(budget, "dash") === null) budget.movement = dash(budget.movement, me.movement, sheetModeFactor(me, modeOf(me)));
    // d20finish, D20-MOUNT-18: a controlled mount Dashes with its own action (× its mode's factor) when its movement falls short.
    if (mount && me.riding?.controlled && !canStrike(sim, unit, target) && gap > moveBudget.movement && spendAction(moveBudget, "dash") === null) {
      const md = d20Of(mount);
      moveBudget.movement = dash(moveBudget.movement, md.movement, sheetModeFactor(md, modeOf(md)));
    }
    if (moveBudget.movement > 0 && canMove(d20Of(mover).statuses, false)) moveToward(sim, enc, mover, target, moveBudget, me.weapon.ranged ? shootable : undefined);
  }
  if (isUp(unit) && isUp(target) && shootable() && takeAttack(budget, ts, me.attacksPerAction) === null) {
    strike(sim, enc, unit, target, {});
  }
}

/**
 * The AI's target (D20-ATTACK-57 to D20-ATTACK-67 read for the AI): among the standing foes it
 * can perceive ({@link foesOf}), those it can strike from where it stands and that are not behind
 * total cover, by cover (none, half, three-quarters), then distance, then id; when there is none,
 * the nearest foe not behind total cover, else the nearest foe (to walk toward). Undefined when
 * no foe is left.
 */
export function aiTarget(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): UnitRecord | undefined {
  const foes = foesOf(sim, enc, unit);
  const rated = foes.map((f) => ({ f, cover: COVER_RANK[coverAgainst(sim, enc, unit, f)], d: unitDistance(sim, unit, f) }));
  const now = rated.filter((r) => r.cover < COVER_RANK.total && canStrike(sim, unit, r.f))
    .sort((a, b) => a.cover - b.cover || a.d - b.d || Number(a.f.id) - Number(b.f.id));
  if (now.length > 0) return now[0]!.f;
  return (rated.find((r) => r.cover < COVER_RANK.total) ?? rated[0])?.f;
}

/**
 * The AI's spell (Left open D20-ACTION, AI casting): the first attack spell or technique it knows,
 * can pay for ({@link castRefusal}) and has a foe for within the spell's band and not behind total
 * cover (D20-ATTACK-48, D20-ATTACK-65), on that foe with the least cover, then the nearest, then
 * the lowest id; only when its full action is free and its turn not locked. The AI casts no area
 * spell (they hit friends too). Null when there is none.
 */
export function aiSpell(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, ts: TurnState): { spell: D20Spell; target: UnitRecord } | null {
  const me = d20Of(unit);
  if (!ts.budget.full || ts.budget.locked || ts.attacksLeft > 0) return null;
  const foes = foesOf(sim, enc, unit);
  for (const spell of me.spells) {
    if (spell.kind !== "attack" || castRefusal(unit, spell) !== null) continue;
    const best = foes.filter((f) => spellReaches(sim, unit, spell, f))
      .map((f) => ({ f, cover: COVER_RANK[coverAgainst(sim, enc, unit, f)], d: unitDistance(sim, unit, f) }))
      .filter((r) => r.cover < COVER_RANK.total)
      .sort((a, b) => a.cover - b.cover || a.d - b.d || Number(a.f.id) - Number(b.f.id))[0];
    if (best) return { spell, target: best.f };
  }
  return null;
}

/** Cover degrees in order, for sorting (D20-ATTACK-59). */
export const COVER_RANK: Readonly<Record<Cover, number>> = { none: 0, half: 1, threeQuarters: 2, total: 3 };


function isPlan(plan: unknown): plan is D20TurnPlan {
  return typeof plan === "object" && plan !== null && Array.isArray((plan as D20TurnPlan).steps);
}

/** The tiles other standing units occupy. */
function occupied(sim: Simulation, unit: UnitRecord): Set<number> {
  const w = sim.state.map.width;
  const s = new Set<number>();
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u !== unit && isActive(u)) s.add(u.y * w + u.x);
  }
  return s;
}

/**
 * Moves `unit` along an A* path toward a tile next to `target` (tiles held by others avoided),
 * one {@link stepTo} at a time while the budget allows; stops early on a tile where `until`
 * (when given) says true.
 */
export function moveToward(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, target: UnitRecord, budget: TurnBudget, until?: () => boolean): void {
  // d20move: the cheapest route by the D20-MOVE costs (rubble, modes and their switches, squeezing;
  // routes.ts d20RouteTo) to a place next to the target's space, walked while the budget allows.
  const route = routeNextTo(sim, unit, target);
  if (!route) return;
  const freeHere = (): boolean => {
    const occ = occupancy(sim, unit), w = sim.state.map.width, s = spaceSide(unit);
    for (let dy = 0; dy < s; dy++) for (let dx = 0; dx < s; dx++) if (occ.has((unit.y + dy) * w + unit.x + dx)) return false;
    return true;
  };
  for (const step of route.steps) {
    if (step.kind === "switchMode") {
      const me = d20Of(unit);
      const after = switchMode(budget.movement, sheetModeFactor(me, modeOf(me)), sheetModeFactor(me, step.mode));
      if (after === null || after < 1 || switchModeNow(sim, unit, budget, step.mode) !== null) return; // no step could follow
      continue;
    }
    for (const p of step.path) {
      if (stepTo(sim, enc, unit, p, budget, false) !== null || !isUp(unit)) return;
      if (until?.() && freeHere()) return;
    }
  }
}

/** Left open (D20-STATUS-07): a terrified creature steps to the free neighbour farthest from the source, while it can. */
function flee(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, source: UnitRecord, budget: TurnBudget): void {
  for (let guard = 0; guard < 64 && isUp(unit); guard++) {
    let best: { x: number; y: number } | null = null;
    let bestD = unitDistance(sim, unit, source);
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const x = unit.x + dx, y = unit.y + dy;
      // d20move: a place its whole space can take in its mode (walls, water, others' spaces, the corner rule: routes.ts checkStep).
      if ((dx === 0 && dy === 0) || typeof checkStep(sim, unit, { x, y }, true) === "string") continue;
      const d = gridDistance({ x, y, d20: unit.d20 }, spaceOf(sim, source)); // d20move: from its space there; d20rider: to a rider's mount's space
      if (d > bestD) { bestD = d; best = { x, y }; }
    }
    if (!best || stepTo(sim, enc, unit, best, budget, true) !== null) return;
  }
}

/**
 * One step onto the neighbouring tile `next` (D20-MOVE-03 to D20-MOVE-08, D20-MOVE-25,
 * D20-MOVE-33, D20-MOVE-35, D20-MOVE-36, D20-ATTACK-44, D20-ATTACK-45): the tile must be
 * adjacent, walkable, not past a wall's corner, and the remaining movement must cover its whole
 * cost. Rubble (D20-MOVE-22, D20-MOVE-24) and another creature's tile are difficult terrain; a non-hostile one (or a hostile one two
 * sizes apart) may be crossed but not ended on. Before leaving, foes whose reach it leaves make
 * opportunity attacks; after entering, foes with a readied attack whose reach it entered strike
 * (D20-ACTION-31 to D20-ACTION-35). A grappled creature is dragged into the tile left behind.
 * Traps on the tile go off.
 * @returns null when the step was made, else the refusal (nothing changed).
 */
export function stepTo(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, next: { x: number; y: number }, budget: TurnBudget, final: boolean): string | null {
  const me = d20Of(unit);
  const map = sim.state.map;
  const dx = next.x - unit.x, dy = next.y - unit.y;
  if (Math.max(Math.abs(dx), Math.abs(dy)) !== 1) return "a step goes to a neighbouring tile (D20-MOVE-03)";
  // d20move (routes.ts checkStep): the mover's whole space (D20-SIZE), its mode (D20-MOVE-13), others' spaces, squeezing.
  const info = checkStep(sim, unit, next, final);
  if (typeof info === "string") return info;
  const other = info.others[0];
  const dragged = participantsOf(sim, enc).find((u) => d20Of(u).statuses.some((s) => s.kind === "grappled" && s.sourceId === unit.id));
  const cost = stepCost({ crawling: hasStatus(me.statuses, "prone"), occupied: other !== undefined, dragging: dragged !== undefined && dragSlows(me.size, d20Of(dragged).size), difficult: info.difficult, squeezing: info.squeezing, mode: modeOf(me) });
  if (!canEnter(budget.movement, cost)) return "not enough movement left (D20-MOVE-07)";
  // d20finish (D20-SIZE-08): the mover's space there is the one it will take (info.side: squeezed or not), and here the one it has now.
  opportunityAttacks(sim, enc, unit, next, info.side, budget);
  if (!isUp(unit)) return null;
  const from = { x: unit.x, y: unit.y };
  const fromSide = spaceSide(unit);
  unit.facing = facingOf(dx, dy);
  unit.x = next.x; unit.y = next.y;
  budget.movement -= cost;
  refreshSqueezing(sim, unit); // D20-SIZE-08 to D20-SIZE-12
  if (dragged && isActive(dragged)) { dragged.x = from.x; dragged.y = from.y; } // D20-ATTACK-29: forced, no opportunity attack
  const rider = me.riderId !== "" ? sim.state.units[me.riderId] : undefined;
  if (rider) { rider.x = unit.x; rider.y = unit.y; } // Left open (D20-MOUNT): the rider shares its mount's space
  readiedAttacks(sim, enc, unit, from, fromSide);
  if (isUp(unit)) onUnitEntersTile(sim, unit, next.x, next.y);
  return null;
}

/**
 * D20-ATTACK-25 to D20-ATTACK-27, D20-FLOW-38, D20-FLOW-39: every foe in the encounter whose melee
 * reach the mover is about to leave, that sees it and can still react, makes one melee attack
 * with its reaction before the mover leaves; the mover then carries on (if it still can).
 */
function opportunityAttacks(sim: Simulation, enc: EncounterRecord, mover: UnitRecord, next: { x: number; y: number }, nextSide: number, budget: TurnBudget): void {
  for (const r of participantsOf(sim, enc)) {
    if (r === mover || !areEnemies(r, mover) || !isUp(r)) continue;
    const rd = d20Of(r);
    const rs = spaceOf(sim, r); // d20rider: a rider measures its reach from its mount's space
    if (rd.weapon.ranged) continue;
    if (rd.statuses.some((s) => s.kind === "grappled" && s.sourceId === mover.id)) continue; // dragged along, it stays in reach
    const ok = provokesOpportunity({
      leavesReach: inReach(rd.weapon.reach, unitDistance(sim, r, mover)) && !inReach(rd.weapon.reach, spaceDistance(rs, spaceSide(rs), next, nextSide)), // d20rider: a rider reacts from its mount's space // d20move, d20finish: the mover's space there, squeezed there or not
      seesMover: true,
      hostile: true,
      moverDisengaged: budget.disengaged,
      teleport: false,
      forced: false,
      reactorCanReact: canReact(rd.statuses, false, rd.reactionUsed),
    });
    if (!ok) continue;
    rd.reactionUsed = true;
    noteReaction(enc, r.id);
    // D20-MOUNT-22 (Left open choice): against a ridden mount the attacker strikes whichever of mount and rider has fewer HP.
    const riding = d20Of(mover).riderId !== "" ? sim.state.units[d20Of(mover).riderId] : undefined;
    const victim = riding && isUp(riding) && d20Of(riding).hp < d20Of(mover).hp ? riding : mover;
    sim.emit({ type: "reaction", unitId: r.id, kind: "opportunityAttack", detail: rd.weapon.name, againstId: victim.id });
    strike(sim, enc, r, victim, {});
    if (!isUp(mover)) return;
  }
}

/**
 * D20-ACTION-31 to D20-ACTION-35, D20-FLOW-35 (Left open: the trigger is "a foe enters my reach",
 * the response one attack): a foe with a readied attack strikes as soon as the mover has entered
 * its reach, with its reaction; the readied action is then spent.
 */
function readiedAttacks(sim: Simulation, enc: EncounterRecord, mover: UnitRecord, from: { x: number; y: number }, fromSide: number): void {
  for (const r of participantsOf(sim, enc)) {
    if (r === mover || !areEnemies(r, mover) || !isUp(r) || !isUp(mover)) continue;
    const rd = d20Of(r);
    const rs = spaceOf(sim, r); // d20rider: a rider measures its reach from its mount's space
    const ready = rd.statuses.find((s) => s.kind === "readied");
    if (!ready || !canReact(rd.statuses, false, rd.reactionUsed)) continue;
    const spell = ready.detail ? rd.spells.find((s) => s.name === ready.detail) : undefined;
    if (spell) {
      // A held spell goes off when a foe comes within its band (Left open trigger list: "enters range").
      if (spellReaches(sim, r, spell, from) || !spellReaches(sim, r, spell, mover)) continue;
    } else if (inReach(rd.weapon.reach, spaceDistance(rs, spaceSide(rs), from, fromSide)) || !canStrike(sim, r, mover)) continue; // d20move, d20finish: the mover's space where it was, as it was
    removeStatus(rd.statuses, "readied");
    rd.reactionUsed = true;
    noteReaction(enc, r.id);
    sim.emit({ type: "reaction", unitId: r.id, kind: "readied", detail: spell ? spell.name : "attack", againstId: mover.id });
    if (spell) spellAttack(sim, r, mover, spell, (id) => noteReaction(enc, id));
    else strike(sim, enc, r, mover, {});
  }
}

/** Takes `rider` off `mount` onto `spot` (a free tile within 1, D20-MOUNT-06, D20-MOUNT-09). */
export function unseat(rider: UnitRecord, mount: UnitRecord, spot: { x: number; y: number }): void {
  d20Of(rider).riding = null;
  d20Of(mount).riderId = "";
  rider.x = spot.x; rider.y = spot.y;
}

/**
 * D20-DAMAGE-10, D20-DAMAGE-15, D20-DAMAGE-24 (Left open: at the start of each turn begun on a zone
 * tile): a creature starting its turn on acid takes 1d4, on poison or fire 1d2, through resistance.
 */
export function zoneHarm(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): void {
  for (const z of enc.zones ?? []) {
    if (z.x !== unit.x || z.y !== unit.y || d20Of(unit).dead) continue;
    const type = z.type as keyof typeof GROUND_ZONE_DICE;
    const amount = rollDice(sim.rng, GROUND_ZONE_DICE[type]);
    hurt(sim, unit, damageTaken(amount, type, defenceOf(sim, unit)), type, z.sourceId);
  }
}

/** Ground zones wear off: one round less at each new round; spent ones go (Left open D20-DAMAGE: 2 rounds by default). */
export function ageZones(enc: EncounterRecord): void {
  if (!enc.zones) return;
  for (const z of enc.zones) z.roundsLeft -= 1;
  enc.zones = enc.zones.filter((z) => z.roundsLeft > 0);
}
