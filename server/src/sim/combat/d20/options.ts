import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { findPath, isDifficult, isWalkable } from "../../world/grid.ts";
import { areEnemies, isActive } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { participantsOf } from "../encounters/book.ts";
import { canTwoWeapon, dragSlows, grappleRefusal, inReach } from "./attack.ts";
import { hasFreeHand } from "./equip.ts";
import { canEnter, canStandUp, diagonalAllowed, gridDistance, stepCost } from "./movement.ts";
import { canStrike, coverBetween, isUp, unitDistance } from "./resolve.ts";
import { d20Of } from "./sheet.ts";
import { mayPassThrough } from "./size.ts";
import { castRefusal } from "./spells.ts";
import { canAct, canMove, canReact, hasStatus } from "./statuses.ts";
import { d20Reachable, occupancy, routeNextTo, switchableModes, type RouteStep } from "./routes.ts";
import { modeOf, spaceSide, turnMovement, type MoveMode } from "./movement.ts";
import type { D20Step, D20TurnPlan, TurnState as D20TurnState } from "./plan.ts";
import { newTurn, type TurnBudget } from "./actions.ts";
import { HELP_RANGE, RANGE_BANDS, THROW_RANGE, type RangeBand } from "@malignus/shared";
import type { Cover } from "./attack.ts";
import { canMountNow, canServeAsMount, mountCost } from "./mount.ts";
import { spellReaches } from "./spells.ts";

/**
 * The move of an approach toward `target` when no tile in reach can be got to this turn: along
 * the cheapest D20 route to it (routes.ts `d20RouteTo`, as the AI's approach), to the
 * farthest tile of that walk reachable this turn (by its cheapest way). No step when none is.
 */
function approach(sim: Simulation, unit: UnitRecord, target: UnitRecord, tiles: readonly ReachableTile[]): D20Step[] {
  const map = sim.state.map;
  // d20move: the cheapest way by the D20-MOVE costs (routes.ts d20RouteTo: rubble, modes, spaces) to a
  // place next to the target's space, instead of the shortest walk.
  const route = routeNextTo(sim, unit, target);
  if (!route) return [];
  const walk = route.steps.flatMap((st) => (st.kind === "move" ? st.path.map((p) => p.y * map.width + p.x) : []));
  const byTile = new Map(tiles.map((t) => [t.y * map.width + t.x, t]));
  for (let k = walk.length - 1; k >= 0; k--) {
    const t = byTile.get(walk[k]!);
    if (t) return t.steps ?? [{ kind: "move", path: t.path }];
  }
  return [];
}

/** A tile the unit can end its move on this turn, the movement it costs and the way there. */
export interface ReachableTile {
  x: number; y: number; cost: number; path: { x: number; y: number }[];
  /** d20move: only when the way switches mode: the mode it ends in, and the steps there (routes.ts `Route`). */
  mode?: MoveMode;
  steps?: RouteStep[];
}

/**
 * The tiles `unit` can reach with `movement` left (D20-MOVE-03 to D20-MOVE-08, D20-MOVE-25,
 * D20-MOVE-33, D20-MOVE-36, D20-ATTACK-44), with the same costs and refusals as the turn's
 * `stepTo`: neighbouring walkable tiles, no diagonal past a wall's corner, another creature's tile
 * costs as difficult terrain (as does rubble, D20-MOVE-22, D20-MOVE-24) and may be crossed (not by a hostile one, unless two sizes apart)
 * but not ended on, crawling when prone, dragging a grappled creature. Cheapest way first; ties
 * go to the way found first (neighbours scanned north-west to south-east). Opportunity attacks
 * and traps on the way are not foreseen. Sorted by cost, then y, then x; the start tile is not listed.
 */
