import { STORED_DUNGEONS_PAGE, type StoredDungeon, type StoredDungeonPage } from "@malignus/shared";
import { DungeonDataError, type DungeonRecord, type DungeonStore, type DungeonSummary } from "../store/types.ts";
import { DungeonId } from "./options.ts";

/** An HTTP answer of the stored-dungeon routes: a status and a JSON body. */
export interface JsonAnswer { status: number; body: unknown }

/** One stored dungeon as clients see it (never its keeper key hash nor its options). */
export function storedDungeonOf(d: Pick<DungeonSummary, "dungeonId" | "map" | "ruleset" | "day" | "ownerName" | "private" | "status">): StoredDungeon {
  return { dungeonId: d.dungeonId, map: d.map, ruleset: d.ruleset, day: d.day, ownerName: d.ownerName, private: d.private, status: d.status };
}

/** Reads a paging parameter: absent → `fallback`; else a whole number ≥ `min`, or an error text. */
function pagingNumber(raw: string | null, name: string, fallback: number, min: number): number | string {
  if (raw === null || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) return `${name} must be a whole number ≥ ${min} (got ${JSON.stringify(raw.slice(0, 20))})`;
  const n = Number(raw);
  return n < min ? `${name} must be ≥ ${min}` : n;
}

/** Reads the `order` parameter: absent or "oldest" → false, "newest" → true, else an error text. */
function newestFirst(raw: string | null): boolean | string {
  if (raw === null || raw === "" || raw === "oldest") return false;
  if (raw === "newest") return true;
  return `order must be oldest or newest (got ${JSON.stringify(raw.slice(0, 20))})`;
}

/**
 * `GET /dungeons?offset=&limit=&order=`: a page of the stored dungeons, oldest first (creation
 * time), or most recent first with `order=newest` (the watch page's list), with the total
 * ({@link StoredDungeonPage}). `limit` defaults to `STORED_DUNGEONS_PAGE.defaultLimit` and is
 * capped at `maxLimit` (200); `offset` defaults to 0. Bad paging or order: 400 `{ error, reason }`.
 */
export async function listStored(store: DungeonStore, query: URLSearchParams): Promise<JsonAnswer> {
  const offset = pagingNumber(query.get("offset"), "offset", 0, 0);
  const limit = pagingNumber(query.get("limit"), "limit", STORED_DUNGEONS_PAGE.defaultLimit, 1);
  const newest = newestFirst(query.get("order"));
  if (typeof offset === "string" || typeof limit === "string" || typeof newest === "string") {
    return { status: 400, body: { error: "BAD_PAGING", reason: [offset, limit, newest].filter((v) => typeof v === "string").join("; ") } };
  }
  const capped = Math.min(limit, STORED_DUNGEONS_PAGE.maxLimit);
  const page = await store.list({ offset, limit: capped, ...(newest ? { newestFirst: true } : {}) });
  const body: StoredDungeonPage = { total: page.total, offset, limit: capped, dungeons: page.dungeons.map(storedDungeonOf) };
  return { status: 200, body };
}

/**
 * `GET /dungeons/:id`: one stored dungeon ({@link StoredDungeon}, plus `statusReason` when
 * damaged). A malformed or unknown id: 404 `{ error: "UNKNOWN_DUNGEON", reason, dungeonId }` (the
 * shape and wording of replay/route.ts's, `no stored dungeon has id <id>`); a record
 * that cannot be read: 500 `{ error: "DUNGEON_DATA", reason }` naming the problem.
 */
export async function getStored(store: DungeonStore, id: string): Promise<JsonAnswer> {
  const parsed = DungeonId.safeParse(id);
  let record: DungeonRecord | undefined;
  try {
    record = parsed.success ? await store.get(parsed.data) : undefined;
  } catch (err) {
    if (!(err instanceof DungeonDataError)) throw err;
    return { status: 500, body: { error: "DUNGEON_DATA", reason: err.message } };
  }
  if (!record) {
    const reason = parsed.success ? `no stored dungeon has id ${parsed.data}` : "a dungeon id is 1-64 letters, digits, _ or -";
    return { status: 404, body: { error: "UNKNOWN_DUNGEON", reason, dungeonId: id } };
  }
  return { status: 200, body: { ...storedDungeonOf(record), ...(record.status === "damaged" ? { statusReason: record.statusReason } : {}) } };
}

/** A JSON `Response` of an answer. */
export function jsonResponse(answer: JsonAnswer): Response {
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
}
