import { gateCommand, type CommandResult, type CommandType } from "@malignus/shared";
import type { Actor, Simulation } from "../sim/index.ts";
import type { Logger } from "../logger.ts";
import { messagesReceived, messagesRefused } from "../metrics.ts";
import type { Seat } from "./seats.ts";

/** Most refusals a room logs per real second; the rest are counted and summed up in one line. */
export const MAX_REFUSAL_LOGS_PER_SECOND = 5;

/** Who sent a message, as the gate logs it. */
export interface GateClient { sessionId: string; seat: Seat | undefined }

/** The actor a seat's commands come from (sim/inputs/types.ts). */
export function actorOf(seat: Seat): Actor {
  return seat.role === "adventurer" ? { kind: "adventurer", seatId: seat.seatId, unitId: seat.unitId as string } : { kind: seat.role, seatId: seat.seatId };
}

/**
 * The room's command gate, one direction: a client message → shared `gateCommand` over
 * `COMMAND_DEFINITIONS` in one fixed order (known type → role → an adventurer seat names only its
 * own unit; the validator ran before, in Colyseus: a malformed `send` is disconnected with 4002,
 * a malformed `request` answered with an error; so no payload check here) →
 * `sim.enqueueChecked(actor, gate.command)` (the rules, the payload not parsed a second time; an
 * accepted command is logged in `sim.inputLog`) → the answer. Refusals are answered with their
 * code, counted, and logged at most {@link MAX_REFUSAL_LOGS_PER_SECOND} times a second.
 */
export class CommandGate {
  readonly #log: Logger;
  /** The room clock's current time, in real milliseconds. */
  readonly #now: () => number;
  #windowEnd = 0;
  #loggedInWindow = 0;
  #suppressed = 0;
  #refusals = 0;
  #loggedTotal = 0;

  constructor(log: Logger, now: () => number) {
    this.#log = log;
    this.#now = now;
  }

  /** Refusals so far (commands refused, role not allowed, unknown types). */
  get refusals(): number { return this.#refusals; }

  /** Refusals logged one by one so far. */
  get loggedTotal(): number { return this.#loggedTotal; }

  /**
   * Passes one command message of `client` through the gate to `sim` and answers it.
   * @returns the answer, and whether the simulation accepted it (`accepted` then names the actor).
   */
  command(sim: Simulation, client: GateClient, type: CommandType, payload: unknown): { result: CommandResult; accepted?: Actor } {
    messagesReceived.inc({ type });
    const seat = client.seat;
    if (!seat) return { result: this.refused(client, type, "NOT_ALLOWED_FOR_ROLE", "no seat") };
    const gate = gateCommand(type, seat, payload, "none");
    if (!gate.ok) return { result: this.refused(client, type, gate.code, gate.reason) };
    try {
      const actor = actorOf(seat);
      // The transport parsed the payload already (COMMANDS[type] in onMessage): the simulation does not parse it again.
      const result = sim.enqueueChecked(actor, gate.command);
      if (!result.ok) return { result: this.refused(client, type, result.code, result.reason, result) };
      this.#log.debug({ seatId: seat.seatId, type, tick: sim.tick, id: result.id }, "command accepted");
      return { result, accepted: actor };
    } catch (err) {
      this.#log.error({ err, sessionId: client.sessionId, type, payload }, "command threw");
      return { result: this.refused(client, type, "INVALID_COMMAND", "the server failed to apply this command") };
    }
  }

  /** Counts and logs (rate-limited) a refusal, and returns the refusal answer. */
  refused(client: GateClient, type: string, code: string, reason: string, result?: CommandResult): CommandResult {
    this.#refusals++;
    messagesRefused.inc({ reason: code });
    const now = this.#now();
    if (now >= this.#windowEnd) {
      this.flush();
      this.#windowEnd = now + 1000;
      this.#loggedInWindow = 0;
    }
    if (this.#loggedInWindow < MAX_REFUSAL_LOGS_PER_SECOND) {
      this.#loggedInWindow++;
      this.#loggedTotal++;
      this.#log.info({ sessionId: client.sessionId, seatId: client.seat?.seatId, type, code }, `refused: ${reason}`);
    } else {
      this.#suppressed++;
    }
    return result && !result.ok ? result : { ok: false, code: code as never, reason };
  }

  /** Logs one line summing up the refusals not logged one by one, if any. */
  flush(): void {
    if (this.#suppressed === 0) return;
    this.#log.info({ suppressed: this.#suppressed }, `${this.#suppressed} more refusals not logged`);
    this.#suppressed = 0;
  }
}