export function reachableTiles(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, movement: number): ReachableTile[] {
  void enc;
  // d20move: routes.ts d20Reachable also counts movement modes and their switches (D20-MOVE-13 to
  // D20-MOVE-21) and the creature's whole space with squeezing (D20-SIZE-01, D20-SIZE-08, D20-SIZE-09).
  // `mode` and `steps` are given only when the way switches mode (the path alone says it otherwise).
  return d20Reachable(sim, unit, { movement }).map((r) => {
    const path = r.steps.flatMap((st) => (st.kind === "move" ? st.path : []));
    return r.steps.some((st) => st.kind === "switchMode") ? { x: r.x, y: r.y, cost: r.cost, path, mode: r.mode, steps: r.steps } : { x: r.x, y: r.y, cost: r.cost, path };
  });
}
/** The former breadth of {@link reachableTiles}, kept for reference by d20move: one tile, walking only. */
function reachableTilesWalking(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, movement: number): ReachableTile[] {  const me = d20Of(unit);
  const map = sim.state.map;
  const w = map.width;
  const others = new Map<number, UnitRecord>();
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u !== unit && isActive(u)) others.set(u.y * w + u.x, u);
  }
  const dragged = participantsOf(sim, enc).find((u) => d20Of(u).statuses.some((s) => s.kind === "grappled" && s.sourceId === unit.id));
  const crawling = hasStatus(me.statuses, "prone");
  const dragging = dragged !== undefined && dragSlows(me.size, d20Of(dragged).size);
  const start = unit.y * w + unit.x;
  const best = new Map<number, { cost: number; from: number }>([[start, { cost: 0, from: -1 }]]);
  const done = new Set<number>();
  for (;;) {
    let at = -1, atCost = Number.POSITIVE_INFINITY;
    for (const [i, v] of best) if (!done.has(i) && (v.cost < atCost || (v.cost === atCost && i < at))) { at = i; atCost = v.cost; }
    if (at < 0) break;
    done.add(at);
    const x = at % w, y = Math.floor(at / w);
    const left = movement - atCost;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const nx = x + dx, ny = y + dy, ni = ny * w + nx;
      if (!isWalkable(map, nx, ny) || done.has(ni)) continue;
      if (!diagonalAllowed((cx, cy) => !isWalkable(map, cx, cy), x, y, dx, dy)) continue;
      const other = others.get(ni);
      if (other && !mayPassThrough(me.size, d20Of(other).size, areEnemies(unit, other))) continue;
      const cost = stepCost({ crawling, occupied: other !== undefined, dragging, difficult: isDifficult(map, nx, ny) });
      if (!canEnter(left, cost)) continue;
      const old = best.get(ni);
      if (!old || atCost + cost < old.cost) best.set(ni, { cost: atCost + cost, from: at });
    }
  }
  const out: ReachableTile[] = [];
  for (const [i, v] of best) {
    if (i === start || others.has(i)) continue;
    const path: { x: number; y: number }[] = [];
    for (let j = i; j !== start; j = (best.get(j) as { from: number }).from) path.unshift({ x: j % w, y: Math.floor(j / w) });
    out.push({ x: i % w, y: Math.floor(i / w), cost: v.cost, path });
  }
  return out.sort((a, b) => a.cost - b.cost || a.y - b.y || a.x - b.x);
}

