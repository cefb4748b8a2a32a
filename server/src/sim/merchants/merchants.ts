import {
  MERCHANT_EVERY_DAYS, MERCHANT_FIRST_DAY, MERCHANT_HOUR, MERCHANT_NAMES, MERCHANT_TRADE_TICKS,
  TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR,
} from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { Pos, UnitRecord } from "../state.ts";
import type { MerchantsRecord, MerchantVisit } from "./types.ts";
import type { WorldHooks } from "../world/hooks.ts";
import { findPath, isWalkable } from "../world/grid.ts";
import { walkTo } from "../world/movement.ts";
import { addUnit, isMerchant, MERCHANT_FACTION, setActivity } from "../world/units.ts";
import { doorAt, invasionUnderway, isLocked } from "../doors/doors.ts";

/**
 * Travelling merchants (marchands de passage, DOOR-12). The seed says only that they, too,
 * unlock a locked door and pass through; when they come and where they go are the server's
 * choices (docs/rules-decisions.md, DOOR-12), without dice:
 *
 * - Schedule: a merchant is due at {@link MERCHANT_HOUR}:00 on game day `firstDay`
 *   ({@link MERCHANT_FIRST_DAY}, or the room option `firstMerchantDay`) and every
 *   {@link MERCHANT_EVERY_DAYS} game days after. It sets out only while no party is in the
 *   dungeon and no other merchant is there: a due merchant waits for the invasion to end, and a
 *   visit whose whole slot went by while it waited is dropped (at most one per slot).
 * - Route: it comes in at a portal with a walking path to the first Sanctum tile (visit n takes
 *   the (n mod count)-th such portal in map order), walks to that tile, trades there
 *   {@link MERCHANT_TRADE_TICKS} ticks, walks back to the portal it came by and leaves the map.
 * - Doors: it may unlock every locked door (`mayUnlock`, doors/doors.ts): each time it steps into
 *   a locked doorway the event `doorUnlocked` tells who unlocked which door; the padlock stays
 *   armed and the door closes behind it (DOOR-17).
 * - Neutral: it is of faction {@link MERCHANT_FACTION} and nobody's enemy (world/units.ts
 *   `areEnemies`): no one attacks or blocks it; it never sets off a trigger and no trap or gas
 *   harms it (traps/firing.ts, traps/effects.ts).
 */

/** The merchants' record of `sim`, created (absent fields at their defaults) when missing. */
function recordOf(sim: Simulation): MerchantsRecord {
  return (sim.state.merchants ??= { lastSlot: -1, visits: 0, inDungeon: {} });
}

/**
 * Sets the first game day (from 1) a merchant comes, for the room option `firstMerchantDay`;
 * the default day ({@link MERCHANT_FIRST_DAY}) leaves the state untouched. Called once, at creation.
 * @throws RangeError when `day` is not a whole number of at least 1.
 */
export function setFirstMerchantDay(sim: Simulation, day: number): void {
  if (!Number.isInteger(day) || day < 1) throw new RangeError(`firstMerchantDay must be a whole number of at least 1, got ${day}`);
  if (day === MERCHANT_FIRST_DAY && sim.state.merchants === undefined) return;
  recordOf(sim).firstDay = day;
}

/**
 * The schedule slot of `tick` (ticks since day 1, 00:00): -1 before the first merchant is due,
 * then 0 from the first due tick, 1 from {@link MERCHANT_EVERY_DAYS} game days later, and so on.
 */
export function merchantSlot(sim: Simulation, tick: number): number {
  const firstDay = sim.state.merchants?.firstDay ?? MERCHANT_FIRST_DAY;
  const first = (firstDay - 1) * TICKS_PER_GAME_DAY + MERCHANT_HOUR * TICKS_PER_GAME_HOUR;
  if (tick < first) return -1;
  return Math.floor((tick - first) / (MERCHANT_EVERY_DAYS * TICKS_PER_GAME_DAY));
}

/** The first Sanctum tile, where merchants trade; the stockpile on a map without a Sanctum. */
function tradingTile(sim: Simulation): Pos {
  return sim.state.map.sanctum[0] ?? sim.state.map.stockpile;
}

/**
 * Advances the merchants by one tick (DOOR-12): a due merchant comes in at its portal
 * (`merchantArrived`) when no party and no other merchant is in the dungeon; each merchant in
 * the dungeon walks to the trading tile, trades, walks back and leaves from its portal
 * (`merchantLeft`).
 */
