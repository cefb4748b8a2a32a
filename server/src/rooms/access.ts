import { ServerError } from "@colyseus/core";
import type { DungeonAccessCode, SeatRole } from "@malignus/shared";
import { verifyKeeperKey } from "../store/keeperKey.ts";

/**
 * The HTTP status matchmaking (`POST /matchmake/…`) answers each refusal with, the same as the
 * `/dungeons` routes': 401 no key where one is needed, 403 a wrong key, 404 an unknown dungeon,
 * 409 a dungeon another process runs, 422 a damaged one, 503 a server without a store. Never
 * Colyseus' own 52x codes (523 "unhandled", 525 "auth failed"), which proxies such as Cloudflare
 * read as their own errors.
 */
export const ACCESS_HTTP_STATUS: Readonly<Record<DungeonAccessCode, number>> = {
  KEEPER_KEY_REQUIRED: 401, KEEPER_KEY_WRONG: 403, UNKNOWN_DUNGEON: 404, DUNGEON_BUSY: 409, DUNGEON_DAMAGED: 422, NO_STORE: 503,
};

/**
 * A join or an open of a stored dungeon, or a replay of one, refused on purpose (a Colyseus
 * `ServerError`, so the client gets it as the join's error; its `code` is the
 * {@link ACCESS_HTTP_STATUS} of the refusal, the HTTP status when matchmaking refuses it, with
 * the body `{ code, error }`). The message starts with the {@link DungeonAccessCode} and a colon
 * (`KEEPER_KEY_WRONG: …`); the SDK turns it into a `DungeonAccessError`.
 */
export class DungeonAccessRefusal extends ServerError {
  override name = "DungeonAccessRefusal";
  /** What is refused, for the SDK and the logs. */
  readonly access: DungeonAccessCode;
  constructor(access: DungeonAccessCode, detail: string) {
    super(ACCESS_HTTP_STATUS[access], `${access}: ${detail}`);
    this.access = access;
  }
}

/** What the owner check needs of a stored dungeon. */
export interface Ownership {
  dungeonId: string;
  /** `hashKeeperKey(key)` (store/keeperKey.ts). */
  keeperKeyHash: string;
  /** Every seat needs the key. */
  private: boolean;
}

/**
 * The owner check of issue 16 (part 3), run in `onAuth` before any seat is taken: a keeper seat
 * needs the dungeon's keeper key, and so does every seat (adventurer, spectator) of a private
 * dungeon; anyone else may watch or play an adventurer of a live public dungeon without it. A
 * key given where none is needed is still checked (a wrong key is never silently ignored).
 * @throws DungeonAccessRefusal `KEEPER_KEY_REQUIRED` (no key where one is needed) or
 *   `KEEPER_KEY_WRONG` (not this dungeon's key); nothing else happens (no seat, no input).
 */
export async function checkAccess(owner: Ownership, role: SeatRole, keeperKey: string | undefined): Promise<void> {
  const needed = role === "keeper" || owner.private;
  if (keeperKey === undefined || keeperKey === "") {
    if (!needed) return;
    const what = role === "keeper" ? "a keeper seat" : `a ${role} seat of this private dungeon`;
    throw new DungeonAccessRefusal("KEEPER_KEY_REQUIRED", `${what} needs dungeon ${owner.dungeonId}'s keeper key`);
  }
  if (!(await verifyKeeperKey(keeperKey, owner.keeperKeyHash))) {
    throw new DungeonAccessRefusal("KEEPER_KEY_WRONG", `that is not dungeon ${owner.dungeonId}'s keeper key`);
  }
}
