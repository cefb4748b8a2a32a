import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { chebyshev, isWalkable } from "../../world/grid.ts";
import { areEnemies, isActive } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { participantsOf } from "../encounters/book.ts";
import { hasLineOfFire } from "../perception.ts";
import { ignoresGroundObstacles } from "./air.ts";
import { attackRefusal, flatModifier, hitMultiplier, rollKind, type AttackSituation } from "./attack.ts";
import { D100, FAMILIAR_ATTACK, SURPRISE_DODGE_PENALTY } from "@malignus/shared";
import { d100Of, HEAL_SPELL } from "./sheet.ts";
import { castRefusal, offensiveSpellOf } from "./spells.ts";
import { canAct, canCast, canDefend, canMove, isDown } from "./statuses.ts";
import { moveAllowance, newTurn, type TurnState } from "./turns.ts";
import type { D100Unit } from "./types.ts";
import { companionActions } from "./companionSteps.ts";

/**
 * The chance, in whole percent (rounded to nearest), that an attack of `a` on `t` hits
 * (P100-BASE-10 to 12, P100-CRIT, P100-FUMBLE, P100-PLACE, P100-WEAPON-04, P100-AIR): every
 * natural roll (1..100, a familiar 1..80, P100-FAMILIAR-08) weighed equally; critical and heroic
 * hits always hit, critical failures always miss; otherwise the attack total (multipliers, flat
 * modifiers, rounded down) must beat the target's d100 dodge less its penalties (surprise −20,
 * a fatal failure's −20); a target that cannot defend dodges 0.
 */
export function hitChance(a: D100Unit, t: D100Unit, sit: AttackSituation): number {
  const familiar = a.familiar !== null;
  const improvised = sit.mode !== "magic" && a.weapon === "improvised" && !a.monk;
  const [lo, hi] = familiar ? FAMILIAR_ATTACK : [1, D100] as const;
  const mult = hitMultiplier(a, t, sit), flat = flatModifier(a, t, sit);
  const penalty = (sit.surprise ? SURPRISE_DODGE_PENALTY : 0) + t.dodgePenalty;
  const defends = canDefend(t);
  let hits = 0;
  for (let n = lo; n <= hi; n++) {
    const kind = rollKind(n, familiar, improvised);
    if (kind === "failure" || kind === "fatal") continue;
    if (kind === "critical" || kind === "heroic") { hits += 100; continue; }
    const total = Math.floor(n * mult + flat);
    // Hit when total > dodge − penalty, i.e. dodge ≤ total + penalty − 1 (dodge 1..100).
    hits += defends ? Math.max(0, Math.min(100, total + penalty - 1)) : (total > 0 ? 100 : 0);
  }
  return Math.round(hits / (hi - lo + 1));
}

/** A tile a move can end on this turn, and how many tiles the way there takes. */
export interface D100Reachable { x: number; y: number; steps: number; path: { x: number; y: number }[] }

/**
 * The tiles `unit` can end a move on with `allowance` tiles (P100-MOVE-01, 02, 05, 06): a
 * breadth-first search over walkable tiles, 8 neighbours, one tile per step, never through nor
 * onto another standing unit's tile. Neighbours are scanned north-west to south-east, so the way
 * kept to a tile is the first found. Sorted by steps, then y, then x; the start tile is not listed.
 */
export function reachableTiles(sim: Simulation, unit: UnitRecord, allowance: number): D100Reachable[] {
  const map = sim.state.map, w = map.width;
  const busy = new Set<number>();
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u !== unit && isActive(u)) busy.add(u.y * w + u.x);
  }
  const from = new Map<number, number>([[unit.y * w + unit.x, -1]]);
  const steps = new Map<number, number>([[unit.y * w + unit.x, 0]]);
  let frontier = [unit.y * w + unit.x];
  const out: D100Reachable[] = [];
  for (let k = 1; k <= allowance && frontier.length > 0; k++) {
    const next: number[] = [];
    for (const at of frontier) {
      const x = at % w, y = Math.floor(at / w);
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx, ny = y + dy, ni = ny * w + nx;
        if ((dx === 0 && dy === 0) || !isWalkable(map, nx, ny) || busy.has(ni) || steps.has(ni)) continue;
        steps.set(ni, k);
        from.set(ni, at);
        next.push(ni);
      }
    }
    frontier = next;
  }
  for (const [i, k] of steps) {
    if (k === 0) continue;
    const path: { x: number; y: number }[] = [];
    for (let c = i; c !== unit.y * w + unit.x; c = from.get(c) as number) path.unshift({ x: c % w, y: Math.floor(c / w) });
    out.push({ x: i % w, y: Math.floor(i / w), steps: k, path });
  }
  return out.sort((a, b) => a.steps - b.steps || a.y - b.y || a.x - b.x);
}

