/**
 * Companions in a d100 encounter's turns (see companions.ts): a familiar acting in its owner's
 * slot and a mount never acting by itself ({@link companionTurn}), the AI's choice between owner
 * and familiar ({@link aiLetsFamiliarAct}, {@link ownerBest}) and a hunter's care for its pet
 * ({@link petCarePlan}).
 */
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { chebyshev, isWalkable } from "../../world/grid.ts";
import { areEnemies, isActive, presentUnits } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { participantsOf } from "../encounters/book.ts";
import { attackRefusal } from "./attack.ts";
import { ownerOf, ridden } from "./companions.ts";
import { standsInCover } from "./cover.ts";
import { ownerSlotActors } from "./familiar.ts";
import { expectedDamage } from "./odds.ts";
import { attackModeNow } from "./options.ts";
import { d100Of } from "./sheet.ts";
import { canAct, endOwnTurn, hasStatus, isDown } from "./statuses.ts";
import { startOwnTurn } from "./turns.ts";
import { placeUnit } from "../../world/unitIndex.ts";
import { markUnit } from "../../changes.ts";

/** One d100 turn of the encounter machinery (encounter.ts `takeD100Turn`). */
export type D100TurnFn = (sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: unknown) => void | "open";

/** The standing familiar of `owner` taking part in `enc`, if any. */
export function familiarInEncounter(sim: Simulation, enc: EncounterRecord, owner: UnitRecord): UnitRecord | undefined {
  return participantsOf(sim, enc).find((u) => u.d100?.familiar?.ownerId === owner.id && u.companionOf === owner.id);
}

/** True when `u` stands (active, not down). */
function up(u: UnitRecord): boolean {
  return isActive(u) && !isDown(d100Of(u));
}

/**
 * Left open FAMILIAR (the AI's P100-FAMILIAR-02 choice, issue 8): a non-specialist lets its
 * familiar attack when the familiar can reach a standing foe this turn in melee (adjacent, or
 * within its move allowance and at a height it can strike, P100-AIR-04/13) and the familiar's best
 * expected damage on such a foe (odds.ts `expectedDamage`: the turn options' hit chance × mean
 * damage, a foe on a cover tile counting as in cover, cover.ts) is greater than the owner's best
 * on a foe it can strike this turn ({@link ownerBest});
 * otherwise (a tie included) it acts itself.
 */
export function aiLetsFamiliarAct(sim: Simulation, enc: EncounterRecord, familiar: UnitRecord): boolean {
  const f = d100Of(familiar);
  const owner = ownerOf(sim, familiar);
  let best = -1;
  for (const u of participantsOf(sim, enc)) {
    if (u === familiar || !areEnemies(u, familiar) || !up(u) || chebyshev(u, familiar) > 1 + f.moveTiles || attackRefusal(f, d100Of(u), "melee") !== null) continue;
    best = Math.max(best, expectedDamage(f, { ...d100Of(u), inCover: standsInCover(sim, u) }, { mode: "melee" }));
  }
  if (best < 0) return false;
  return !owner || best > ownerBest(sim, enc, owner);
}

/**
 * The owner's best expected damage this turn (odds.ts `expectedDamage`) on a standing foe it can
 * strike: from where it stands (options.ts `attackModeNow`), or after its move, in melee within
 * 1 + its move tiles when it can strike there, or with its ranged weapon within its range + its
 * move tiles; 0 when none.
 */
export function ownerBest(sim: Simulation, enc: EncounterRecord, owner: UnitRecord): number {
  const o = d100Of(owner);
  let best = 0;
  for (const u of participantsOf(sim, enc)) {
    if (u === owner || !areEnemies(u, owner) || !up(u) || u.companionOf === owner.id) continue;
    const t = { ...d100Of(u), inCover: standsInCover(sim, u) }, d = chebyshev(owner, u);
    // A shooter next to a foe steps away and shoots (P100-PLACE-06) rather than strike with its melee sidearm.
    const shooter = o.placement === "ranged" && o.hasRangedWeapon && !hasStatus(o, "disarmed");
    const now = attackModeNow(sim, owner, u);
    const mode = (now === "melee" && shooter ? null : now) ?? (o.hasRangedWeapon && d <= o.range + o.moveTiles && attackRefusal(o, t, "ranged") === null ? "ranged"
      : d <= 1 + o.moveTiles && attackRefusal(o, t, "melee") === null ? "melee" : null);
    if (mode) best = Math.max(best, expectedDamage(o, t, { mode }));
  }
  return best;
}

