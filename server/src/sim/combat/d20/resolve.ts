import { BLINDED_RANGE, D20_WOUND_EVENT_DIVISORS, THROW_RANGE, type D20Inflict, type D20Weapon, type WoundSeverity } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { isActive, setActivity, setTarget } from "../../world/units.ts";
import { isWalkable, tileAt } from "../../world/grid.ts";
import { encounterOf, noteReaction } from "../encounters/book.ts";
import { arcaneShield, shoveAside } from "./reactions.ts";
import { attackEdge, attackModifier, attackRoll, chooseDefence, effectiveAc, inReach, weaponRange, type AttackKind, type Cover } from "./attack.ts";
import { mapCover } from "./cover.ts";
import { badLuckRoll, fallDamage, landingSpot, mountDefences, riderHeight, unseatRoll } from "./mount.ts";
import { addBasicDot, damageRoll, damageTaken, withSubmersion, type D20DamageType, type DamageDefence } from "./damage.ts";
import { applyDamage, heal, type HpOutcome } from "./hp.ts";
import { gridDistance, type SpacedPos } from "./movement.ts";
import { addStatus, canReact, canUseMagic, hasStatus, removeStatus, isIncapacitated, targetingLimit } from "./statuses.ts";
import { d20Of, traitsOf } from "./sheet.ts";
import { DEEP_WATER_TILE, underwaterAttack } from "./water.ts";
import type { D20Unit } from "./types.ts";
import { placeUnit } from "../../world/unitIndex.ts";
import { revealAttacker } from "../awareness.ts";
import { facingToward } from "../../world/movement.ts";
import { markUnit } from "../../changes.ts";

/** True when the unit stands on deep water and is fully submerged (Left open D20-WATER). */
export function isSubmerged(sim: Simulation, unit: UnitRecord): boolean {
  return tileAt(sim.state.map, unit.x, unit.y) === DEEP_WATER_TILE;
}

/** The malignus-style severity the `wound` event shows for d20 damage: a quarter / half of the maximum (`D20_WOUND_EVENT_DIVISORS`). */
export function severityOf(amount: number, maxHp: number): WoundSeverity {
  if (D20_WOUND_EVENT_DIVISORS.critical * amount >= maxHp) return "critical";
  if (D20_WOUND_EVENT_DIVISORS.serious * amount >= maxHp) return "serious";
  return "light";
}

/** Options of one instance of damage. */
export interface DamageOptions { critical?: boolean; knockOut?: boolean; byUnitId?: string }

/**
 * Applies `amount` (after resistance) to `target` (D20-HP-01 to D20-HP-37), emits `damaged`,
 * `wound` (severity by {@link severityOf}) and, when it falls, `knockedOut` (cause "hitPoints"),
 * and keeps the shared fields in step: `activity` "unconscious" (never waking by the clock,
 * `wakeTick` −1) or "dead", `targetId` and `walk` cleared. An unconscious creature drops prone.
 */
export function hurt(sim: Simulation, target: UnitRecord, amount: number, type: D20DamageType, sourceId: string, opts: DamageOptions = {}): HpOutcome {
  const t = d20Of(target);
  if (t.dead) return "none";
  const wasUp = t.hp > 0;
  const outcome = applyDamage(t, amount, opts);
  if (outcome === "none") return outcome;
  markUnit(sim, target);
  sim.emit({ type: "damaged", targetId: target.id, sourceId, amount, damageType: type, hp: t.hp, critical: opts.critical === true });
  sim.emit({ type: "wound", targetId: target.id, sourceId, severity: severityOf(amount, t.maxHp), location: "torso", woundPoints: target.woundPoints });
  if (t.riderId !== "" && (outcome === "dead" || (wasUp && (outcome === "unconscious" || outcome === "knockedOut")))) mountFalls(sim, target);
  if (t.riding && (outcome === "dead" || (wasUp && (outcome === "unconscious" || outcome === "knockedOut")))) {
    const mount = sim.state.units[t.riding.mountId];
    if (mount) { d20Of(mount).riderId = ""; }
    t.riding = null;
  }
  if (outcome === "dead") {
    fall(sim, target, "dead");
    sim.emit({ type: "knockedOut", unitId: target.id, outcome: "dead", cause: "hitPoints", ...(opts.byUnitId ? { byUnitId: opts.byUnitId } : {}) });
  } else if (wasUp && (outcome === "unconscious" || outcome === "knockedOut")) {
    fall(sim, target, "unconscious");
    if (!hasStatus(t.statuses, "prone")) t.statuses.push({ kind: "prone", turnsLeft: -1, sourceId: "" });
    sim.emit({ type: "knockedOut", unitId: target.id, outcome: "unconscious", cause: "hitPoints", ...(opts.byUnitId ? { byUnitId: opts.byUnitId } : {}) });
  }
  return outcome;
}

