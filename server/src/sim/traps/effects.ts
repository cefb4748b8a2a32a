import { LINGERING_SOURCE, PARTS, TICKS_PER_GAME_MINUTE, type PartData, type TilePos } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { EffectRecord, PartRecord, Pos, UnitRecord } from "../state.ts";
import type { SharedDamageRoll } from "../combat/ruleset.ts";
import { chebyshev, inBounds, isWalkable, tileIndex, tilePos } from "../world/grid.ts";
import { isActive, isMerchant, setActivity, setTarget } from "../world/units.ts";
import { walkTo } from "../world/movement.ts";
import { markSpotted } from "../invasions/spotting.ts";
import { markEffect } from "../changes.ts";

/**
 * Lingering mechanism effects (the `effect`, `effectMinutes`, `effectHarmEveryTicks` and
 * `effectFleeTiles` columns of the trap table in shared/src/data/traps.ts), started when a
 * mechanism fires and advanced by `stepTraps`. Each effect reads the row of the trap that
 * started it (`PARTS[mech.kind]`, then `LINGERING_SOURCE[effect.kind]` while it lasts):
 * - gas (gas jet): a cloud on every walkable tile within the mechanism's radius; every
 *   `effectHarmEveryTicks` it harms each active unit standing in it with its row's harm, until
 *   the cloud clears;
 * - web (web trap): each victim is held in place (walking speed 0) for the duration;
 * - terror (terror trap): each victim flees to the tile within `effectFleeTiles` tiles
 *   farthest from the mechanism, and does nothing else for the duration;
 * - spiders (spider trap): each victim is bitten again (its row's poison harm) every
 *   `effectHarmEveryTicks` for the duration;
 * - alarm (alarm trap): the party of whoever set it off (else the party in the dungeon) is
 *   spotted for the keeper at once (INV-74), through `markSpotted` (its `partySpotted` event is
 *   the alarm's only event besides `trapFired`).
 * A second web, terror or spider effect on a unit already under one of the same kind extends it.
 * Emits `effectStarted` and `effectEnded`.
 */

/** Starts the lingering effect of `mech` (just fired) on its `victims`; nothing for effect-less kinds. */
export function startEffect(sim: Simulation, mech: PartRecord, victims: readonly UnitRecord[], byUnitId: string | null): void {
  const data = PARTS[mech.kind];
  if (!data.effect) return;
  const now = sim.state.tick;
  const until = now + data.effectMinutes * TICKS_PER_GAME_MINUTE;
  if (data.effect === "alarm") { soundAlarm(sim, mech, byUnitId); return; }
  if (data.effect === "gas") {
    const map = sim.state.map;
    const tiles: number[] = [];
    for (let y = mech.y - data.radius; y <= mech.y + data.radius; y++) {
      for (let x = mech.x - data.radius; x <= mech.x + data.radius; x++) {
        if (inBounds(map, x, y) && isWalkable(map, x, y)) tiles.push(tileIndex(map, x, y));
      }
    }
    add(sim, { kind: "gas", sourceId: mech.id, tiles, unitId: "", fleeTo: { x: mech.x, y: mech.y },
      startTick: now, untilTick: until, nextHarmTick: now + data.effectHarmEveryTicks, savedSpeed: 0 });
    return;
  }
  const kind = data.effect;
  for (const victim of victims) {
    const existing = Object.values(sim.state.effects).find((e) => e.kind === kind && e.unitId === victim.id);
    if (existing) { existing.untilTick = Math.max(existing.untilTick, until); markEffect(sim, existing.id); continue; }
    const effect = add(sim, {
      kind, sourceId: mech.id, tiles: [], unitId: victim.id,
      fleeTo: kind === "terror" ? fleeTile(sim, victim, mech, data) : { x: victim.x, y: victim.y },
      startTick: now, untilTick: until,
      nextHarmTick: data.effectHarmEveryTicks > 0 ? now + data.effectHarmEveryTicks : -1,
      savedSpeed: victim.speed,
    });
    if (kind === "web") { victim.speed = 0; victim.walk = null; }
    if (kind === "terror") fleeFromTerror(sim, victim, effect);
  }
}

function add(sim: Simulation, fields: Omit<EffectRecord, "id">): EffectRecord {
  const id = sim.newId();
  const effect: EffectRecord = { id, ...fields };
  sim.state.effects[id] = effect;
  markEffect(sim, id);
  const map = sim.state.map;
  sim.emit({
    type: "effectStarted", effectId: id, effect: effect.kind, sourceId: effect.sourceId, unitId: effect.unitId,
    tiles: effect.tiles.map((t): TilePos => tilePos(map, t)), untilTick: effect.untilTick,
  });
  return effect;
}

