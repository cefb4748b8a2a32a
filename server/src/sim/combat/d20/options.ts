import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { isWalkable } from "../../world/grid.ts";
import { areEnemies } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { participantsOf } from "../encounters/book.ts";
import { canTwoWeapon, grappleRefusal, inReach, type Cover } from "./attack.ts";
import { HELP_RANGE, RANGE_BANDS, THROW_RANGE, type RangeBand } from "@malignus/shared";
import { hasFreeHand } from "./equip.ts";
import { canStandUp, gridDistance, modeOf, type MoveMode } from "./movement.ts";
import { canStrike, isUp, tileReach, unitDistance } from "./resolve.ts";
import { d20Of } from "./sheet.ts";
import { castRefusal, spellReaches, teleportRefusal } from "./spells.ts";
import { canAct, canReact, hasStatus } from "./statuses.ts";
import { switchableModes } from "./spaces.ts";
import { canMountNow, canServeAsMount, mountCost } from "./mount.ts";
import type { TurnState as D20TurnState } from "./plan.ts";
import { type ReachableTile, reachableTiles, coverAgainst, dismountSpots, turnLeft, mountTurnBudget, moverOf } from "./reach.ts";

/**
 * The options of a d20 creature in its turn ({@link d20TurnOptions}): what a thin client shows,
 * and exactly what the turn accepts. Where it can get to and from where it strikes: reach.ts;
 * a stored plan as steps: toPlan.ts.
 */