function fall(sim: Simulation, unit: UnitRecord, activity: "unconscious" | "dead"): void {
  setActivity(sim, unit, activity);
  unit.wakeTick = -1;
  setTarget(sim, unit, "");
  unit.walk = null;
}

/**
 * Heals `amount` HP (D20-HP-09, D20-HP-10, D20-HP-15): a creature at 0 HP wakes (`activity`
 * "idle", `woke` emitted). Emits `healed` with the HP after.
 */
export function healUnit(sim: Simulation, unit: UnitRecord, amount: number, byId: string): HpOutcome {
  const u = d20Of(unit);
  const outcome = heal(u, amount);
  markUnit(sim, unit);
  if (outcome === "woke") {
    if (unit.activity === "unconscious") setActivity(sim, unit, "idle");
    removeStatus(u.statuses, "prone");
    sim.emit({ type: "woke", unitId: unit.id });
  }
  if (outcome !== "none") sim.emit({ type: "healed", unitId: unit.id, byUnitId: byId, woundPoints: unit.woundPoints, hp: u.hp });
  return outcome;
}

/** True when the d20 unit can act at all (not dead, not at 0 HP, not paralysed). */
export function isUp(unit: UnitRecord): boolean {
  const u = d20Of(unit);
  return !u.dead && u.hp > 0 && isActive(unit) && !isIncapacitated(u.statuses, false);
}

/** The extra situation of an attack that the caller knows (Help, unseen sides). */
export interface AttackContext {
  /** D20-ACTION-18: the ally's Help gives advantage. */
  helped?: boolean;
  /** D20-ATTACK-68. */
  targetUnseen?: boolean;
  /** D20-ATTACK-72. */
  attackerUnseen?: boolean;
  /** Units that might be hostile and near (for D20-ATTACK-56); defaults to every unit. */
  bystanders?: readonly UnitRecord[];
  /** Called when the target spends its reaction on a defence (for encounter bookkeeping). */
  onReaction?: (unitId: string) => void;
  /** D20-ATTACK-32: the off-hand attack of two-weapon fighting adds no modifiers to damage... */
  offHand?: boolean;
  /** D20-ATTACK-32: ...nor does the main-hand attack of a turn that fights with two weapons ("either weapon")... */
  twoWeapons?: boolean;
  /** D20-ATTACK-34: ...unless a technique keeps them. */
  keepModifiers?: boolean;
  /** D20-ATTACK-24: the weapon used instead of the held one (the unarmed blow, `D20_WEAPONS.unarmed`). */
  weapon?: D20Weapon;
  /** D20-ATTACK-33: the weapon is thrown: a ranged attack (Agility, ranged rules). */
  thrown?: boolean;
  /** D20-ATTACK-04: bonuses or penalties from skills, spells and techniques, summed. */
  bonus?: number;
  /** D20-ATTACK-57 to D20-ATTACK-67: the target's cover against this attack; by default the map's walls' ({@link mapCover}). */
  cover?: Cover;
  /** Emit no `attack` event (the caller emits its own, D20-ATTACK-71). */
  silent?: boolean;
  /** Called on a natural 1 (D20-ATTACK-18). */
  onFumble?: (unitId: string) => void;
}

/** The result of {@link resolveD20Attack}. */
export interface D20AttackResult { hit: boolean; critical: boolean; fumble: boolean; total: number; ac: number; damage: number; outcome: HpOutcome }

