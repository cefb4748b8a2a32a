import type { SeatRole } from "../protocol.ts";
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

/** A command the gate let through: its definition and the parsed payload. */
export interface GatePassed { ok: true; definition: CommandDefinition; payload: unknown }
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
 * The command gate (like boardgame.io's master): checks one client command against
 * `COMMAND_DEFINITIONS` in one fixed order — known type → the seat's role may send it →
 * an adventurer seat names only its own unit (`actingUnit`) → the payload matches the
 * validator — and stops at the first failure. The simulation's rules come after, in
 * `sim.enqueue`. Pure: no state, no I/O.
 *
 * @param validate false to skip the payload stage (the room's transport already validated it).
 * @example
 * gateCommand("placePart", { role: "spectator" }, { kind: "pressurePlate", x: 1, y: 1 });
 * // { ok: false, stage: "role", code: "NOT_ALLOWED_FOR_ROLE", reason: "spectators cannot send commands" }
 */
export function gateCommand(type: string, seat: GateSeat, payload: unknown, validate = true): GatePassed | GateRefused {
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
  if (!validate) return { ok: true, definition, payload };
  const parsed = definition.schema.safeParse(payload ?? {});
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`).join("; ");
    return { ok: false, stage: "payload", code: "INVALID_COMMAND", reason: `malformed ${type}: ${detail}` };
  }
  return { ok: true, definition, payload: parsed.data };
}