/** One target of an attack, spell or familiar in the turn options, with its hit chance in percent. */
export interface D100TargetOption { id: string; chance: number }

/**
 * What a d100 unit may do now in its turn (the thin client's view of P100-BASE-06 to 09):
 * - `actions`: the step kinds a plan may play now (`move`, `guardedMove`, `attack`, `cast`,
 *   `rescue`, `familiar`, `climb`, `descend`, `takeOff`, `land`, `forfeit`, `endTurn`);
 *   companions add `mount`, `dismount`, `healFamiliar` and a mounted rider's flight (companionSteps.ts
 *   `companionActions`), before `endTurn`;
 * - `movement`: tiles a normal move covers (0 once moved or after the main action), and the tiles
 *   a normal (`reachable`) or guarded move (`guardedReachable`, no opportunity attacks) can end on;
 * - `targets`: foes it can attack from where it stands (melee next to it, or in range and line of
 *   fire with a ranged weapon), with the chance to hit;
 * - `spell`: its chosen spell (P100-SPELL-01; the offensive one first, else the healing one), its
 *   charges and the legal targets with their chance (a heal always works: 100; the healing spell's
 *   targets are stabilised allies next to it, and in a duel the wounded healer itself, P100-DUEL-13);
 * - `freeActions`: free actions (P100-BASE-09): `forfeit` in a duel;
 * - `familiarId`/`familiarTargets`: its familiar and the foes next to it while its `familiar` step is allowed
 *   (P100-FAMILIAR-02 to 04: a non-specialist before its main action, a specialist after it);
 * - `rescueTargets`: dying allies next to it it may try to save (P100-DEATH-03 to 08).
 */
export interface D100TurnOptions {
  actions: string[];
  movement: number;
  reachable: D100Reachable[];
  guardedReachable: D100Reachable[];
  targets: D100TargetOption[];
  spell: string;
  spellCharges: number;
  spellTargets: D100TargetOption[];
  freeActions: string[];
  familiarId: string;
  familiarTargets: D100TargetOption[];
  rescueTargets: string[];
}

/** True when the unit stands in the fight (conscious, not dying, dead or gravely wounded). */
function up(u: UnitRecord): boolean {
  return isActive(u) && !isDown(d100Of(u));
}

/** How `unit` would strike `target` from where they stand, or null when it cannot (reach, height, range, line of fire). */
export function attackModeNow(sim: Simulation, unit: UnitRecord, target: UnitRecord): "melee" | "ranged" | null {
  const a = d100Of(unit), t = d100Of(target);
  const aloft = (d: D100Unit) => d.altitude === "moderate" || d.altitude === "high";
  const apart = aloft(a) !== aloft(t) || (a.altitude !== "ground" && t.altitude !== "ground" && a.altitude !== t.altitude);
  const d = chebyshev(unit, target);
  const mode = d <= 1 && !apart ? "melee" : "ranged";
  // P100-PLACE-01 (no ranged weapon) is left to attack.ts `attackRefusal` below, its one check (issue 17)
  if (mode === "ranged" && d > a.range) return null;
  if (mode === "ranged" && !ignoresGroundObstacles(a, mode) && !hasLineOfFire(sim.state.map, unit, target)) return null;
  return attackRefusal(a, t, mode) === null ? mode : null;
}

/** The familiar of `unit` standing in the encounter (P100-FAMILIAR), if any. */
export function familiarOf(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): UnitRecord | undefined {
  return participantsOf(sim, enc).find((u) => d100Of(u).familiar?.ownerId === unit.id && up(u));
}

/**
 * The options of `unit`'s turn in `enc` after what `ts` has spent (a fresh turn by default), for
 * the state's `turnOptions` (server/src/rooms/turnProjection.ts); see {@link D100TurnOptions}.
 * Pure: reads the simulation, draws nothing. In a duel only the opponent is a target
 * (P100-DUEL-03); anyone else in a duel's encounter has nothing but `endTurn`.
 */