/** Left open (D20-HP-35): keeper-side units knock adventurers out with melee blows (to take prisoners); everyone else strikes to kill. */
export function choosesKnockOut(attacker: UnitRecord, target: UnitRecord, kind: AttackKind): boolean {
  return kind === "melee" && attacker.faction === "dungeon" && target.kind === "adventurer";
}

/**
 * One weapon attack of `attacker` on `target` (D20-ATTACK-01 to D20-ATTACK-18, D20-ATTACK-56,
 * D20-ATTACK-57 to D20-ATTACK-67 (cover from the map's walls unless `ctx.cover` says otherwise),
 * D20-ATTACK-68, D20-ATTACK-72, D20-ATTACK-73, D20-DAMAGE-02 to D20-DAMAGE-05, D20-DAMAGE-25 to
 * D20-DAMAGE-30, D20-WATER-02 to D20-WATER-07, D20-SIZE-10, D20-SIZE-12).
 * Draw order from `sim.rng`: the attack d20 (two with an edge), then the damage dice on a hit.
 * The target defends with its reaction first (Left open: best positive defence, D20-ACTION-23 to
 * D20-ACTION-30); a natural 1 spends the attacker's reaction (Left open D20-ATTACK-18).
 * Emits `reaction` (defence), `attack` (`attackRoll` = total, `defenceRoll` = effective AC) and the
 * damage events of {@link hurt}; the attacker turns to face the target (CMB-10) and a hit tells the
 * target where the attacker is (CMB-05). Reach and range are the caller's business; beyond the maximum
 * range under water the attack misses (D20-WATER-04; a thrown weapon's range is {@link THROW_RANGE});
 * under water a swimmer, native or by a spell (`swimSpell`), strikes without disadvantage (D20-WATER-02).
 */
