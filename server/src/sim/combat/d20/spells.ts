import { BLINDED_RANGE, type D20Spell } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import { placeUnit } from "../../world/unitIndex.ts";
import type { UnitRecord } from "../../state.ts";
import { isActive } from "../../world/units.ts";
import { attackModifier, attackRoll, attackEdge, chooseDefence, effectiveAc, inBand } from "./attack.ts";
import type { Edge } from "./dice.ts";
import { addBasicDot, damageRoll, damageTaken, magicAdvantage } from "./damage.ts";
import { gridDistance, modeOf, spaceSide } from "./movement.ts";
import { fallDamage, mountDefences, unseatRoll } from "./mount.ts";
import { occupancy, sideAt } from "./spaces.ts";
import { canReact, canUseMagic, hasStatus, removeStatus, targetingLimit } from "./statuses.ts";
import { coverBetween, defenceOf, hurt, inflict, isUp, spaceOf, unitDistance } from "./resolve.ts";
import { encounterOf, participantsOf } from "../encounters/book.ts";
import { d20Of } from "./sheet.ts";

/** A spell or technique a creature knows: the d20 table's {@link D20Spell} shape (shared/src/data/d20.ts). */
export type { D20Spell };

/**
 * Why `caster` cannot cast `spell` now, or null: silenced casters cannot use magic (D20-STATUS-04,
 * techniques excepted, Left open), and the pool must cover the cost (D20-ACTION-09).
 */
export function castRefusal(caster: UnitRecord, spell: D20Spell): string | null {
  const c = d20Of(caster);
  if (spell.pool === "mana" && !canUseMagic(c.statuses)) return "a silenced creature cannot use magic (D20-STATUS-04)";
  if (c[spell.pool] < spell.cost) return `not enough ${spell.pool} (D20-ACTION-09)`;
  return null;
}

/** Pays the spell's cost (D20-ACTION-09). */
export function payFor(caster: UnitRecord, spell: D20Spell): void {
  d20Of(caster)[spell.pool] -= spell.cost;
}

/**
 * D20-ATTACK-08: a spell attack is resolved with an attack roll, so it is an attack and gets the
 * advantage and disadvantage of any attack (attack.ts `attackEdge`, as resolve.ts
 * `resolveD20Attack` for weapons): a hidden caster, or one more than `BLINDED_RANGE` tiles from a
 * blinded target, is unseen (D20-ATTACK-72, D20-ACTION-40); a foe standing within 1 tile that sees
 * the caster gives it disadvantage (D20-ATTACK-56: "a weapon, a spell or anything else"); squeezing
 * (D20-SIZE-10, D20-SIZE-12), an ally's Help (D20-ACTION-18, spent by this attack) and prone
 * (Left open D20-MOVE prone) count as for weapons. Then the caster's hiding ends (D20-ATTACK-73).
 * `others` are the standing creatures of the encounter other than the caster and the target.
 */
function spellEdge(sim: Simulation, caster: UnitRecord, target: UnitRecord, others: readonly UnitRecord[]): Edge {
  const c = d20Of(caster), t = d20Of(target);
  const distance = unitDistance(sim, caster, target);
  const hidden = hasStatus(c.statuses, "hidden");
  const foes = [target, ...others].filter((u) => u.faction !== caster.faction && isUp(u));
  const help = c.statuses.find((s) => s.kind === "helped" && s.detail === target.id);
  if (help) c.statuses.splice(c.statuses.indexOf(help), 1);
  const edge = attackEdge({
    kind: "spell",
    attackerUnseen: hidden || (hasStatus(t.statuses, "blinded") && distance > BLINDED_RANGE),
    hostileWithin1: !hidden && foes.some((u) => unitDistance(sim, u, caster) <= 1),
    attackerSqueezing: hasStatus(c.statuses, "squeezing"),
    targetSqueezing: hasStatus(t.statuses, "squeezing"),
    helped: help !== undefined,
    attackerProne: hasStatus(c.statuses, "prone"),
    targetProne: hasStatus(t.statuses, "prone"),
    distance,
  });
  removeStatus(c.statuses, "hidden"); // D20-ATTACK-73: attacking reveals a hidden attacker, hit or miss
  return edge;
}