export function stepMerchants(sim: Simulation): void {
  const tick = sim.state.tick;
  const merchants = sim.state.merchants;
  if (merchants) {
    for (const id in merchants.inDungeon) advance(sim, merchants, id, merchants.inDungeon[id] as MerchantVisit);
  }
  const slot = merchantSlot(sim, tick);
  if (slot <= (merchants?.lastSlot ?? -1) || invasionUnderway(sim)) return;
  if (merchants && Object.keys(merchants.inDungeon).length > 0) return;
  arrive(sim, slot);
}

/** A merchant comes for schedule slot `slot`, at a portal with a walking path to the trading tile; none comes when no portal has one. */
function arrive(sim: Simulation, slot: number): void {
  const { map } = sim.state;
  const goal = tradingTile(sim);
  const portals = map.portals.filter((p) => isWalkable(map, p.x, p.y) && findPath(map, p, goal) !== null);
  const rec = recordOf(sim);
  rec.lastSlot = slot;
  if (portals.length === 0) return;
  const portal = portals[rec.visits % portals.length] as Pos;
  const name = MERCHANT_NAMES[rec.visits % MERCHANT_NAMES.length] as string;
  rec.visits += 1;
  const unit = addUnit(sim, {
    kind: "merchant", faction: MERCHANT_FACTION, name, x: portal.x, y: portal.y, home: { ...portal }, activity: "walking",
  });
  rec.inDungeon[unit.id] = { portal: { ...portal }, goal: { ...goal }, phase: "toSanctum", untilTick: -1 };
  walkTo(sim, unit, goal);
  sim.emit({ type: "merchantArrived", unitId: unit.id, name, x: portal.x, y: portal.y });
}

/** One merchant's tick: walking in, trading, walking out, leaving. */
function advance(sim: Simulation, rec: MerchantsRecord, id: string, visit: MerchantVisit): void {
  const unit = sim.state.units[id];
  if (!unit || unit.activity === "left") { delete rec.inDungeon[id]; return; }
  if (visit.phase === "toSanctum") {
    if (unit.x === visit.goal.x && unit.y === visit.goal.y) {
      visit.phase = "trading";
      visit.untilTick = sim.state.tick + MERCHANT_TRADE_TICKS;
      unit.walk = null;
      setActivity(sim, unit, "working");
    } else if (!unit.walk && !walkOn(sim, unit, visit.goal)) {
      visit.phase = "leaving"; // the Sanctum can no longer be reached: it turns back
    }
    return;
  }
  if (visit.phase === "trading") {
    if (sim.state.tick < visit.untilTick) return;
    visit.phase = "leaving";
    visit.untilTick = -1;
  }
  if (unit.x === visit.portal.x && unit.y === visit.portal.y) {
    setActivity(sim, unit, "left");
    unit.walk = null;
    delete rec.inDungeon[id];
    sim.emit({ type: "merchantLeft", unitId: id, name: unit.name, x: unit.x, y: unit.y });
    return;
  }
  if (!unit.walk) walkOn(sim, unit, visit.portal); // no path: it waits where it is and tries again next tick
}

/** Sets `unit` walking to `goal`; false when no path leads there. */
function walkOn(sim: Simulation, unit: UnitRecord, goal: Pos): boolean {
  if (!walkTo(sim, unit, goal)) return false;
  setActivity(sim, unit, "walking");
  return true;
}

/**
 * DOOR-12: movement tells this (world/hooks.ts `unitEntered`) when `unit` steps onto (x, y); a
 * merchant stepping into the doorway of a locked door has unlocked it and passes through: emits
 * `doorUnlocked`. The padlock stays armed.
 */
export function onMerchantEntersTile(sim: Simulation, unit: UnitRecord, x: number, y: number): void {
  if (!isMerchant(unit)) return;
  const door = doorAt(sim.state, x, y);
  if (door === undefined || !isLocked(door)) return;
  sim.emit({ type: "doorUnlocked", doorId: door.id, byUnitId: unit.id, x, y });
}

/** Registers the merchants' listener on the world hooks (systems.ts `createSystemHooks`): {@link onMerchantEntersTile}. */
export function registerMerchantHooks(hooks: WorldHooks): void {
  hooks.unitEntered.push(onMerchantEntersTile);
}
