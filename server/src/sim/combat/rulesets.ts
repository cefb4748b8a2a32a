import { OUT_OF_FIGHT_WOUND_POINTS, PARTS, WOUND_POINTS, WOUND_SEVERITIES, type HarmModel, type RulesetId, type UnitKind } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";
import { isKeeperSide } from "../world/units.ts";
import { TRAP_RESIST_DIFFICULTY, type CheckResult, type CombatRuleset, type Harm, type HarmState, type RoomRuleset } from "./ruleset.ts";
import { trapResistBonus } from "../knowledge/knowledge.ts";
import { makeNoise, revealAttacker } from "./awareness.ts";
import { malignusRuleset } from "./malignus/index.ts";
import { d20Ruleset } from "./d20/index.ts";
import { d100Ruleset } from "./d100/index.ts";
import { markUnit } from "../changes.ts";

/** The modules by ruleset id. */
const MODULES: Record<RulesetId, CombatRuleset> = {
  malignus: malignusRuleset,
  d20: d20Ruleset,
  d100: d100Ruleset,
};

const WRAPPED = new Map<CombatRuleset, RoomRuleset>();

const NO_STATUSES: readonly string[] = [];

/** The bare ruleset module behind `id`, without the shared rules (for tests and tools). */
export function moduleFor(id: RulesetId): CombatRuleset {
  return MODULES[id];
}

/**
 * The combat ruleset for a room's `ruleset` option, wrapped with the rules every ruleset shares
 * ({@link withSharedRules}). The same module always gives the same wrapped object.
 */
export function rulesetFor(id: RulesetId): RoomRuleset {
  const module = moduleFor(id);
  let wrapped = WRAPPED.get(module);
  if (!wrapped) { wrapped = withSharedRules(module); WRAPPED.set(module, wrapped); }
  return wrapped;
}

/**
 * Wraps a ruleset module with the always-on rules and the defaults of its optional members:
 * - `attack`: a hit reveals the attacker to the target (CMB-05);
 * - `check`: a failed "bash" by an enemy of the keeper makes a noise where it stands (CMB-07;
 *   one noise per failed roll, catalogue proposal);
 * - `harm`: fills `d20Damage`/`d100Damage` from the trap table when `sourceId` is a trap part,
 *   then lets the victim resist the trap ({@link resistTrap}, KNOW-26, KNOW-37, KNOW-44 to KNOW-46);
 * - `describe` defaults to wound points, `heal` to {@link healWorstWound}, `initUnit` to nothing,
 *   `statuses` to none, `partyArrived` and `partyPlanned` to nothing.
 */
export function withSharedRules(module: CombatRuleset): RoomRuleset {
  const describe = module.describe?.bind(module) ?? describeWoundPoints;
  return {
    id: module.id,
    timing: module.timing,
    check(sim, unit, kind, difficulty, bonus) {
      const result = module.check(sim, unit, kind, difficulty, bonus);
      if (kind === "bash" && !result.success && !isKeeperSide(unit)) makeNoise(sim, unit, "bash", unit.id);
      return result;
    },
    attack(sim, attacker, target) {
      const before = describe(target).value;
      const outcome = module.attack(sim, attacker, target);
      const hit = outcome ? outcome.hit : describe(target).value !== before;
      markUnit(sim, attacker); // issue 20 part 2: its facing, target, the target's harm (sim/changes.ts)
      markUnit(sim, target);
      if (hit) revealAttacker(sim, target, attacker);
      return { hit };
    },
    harm(sim, target, sourceId, harm) {
      const full = withTableDamage(sim, sourceId, harm);
      const model = describe(target).model;
      const left = resistTrap(sim, target, sourceId, full, model, (bonus) => module.check(sim, target, "resist", TRAP_RESIST_DIFFICULTY, bonus));
      if (left) module.harm(sim, target, sourceId, left);
      markUnit(sim, target);
    },
    isOutOfFight: (unit) => module.isOutOfFight(unit),
    initUnit: module.initUnit ? (sim, unit) => { module.initUnit!(sim, unit); markUnit(sim, unit); } : () => undefined,
    describe,
    heal: (sim, healer, target) => { if (module.heal) module.heal(sim, healer, target); else healWorstWound(sim, healer, target); markUnit(sim, target); },
    statuses: module.statuses?.bind(module) ?? (() => NO_STATUSES),
    partyArrived: module.partyArrived?.bind(module) ?? (() => undefined),
    partyPlanned: module.partyPlanned?.bind(module) ?? (() => undefined),
  };
}