/** INV-74: an alarm trap spots the party of the unit that set it off (else the party in the dungeon). */
function soundAlarm(sim: Simulation, mech: PartRecord, byUnitId: string | null): void {
  const by = byUnitId ? sim.state.units[byUnitId] : undefined;
  const partyId = by?.partyId || sim.state.invasion.partyId;
  const party = partyId ? sim.state.parties[partyId] : undefined;
  if (party && !party.ended) markSpotted(sim, party, mech.id, "alarmTrap");
}

/** The walkable tile within the row's `effectFleeTiles` of `unit` farthest from `from` (ties: lowest tile index). */
function fleeTile(sim: Simulation, unit: UnitRecord, from: Pos, data: PartData): Pos {
  const map = sim.state.map;
  const r = data.effectFleeTiles;
  let best: Pos = { x: unit.x, y: unit.y };
  let bestDistance = chebyshev(unit, from);
  for (let y = unit.y - r; y <= unit.y + r; y++) {
    for (let x = unit.x - r; x <= unit.x + r; x++) {
      if (!inBounds(map, x, y) || !isWalkable(map, x, y)) continue;
      const d = chebyshev({ x, y }, from);
      if (d > bestDistance) { best = { x, y }; bestDistance = d; }
    }
  }
  return best;
}

function fleeFromTerror(sim: Simulation, unit: UnitRecord, effect: EffectRecord): void {
  setTarget(sim, unit, "");
  setActivity(sim, unit, "fleeing");
  walkTo(sim, unit, effect.fleeTo);
}

/**
 * Behaviour hook for the decision systems: when `unit` is under a terror effect it flees (see
 * the module doc) and the caller must not decide anything else this tick.
 * @returns true when the unit is terrified.
 */
export function terrorFlight(sim: Simulation, unit: UnitRecord): boolean {
  for (const id in sim.state.effects) {
    const e = sim.state.effects[id] as EffectRecord;
    if (e.kind === "terror" && e.unitId === unit.id) { fleeFromTerror(sim, unit, e); return true; }
  }
  return false;
}

/**
 * Advances the lingering effects by one tick: gas clouds and spider bites harm when due (every
 * victim of one source's pulse in this tick with one shared damage roll, D20-DAMAGE-04: a cloud's
 * units, and the bites of the spiders one firing set on several victims), then
 * effects whose time ran out (or whose unit is out of the fight) end; a web gives its unit back
 * its walking speed.
 */
export function stepEffects(sim: Simulation): void {
  const now = sim.state.tick;
  const rolls = new Map<string, SharedDamageRoll>(); // D20-DAMAGE-04: one damage roll per source in this pulse
  for (const id in sim.state.effects) {
    const e = sim.state.effects[id] as EffectRecord;
    const unit = e.unitId ? sim.state.units[e.unitId] : undefined;
    if (e.nextHarmTick !== -1 && e.nextHarmTick <= now) {
      const data = PARTS[LINGERING_SOURCE[e.kind]];
      e.nextHarmTick += data.effectHarmEveryTicks;
      markEffect(sim, id);
      const harm = data.harm;
      const targets = e.kind === "gas"
        ? Object.values(sim.state.units).filter((u) => isActive(u) && !isMerchant(u) && e.tiles.includes(tileIndex(sim.state.map, u.x, u.y))) // DOOR-12 decision
        : unit && isActive(unit) ? [unit] : [];
      if (harm && harm.malignusSeverity !== null) {
        let roll = rolls.get(e.sourceId);
        if (!roll) { roll = { total: null }; rolls.set(e.sourceId, roll); }
        for (const target of targets) {
          sim.ruleset.harm(sim, target, e.sourceId, { severity: harm.malignusSeverity, damageType: harm.damageType, blunt: false, roll });
        }
      }
    }
    if (now >= e.untilTick || (e.unitId !== "" && (!unit || !isActive(unit)))) {
      if (e.kind === "web" && unit) unit.speed = e.savedSpeed;
      if (e.kind === "terror" && unit && isActive(unit)) { unit.walk = null; setActivity(sim, unit, "idle"); }
      delete sim.state.effects[id];
      markEffect(sim, id);
      sim.emit({ type: "effectEnded", effectId: id, effect: e.kind, unitId: e.unitId });
    }
  }
}
