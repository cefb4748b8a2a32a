import { matchMaker } from "@colyseus/core";
import { DUNGEON_ROOM } from "@malignus/shared";
import type { Logger } from "../logger.ts";
import type { DungeonRecord, DungeonStore } from "../store/types.ts";

/**
 * Restore at start (issue 16 part 4): after `kill -9` (or a crash, or a power cut) the store
 * still says `live` for every dungeon a room was running, and its log holds every acknowledged
 * input. Starting the server again opens a room for each of them (`matchMaker.createRoom` with
 * the `dungeonId` option, as `openDungeon` does: snapshot + inputs after it, hash checked), so
 * each comes back with the state hash it had after its last logged input, under the same room
 * id; the SDK's clients then resume their seats by themselves (client-sdk/src/resume.ts).
 *
 * Which `live` dungeons: those whose lease is free, expired, or held by this process's own
 * holder id (a stable id per host and port, so a restarted process takes back its own leases at
 * once instead of waiting for them to expire). A lease another holder still renews means another
 * process runs the dungeon: it is left alone.
 */

/** Most live dungeons read from the store per page at start. */
export const RESTORE_PAGE_SIZE = 200;

/** One dungeon {@link restoreLiveDungeons} tried. */
export interface RestoreOutcome {
  dungeonId: string;
  /** `restored`: a room runs it now; `leased`: another holder's lease is running; `failed`: see `reason` (e.g. damaged). */
  outcome: "restored" | "leased" | "failed";
  /** restored: the room's simulation tick and state hash right after the restore (the room's `restoredAt`). */
  tick?: number;
  hash?: string;
  /** The record's tick and hash (after its last logged input, or its later snapshot). */
  storedTick: number;
  storedHash: string;
  reason?: string;
}

/** What a restored room exposes to the restore (the dungeon room's `restoredAt`). */
interface RestoredRoom { restoredAt?: { tick: number; hash: string } | undefined }

/**
 * Opens a room for every `live` dungeon this process may run (see the file's doc), one at a
 * time. Never throws for one dungeon: a dungeon that fails to open (damaged data: the room
 * marks it `damaged` with what is wrong) is logged and the others go on.
 * @param holder this process's lease holder id.
 * @param now wall-clock milliseconds since the Unix epoch (lease expiry), default `Date.now()`.
 * @returns one outcome per live dungeon, in the store's order.
 */
export async function restoreLiveDungeons(store: DungeonStore, holder: string, log: Logger, now: () => number = Date.now): Promise<RestoreOutcome[]> {
  const live: DungeonRecord[] = [];
  for (let offset = 0; ; offset += RESTORE_PAGE_SIZE) {
    const page = await store.list({ status: "live", offset, limit: RESTORE_PAGE_SIZE });
    for (const d of page.dungeons) {
      const record = await store.get(d.dungeonId);
      if (record?.status === "live") live.push(record);
    }
    if (offset + RESTORE_PAGE_SIZE >= page.total) break;
  }
  const outcomes: RestoreOutcome[] = [];
  for (const record of live) {
    const base = { dungeonId: record.dungeonId, storedTick: record.tick, storedHash: record.hash };
    const lease = record.lease;
    if (lease && lease.holder !== holder && lease.expiresAt > now()) {
      log.info({ dungeonId: record.dungeonId, holder: lease.holder, expiresAt: lease.expiresAt }, "live dungeon left to its lease holder");
      outcomes.push({ ...base, outcome: "leased" });
      continue;
    }
    try {
      // Here, not on the least busy process (createRoom would pick one): this process holds the lease.
      const cache = await matchMaker.handleCreateRoom(DUNGEON_ROOM, { dungeonId: record.dungeonId });
      const room = matchMaker.getLocalRoomById(cache.roomId) as unknown as RestoredRoom | undefined;
      const tick = room?.restoredAt?.tick;
      const hash = room?.restoredAt?.hash;
      log.info({ dungeonId: record.dungeonId, roomId: cache.roomId, tick, hash, storedTick: record.tick, storedHash: record.hash }, "live dungeon restored at start");
      outcomes.push({ ...base, outcome: "restored", ...(tick !== undefined ? { tick } : {}), ...(hash !== undefined ? { hash } : {}) });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      log.error({ dungeonId: record.dungeonId, reason }, "live dungeon not restored at start");
      outcomes.push({ ...base, outcome: "failed", reason });
    }
  }
  return outcomes;
}
