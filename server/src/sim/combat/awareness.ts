import type { NoiseCause } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { Pos, UnitRecord } from "../state.ts";
import { chebyshev } from "../world/grid.ts";
import { areEnemies, isActive, isKeeperSide, presentUnits } from "../world/units.ts";

/**
 * What units know about enemies they do not see: being hit reveals the attacker (CMB-05), and
 * noises tell the keeper's minions and creatures where nearby enemies are (CMB-06 to CMB-08).
 * Whatever the ruleset. Knowledge lives in `UnitRecord.knownEnemies`.
 */

/** CMB-08: a noise is heard by the keeper's minions and creatures within this many tiles (Chebyshev). */
export const NOISE_RANGE = 7;

/** Known positions older than this many ticks (1 game hour) are forgotten (open: the seed sets no limit). */
export const KNOWN_ENEMY_MEMORY_TICKS = 600;

/** Records that `unit` knows where `enemy` stands now (CMB-05, CMB-08). */
export function learnPosition(sim: Simulation, unit: UnitRecord, enemy: UnitRecord): void {
  unit.knownEnemies[enemy.id] = { x: enemy.x, y: enemy.y, tick: sim.state.tick };
}

/** Forgets what `unit` knew of `enemyId`. */
export function forgetEnemy(unit: UnitRecord, enemyId: string): void {
  delete unit.knownEnemies[enemyId];
}

/**
 * CMB-05: `target` was hit by `attacker`, so it knows where the attacker is, seen or not.
 * Wild creatures and every side alike. Called by the ruleset wrapper after each hit.
 */
export function revealAttacker(sim: Simulation, target: UnitRecord, attacker: UnitRecord): void {
  if (target.id === attacker.id) return;
  learnPosition(sim, target, attacker);
}

/**
 * The enemies `unit` knows the position of without seeing them: active enemies whose entry is
 * younger than {@link KNOWN_ENEMY_MEMORY_TICKS}, with the position it learned; stale entries and
 * entries of units gone or out of the fight are dropped. In id order.
 */
export function knownEnemies(sim: Simulation, unit: UnitRecord): { enemy: UnitRecord; at: Pos }[] {
  const out: { enemy: UnitRecord; at: Pos }[] = [];
  for (const id of Object.keys(unit.knownEnemies)) {
    const k = unit.knownEnemies[id]!;
    const enemy = sim.state.units[id];
    if (!enemy || !isActive(enemy) || sim.state.tick - k.tick > KNOWN_ENEMY_MEMORY_TICKS) { delete unit.knownEnemies[id]; continue; }
    out.push({ enemy, at: { x: k.x, y: k.y } });
  }
  return out;
}

/**
 * CMB-06 to CMB-08: a noise at `at`. Every active minion and creature of the keeper's side within
 * {@link NOISE_RANGE} tiles (not the Master: catalogue proposal) learns where every active enemy
 * of theirs within {@link NOISE_RANGE} tiles of the noise stands. Walls do not stop a noise.
 * Emits `noise` with who heard it and who was revealed (unit ids in id order).
 * @param sourceId the unit that died or failed to bash.
 */
export function makeNoise(sim: Simulation, at: Pos, cause: NoiseCause, sourceId: string): void {
  const units = sim.state.units;
  const heard: UnitRecord[] = [];
  const near: UnitRecord[] = [];
  for (const u of presentUnits(sim)) {
    if (!isActive(u) || u.carriedBy !== "" || chebyshev(u, at) > NOISE_RANGE) continue;
    if (isKeeperSide(u) && (u.kind === "minion" || u.kind === "creature")) heard.push(u);
    near.push(u);
  }
  const revealed = new Set<string>();
  for (const h of heard) {
    for (const e of near) {
      if (!areEnemies(h, e)) continue;
      learnPosition(sim, h, e);
      revealed.add(e.id);
    }
  }
  sim.emit({
    type: "noise", cause, sourceId, x: at.x, y: at.y,
    heardBy: heard.map((u) => u.id), revealed: near.filter((u) => revealed.has(u.id)).map((u) => u.id),
  });
}

/**
 * CMB-06: every minion, adventurer or creature that died since the last call makes a noise where
 * it fell, once (`diedTick` marks it). The Master's death is silent (the rule names the others).
 * Run once per tick by the conditions system, whatever killed the unit (attack, trap, killing blow).
 */
export function deathNoises(sim: Simulation): void {
  const units = sim.state.units;
  for (const u of presentUnits(sim)) {
    if (u.activity !== "dead" || u.diedTick >= 0) continue;
    u.diedTick = sim.state.tick;
    if (u.kind !== "master") makeNoise(sim, u, "death", u.id);
  }
}
