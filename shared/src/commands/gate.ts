import type { SeatRole } from "../protocol.ts";
import type { Command } from "../commands.ts";
import { commandDefinition, type CommandDefinition } from "./definitions.ts";
import type { ErrorCode } from "./results.ts";

/** The stages of the command gate, in the order they run. */
export const GATE_STAGES = ["type", "role", "unit", "payload"] as const;
/** One of {@link GATE_STAGES}. */
export type GateStage = (typeof GATE_STAGES)[number];

/** The seat sending a command, as the gate needs it: its role and, for an adventurer, its unit. */
export interface GateSeat {
  role: SeatRole;
  /** Adventurer seats: the unit the seat plays. */
  unitId?: string | undefined;
}

declare const gated: unique symbol;

/**
 * A command that passed {@link gateCommand}: its type known, allowed to the seat's role, naming
 * only an adventurer seat's own unit, and its payload checked at the level the caller asked (with
 * `"none"`, the caller vouches that its transport parsed it with the same validator). A type brand
 * only (no field at run time: the object is a plain `Command`); only `gateCommand` makes one, and
 * `Simulation.enqueueChecked` takes one, so that a payload is never taken as checked by mistake.
 */
export type CheckedCommand = Command & { readonly [gated]: true };

/**
 * A command the gate let through: its definition, the payload (parsed with `"all"`, as given
 * otherwise) and the command it makes (`{ type, ...payload }`).
 */
export interface GatePassed { ok: true; definition: CommandDefinition; payload: unknown; command: CheckedCommand }
/**
 * A command the gate stopped at `stage`: `UNKNOWN_TYPE` (type), NOT_ALLOWED_FOR_ROLE (role),
 * NOT_YOUR_UNIT (unit), INVALID_COMMAND (payload, with zod's message).
 */
export interface GateRefused { ok: false; stage: GateStage; code: ErrorCode | "UNKNOWN_TYPE"; reason: string }

const ROLE_REFUSALS: Record<SeatRole, string> = {
  keeper: "keepers cannot send this command",
  adventurer: "adventurer players cannot send keeper commands",
  spectator: "spectators cannot send commands",
};

/**
 * How much of a command's payload the gate's payload stage checks against its validator
 * (`COMMAND_DEFINITIONS[type].schema`):
 * - `"all"`: every issue (a client message no transport checked);
 * - `"fields"`: only a required field missing or of the wrong type (`invalid_type`, and
 *   `invalid_union` when no branch takes it) or a value outside its list (`invalid_value`: a
 *   stance, job, part kind…): the simulation's own check of inputs that did not come through the
 *   room (replays, tests, headless callers), so that no handler reads an absent field and
 *   half-applies a command or throws. Id and tile formats, bounds and unknown keys are left to the
 *   handlers, which refuse what does not exist (UNKNOWN_UNIT, OUT_OF_BOUNDS…); the payload passes as given;
 * - `"none"`: no check (the room's transport parsed the message with the same validator).
 */
export type PayloadCheck = "all" | "fields" | "none";

/** The issue codes a `"fields"` check refuses ({@link PayloadCheck}). */
const FIELD_ISSUES: ReadonlySet<string> = new Set(["invalid_type", "invalid_union", "invalid_value"]);

/** One validator issue, as the gate reads it. */
interface PayloadIssue { code: string; path: readonly PropertyKey[]; message: string }

/**
 * One issue in words: `at: missing`, `at: wrong type (got)` or `at: not an allowed value (got)`
 * for the field issues, else `at: ` and the validator's message; `at` is the field's path
 * (`steps.1.action`), or `payload`.
 */
function describeIssue(issue: PayloadIssue, payload: unknown): string {
  const at = issue.path.map(String).join(".") || "payload";
  if (!FIELD_ISSUES.has(issue.code)) return `${at}: ${issue.message}`;
  let value: unknown = payload;
  for (const key of issue.path) value = value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  if (value === undefined) return `${at}: missing`;
  const got = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "string" ? JSON.stringify(value).slice(0, 40) : typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
  return `${at}: ${issue.code === "invalid_value" ? "not an allowed value" : "wrong type"} (${got})`;
}

/**
 * The gate's payload stage, the one place a command's fields are checked (the room's gate and the
 * simulation's inputs both come here through {@link gateCommand}): why `payload` fails `schema` at
 * the level `check` asks ({@link PayloadCheck}), or null with the payload to use (the parsed one
 * for `"all"`, the given one otherwise).
 */
function payloadStage(schema: CommandDefinition["schema"], payload: unknown, check: PayloadCheck): { fault: string | null; payload: unknown } {
  if (check === "none") return { fault: null, payload };
  const parsed = schema.safeParse(payload ?? {});
  if (parsed.success) return { fault: null, payload: check === "all" ? parsed.data : payload };
  const issues = check === "all" ? parsed.error.issues : parsed.error.issues.filter((i) => FIELD_ISSUES.has(i.code));
  if (issues.length === 0) return { fault: null, payload };
  return { fault: issues.map((i) => describeIssue(i, payload)).join("; "), payload };
}

/**
 * The command gate (like boardgame.io's master): checks one client command against
 * `COMMAND_DEFINITIONS` in one fixed order — known type → the seat's role may send it →
 * an adventurer seat names only its own unit (`actingUnit`) → the payload matches the
 * validator — and stops at the first failure. The simulation's rules come after, in
 * `sim.enqueue`. Pure: no state, no I/O.
 *
 * @param check how much of the payload to check ({@link PayloadCheck}); `true` is `"all"`,
 *   `false` `"none"` (the room's transport already validated it).
 * @example
 * gateCommand("placePart", { role: "spectator" }, { kind: "pressurePlate", x: 1, y: 1 });
 * // { ok: false, stage: "role", code: "NOT_ALLOWED_FOR_ROLE", reason: "spectators cannot send commands" }
 */
export function gateCommand(type: string, seat: GateSeat, payload: unknown, check: PayloadCheck | boolean = "all"): GatePassed | GateRefused {
  const definition = commandDefinition(type);
  if (!definition) return { ok: false, stage: "type", code: "UNKNOWN_TYPE", reason: "unknown message type" };
  if (!definition.roles.includes(seat.role)) {
    return { ok: false, stage: "role", code: "NOT_ALLOWED_FOR_ROLE", reason: definition.roleRefusal ?? ROLE_REFUSALS[seat.role] };
  }
  if (seat.role === "adventurer") {
    if (seat.unitId === undefined) return { ok: false, stage: "unit", code: "NOT_ALLOWED_FOR_ROLE", reason: "this seat plays no adventurer" };
    const field = definition.actingUnit;
    const named = field !== undefined && payload !== null && typeof payload === "object" ? (payload as Record<string, unknown>)[field] : undefined;
    if (field !== undefined && named !== seat.unitId) {
      return { ok: false, stage: "unit", code: "NOT_YOUR_UNIT", reason: `unit ${String(named)} is not your adventurer` };
    }
  }
  const stage = payloadStage(definition.schema, payload, check === true ? "all" : check === false ? "none" : check);
  if (stage.fault !== null) return { ok: false, stage: "payload", code: "INVALID_COMMAND", reason: `malformed ${type}: ${stage.fault}` };
  return { ok: true, definition, payload: stage.payload, command: { type, ...(stage.payload as object) } as CheckedCommand };
}
