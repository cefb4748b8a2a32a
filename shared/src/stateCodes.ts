import type { UnitState } from "./rules.ts";
import type { PartKind, PartRole } from "./data/traps.ts";

/**
 * The code tables of the state schema's enumerated fields that travel as one `uint8` each instead
 * of a string (bandwidth, issue 20 part 4): a field's code is the index of its name in its table.
 * The schema (`@malignus/shared/schema`) carries the codes (`TrapPart.kindCode`, `roleCode`,
 * `qualityCode`, `Unit.stateCode`) and gives the names back as read-only properties (`kind`,
 * `role`, `quality`, `state`), so the SDK, the watch page and the server read names; a native
 * client decodes with these tables (clients/generated/json-schema/wire.json `stateCodes`).
 * Codes never move: a new name is appended at the end of its table.
 */

/** `TrapPart.kindCode`: code 0 is "" (no part kind), then every part kind (TRAP-05, TRAP-06, TRAP-16). */
export const PART_KIND_CODES = [
  "", "tripwire", "wideTripwire", "pressurePlate", "sensor", "lever", "timer",
  "spinningBlades", "flameJet", "gasJet", "electricCoil", "dartLauncher",
  "explosiveTrap", "spiderTrap", "webTrap", "terrorTrap", "alarmTrap",
] as const satisfies readonly ("" | PartKind)[];
/** `TrapPart.roleCode`: code 0 is "" (no role), then the roles (TRAP-01, TRAP-19). */
export const PART_ROLE_CODES = ["", "trigger", "timer", "mechanism"] as const satisfies readonly ("" | PartRole)[];
/** `TrapPart.qualityCode`: 0 "normal" (the default), 1 "shoddy" (KNOW-13). */
export const PART_QUALITY_CODES = ["normal", "shoddy"] as const;
/** `Unit.stateCode`: 0 "idle" (the default), then the other unit states (shared/src/rules.ts `UNIT_STATES`). */
export const UNIT_STATE_CODES = [
  "idle", "walking", "working", "fighting", "fleeing", "unconscious", "dead", "captured", "left",
] as const satisfies readonly UnitState[];

/** Every code table by the schema field it decodes (`Type.field`), as wire.json lists them. */
export const STATE_CODE_TABLES: Readonly<Record<string, readonly string[]>> = {
  "TrapPart.kindCode": PART_KIND_CODES,
  "TrapPart.roleCode": PART_ROLE_CODES,
  "TrapPart.qualityCode": PART_QUALITY_CODES,
  "Unit.stateCode": UNIT_STATE_CODES,
};

/** The code of `name` in `table` (its index); 0 (the table's first name) for a name not in it. */
export function stateCode(table: readonly string[], name: string): number {
  const code = table.indexOf(name);
  return code < 0 ? 0 : code;
}

/** The name of `code` in `table`; "" for a code not in it (a newer server's name). */
export function stateName<N extends string>(table: readonly N[], code: number): N | "" {
  return table[code] ?? "";
}