/**
 * A spell attack on `target` (D20-ATTACK-14 Mental modifier, D20-ACTION-30 Magic Absorb, D20-DAMAGE-32
 * magic advantage when the target holds an element too, D20-ATTACK-57 to D20-ATTACK-67 cover as for
 * weapons: behind total cover only a natural 20 hits): the target may defend with its reaction.
 * D20-DAMAGE-19: a target that Magic Absorbs meets it with its magic resistance, AC + Contre. Spell damage is
 * magical (D20-DAMAGE-29). A hit leaves the spell's damage over time and status (afterSpellHit).
 * The cost is paid by the caller. Draw order: the d20, then the damage dice on a hit.
 */
export function spellAttack(sim: Simulation, caster: UnitRecord, target: UnitRecord, spell: D20Spell, onReaction?: (id: string) => void): boolean {
  const c = d20Of(caster), t = d20Of(target);
  let bonus = 0;
  const d = t.hp > 0 ? chooseDefence(t.abilities, "spell", mountDefences(sim, target)) : null;
  if (d && canReact(t.statuses, false, t.reactionUsed)) {
    t.reactionUsed = true;
    bonus = d.bonus;
    onReaction?.(target.id);
    sim.emit({ type: "reaction", unitId: target.id, kind: "defence", detail: d.defence, againstId: caster.id });
  }
  const adv = magicAdvantage(spell.element, t.element);
  // D20-ATTACK-57 to D20-ATTACK-67, D20-ATTACK-65 (spells too): cover from the walls and the creatures in the way, as for weapons.
  const enc = encounterOf(sim, caster.id);
  const others = (enc ? participantsOf(sim, enc) : Object.values(sim.state.units)).filter((u) => u !== caster && u !== target && isUp(u));
  const cover = coverBetween(sim, caster, target, others); // d20rider: a rider from its mount's space
  const ac = effectiveAc(t.ac, bonus + adv.ac, cover);
  const roll = attackRoll(sim.rng, attackModifier(c.abilities, "spell"), ac, spellEdge(sim, caster, target, others), cover);
  sim.emit({ type: "attack", attackerId: caster.id, targetId: target.id, hit: roll.hit, attackRoll: roll.total, defenceRoll: ac });
  if (!roll.hit) return false;
  const raw = damageRoll(sim.rng, spell.damage, c.skills.weapon, adv.damage, roll.critical);
  hurt(sim, target, damageTaken(raw, spell.damageType, defenceOf(sim, target), true), spell.damageType, caster.id, { critical: roll.critical, byUnitId: caster.id });
  afterSpellHit(sim, caster, target, spell);
  if (spell.push && isUp(target)) pushAway(sim, caster, target, spell.push);
  return true;
}

/**
 * Left open (D20-MOUNT-05, D20-ATTACK-29): a forced move. `target` and whoever shares its space (its
 * mount or its rider) are pushed up to `tiles` tiles straight away from the caster (the sign of the
 * difference of their anchors on each axis, measured from {@link spaceOf}), one tile at a time,
 * stopping before a tile its whole space cannot enter in its mode or another creature holds. Being
 * moved by someone else, it provokes no opportunity attack (D20-ATTACK-29). When a ridden mount
 * (or its rider) is so moved, the rider rolls to stay mounted (D20-MOUNT-05: 1d20 + Agility ≥
 * `STAY_MOUNTED_DC`, {@link unseatRoll}; bad luck deals fall damage, D20-MOUNT-11).
 * @returns the tiles actually moved (0 to `tiles`).
 */