/** Foes `unit` could attack with its weapon from (x, y) (D20-ATTACK-19), by id. */
function foesInRangeFrom(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, x: number, y: number): UnitRecord[] {
  return participantsOf(sim, enc)
    .filter((u) => u !== unit && areEnemies(unit, u) && isUp(u) && canStrike(sim, unit, u, { x, y })) // d20rider: a rider from its mount's space there
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/** One spell or technique a creature knows, as its turn options show it (D20-ACTION-07 to D20-ACTION-09). */
export interface D20SpellOption {
  name: string;
  /** A spell spends Mana, a technique Stamina (D20-ACTION-09). */
  pool: "mana" | "stamina";
  /** Its cost in that pool. */
  cost: number;
  /** The pool covers the cost and nothing forbids it (silence, D20-STATUS-04): `castRefusal` is null. */
  affordable: boolean;
  /** Affordable, the full action is free (D20-ACTION-08, not after Dash or Disengage) and it has a target: a `cast` step would be played. */
  castable: boolean;
  /** "attack": a spell attack on one creature; "area": every creature within `radius` of a tile. */
  kind: "attack" | "area" | "teleport" | "swim";
  /** Its range band (D20-ATTACK-52 to D20-ATTACK-55) and the farthest distance it reaches, in tiles (from 1). */
  band: RangeBand;
  range: number;
  /** Area spells: Chebyshev radius in tiles (0 for attack spells). */
  radius: number;
  /** Attack spells: the standing creatures of the encounter within its band from where the caster stands now, by id (foes and friends, as `cast` accepts). */
  targets: string[];
  /** The cover of each of `targets` against the caster (D20-ATTACK-59; "total": only a natural 20 hits, D20-ATTACK-65). */
  targetCover: Cover[];
  /** Area spells: the walkable tiles within its band it may be centred on (D20-ATTACK-48; behind total cover too, D20-ATTACK-66), by row then column. */
  tiles: { x: number; y: number }[];
}

/** What a player may do now in its unit's d20 turn (shown to thin clients; refreshed after each step). */
export interface D20TurnOptions {
  /** Step kinds (`D20Step.kind`) that can be played now, in a fixed order. */
  actions: string[];
  /** The movement value the turn started with (tiles of movement cost, D20-MOVE-01). */
  movement: number;
  /** Movement left to the unit itself now (after moves, Dash, standing up, mounting; D20-MOVE-07, D20-ACTION-10). */
  movementLeft: number;
  /** The full action is unspent (D20-ACTION-03), the demi-action is unspent (D20-ACTION-04), the reaction is available this round (D20-FLOW-38). */
  fullAction: boolean;
  halfAction: boolean;
  reaction: boolean;
  /** Weapon attacks left in an Attack action already taken (D20-MOVE-11), 0 otherwise. */
  attacksLeft: number;
  /**
   * Who a `move` step moves: the unit itself, or the controlled mount it rides (D20-MOUNT-17), by
   * id; "" when a `move` cannot be played (an independent mount, D20-MOUNT-21).
   */
  moverId: string;
  /** The mover's movement left (the mount's own movement when riding a controlled mount, D20-MOUNT-16, D20-MOUNT-19). */
  moverMovementLeft: number;
  /** Tiles a `move` step can end on now ({@link reachableTiles} of the mover with its movement left); empty when it cannot move. */
  reachable: ReachableTile[];
  /** Foes it can attack with its weapon from where it stands now (D20-ATTACK-19), by id. */
  targets: string[];
  /** The cover of each of `targets` (D20-ATTACK-59). */
  targetCover: Cover[];
  /** Creatures it may mount now (D20-MOUNT-01 to D20-MOUNT-04), by id. */
  mounts: string[];
  /** What mounting or dismounting costs: half the movement value (D20-MOUNT-03). */
  mountCost: number;
  /** Free tiles it may dismount onto now (D20-MOUNT-02 to D20-MOUNT-04). */
  dismountTiles: { x: number; y: number }[];
  /** The farthest tile an `attackTile` step strikes, in tiles from its space (D20-ATTACK-19, D20-MOVE-09: resolve.ts `tileReach`); 0 when it cannot attack now. */
  tileReach: number;
  /** Its spells and techniques, in the order it knows them. */
  spells: D20SpellOption[];
  /** Foes an off-hand attack (`attack` with `offHand`) reaches now: after the Attack action, two light weapons, the demi-action and the reaction left (D20-ATTACK-30, D20-ATTACK-31), by id. */
  offHandTargets: string[];
  /** Help (D20-ACTION-16 to D20-ACTION-18): the allies it may help and the foes within {@link HELP_RANGE} tiles it may help against, by id; empty without the full action. */
  helpAllies: string[];
  helpFoes: string[];
  /** Dying creatures within 1 tile it may give first aid to (D20-HP-29: any unconscious creature, foes too), and bleeding ones above 0 HP (D20-STATUS-11: the Medicine skill), by id. */
  firstAidTargets: string[];
  /** Foes it may try to grapple now (D20-ATTACK-35 to D20-ATTACK-38: size, reach, a free hand; with an attack of the Attack action), by id. */
  grappleTargets: string[];
  /** Foes a thrown weapon reaches now (`attack` with `thrown`: a main weapon with the thrown property, 1 to {@link THROW_RANGE} tiles, with the Attack action; D20-ATTACK-33), by id. */
  thrownTargets: string[];
  /** Foes the off-hand weapon reaches thrown (`attack` with `offHand` and `thrown`: as {@link offHandTargets}, an off-hand weapon with the thrown property, 1 to {@link THROW_RANGE} tiles; D20-ATTACK-30, D20-ATTACK-33), by id. */
  offHandThrownTargets: string[];
  /** Items a `useObject` step may use now (D20-ACTION-20 to D20-ACTION-22, D20-STATUS-11 to D20-STATUS-13): {@link USE_OBJECT_ITEMS} with the demi-action (or the full action) left, else none. */
  useObjectItems: string[];
  /** Creatures a `useObject` step may use an item on: itself first, then the encounter's living creatures within 1 tile, by id; empty when {@link useObjectItems} is. */
  useObjectTargets: string[];
  /** d20move: the mover's movement mode now (D20-MOVE-13). */
  moveMode?: MoveMode;
  /** d20move: modes a `switchMode` step may switch the mover to now (routes.ts `switchableModes`; 2 movement, D20-MOVE-15). */
  switchModes?: MoveMode[];
}

/** The options of a creature that can do nothing (D20-STATUS-03, D20-FLOW-12). */
function noOptions(movement: number): D20TurnOptions {
  return { actions: [], movement, movementLeft: 0, fullAction: false, halfAction: false, reaction: false, attacksLeft: 0, moverId: "", moverMovementLeft: 0, reachable: [], targets: [], targetCover: [], mounts: [], mountCost: 0, dismountTiles: [], tileReach: 0, spells: [], offHandTargets: [], helpAllies: [], helpFoes: [], firstAidTargets: [], grappleTargets: [], thrownTargets: [], offHandThrownTargets: [], useObjectItems: [], useObjectTargets: [] };
}

/**
 * The items a `useObject` step knows, in the order the options list them. Units carry no stock of
 * the consumables in v1: every creature may use each (a healing potion heals `HEALING_POTION_DICE`,
 * bandages and medical tools stop bleeding); "swapWeapons" swaps the weapons of the main and off
 * hand, for a creature holding an off-hand weapon.
 */
export const USE_OBJECT_ITEMS = ["bandage", "medicalTools", "healingPotion", "swapWeapons"] as const;
/** One of {@link USE_OBJECT_ITEMS}. */
export type UseObjectItem = (typeof USE_OBJECT_ITEMS)[number];

/**
 * D20-FLOW-33, D20-ACTION-20 (Left open: the game master's "needs special care" is this fixed
 * table): whether using each item always needs Use an Object (a demi-action). Consumables do;
 * swapping hand weapons (drawing the other weapon) is the turn's free object interaction
 * (D20-FLOW-31), and a second one needs Use an Object (D20-ACTION-21).
 */
export const USE_OBJECT_NEEDS_ACTION: Readonly<Record<UseObjectItem, boolean>> = {
  bandage: true, medicalTools: true, healingPotion: true, swapWeapons: false,
};

/**
 * The options of `unit` now in its turn in `enc` (`ts`: what is left of the turn, by default
 * {@link turnLeft}): the step kinds it may still play (an incapacitated or surprised creature gets
 * none: D20-STATUS-03, D20-FLOW-12), what is left (movement, full action, demi-action, reaction,
 * weapon attacks: D20-ACTION-03, D20-ACTION-04, D20-MOVE-11, D20-FLOW-38), the tiles a `move` reaches
 * from where it stands now (its controlled mount's, with the mount's movement, when it rides one:
 * D20-MOUNT-16 to D20-MOUNT-19), the foes in reach or range now with their cover, the creatures it
 * may mount (D20-MOUNT-01 to D20-MOUNT-04: half its movement value) or the tiles it may dismount
 * onto, each spell or technique with its cost, whether it can be paid and cast, its range and
 * its targets or target tiles from here, and whom an off-hand attack, a thrown weapon, Help, first
 * aid, a grapple or a used item may name (escape is listed while grappled with the full action). Every step it lists with those targets is one the turn accepts (playStep); a test
 * plays random picks to check it. `wait` (D20-FLOW-29, ending the turn) and `say`
 * (D20-FLOW-30) are always listed for a creature that can act. Action kinds follow the budget:
 * full actions need the full action, demi-actions the demi-action or the full action, none after
 * Dash or Disengage (D20-ACTION-11, D20-ACTION-14); `attack` also while attacks of the Attack action are left.
 */
export function d20TurnOptions(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, ts: D20TurnState = turnLeft(enc, unit)): D20TurnOptions {
  const me = d20Of(unit);
  if (!isUp(unit) || !canAct(me.statuses, false)) return noOptions(me.movement);
  const b = ts.budget;
  const moving = moverOf(sim, unit, ts);
  const reachable = moving ? reachableTiles(sim, enc, moving.mover, moving.movement) : [];
  const foesHere = foesInRangeFrom(sim, enc, unit, unit.x, unit.y);
  const targets = foesHere.map((u) => u.id);
  const targetCover = foesHere.map((u) => coverAgainst(sim, enc, unit, u));
  const others = participantsOf(sim, enc).filter((u) => u !== unit);
  const allies = others.filter((u) => !areEnemies(unit, u) && isUp(u));
  const foes = others.filter((u) => areEnemies(unit, u) && isUp(u));
  const prone = hasStatus(me.statuses, "prone");
  const full = b.full && !b.locked;
  const demi = (b.demi || b.full) && !b.locked;
  const canAttack = ts.attacksLeft > 0 || full;
  const byId = (a: UnitRecord, c: UnitRecord) => Number(a.id) - Number(c.id);
  // D20-ATTACK-30, D20-ATTACK-31: after the Attack action, the off-hand light weapon with the demi-action and the reaction.
  const twoWeapons = ts.attacked === true && me.offHand !== null && canTwoWeapon(me.weapon, me.offHand, b.demi && !b.locked, canReact(me.statuses, false, me.reactionUsed));
  const offHandTargets = twoWeapons ? foes.filter((f) => inReach(me.offHand!.reach, unitDistance(sim, unit, f))).sort(byId).map((f) => f.id) : [];
  // d20finish, D20-ATTACK-33: "either weapon" may be thrown; the off-hand one within THROW_RANGE (Left open).
  const inThrow = (f: UnitRecord) => { const d = unitDistance(sim, unit, f); return d >= 1 && d <= THROW_RANGE; };
  const offHandThrownTargets = twoWeapons && me.offHand!.thrown ? foes.filter(inThrow).sort(byId).map((f) => f.id) : [];
  const helpFoes = full && allies.length > 0 ? foes.filter((f) => unitDistance(sim, unit, f) <= HELP_RANGE).sort(byId).map((f) => f.id) : [];
  const helpAllies = helpFoes.length > 0 ? [...allies].sort(byId).map((u) => u.id) : [];
  // D20-HP-29 names any unconscious creature: a dying foe may be stabilised too (d20finish);
  // D20-STATUS-11: a bleeding creature above 0 HP may be treated with the Medicine skill.
  const needsAid = (d: ReturnType<typeof d20Of>) => !d.dead && ((d.hp === 0 && !d.stable) || (d.hp > 0 && hasStatus(d.statuses, "bleeding")));
  const firstAidTargets = full ? others.filter((u) => needsAid(d20Of(u)) && unitDistance(sim, unit, u) <= 1).sort(byId).map((u) => u.id) : [];
  // D20-ATTACK-33, THROW_RANGE (Left open): a main weapon with the thrown property, with an attack of the Attack action.
  const thrownTargets = canAttack && me.weapon.thrown ? foes.filter(inThrow).sort(byId).map((f) => f.id) : [];
  // D20-FLOW-31, D20-FLOW-33, D20-ACTION-21: an item that needs Use an Object with the demi-action (or the full action) left; swapping weapons also with the free interaction.
  const useObjectItems: string[] = USE_OBJECT_ITEMS.filter((i) => i === "swapWeapons"
    ? me.offHand !== null && (b.freeInteraction || demi)
    : demi);
  const useObjectTargets = !demi ? (useObjectItems.length > 0 ? [unit.id] : []) : [unit.id, ...others.filter((u) => !d20Of(u).dead && unitDistance(sim, unit, u) <= 1).sort(byId).map((u) => u.id)];
  const grappleTargets = canAttack ? foes.filter((f) => grappleRefusal(me.size, d20Of(f).size, unitDistance(sim, unit, f), me.weapon.reach, hasFreeHand(me.equipment)) === null).sort(byId).map((f) => f.id) : [];
  const actions: string[] = ["wait", "say"];
  if (reachable.length > 0) actions.push("move");
  if ((targets.length > 0 && canAttack) || offHandTargets.length > 0 || thrownTargets.length > 0 || offHandThrownTargets.length > 0) actions.push("attack");
  if (canAttack) actions.push("attackTile");
  if (full && b.demi) actions.push("dash", "disengage");
  if (demi) actions.push("hide");
  if (full) actions.push("search", "ready");
  if (demi) actions.push("reload");
  if (useObjectItems.length > 0) actions.push("useObject");
  if (helpFoes.length > 0) actions.push("help");
  if (firstAidTargets.length > 0) actions.push("firstAid");
  if (grappleTargets.length > 0) actions.push("grapple");
  if (others.some((u) => d20Of(u).statuses.some((s) => s.kind === "grappled" && s.sourceId === unit.id))) actions.push("release");
  if (full && hasStatus(me.statuses, "grappled")) actions.push("escape");
  if (prone && canStandUp(me.movement, b.movement)) actions.push("standUp");
  if (!prone) actions.push("dropProne");
  // d20move: D20-MOVE-14, D20-MOVE-15: switching movement mode (swimming by water, flying for flyers).
  const switchModes = moving ? switchableModes(sim, moving.mover, moving.movement) : [];
  if (switchModes.length > 0) actions.push("switchMode");
  // D20-MOUNT-01 to D20-MOUNT-04: mounting or dismounting, once a turn, for half the movement value.
  const mounts = me.riding ? [] : allies
    .filter((m) => {
      const md = d20Of(m);
      return md.riderId === "" && !md.riding && canServeAsMount(me.size, md.size, md.mountTraits.willing)
        && canMountNow(me.movement, b.movement, gridDistance(unit, m), ts.mountedOrDismounted === true);
    })
    .sort((a, c) => Number(a.id) - Number(c.id)).map((m) => m.id);
  const mount = me.riding ? sim.state.units[me.riding.mountId] : undefined;
  const dismountTiles = mount && canMountNow(me.movement, b.movement, 0, ts.mountedOrDismounted === true) ? dismountSpots(sim, unit, mount) : [];
  if (mounts.length > 0) actions.push("mount");
  if (dismountTiles.length > 0) actions.push("dismount");
  if (mount && me.riding?.controlled) {
    const mb = ts.mountBudget ?? mountTurnBudget(mount);
    if (mb.full && mb.demi && !mb.locked) actions.push("mountAction"); // D20-MOUNT-18: Dash or Disengage
  }
  const spells = me.spells.map((spell): D20SpellOption => {
    const affordable = castRefusal(unit, spell) === null;
    const inBand = (p: { x: number; y: number }) => spellReaches(sim, unit, spell, p);
    const who = spell.kind === "attack"
      ? participantsOf(sim, enc).filter((u) => u !== unit && isUp(u) && inBand(u)).sort((a, c) => Number(a.id) - Number(c.id))
      : [];
    const tiles: { x: number; y: number }[] = [];
    if (spell.kind === "area" || spell.kind === "teleport") {
      const r = RANGE_BANDS[spell.band];
      for (let y = unit.y - r; y <= unit.y + r; y++) for (let x = unit.x - r; x <= unit.x + r; x++) {
        if (isWalkable(sim.state.map, x, y) && inBand({ x, y }) && (spell.kind === "area" || teleportRefusal(sim, unit, spell, { x, y }) === null)) tiles.push({ x, y });
      }
    }
    return {
      name: spell.name, pool: spell.pool, cost: spell.cost, affordable,
      castable: affordable && full && (spell.kind === "swim" ? me.swimSpell !== true : who.length > 0 || tiles.length > 0),
      kind: spell.kind, band: spell.band, range: RANGE_BANDS[spell.band], radius: spell.kind === "area" ? spell.radius : 0,
      targets: who.map((u) => u.id), targetCover: who.map((u) => coverAgainst(sim, enc, unit, u)), tiles,
    };
  });
  if (spells.some((sp) => sp.castable)) actions.push("cast");
  if (full && spells.some((sp) => sp.affordable && sp.kind === "attack")) actions.push("readySpell");
  return {
    actions, movement: me.movement, movementLeft: b.movement,
    fullAction: b.full && !b.locked, halfAction: b.demi && !b.locked, reaction: canReact(me.statuses, false, me.reactionUsed), attacksLeft: ts.attacksLeft,
    moverId: moving ? moving.mover.id : "", moverMovementLeft: moving ? moving.movement : 0,
    reachable, targets, targetCover, mounts, mountCost: mountCost(me.movement), dismountTiles, tileReach: canAttack ? tileReach(unit) : 0, spells,
    offHandTargets, helpAllies, helpFoes, firstAidTargets, grappleTargets, thrownTargets, offHandThrownTargets, useObjectItems, useObjectTargets,
    moveMode: modeOf(d20Of(moving ? moving.mover : unit)), switchModes,
  };
}