/** Foes `unit` could attack with its weapon from (x, y) (D20-ATTACK-19), by id. */
function foesInRangeFrom(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, x: number, y: number): UnitRecord[] {
  return participantsOf(sim, enc)
    .filter((u) => u !== unit && areEnemies(unit, u) && isUp(u) && canStrike(sim, unit, u, { x, y })) // d20rider: a rider from its mount's space there
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * The cover `target` has against an attack from `attacker` standing at `from` (its own tile by
 * default): the map's walls and the encounter's other standing participants in the way
 * (cover.ts `mapCover`, D20-ATTACK-57 to D20-ATTACK-67), as the attack itself counts it.
 */
export function coverAgainst(sim: Simulation, enc: EncounterRecord, attacker: UnitRecord, target: UnitRecord, from: { x: number; y: number } = attacker): Cover {
  const between = participantsOf(sim, enc).filter((u) => u !== attacker && u !== target && isUp(u) && !(u.x === from.x && u.y === from.y));
  return coverBetween(sim, attacker, target, between, from); // d20finish: from the attacker's whole space; d20rider: a rider's is its mount's
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
  kind: "attack" | "area";
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
  /** Its spells and techniques, in the order it knows them. */
  spells: D20SpellOption[];
  /** Foes an off-hand attack (`attack` with `offHand`) reaches now: after the Attack action, two light weapons, the demi-action and the reaction left (D20-ATTACK-30, D20-ATTACK-31), by id. */
  offHandTargets: string[];
  /** Help (D20-ACTION-16 to D20-ACTION-18): the allies it may help and the foes within {@link HELP_RANGE} tiles it may help against, by id; empty without the full action. */
  helpAllies: string[];
  helpFoes: string[];
  /** Dying creatures within 1 tile it may give first aid to (D20-HP-29: any unconscious creature, foes too), by id. */
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

/**
 * D20-MOUNT-02, D20-MOUNT-06 (Left open: "within 1 m" of a mount is a tile at distance 1 of its
 * space, D20-MOVE-09, D20-SIZE-01): the free walkable tiles where `rider` may get off `mount`,
 * by row then column. A tile is taken when any part of another creature's space covers it
 * (routes.ts `occupancy`). The `dismount` step accepts exactly these tiles.
 */
export function dismountSpots(sim: Simulation, rider: UnitRecord, mount: UnitRecord): { x: number; y: number }[] {
  const map = sim.state.map;
  const taken = occupancy(sim, rider);
  const side = mount.d20 ? spaceSide(mount) : 1;
  const out: { x: number; y: number }[] = [];
  for (let y = mount.y - 1; y <= mount.y + side; y++) for (let x = mount.x - 1; x <= mount.x + side; x++) {
    if (gridDistance({ x, y }, mount) === 1 && isWalkable(map, x, y) && !taken.has(y * map.width + x)) out.push({ x, y });
  }
  return out;
}

/** The options of a creature that can do nothing (D20-STATUS-03, D20-FLOW-12). */
function noOptions(movement: number): D20TurnOptions {
  return { actions: [], movement, movementLeft: 0, fullAction: false, halfAction: false, reaction: false, attacksLeft: 0, moverId: "", moverMovementLeft: 0, reachable: [], targets: [], targetCover: [], mounts: [], mountCost: 0, dismountTiles: [], spells: [], offHandTargets: [], helpAllies: [], helpFoes: [], firstAidTargets: [], grappleTargets: [], thrownTargets: [], offHandThrownTargets: [], useObjectItems: [], useObjectTargets: [] };
}

/**
 * The items a `useObject` step knows (Left open D20-ACTION-20: consumables need Use an Object),
 * in the order the options list them. Units carry no stock of them in v1: every creature may use
 * each (a healing potion heals `HEALING_POTION_DICE`, bandages and medical tools stop bleeding).
 */
export const USE_OBJECT_ITEMS = ["bandage", "medicalTools", "healingPotion"] as const;

/**
 * What is left of `unit`'s turn: the open turn kept in `enc.openTurn` when it is this unit's
 * (a player playing its turn in several plans), else a fresh turn (D20-FLOW-24).
 */
export function turnLeft(enc: EncounterRecord, unit: UnitRecord): D20TurnState {
  if (enc.openTurn?.unitId === unit.id) return enc.openTurn.state as D20TurnState;
  return { budget: newTurn(turnMovement(d20Of(unit))), attacksLeft: 0 }; // d20move: × the current mode's factor (D20-MOVE-17 to D20-MOVE-21)
}

/**
 * A controlled mount's fresh budget for the turn its rider directs it (D20-MOUNT-16 to
 * D20-MOUNT-19 with D20-MOVE-16 to D20-MOVE-21): its movement value × the factor of the mode it
 * is in (a flying mount ×2, a swimming one ÷2, ×2 for a native swimmer), full action and
 * demi-action for its Dash or Disengage (D20-MOUNT-18).
 */
export function mountTurnBudget(mount: UnitRecord): TurnBudget {
  return newTurn(turnMovement(d20Of(mount)));
}

/**
 * Who a `move` step moves and on which movement (D20-MOUNT-16, D20-MOUNT-17, D20-MOUNT-19,
 * D20-MOUNT-21, Left open: the mount's movement replaces the rider's): the unit itself on its
 * budget; a controlled mount on the mount's own budget (a fresh one until the rider first moves
 * it this turn); null for a rider on an independent mount or a mover that cannot move
 * (D20-STATUS-05, grappled, rooted, surprised).
 */
export function moverOf(sim: Simulation, unit: UnitRecord, ts: D20TurnState): { mover: UnitRecord; movement: number } | null {
  const me = d20Of(unit);
  const mount = me.riding ? sim.state.units[me.riding.mountId] : undefined;
  if (mount && me.riding && !me.riding.controlled) return null;
  const mover = mount ?? unit;
  if (!canMove(d20Of(mover).statuses, false)) return null;
  return { mover, movement: mount ? (ts.mountBudget?.movement ?? turnMovement(d20Of(mount))) : ts.budget.movement };
}

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
  // D20-HP-29 names any unconscious creature: a dying foe may be stabilised too (d20finish).
  const firstAidTargets = full ? others.filter((u) => !d20Of(u).dead && d20Of(u).hp === 0 && !d20Of(u).stable && unitDistance(sim, unit, u) <= 1).sort(byId).map((u) => u.id) : [];
  // D20-ATTACK-33, THROW_RANGE (Left open): a main weapon with the thrown property, with an attack of the Attack action.
  const thrownTargets = canAttack && me.weapon.thrown ? foes.filter(inThrow).sort(byId).map((f) => f.id) : [];
  const useObjectItems: string[] = demi ? [...USE_OBJECT_ITEMS] : [];
  const useObjectTargets = demi ? [unit.id, ...others.filter((u) => !d20Of(u).dead && unitDistance(sim, unit, u) <= 1).sort(byId).map((u) => u.id)] : [];
  const grappleTargets = canAttack ? foes.filter((f) => grappleRefusal(me.size, d20Of(f).size, unitDistance(sim, unit, f), me.weapon.reach, hasFreeHand(me.equipment)) === null).sort(byId).map((f) => f.id) : [];
  const actions: string[] = ["wait", "say"];
  if (reachable.length > 0) actions.push("move");
  if ((targets.length > 0 && canAttack) || offHandTargets.length > 0 || thrownTargets.length > 0 || offHandThrownTargets.length > 0) actions.push("attack");
  if (canAttack) actions.push("attackTile");
  if (full && b.demi) actions.push("dash", "disengage");
  if (demi) actions.push("hide");
  if (full) actions.push("search", "ready");
  if (demi) actions.push("reload", "useObject");
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
    if (spell.kind === "area") {
      const r = RANGE_BANDS[spell.band];
      for (let y = unit.y - r; y <= unit.y + r; y++) for (let x = unit.x - r; x <= unit.x + r; x++) {
        if (isWalkable(sim.state.map, x, y) && inBand({ x, y })) tiles.push({ x, y });
      }
    }
    return {
      name: spell.name, pool: spell.pool, cost: spell.cost, affordable,
      castable: affordable && full && (who.length > 0 || tiles.length > 0),
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
    reachable, targets, targetCover, mounts, mountCost: mountCost(me.movement), dismountTiles, spells,
    offHandTargets, helpAllies, helpFoes, firstAidTargets, grappleTargets, thrownTargets, offHandThrownTargets, useObjectItems, useObjectTargets,
    moveMode: modeOf(d20Of(moving ? moving.mover : unit)), switchModes,
  };
}

/** Step kinds a one-word plan (`{ action }`, shared/protocol.ts `TurnPlan`) plays as a single step. */
export const ONE_STEP_ACTIONS = ["dash", "disengage", "hide", "search", "ready", "reload", "standUp", "dropProne", "escape", "release"] as const;

/**
 * Turns a player's stored plan (shared/protocol.ts `TurnPlan`, or a plan already in steps) into
 * the d20 steps its turn plays:
 * - `steps` given: those steps as sent (an undescribed kind is refused when played, D20-ACTION-02;
 *   a `move` without a path moves nowhere);
 * - `wait`: no step (D20-FLOW-29);
 * - `attack` `targetId`: attack it, first moving by the cheapest way to the nearest tile (cost, then
 *   y, then x) it can be attacked from when it is out of reach (D20-MOVE-10); when no such tile
 *   is reachable, approach it along the shortest walk as far as the movement allows, no attack;
 * - `move` to (`x`, `y`): the cheapest way there ({@link reachableTiles});
 * - `firstAid` / `grapple` `targetId` and {@link ONE_STEP_ACTIONS}: that one step.
 * Moves are worked out with what is left of the turn `ts` (by default {@link turnLeft}) and, for a
 * rider of a controlled mount, for the mount on its own movement ({@link moverOf}, D20-MOUNT-17).
 * @returns null when the plan names an unknown action, a foe not in the encounter or an
 * unreachable tile: the AI then plays the turn (as in d100).
 */
export function toD20Plan(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: unknown, ts: D20TurnState = turnLeft(enc, unit)): D20TurnPlan | null {
  if (typeof plan !== "object" || plan === null) return null;
  const p = plan as { action?: unknown; targetId?: unknown; x?: unknown; y?: unknown; steps?: unknown };
  if (Array.isArray(p.steps)) {
    return { steps: p.steps.map((s) => (s && typeof s === "object" && (s as { kind?: unknown }).kind === "move" && !Array.isArray((s as { path?: unknown }).path) ? { ...(s as object), path: [] } : s) as D20Step) };
  }
  switch (p.action) {
    case "wait": return { steps: [] };
    case "attack": {
      const target = typeof p.targetId === "string" && enc.participants.includes(p.targetId) ? sim.state.units[p.targetId] : undefined;
      if (!target || !areEnemies(unit, target) || !isUp(target)) return null;
      const attack: D20Step = { kind: "attack", targetId: target.id };
      if (canStrike(sim, unit, target)) return { steps: [attack] };
      const moving = moverOf(sim, unit, ts);
      const tiles = moving ? reachableTiles(sim, enc, moving.mover, moving.movement) : [];
      const from = tiles.find((t) => canStrike(sim, unit, target, { x: t.x, y: t.y })); // d20rider: a rider from its mount's space there
      if (from) return { steps: [...(from.steps ?? [{ kind: "move", path: from.path }]), attack] };
      return { steps: moving ? approach(sim, moving.mover, target, tiles) : [] };
    }
    case "move": {
      if (typeof p.x !== "number" || typeof p.y !== "number") return null;
      const moving = moverOf(sim, unit, ts);
      const tile = moving ? reachableTiles(sim, enc, moving.mover, moving.movement).find((t) => t.x === p.x && t.y === p.y) : undefined;
      return tile ? { steps: tile.steps ?? [{ kind: "move", path: tile.path }] } : null;
    }
    case "firstAid":
    case "grapple":
      return typeof p.targetId === "string" ? { steps: [{ kind: p.action, targetId: p.targetId }] } : null;
    default:
      return (ONE_STEP_ACTIONS as readonly unknown[]).includes(p.action) ? { steps: [{ kind: p.action } as D20Step] } : null;
  }
}