function pushAway(sim: Simulation, caster: UnitRecord, target: UnitRecord, tiles: number): number {
  const t = d20Of(target);
  const body = t.riding ? sim.state.units[t.riding.mountId] ?? target : target;
  const from = spaceOf(sim, caster);
  const dx = Math.sign(body.x - from.x), dy = Math.sign(body.y - from.y);
  if (dx === 0 && dy === 0) return 0;
  const b = d20Of(body);
  const side = spaceSide(body);
  let moved = 0;
  while (moved < tiles) {
    const nx = body.x + dx, ny = body.y + dy;
    if (sideAt(sim.state.map, nx, ny, b.size, modeOf(b)) < side) break;
    const occ = occupancy(sim, body);
    let held = false;
    for (let y = 0; y < side && !held; y++) for (let x = 0; x < side; x++) if ((occ.get((ny + y) * sim.state.map.width + nx + x) ?? []).length > 0) { held = true; break; }
    if (held) break;
    placeUnit(sim, body, nx, ny);
    const rider = b.riderId !== "" ? sim.state.units[b.riderId] : undefined;
    if (rider) placeUnit(sim, rider, nx, ny);
    moved++;
  }
  const rider = b.riderId !== "" ? sim.state.units[b.riderId] : undefined;
  if (moved > 0 && rider && isUp(rider)) {
    // D20-MOUNT-05, D20-MOUNT-10, D20-MOUNT-11: the mount moved against its will: its rider rolls to stay mounted.
    const off = unseatRoll(sim, rider);
    if (off?.badLuck) hurt(sim, rider, fallDamage(off.fallTiles), "bludgeoning", rider.id);
  }
  return moved;
}

/**
 * An area spell centred on (x, y): one damage roll for every creature within `radius`
 * (D20-DAMAGE-04), whatever stands between (D20-ATTACK-66: an area reaches behind total cover).
 * @returns the ids hit.
 */
export function areaSpell(sim: Simulation, caster: UnitRecord, x: number, y: number, spell: D20Spell): string[] {
  const raw = damageRoll(sim.rng, spell.damage, d20Of(caster).skills.weapon, 0, false);
  const hit: string[] = [];
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (!isActive(u) || gridDistance(spaceOf(sim, u), { x, y }) > spell.radius) continue;
    hit.push(u.id);
    hurt(sim, u, damageTaken(raw, spell.damageType, defenceOf(sim, u), true), spell.damageType, caster.id, { byUnitId: caster.id });
    if (spell.inflicts) inflict(sim, u, caster.id, spell.inflicts); // an area's lingering harm is its ground zone, not a damage over time

  }
  return hit;
}

/**
 * What an attack spell leaves on a creature it hit: the basic damage over time of its type (acid, poison,
 * burn: D20-DAMAGE-09, D20-DAMAGE-14, D20-DAMAGE-23) and its status (D20-STATUS-02 to D20-STATUS-10).
 */
function afterSpellHit(sim: Simulation, caster: UnitRecord, target: UnitRecord, spell: D20Spell): void {
  const t = d20Of(target);
  if (t.dead) return;
  addBasicDot(t.dots, spell.damageType, caster.id);
  if (spell.inflicts) inflict(sim, target, caster.id, spell.inflicts);
}

/**
 * D20-ATTACK-48, D20-ATTACK-52 to D20-ATTACK-55: is `to` (a tile or a unit) within the spell's band
 * from the caster? d20rider: a rider (caster or target) is measured from its mount's space (`spaceOf`).
 * D20-STATUS-06: a blinded caster targets nothing beyond `BLINDED_RANGE` (8 tiles).
 */
export function spellReaches(sim: Simulation, caster: UnitRecord, spell: D20Spell, to: UnitRecord | { x: number; y: number }): boolean {
  const d = unitDistance(sim, caster, to);
  return inBand(spell.band, d) && d <= targetingLimit(d20Of(caster).statuses, Number.POSITIVE_INFINITY);
}

/**
 * D20-ATTACK-28 (Left open: a teleport lands on a free walkable tile within its band, the caster not
 * riding nor carrying a rider, a creature of one tile): why `caster` cannot teleport to `to`, or null.
 */
export function teleportRefusal(sim: Simulation, caster: UnitRecord, spell: D20Spell, to: { x: number; y: number }): string | null {
  const c = d20Of(caster);
  if (c.riding || c.riderId !== "" || spaceSide(caster) !== 1) return "only a creature of one tile, not mounted, teleports (D20-ATTACK-28)";
  if (!spellReaches(sim, caster, spell, to) || (to.x === caster.x && to.y === caster.y)) return "out of the spell's range (D20-ATTACK-48)";
  if (sideAt(sim.state.map, to.x, to.y, c.size, modeOf(c)) < 1) return "the creature cannot stand there";
  if ((occupancy(sim, caster).get(to.y * sim.state.map.width + to.x) ?? []).length > 0) return "another creature stands there";
  return null;
}
