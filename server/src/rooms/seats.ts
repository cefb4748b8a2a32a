import { MalignusCloseCode, type SeatInfo, type SeatRole } from "@malignus/shared";
import type { AdventurerSeatFact, RoomCommand, SimState } from "../sim/index.ts";
import { isActive } from "../sim/world/units.ts";
import { RoomRefusal } from "./options.ts";

/** A seat: who holds it, in which role, and whether its client is connected right now. */
export interface Seat {
  /** Stable id: `k1`, `a2`, `s3`… (role initial and a per-room counter). */
  seatId: string;
  role: SeatRole;
  name: string | undefined;
  /** Adventurers: the unit played. */
  unitId: string | undefined;
  /** False while a dropped client may still reconnect (`reconnectSeconds`). */
  connected: boolean;
}

/**
 * The reason sent with close code {@link MalignusCloseCode.SEAT_TAKEN_OVER} (4101) to the old
 * connection of a seat whose reconnection token was used elsewhere while it was still open.
 */
export const SEAT_TAKEN_OVER_REASON = "seat resumed elsewhere";

/** The close code a taken-over connection gets: {@link MalignusCloseCode.SEAT_TAKEN_OVER}, 4101. */
export const SEAT_TAKEN_OVER_CODE: number = MalignusCloseCode.SEAT_TAKEN_OVER;

/**
 * True when `seat` outlives a drop of its connection for `reconnectSeconds` (real seconds), so
 * its reconnection token can resume it: keeper and adventurer seats when `reconnectSeconds` > 0.
 * A spectator seat, a room with `reconnectSeconds` 0, or no seat at all: false (the seat is freed
 * at the drop; its token never resumes anything, the client joins again).
 */
export function holdsAcrossDrop(seat: Seat | undefined, reconnectSeconds: number): seat is Seat {
  return !!seat && seat.role !== "spectator" && reconnectSeconds > 0;
}

/**
 * The {@link SEAT_MESSAGE} payload telling a client its seat (after a join and after every
 * reconnection): `seatId`, `role`, an adventurer's `unitId`, and a stored dungeon's `dungeonId`.
 * The keeper key is never in it (the room adds it once, to the creator's first seat message).
 */
export function seatInfo(seat: Seat, dungeonId: string | undefined): SeatInfo {
  const info: SeatInfo = seat.unitId === undefined ? { seatId: seat.seatId, role: seat.role } : { seatId: seat.seatId, role: seat.role, unitId: seat.unitId };
  if (dungeonId !== undefined) info.dungeonId = dungeonId;
  return info;
}

/**
 * A room's seats by session id (a reconnecting client keeps its session id): taking one by role
 * (keeper seats up to the room's `keeperSeats`; an adventurer seat claims an active member of the
 * party in the dungeon), counting them, the open adventurer seats the listing advertises, and the
 * facts the simulation is told (`seats` room input, sim/inputs/seats.ts). Reads the simulation,
 * never writes it.
 */
export class SeatBook {
  readonly #seats = new Map<string, Seat>();
  #counter = 0;
  /** Units claimed by a seat, connected or not (rebuilt by {@link SeatBook.changed}). */
  readonly #claimed = new Set<string>();
  /** Bumped by every {@link SeatBook.changed}. */
  #version = 0;

  /**
   * Takes a new seat of `role` for a joining client, or refuses it.
   * @param wanted adventurers: the party member asked for; default the first open one.
   * @throws RoomRefusal when every keeper seat (`keeperSeats`) is held, or `wanted` is not an
   *   open adventurer seat, or none is open.
   */
  take(sessionId: string, role: SeatRole, name: string | undefined, wanted: string | undefined, keeperSeats: number, sim: SimState): Seat {
    let unitId: string | undefined;
    if (role === "keeper") {
      if (this.count("keeper") >= keeperSeats) {
        throw new RoomRefusal(`this dungeon already has a keeper in each of its ${keeperSeats} keeper seat(s); join as a spectator`, { status: 409 });
      }
    } else if (role === "adventurer") {
      const open = this.openAdventurerSeats(sim);
      if (wanted !== undefined && !open.includes(wanted)) {
        throw new RoomRefusal(`unit ${wanted} is not an open adventurer seat (open: ${open.join(", ") || "none"})`, { status: 409 });
      }
      if (open.length === 0) throw new RoomRefusal("no open adventurer seat: no party in the dungeon, or every member is taken", { status: 409 });
      unitId = wanted ?? open[0];
    }
    const seat: Seat = { seatId: `${role[0]}${++this.#counter}`, role, name, unitId, connected: true };
    this.#seats.set(sessionId, seat);
    return seat;
  }

  /** The seat of `sessionId`, if it holds one. */
  get(sessionId: string): Seat | undefined { return this.#seats.get(sessionId); }

  /** Frees the seat of `sessionId`; true when there was one. */
  free(sessionId: string): boolean { return this.#seats.delete(sessionId); }

  /** Every seat, held or waiting for a reconnection. */
  all(): IterableIterator<Seat> { return this.#seats.values(); }

  /** How many seats are held, connected or waiting for a reconnection. */
  get size(): number { return this.#seats.size; }

  /** Frees every seat (the room is disposed). */
  clear(): void { this.#seats.clear(); }

  /** The seats of `role`, or only those whose client is connected. */
  count(role: SeatRole, connectedOnly = false): number {
    let n = 0;
    for (const s of this.#seats.values()) if (s.role === role && (!connectedOnly || s.connected)) n++;
    return n;
  }

  /** Bumped by every seat change; readers compare it to skip work. */
  get version(): number { return this.#version; }

  /** Call after any seat change (taken, dropped, reconnected, freed). */
  changed(): void {
    this.#version++;
    this.#claimed.clear();
    for (const s of this.#seats.values()) if (s.unitId) this.#claimed.add(s.unitId);
  }

  /** Ids of the current party's active members no seat has claimed. */
  openAdventurerSeats(sim: SimState): string[] {
    const party = sim.invasion.partyId ? sim.parties[sim.invasion.partyId] : undefined;
    if (!party) return [];
    const claimed = new Set<string>();
    for (const s of this.#seats.values()) if (s.unitId) claimed.add(s.unitId);
    return party.memberIds.filter((id) => {
      const u = sim.units[id];
      return !!u && isActive(u) && !claimed.has(id);
    });
  }

  /**
   * True when {@link SeatBook.openAdventurerSeats} would answer other ids, or the same in another
   * order, than `last`; walks the party without allocating (claims as of the last
   * {@link SeatBook.changed}).
   */
  openSeatsDiffer(sim: SimState, last: readonly string[]): boolean {
    const party = sim.invasion.partyId ? sim.parties[sim.invasion.partyId] : undefined;
    if (!party) return last.length !== 0;
    const members = party.memberIds;
    let n = 0;
    for (let i = 0; i < members.length; i++) {
      const id = members[i]!;
      const u = sim.units[id];
      if (!u || !isActive(u) || this.#claimed.has(id)) continue;
      if (last[n] !== id) return true;
      n++;
    }
    return n !== last.length;
  }

  /**
   * The seats' facts for the simulation: connected keepers, and every adventurer seat with its
   * unit and whether it is connected (the `seats` room input).
   */
  facts(): Extract<RoomCommand, { type: "seats" }> {
    const adventurers: AdventurerSeatFact[] = [];
    for (const s of this.#seats.values()) if (s.role === "adventurer" && s.unitId) adventurers.push({ seatId: s.seatId, unitId: s.unitId, connected: s.connected });
    return { type: "seats", keepers: this.count("keeper", true), adventurers };
  }
}
