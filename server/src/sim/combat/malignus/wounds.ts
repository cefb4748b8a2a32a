import { ARMOUR_UNCONSCIOUS_BONUS, OUT_OF_FIGHT_WOUND_POINTS, WOUND_POINTS, type HitLocation, type WoundSeverity } from "@malignus/shared";
import type { Rng } from "../../rng.ts";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import {
  ALWAYS_UNCONSCIOUS_SPECIES, HEAD_WOUND_CHANCE, HEAD_WOUND_CHANCE_BLUNT, HEAD_WOUND_UNCONSCIOUS_CHANCE, MAX_CHANCE,
  MIN_HEAD_WOUND_CHANCE, UNCONSCIOUS_CHANCE, UNCONSCIOUS_CHANCE_BLUNT, WAKE_WITHIN_TICKS,
} from "./tables.ts";
import { setActivity, setTarget } from "../../world/units.ts";

/**
 * The random draws the `malignus` ruleset makes. `sim.rng` is the real source; tests pass a
 * scripted one to force rare dice (same semantics as {@link Rng}: `chance(p)` draws a d100 and
 * succeeds on ≤ p, and draws nothing when p ≤ 0 or p ≥ 100).
 */
export type Dice = Pick<Rng, "int" | "die" | "d100" | "chance">;

/** How someone left the fight (CMB-23) and why (CMB-25 wound points or CMB-27 head wound). */
export interface KnockOut { outcome: "unconscious" | "dead"; cause: "woundPoints" | "headWound" }

/** What {@link applyWound} did. */
export interface WoundResult {
  /** The target's wound points after the wound (CMB-26). */
  woundPoints: number;
  /** Set when the wound took the target out of the fight. */
  knockOut: KnockOut | null;
}

/**
 * CMB-28 to CMB-32: the chance (percent, 0–100) that someone taken out of the fight by wound
 * points falls unconscious rather than dying: 75/50/25 by severity, 100/75/50 with a blunt weapon
 * or fists, plus the body-armour bonus in percentage points, capped at {@link MAX_CHANCE}.
 * It ignores CMB-33 to CMB-35 (creatures and the Master), which {@link applyWound} applies first.
 */
export function unconsciousChance(target: UnitRecord, severity: WoundSeverity, blunt: boolean): number {
  const base = (blunt ? UNCONSCIOUS_CHANCE_BLUNT : UNCONSCIOUS_CHANCE)[severity];
  return Math.min(MAX_CHANCE, base + ARMOUR_UNCONSCIOUS_BONUS[target.gear.armour]);
}

/**
 * CMB-36 to CMB-40: the chance (percent) that a serious or critical head wound takes `target` out
 * of the fight: 25%, or 50% with a blunt weapon or fists, minus the helm rating in percentage
 * points, never below {@link MIN_HEAD_WOUND_CHANCE}; always 0 for the Master. Wound points play
 * no part (CMB-37).
 */
export function headWoundChance(target: UnitRecord, blunt: boolean): number {
  if (target.kind === "master") return 0;
  const base = blunt ? HEAD_WOUND_CHANCE_BLUNT : HEAD_WOUND_CHANCE;
  return Math.max(MIN_HEAD_WOUND_CHANCE, base - target.gear.helm);
}

/**
 * Applies one wound to `target`, from an attack or a trap (the catalogue's order of checks):
 * 1. records the wound and adds its wound points (CMB-26) and emits `wound` (whose `woundPoints`
 *    is the target's total after the wound);
 * 2. at 10 wound points or more (CMB-25) the target is out of the fight, unconscious with the
 *    CMB-28–CMB-32 chance for this wound's severity and `blunt` (CMB-43 also for head wounds);
 * 3. otherwise a serious or critical head wound rolls {@link headWoundChance} (CMB-36–CMB-40) and,
 *    when it succeeds, the target is out, unconscious with 100% (serious) or 50% (critical),
 *    for every weapon and without armour (CMB-41, CMB-42);
 * 4. creatures and the Master always die, except the troll, who always falls unconscious
 *    (CMB-33–CMB-35; these take precedence over the chances, head wounds included).
 * Someone who falls unconscious gets a `wakeTick` within 4 game hours (CMB-48); in both cases the
 * unit stops walking and fighting and `knockedOut` is emitted.
 *
 * A target already unconscious records the wound and is rolled again with the CMB-28–CMB-32
 * chances: failing, it dies (CMB-47: the unconscious can be killed). Dead, captured or departed
 * targets are left untouched: nothing is recorded or emitted and `null` is returned.
 *
 * @param sourceId the attacking unit's id, or the trap part's id.
 * @param blunt true for blunt weapons, fists and blunt trap mechanisms (CMB-29, CMB-38).
 * @param dice the random source; defaults to `sim.rng`.
 */
export function applyWound(
  sim: Simulation, target: UnitRecord, sourceId: string, severity: WoundSeverity, location: HitLocation, blunt: boolean,
  dice: Dice = sim.rng,
): WoundResult | null {
  if (target.activity === "dead" || target.activity === "captured" || target.activity === "left") return null;
  const wasUnconscious = target.activity === "unconscious";
  target.wounds.push({ severity, location, tick: sim.state.tick });
  target.woundPoints += WOUND_POINTS[severity];
  sim.emit({ type: "wound", targetId: target.id, sourceId, severity, location, woundPoints: target.woundPoints });

  let knockOut: KnockOut | null = null;
  if (wasUnconscious || target.woundPoints >= OUT_OF_FIGHT_WOUND_POINTS) {
    knockOut = takeOut(sim, target, "woundPoints", unconsciousChance(target, severity, blunt), dice);
  } else if (location === "head" && severity !== "light" && dice.chance(headWoundChance(target, blunt))) {
    knockOut = takeOut(sim, target, "headWound", HEAD_WOUND_UNCONSCIOUS_CHANCE[severity], dice);
  }
  return { woundPoints: target.woundPoints, knockOut };
}

/**
 * Takes `unit` out of the fight (CMB-23): the Master and creatures die, trolls fall unconscious
 * (CMB-33–CMB-35), anyone else falls unconscious with `chance` percent, else dies.
 */
function takeOut(sim: Simulation, unit: UnitRecord, cause: KnockOut["cause"], chance: number, dice: Dice): KnockOut {
  let unconscious: boolean;
  if (unit.kind === "master") unconscious = false;
  else if (unit.kind === "creature") unconscious = unit.species === ALWAYS_UNCONSCIOUS_SPECIES;
  else unconscious = dice.chance(chance);
  const outcome = unconscious ? "unconscious" : "dead";
  setActivity(sim, unit, outcome);
  unit.wakeTick = unconscious ? sim.state.tick + dice.int(1, WAKE_WITHIN_TICKS) : -1;
  setTarget(sim, unit, "");
  unit.walk = null;
  sim.emit({ type: "knockedOut", unitId: unit.id, outcome, cause });
  return { outcome, cause };
}