/**
 * A d100 turn with companions (wraps `takeD100Turn`, `base`):
 * - a mount never acts in its own slot: ridden, it moves and flies with its rider's actions; with
 *   its rider off, it only defends (P100-AIR-23);
 * - a familiar acts in its owner's slot while the owner stands in the same fight (P100-FAMILIAR-04,
 *   Left open FAMILIAR); its own slot only runs its dying (P100-FAMILIAR-11), or its whole turn
 *   when its owner is down or gone (server choice);
 * - the owner's slot, when its familiar is in the fight and it can act: a player's plan `familiar`
 *   gives the turn to the familiar (P100-FAMILIAR-02), any other plan is the owner's own turn, a
 *   specialist's familiar acting right after it (P100-FAMILIAR-03/04; with a step plan, `steps`,
 *   through its `familiar` step instead); without a plan the AI tends its hunter's pet lying dying
 *   ({@link petCarePlan}, P100-FAMILIAR-13), else a specialist acts then its familiar, and a
 *   non-specialist lets its familiar act when {@link aiLetsFamiliarAct}, else acts itself.
 * A turn given to the familiar still counts as the owner's for its statuses. After the turn a
 * ridden mount stands on its rider's tile. The plans `healFamiliar`, `mount`, `dismount` and a
 * rider's flight are played by the d100 turn itself (companionSteps.ts `companionPlan`).
 */
export function companionTurn(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: unknown, base: D100TurnFn): void | "open" {
  const d = d100Of(unit);
  if (d.riderId && unit.companionOf) return;
  if (d.familiar) {
    const owner = sim.state.units[d.familiar.ownerId];
    const ownerHere = owner !== undefined && enc.participants.includes(owner.id) && up(owner);
    if (d.dying || !ownerHere) return base(sim, enc, unit, plan);
    return;
  }
  const p = plan as { action?: string; targetId?: string } | null;
  if (!p && !d.mountId && up(unit) && canAct(d)) {
    // Left open AIR (AI): a rider next to its own mount, both on the ground, gets back on (its whole turn).
    const own = presentUnits(sim).find((m) => m.companionOf === unit.id && m.d100?.riderId === unit.id && up(m) && m.d100.altitude === "ground" && chebyshev(m, unit) <= 1);
    if (own) return base(sim, enc, unit, { action: "mount", targetId: own.id, ai: true });
  }
  const fam = up(unit) && canAct(d) ? familiarInEncounter(sim, enc, unit) : undefined;
  let result: void | "open" = undefined;
  if (!fam) result = base(sim, enc, unit, plan);
  else if (p && p.action !== "familiar") {
    result = base(sim, enc, unit, plan);
    if (d.familiarSpecialist && p.action !== "steps" && result !== "open" && up(unit) && up(fam)) base(sim, enc, fam, null);
  } else {
    const care = p ? null : petCarePlan(sim, unit, fam);
    if (care) result = base(sim, enc, unit, { ...care, ai: true });
    else {
      const choice = p?.action === "familiar" || aiLetsFamiliarAct(sim, enc, fam) ? "familiar" : "owner";
      for (const id of ownerSlotActors(unit.id, d, fam.id, d100Of(fam), choice)) {
        const who = sim.state.units[id] as UnitRecord;
        if (who === unit) result = base(sim, enc, unit, null);
        else if (up(who) && up(unit)) {
          if (!d.familiarSpecialist) startOwnTurn(d);
          base(sim, enc, who, null);
          if (!d.familiarSpecialist) endOwnTurn(d);
        }
      }
      // issue 8: the player's one-word plan `familiar` is reported like any other plan.
      if (p?.action === "familiar") sim.emit({ type: "turnPlanPlayed", unitId: unit.id, refusals: [null] });
    }
  }
  const m = d.mountId ? sim.state.units[d.mountId] : undefined;
  if (m && ridden(sim, m) === unit) { placeUnit(sim, m, unit.x, unit.y); m.facing = unit.facing; markUnit(sim, m); }
  return result;
}

/**
 * P100-FAMILIAR-13 (Left open FAMILIAR, AI): a hunter whose pet lies dying, unstabilised, heals it
 * when next to it (plan `healFamiliar`), or walks next to it when its move reaches a free tile
 * there (plan `move`, the heal coming the turn after); null otherwise.
 */
export function petCarePlan(sim: Simulation, hunter: UnitRecord, pet: UnitRecord): { action: string; targetId?: string; x?: number; y?: number } | null {
  const f = d100Of(pet);
  if (f.familiar?.kind !== "hunter" || f.familiar.ownerId !== hunter.id || !f.dying || f.stabilised || f.dead) return null;
  if (chebyshev(hunter, pet) <= 1) return { action: "healFamiliar", targetId: pet.id };
  const reach = d100Of(hunter).moveTiles;
  const taken = new Set(presentUnits(sim).filter((u) => u !== hunter && isActive(u)).map((u) => `${u.x},${u.y}`));
  let best: { x: number; y: number } | null = null;
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
    const x = pet.x + dx, y = pet.y + dy;
    if ((dx === 0 && dy === 0) || !isWalkable(sim.state.map, x, y) || taken.has(`${x},${y}`)) continue;
    const dist = chebyshev(hunter, { x, y });
    if (dist <= reach && (!best || dist < chebyshev(hunter, best))) best = { x, y };
  }
  return best ? { action: "move", ...best } : null;
}