export function resolveD20Attack(sim: Simulation, attacker: UnitRecord, target: UnitRecord, ctx: AttackContext = {}): D20AttackResult {
  const a = d20Of(attacker), t = d20Of(target);
  attacker.facing = facingToward(attacker, target, attacker.facing); // CMB-10: the attacker turns to face its target
  const weapon = ctx.weapon ?? (ctx.offHand && a.offHand ? a.offHand : a.weapon);
  const kind: AttackKind = weapon.ranged || ctx.thrown ? "ranged" : "melee";
  const distance = unitDistance(sim, attacker, target); // d20rider: a rider from its mount's space
  const underwater = isSubmerged(sim, attacker);
  // D20-WATER-02: a swimming movement, natural (a.swimmer) or magical (a.swimSpell, the Priest's waterborne), spares the melee disadvantage.
  // D20-WATER-04: a thrown weapon's normal range is THROW_RANGE (D20-ATTACK-33), not its melee range.
  const water = underwater ? underwaterAttack(kind, weapon.name, a.swimmer || a.swimSpell === true, distance, ctx.thrown ? THROW_RANGE : weapon.range[1]) : "ok";
  const bystanders = ctx.bystanders ?? Object.values(sim.state.units);
  // D20-ATTACK-56: the hostile next to the attacker must see it: none sees a hidden attacker (D20-ACTION-40).
  const hostileWithin1 = kind === "ranged" && !hasStatus(a.statuses, "hidden") && bystanders.some((u) => u !== attacker && u.faction !== attacker.faction && isUp(u) && unitDistance(sim, u, attacker) <= 1);
  // D20-ACTION-18: the first attack on the enemy named by an ally's Help has advantage, once.
  const help = a.statuses.find((s) => s.kind === "helped" && s.detail === target.id);
  if (help) a.statuses.splice(a.statuses.indexOf(help), 1);
  const edge = attackEdge({
    kind,
    targetUnseen: ctx.targetUnseen,
    // D20-ATTACK-72: the target cannot see a hidden attacker, nor, blinded, one beyond BLINDED_RANGE (D20-STATUS-06).
    attackerUnseen: ctx.attackerUnseen || hasStatus(a.statuses, "hidden") || (hasStatus(t.statuses, "blinded") && distance > BLINDED_RANGE),
    hostileWithin1,
    attackerSqueezing: hasStatus(a.statuses, "squeezing"),
    targetSqueezing: hasStatus(t.statuses, "squeezing"),
    helped: ctx.helped || help !== undefined,
    attackerProne: hasStatus(a.statuses, "prone"),
    targetProne: hasStatus(t.statuses, "prone"),
    distance,
    belowMinRange: weapon.ranged && weaponRange(weapon.range, distance) === "near",
    underwaterDisadvantage: water === "disadvantage",
  });
  // D20-ATTACK-73: attacking reveals a hidden attacker, hit or miss.
  removeStatus(a.statuses, "hidden");
  // D20-FLOW-37: an ally next to the target with the ability shoves it aside: the attack misses.
  const shover = shoveAside(sim, attacker, target);
  if (shover) {
    // D20-MOUNT-07, D20-MOUNT-10, D20-MOUNT-11: a rider knocked prone by its shove rolls to stay mounted; bad luck adds fall damage.
    const off = unseatRoll(sim, shover);
    if (off?.badLuck) hurt(sim, shover, fallDamage(off.fallTiles), "bludgeoning", shover.id);
    if (!ctx.silent) sim.emit({ type: "attack", attackerId: attacker.id, targetId: target.id, hit: false, attackRoll: 0, defenceRoll: t.ac });
    return { hit: false, critical: false, fumble: false, total: 0, ac: t.ac, damage: 0, outcome: "none" };
  }
  let defenceBonus = 0;
  const d = t.hp > 0 ? chooseDefence(t.abilities, kind, mountDefences(sim, target)) : null;
  const shield = arcaneShield(sim, attacker, target, d?.bonus ?? 0);
  if (shield > 0) {
    defenceBonus = shield;
    ctx.onReaction?.(target.id);
  } else if (d && canReact(t.statuses, false, t.reactionUsed)) {
    t.reactionUsed = true;
    defenceBonus = d.bonus;
    ctx.onReaction?.(target.id);
    sim.emit({ type: "reaction", unitId: target.id, kind: "defence", detail: d.defence, againstId: attacker.id });
  } else if (d && t.extraDefences > 0 && canReact(t.statuses, false, false)) {
    // D20-ACTION-26 (Left open): extra defences from spells or skills, spent only on defences.
    t.extraDefences -= 1;
    defenceBonus = d.bonus;
    sim.emit({ type: "reaction", unitId: target.id, kind: "defence", detail: `${d.defence} (extra)`, againstId: attacker.id });
  }
  const cover = ctx.cover ?? coverBetween(sim, attacker, target, bystanders.filter((u) => u !== attacker && u !== target && isUp(u))); // d20rider
  const ac = effectiveAc(t.ac, defenceBonus, cover);
  const roll = attackRoll(sim.rng, attackModifier(a.abilities, kind, weapon) + (ctx.bonus ?? 0), ac, edge, cover);
  const hit = roll.hit && water !== "autoMiss";
  if (!ctx.silent) sim.emit({ type: "attack", attackerId: attacker.id, targetId: target.id, hit, attackRoll: roll.total, defenceRoll: ac });
  if (roll.fumble) { a.reactionUsed = true; ctx.onFumble?.(attacker.id); }
  if (!hit) return { hit, critical: false, fumble: roll.fumble, total: roll.total, ac, damage: 0, outcome: "none" };
  // CMB-05: the target of a hit knows where the attacker is, seen or not (encounter turns call
  // this function directly, not through the shared wrapper of rulesets.ts).
  revealAttacker(sim, target, attacker);
  // D20-DAMAGE-03: the attacker's bonus damage (a magic weapon, an ability: `D20_SPECIES_TRAITS`); D20-DAMAGE-29: the weapon's magical flag.
  const traits = traitsOf(attacker);
  // D20-STATUS-04 (magic from items): a silenced attacker cannot use its magic weapon's magic: no magic bonus, not magical.
  const itemMagic = canUseMagic(a.statuses);
  const bonus = traits.magicalWeapon && !itemMagic ? 0 : traits.damageBonus ?? 0;
  const raw = damageRoll(sim.rng, weapon.damage, a.skills.weapon, bonus, roll.critical, (ctx.offHand === true || ctx.twoWeapons === true) && ctx.keepModifiers !== true);
  const damage = damageTaken(raw, weapon.damageType, defenceOf(sim, target, t), weapon.magical && itemMagic);
  const outcome = hurt(sim, target, damage, weapon.damageType, attacker.id, {
    critical: roll.critical, knockOut: choosesKnockOut(attacker, target, kind), byUnitId: attacker.id,
  });
  addBasicDot(t.dots, weapon.damageType, attacker.id);
  if (traits.inflicts) inflict(sim, target, attacker.id, traits.inflicts);
  return { hit, critical: roll.critical, fumble: roll.fumble, total: roll.total, ac, damage, outcome };
}