/** KNOW-26 (open, server choice): only adventurers resist traps (the bonuses are theirs: Caution, learned Block). */
export const TRAP_RESISTERS: readonly UnitKind[] = ["adventurer"];

/**
 * KNOW-26, KNOW-37, KNOW-44 to KNOW-46: before a trap's harm (`sourceId` a trap part; other
 * sources are left alone), a victim whose kind is in {@link TRAP_RESISTERS} makes one "resist"
 * (Block) check against {@link TRAP_RESIST_DIFFICULTY} with `trapResistBonus` (learned Block bonus
 * against the mechanism's kind plus Caution, Caution lost in gas). On success it emits
 * `trapResisted` and the harm is reduced: under wound points one severity lower (a light wound
 * becomes none: returns null), under hit points marked `resisted` (the module halves its damage,
 * TRAP_RESIST_DAMAGE_DIVISOR). One draw from `sim.rng` (the check) per resisting victim, before the
 * harm's own draws.
 * @param roll the ruleset's check for the given bonus.
 * @returns the harm to apply, or null for none.
 */
export function resistTrap(
  sim: Simulation, target: UnitRecord, sourceId: string, harm: Harm, model: HarmModel, roll: (bonus: number) => CheckResult,
): Harm | null {
  const part = sim.state.parts[sourceId];
  if (!part || !TRAP_RESISTERS.includes(target.kind)) return harm;
  const bonus = trapResistBonus(sim, target, part.kind);
  const r = roll(bonus);
  if (!r.success) return harm;
  sim.emit({ type: "trapResisted", unitId: target.id, sourceId, mechanism: part.kind, roll: r.roll, total: r.total, bonus });
  if (model === "hitPoints") return { ...harm, resisted: true };
  const step = WOUND_SEVERITIES.indexOf(harm.severity);
  return step <= 0 ? null : { ...harm, severity: WOUND_SEVERITIES[step - 1]! };
}

/** `harm` with the trap table's d20 and d100 damage filled in when the caller left them out. */
function withTableDamage(sim: Simulation, sourceId: string, harm: Harm): Harm {
  if (harm.d20Damage !== undefined && harm.d100Damage !== undefined) return harm;
  const part = sim.state.parts[sourceId];
  const row = part ? PARTS[part.kind]?.harm : undefined;
  return { ...harm, d20Damage: harm.d20Damage ?? row?.d20Damage ?? null, d100Damage: harm.d100Damage ?? row?.d100Damage ?? null };
}

/** The malignus reading of harm: wound points counting up to 10 (CMB-25). */
export function describeWoundPoints(unit: UnitRecord): HarmState {
  return { model: "woundPoints", value: unit.woundPoints, max: OUT_OF_FIGHT_WOUND_POINTS };
}

/**
 * CMB-45 (open: the seed says only that the unconscious can be healed): healing removes the
 * unit's most severe wound (the latest of them on a tie) and its wound points. It does not wake
 * the unit (open; catalogue proposal leaves it open, see docs/rules-decisions.md). Emits `healed`.
 * A unit without wounds is left as it is (the event is still emitted).
 */
export function healWorstWound(sim: Simulation, healer: string, target: UnitRecord): void {
  let worst = -1;
  for (let i = 0; i < target.wounds.length; i++) {
    const w = target.wounds[i]!;
    if (worst < 0 || WOUND_POINTS[w.severity] >= WOUND_POINTS[target.wounds[worst]!.severity]) worst = i;
  }
  if (worst >= 0) {
    const [w] = target.wounds.splice(worst, 1);
    target.woundPoints = Math.max(0, target.woundPoints - WOUND_POINTS[w!.severity]);
  }
  sim.emit({ type: "healed", unitId: target.id, byUnitId: healer, woundPoints: target.woundPoints, hp: 0 });
}