export function d100TurnOptions(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, ts: TurnState = newTurn()): D100TurnOptions {
  const me = d100Of(unit);
  const o: D100TurnOptions = {
    actions: [], movement: 0, reachable: [], guardedReachable: [], targets: [], spell: "", spellCharges: 0, spellTargets: [],
    freeActions: [], familiarId: "", familiarTargets: [], rescueTargets: [],
  };
  const spell = offensiveSpellOf(unit) ?? me.spells.find((s) => s.id === HEAL_SPELL);
  if (spell) { o.spell = spell.id; o.spellCharges = spell.charges; }
  if (ts.over || !up(unit) || !canAct(me)) { o.actions = ts.over ? [] : ["endTurn"]; return o; }
  const duelOpp = me.duel ? sim.state.units[me.duel.opponentId] : undefined;
  const others = participantsOf(sim, enc).filter((u) => u !== unit);
  const sidelined = !duelOpp && others.some((u) => d100Of(u).duel !== null); // P100-DUEL-03
  if (sidelined) { o.actions = ["endTurn"]; return o; }
  const foes = (duelOpp ? [duelOpp] : others.filter((u) => areEnemies(unit, u)))
    .filter(up).sort((a, b) => chebyshev(unit, a) - chebyshev(unit, b) || Number(a.id) - Number(b.id));
  const duel = me.duel !== null;
  const actions = new Set<string>();
  if (!ts.moved && !ts.mainDone && canMove(me)) {
    o.movement = moveAllowance(me, false);
    o.reachable = reachableTiles(sim, unit, o.movement);
    o.guardedReachable = reachableTiles(sim, unit, moveAllowance(me, true));
    if (o.reachable.length > 0) actions.add("move");
    if (o.guardedReachable.length > 0) actions.add("guardedMove");
    if (me.flyer && !me.mountId && me.altitude !== "ground") {
      if (me.altitude !== "high") actions.add("climb");
      if (me.altitude !== "low") actions.add("descend");
    }
  }
  if (!ts.mainDone) {
    for (const f of foes) {
      const mode = attackModeNow(sim, unit, f);
      if (mode) o.targets.push({ id: f.id, chance: hitChance(me, d100Of(f), { mode, duel }) });
    }
    if (o.targets.length > 0) actions.add("attack");
    if (spell && spell.id !== HEAL_SPELL) {
      for (const f of foes) {
        if (castRefusal(sim, unit, f, spell.id) === null) o.spellTargets.push({ id: f.id, chance: hitChance(me, d100Of(f), { mode: "magic", duel }) });
      }
    } else if (spell && spell.charges > 0 && canCast(me)) {
      // P100-DUEL-13: a duellist's only ally in its duel is itself, so a wounded healer may heal itself (halved, fighters.ts `healWithSpell`).
      if (duel && me.hp < me.maxHp) o.spellTargets.push({ id: unit.id, chance: 100 });
      for (const ally of others) {
        const d = d100Of(ally);
        if (!areEnemies(unit, ally) && d.dying && d.stabilised && !d.dead && chebyshev(unit, ally) <= 1) o.spellTargets.push({ id: ally.id, chance: 100 });
      }
    }
    if (o.spellTargets.length > 0) actions.add("cast");
    for (const ally of others) {
      const d = d100Of(ally);
      if (!areEnemies(unit, ally) && d.dying && !d.stabilised && !d.dead && chebyshev(unit, ally) <= 1) o.rescueTargets.push(ally.id);
    }
    if (o.rescueTargets.length > 0) actions.add("rescue");
  }
  const familiar = familiarOf(sim, enc, unit);
  if (familiar) {
    o.familiarId = familiar.id;
    // P100-FAMILIAR-02: a non-specialist's familiar acts instead of its main action; P100-FAMILIAR-03/04: a
    // specialist's besides it, after its master's main action (familiar.ts `ownerSlotActors` for its one-word plan).
    if (!ts.familiarDone && (me.familiarSpecialist ? ts.mainDone : !ts.mainDone)) {
      for (const f of foes) {
        if (chebyshev(familiar, f) <= 1 && attackRefusal(d100Of(familiar), d100Of(f), "melee") === null) {
          o.familiarTargets.push({ id: f.id, chance: hitChance(d100Of(familiar), d100Of(f), { mode: "melee" }) });
        }
      }
      if (o.familiarTargets.length > 0) actions.add("familiar");
    }
  }
  if (!ts.moved && !ts.mainDone && me.flyer && !me.mountId) {
    if (me.altitude === "ground") actions.add("takeOff");
    if (me.altitude === "low") actions.add("land");
  }
  if (duel) { o.freeActions.push("forfeit"); actions.add("forfeit"); }
  actions.add("endTurn");
  const order = ["move", "guardedMove", "attack", "cast", "rescue", "familiar", "climb", "descend", "takeOff", "land", "forfeit", "endTurn"];
  o.actions = order.filter((k) => actions.has(k));
  // Companions (companionSteps.ts `companionActions`): a rider's flight, mount, dismount, healFamiliar, before endTurn.
  for (const a of companionActions(sim, unit, ts)) if (!o.actions.includes(a)) o.actions.splice(o.actions.indexOf("endTurn"), 0, a);
  return o;
}