/**
 * The target's resistances, vulnerabilities and reductions, with submersion (D20-WATER-07), and its
 * traits (`D20_SPECIES_TRAITS`): flat reduction (D20-DAMAGE-27), resistance to non-magical and
 * vulnerability to magical damage (D20-DAMAGE-29, D20-DAMAGE-30).
 */
export function defenceOf(sim: Simulation, unit: UnitRecord, u: D20Unit = d20Of(unit)): DamageDefence {
  const tr = traitsOf(unit);
  return {
    resistances: withSubmersion(u.resistances, isSubmerged(sim, unit)), vulnerabilities: u.vulnerabilities, reduction: tr.reduction ?? 0,
    resistsNonMagical: tr.resistsNonMagical === true, vulnerableToMagical: tr.vulnerableToMagical === true,
  };
}

/**
 * D20-STATUS-01 to D20-STATUS-10: an attack or spell that hit inflicts its status on `victim` (if
 * still alive; clients see it in the unit's `statuses`), for `what.turns` of the victim's turns
 * (default `D20_STATUS_TURNS`). Enraged (D20-STATUS-09, Left open) names the creature the victim must attack: the
 * nearest other standing creature to it, allies included (ties: lowest id), else the source.
 * Terror's source is the inflicter (D20-STATUS-07).
 */
export function inflict(sim: Simulation, victim: UnitRecord, sourceId: string, what: D20Inflict): void {
  const v = d20Of(victim);
  if (v.dead) return;
  let by = sourceId;
  if (what.status === "enraged") {
    const near = Object.values(sim.state.units).filter((u) => u !== victim && u.d20 && isUp(u))
      .sort((p, q) => unitDistance(sim, victim, p) - unitDistance(sim, victim, q) || Number(p.id) - Number(q.id))[0];
    if (near) by = near.id;
  }
  addStatus(v.statuses, what.status, by, what.turns);
}

/**
 * Left open (D20-MOUNT, the rider's position), D20-SIZE-01: the space `u` is measured from when it
 * stands at `at` (where it is, by default): a rider shares its mount's space, so a rider's is its
 * active mount's whole space (the mount's own record where it is now, squeezed or not; at another
 * place, the mount's sheet there); anyone else's is its own. Reach, ranges, opportunity attacks,
 * Help, first aid, grapples, spells and cover all measure from it, both ways (d20rider).
 */
export function spaceOf(sim: Simulation, u: UnitRecord, at: { x: number; y: number } = u): SpacedPos {
  const mountId = u.d20?.riding?.mountId;
  const m = mountId ? sim.state.units[mountId] : undefined;
  if (m?.d20 && isActive(m)) return at === u ? m : { x: at.x, y: at.y, d20: m.d20 };
  return at === u ? u : { x: at.x, y: at.y, d20: u.d20 };
}

/**
 * D20-MOVE-09 between two units (or a unit and a bare tile `b`), each measured from
 * {@link spaceOf}: a rider from its mount's whole space. In tiles; adjacent = 1.
 */
export function unitDistance(sim: Simulation, a: UnitRecord, b: UnitRecord | { x: number; y: number }): number {
  return gridDistance(spaceOf(sim, a), "id" in b ? spaceOf(sim, b as UnitRecord) : b);
}

/** The ids of `u` and of whoever shares its space: its mount or its rider (Left open D20-MOUNT). */
function spaceMates(u: UnitRecord): string[] {
  const d = u.d20;
  const out = [u.id];
  if (d?.riding) out.push(d.riding.mountId);
  if (d && d.riderId !== "") out.push(d.riderId);
  return out;
}

/**
 * D20-ATTACK-57 to D20-ATTACK-67 with riders (Left open D20-MOUNT, d20rider): the cover `target`
 * has against `attacker` standing at `at` (where it is, by default), both measured from
 * {@link spaceOf} (a rider's lines start from, or end at, its mount's whole space); of `creatures`,
 * those sharing the attacker's or the target's space (a mount and its rider) are never in the way.
 */
