import { OFFENSIVE_SPELLS } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { chebyshev } from "../../world/grid.ts";
import { areEnemies } from "../../world/units.ts";
import { hasLineOfFire } from "../perception.ts";
import { ignoresGroundObstacles } from "./air.ts";
import { attackRefusal } from "./attack.ts";
import { d100Of } from "./sheet.ts";
import { canCast, hasStatus, isDown } from "./statuses.ts";
import type { D100Spell } from "./types.ts";

/** The unit's offensive spell (P100-SPELL-01: the first one of its loadout listed in {@link OFFENSIVE_SPELLS}), if any. */
export function offensiveSpellOf(unit: UnitRecord): D100Spell | undefined {
  return d100Of(unit).spells.find((s) => !s.passive && s.id in OFFENSIVE_SPELLS);
}

/** Why an offensive spell cannot be cast at a target now (nothing changes). */
export type CastRefusal =
  | "notInLoadout" | "notOffensive" | "silenced" | "interrupted" | "noCharge" | "noMagic"
  | "notAnEnemy" | "targetDown" | "outOfRange" | "noLineOfFire" | "cannotAttack" | "notSameHeight";

/**
 * Whether `caster` may cast its offensive spell `spellId` at `target` now, on its own turn
 * (P100-SPELL-01 loadout, P100-SPELL-05 charge, P100-STATUS-03 silence, P100-STATUS-08 an
 * interrupted spell, P100-DUEL-23 a duel agreed without magic, range and line of fire, the
 * target a standing enemy; from moderate or high height no ground obstacle blocks, P100-AIR-24).
 * @returns null when allowed.
 */
export function castRefusal(sim: Simulation, caster: UnitRecord, target: UnitRecord, spellId: string): CastRefusal | null {
  const me = d100Of(caster), t = d100Of(target);
  const spell = me.spells.find((s) => s.id === spellId);
  if (!spell) return "notInLoadout";
  const data = OFFENSIVE_SPELLS[spellId];
  if (!data || spell.passive) return "notOffensive";
  if (!canCast(me)) return "silenced";
  if (me.lockedSpells.includes(spellId)) return "interrupted";
  if (spell.charges <= 0) return "noCharge";
  // P100-DUEL-23 no magic: the only check (the weapon terms are kept by duel.ts `startDuel`, which puts barred weapons away)
  if (me.duel?.terms?.noMagic) return "noMagic";
  if (!areEnemies(caster, target)) return "notAnEnemy";
  if (t.dead || isDown(t)) return "targetDown";
  if (chebyshev(caster, target) > data.range) return "outOfRange";
  if (!ignoresGroundObstacles(me, "magic") && !hasLineOfFire(sim.state.map, caster, target)) return "noLineOfFire";
  const refused = attackRefusal(me, t, "magic");
  if (refused === "notSameHeight") return "notSameHeight";
  if (refused !== null) return refused === "silenced" || refused === "silencedNoWeapon" ? "silenced" : "cannotAttack";
  return null;
}

/**
 * The AI's target for its offensive spell (P100-SPELL, Left open SPELL "a good target"): among
 * `foes` (standing enemies, not swarm members: a single-target ability is not worth a swarm,
 * P100-MASS-17), those the spell may strike now ({@link castRefusal}) and not already under its
 * status (a disarm: not already unarmed); the one with the most HP
 * left (the spell's damage is not wasted on a foe about to fall), then the nearest, then the lowest
 * id. Undefined when none, or when the caster has no charged offensive spell.
 */
export function aiSpellTarget(sim: Simulation, caster: UnitRecord, foes: readonly UnitRecord[]): { spell: D100Spell; target: UnitRecord } | undefined {
  const spell = offensiveSpellOf(caster);
  if (!spell || spell.charges <= 0) return undefined;
  const inflicts = OFFENSIVE_SPELLS[spell.id]?.inflicts;
  const worth = (f: UnitRecord) => !inflicts || !(hasStatus(d100Of(f), inflicts.status) || (inflicts.status === "disarmed" && d100Of(f).weapon === "unarmed"));
  const ok = foes.filter((f) => d100Of(f).swarm === "" && castRefusal(sim, caster, f, spell.id) === null && worth(f))
    .sort((a, b) => d100Of(b).hp - d100Of(a).hp || chebyshev(caster, a) - chebyshev(caster, b) || Number(a.id) - Number(b.id));
  const target = ok[0];
  return target ? { spell, target } : undefined;
}