export function coverBetween(sim: Simulation, attacker: UnitRecord, target: UnitRecord, creatures: readonly UnitRecord[], at: { x: number; y: number } = attacker): Cover {
  const mates = new Set([...spaceMates(attacker), ...spaceMates(target)]);
  return mapCover(sim.state.map, spaceOf(sim, attacker, at), spaceOf(sim, target), creatures.filter((c) => !mates.has(c.id)));
}

/**
 * D20-ATTACK-19, D20-MOVE-09 for an attack on a tile (`attackTile`, D20-ATTACK-68, D20-ATTACK-70):
 * the farthest distance, in tiles from the attacker's space, at which its main weapon strikes a
 * tile: the melee reach, or a ranged weapon's long range; a blinded attacker no farther than
 * D20-STATUS-06 lets it see ({@link targetingLimit}). The nearest is 1 (next to its space).
 */
export function tileReach(attacker: UnitRecord): number {
  const a = d20Of(attacker);
  return targetingLimit(a.statuses, a.weapon.ranged ? a.weapon.range[1] : a.weapon.reach);
}

/** Whether `attacker` can strike the tile (x, y) with its main weapon: a distance (D20-MOVE-09, from its space) from 1 to {@link tileReach}. */
export function canStrikeTile(sim: Simulation, attacker: UnitRecord, tile: { x: number; y: number }): boolean {
  const d = gridDistance(spaceOf(sim, attacker), tile);
  return d >= 1 && d <= tileReach(attacker);
}

/**
 * D20-ATTACK-19: is the target within the attacker's reach (melee) or range (ranged), the attacker
 * standing at `at` (where it is, by default)? Both measured from {@link spaceOf} (a rider from its
 * mount's space). D20-STATUS-06: a blinded attacker targets nothing beyond `BLINDED_RANGE` (8 tiles).
 */
export function canStrike(sim: Simulation, attacker: UnitRecord, target: UnitRecord, at: { x: number; y: number } = attacker): boolean {
  const a = d20Of(attacker);
  const d = gridDistance(spaceOf(sim, attacker, at), spaceOf(sim, target));
  if (d > targetingLimit(a.statuses, Number.POSITIVE_INFINITY)) return false;
  if (a.weapon.ranged) return weaponRange(a.weapon.range, d) !== "out";
  return inReach(a.weapon.reach, d);
}

/**
 * D20-MOUNT-08, D20-MOUNT-09 (a mount that drops is knocked prone): its rider leaps off with its
 * reaction and lands on its feet next to it, or, without a reaction, falls prone next to it, and
 * with bad luck (D20-MOUNT-10: a d20 roll of 1, drawn then) takes fall damage (D20-MOUNT-11, mount.ts `fallDamage`).
 * The rider lands on the first free walkable tile around the mount's space (north first, clockwise,
 * mount.ts `landingSpot`: never inside a Large mount's own space), or stays on the mount's tile when there is none.
 */
export function mountFalls(sim: Simulation, mount: UnitRecord): void {
  const m = d20Of(mount);
  const rider = sim.state.units[m.riderId];
  m.riderId = "";
  if (!rider) return;
  const r = d20Of(rider);
  r.riding = null;
  const spot = landingSpot(sim, rider, mount);
  if (spot) { placeUnit(sim, rider, spot.x, spot.y); }
  if (r.hp > 0 && canReact(r.statuses, false, r.reactionUsed)) {
    r.reactionUsed = true;
    const enc = encounterOf(sim, rider.id);
    if (enc) noteReaction(enc, rider.id);
  } else {
    if (!hasStatus(r.statuses, "prone")) r.statuses.push({ kind: "prone", turnsLeft: -1, sourceId: mount.id });
    // D20-MOUNT-10, D20-MOUNT-11: falling with its mount, with bad luck (a separate d20 roll of 1) the rider takes fall damage.
    if (r.hp > 0 && badLuckRoll(sim.rng)) hurt(sim, rider, fallDamage(riderHeight(mount)), "bludgeoning", mount.id);
  }
}

