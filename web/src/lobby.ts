/**
 * The dungeon lists: live dungeons from `GET /rooms`, and stored (resting) dungeons with their
 * replays from `GET /dungeons` when the server has that route (durable dungeons, issue 16);
 * without it the section stays hidden.
 */
import type { DungeonListing } from "@malignus/client-sdk";

/** A stored dungeon as the page shows it, read leniently from `GET /dungeons`. */
export interface StoredDungeon {
  id: string; map: string; ruleset: string; day: number; owner: string;
  /** Running in a room now (it is in the live list too) or resting in the store. */
  live: boolean;
  /** Created with `private: true`: every seat and its replay need the keeper key, which the page does not have. */
  private: boolean;
}

/** How often the lists are refreshed while shown, in real milliseconds. */
export const LIST_REFRESH_MS = 2000;

/**
 * Reads a `GET /dungeons` answer: an array, or an object holding one under `dungeons` or
 * `items` (paged answers), of entries with `dungeonId` or `id`. Anything else: undefined.
 */
export function parseStored(body: unknown): StoredDungeon[] | undefined {
  const raw = Array.isArray(body) ? body
    : body && typeof body === "object" ? ((body as { dungeons?: unknown }).dungeons ?? (body as { items?: unknown }).items) : undefined;
  if (!Array.isArray(raw)) return undefined;
  const out: StoredDungeon[] = [];
  for (const item of raw as Record<string, unknown>[]) {
    const id = item.dungeonId ?? item.id;
    if (typeof id !== "string" && typeof id !== "number") continue;
    out.push({
      id: String(id),
      map: String(item.map ?? ""),
      ruleset: String(item.ruleset ?? ""),
      day: Number(item.day ?? 1),
      owner: String(item.ownerName ?? item.owner ?? ""),
      live: item.live === true || item.status === "live",
      private: item.private === true,
    });
  }
  return out;
}

/** What one refresh found. `stored` is undefined when the server has no `GET /dungeons`. */
export interface Lists { live: DungeonListing[]; stored: StoredDungeon[] | undefined }

/**
 * Fetches both lists; the stored dungeons most recent first (`GET /dungeons?order=newest`: the
 * first page holds the latest ones).
 * @throws TypeError (rejects) when the server cannot be reached; Error when `/rooms` answers non-2xx.
 */
export async function fetchLists(base: string): Promise<Lists> {
  const rooms = await fetch(`${base}/rooms`, { cache: "no-store", headers: { accept: "application/json" } });
  if (!rooms.ok) throw new Error(`GET /rooms answered ${rooms.status}`);
  const live = await rooms.json() as DungeonListing[];
  let stored: StoredDungeon[] | undefined;
  try {
    const answer = await fetch(`${base}/dungeons?order=newest`, { cache: "no-store", headers: { accept: "application/json" } });
    stored = answer.ok ? parseStored(await answer.json()) : undefined;
  } catch {
    stored = undefined;
  }
  return { live, stored };
}

/** What one row of a list shows: its key (a room or dungeon id), texts, and what picking it does (undefined: not offered). */
interface Row { key: string; label: string; detail: string; attrs: Record<string, string>; onPick: (() => void) | undefined }

/** The text parts of a row's button, kept to update it in place. */
interface RowElements { li: HTMLLIElement; button: HTMLButtonElement; strong: HTMLElement; small: HTMLElement }

/** Each list's rows by key, so a refresh updates the same elements (focus and hover survive a poll). */
const rowsOf = new WeakMap<HTMLElement, Map<string, RowElements>>();

function newRow(attrs: Record<string, string>): RowElements {
  const li = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  for (const [k, v] of Object.entries(attrs)) button.dataset[k] = v;
  const strong = document.createElement("strong");
  const small = document.createElement("small");
  button.append(strong, small);
  li.append(button);
  return { li, button, strong, small };
}

/**
 * Shows `rows` in `list`, in that order, keyed by {@link Row.key}: a row already shown keeps its
 * `<li>` and `<button>` (only a text or state that changed is written, and the element is moved
 * only when its place changed), a new key gets new elements, a key no longer given is removed.
 */
function showRows(list: HTMLElement, rows: readonly Row[]): void {
  let shown = rowsOf.get(list);
  if (!shown) { shown = new Map(); rowsOf.set(list, shown); list.replaceChildren(); }
  const keep = new Set(rows.map((r) => r.key));
  for (const [key, el] of shown) if (!keep.has(key)) { el.li.remove(); shown.delete(key); }
  rows.forEach((row, i) => {
    let el = shown.get(row.key);
    if (!el) { el = newRow(row.attrs); shown.set(row.key, el); }
    if (el.strong.textContent !== row.label) el.strong.textContent = row.label;
    if (el.small.textContent !== row.detail) el.small.textContent = row.detail;
    const disabled = row.onPick === undefined;
    if (el.button.disabled !== disabled) el.button.disabled = disabled;
    el.button.onclick = row.onPick ?? null;
    if (list.children[i] !== el.li) list.insertBefore(el.li, list.children[i] ?? null);
  });
}

/**
 * Fills `#live-list` (and `#live-empty`) with one button per live dungeon, sorted by room id,
 * updating the rows already shown in place (keyed by room id).
 */
export function showLive(list: HTMLElement, empty: HTMLElement, live: readonly DungeonListing[], pick: (roomId: string) => void): void {
  const sorted = [...live].sort((a, b) => a.roomId.localeCompare(b.roomId));
  showRows(list, sorted.map((d) => ({
    key: d.roomId,
    label: `${d.map || "dungeon"} · day ${d.day}, ${String(d.hour).padStart(2, "0")}:00`,
    detail: `${d.ruleset} · ${d.keepers} keeper${d.keepers === 1 ? "" : "s"} · ${d.spectators} watching · room ${d.roomId}`,
    attrs: { roomId: d.roomId },
    onPick: () => pick(d.roomId),
  })));
  empty.hidden = sorted.length > 0;
}

/**
 * Fills `#stored-list` with the resting dungeons, in the order given (most recent first from
 * {@link fetchLists}), updating the rows already shown in place (keyed by dungeon id); each
 * offers its replay when `watchReplay` is given (the server's replay rooms exist), else is
 * listed only. A private dungeon is listed as such and never offered: its replay needs the
 * keeper key (the server would refuse it, 401). Hides the section when `stored` is undefined
 * (no `GET /dungeons`) or holds no resting dungeon.
 */
export function showStored(section: HTMLElement, list: HTMLElement, stored: readonly StoredDungeon[] | undefined,
  watchReplay: ((dungeonId: string) => void) | undefined): void {
  const resting = (stored ?? []).filter((d) => !d.live);
  section.hidden = resting.length === 0;
  showRows(list, resting.map((d) => {
    const offered = watchReplay !== undefined && !d.private;
    return {
      key: d.id,
      label: `${d.map || "dungeon"} · day ${d.day}${d.owner ? ` · ${d.owner}` : ""}`,
      detail: `${d.ruleset} · resting${d.private ? " · private: its keeper key is needed" : offered ? " · watch its replay" : ""} · ${d.id}`,
      attrs: d.private ? { dungeonId: d.id, private: "true" } as Record<string, string> : { dungeonId: d.id },
      onPick: offered ? () => watchReplay(d.id) : undefined,
    };
  }));
}

/**
 * One stored dungeon from `GET /dungeons/<id>`, read as {@link parseStored} reads a list entry.
 * Undefined when the server has no such dungeon (404), no such route, answers something else or
 * cannot be reached: the caller then keeps the error it had.
 */
export async function fetchStoredDungeon(base: string, dungeonId: string): Promise<StoredDungeon | undefined> {
  try {
    const answer = await fetch(`${base}/dungeons/${encodeURIComponent(dungeonId)}`, { cache: "no-store", headers: { accept: "application/json" } });
    return answer.ok ? parseStored([await answer.json()])?.[0] : undefined;
  } catch {
    return undefined;
  }
}

/** What the lobby shows when a watch could not start: its message, and the dungeon whose replay it offers (undefined: none). */
export interface WatchFailure { message: string; replayOf: string | undefined }

/**
 * The lobby's message when `#/dungeon/<roomId>` could not be watched (`why`: the error's text),
 * given what `GET /dungeons/<roomId>` said (`stored`, undefined when it is not stored). A stored
 * dungeon that is not live (a stale link: it went resting) is said to be resting, and its replay
 * is offered as the lobby's stored list offers it ({@link showStored}: never a private one's, which
 * needs the keeper key); otherwise `Could not watch dungeon <roomId>: <why>`.
 */
export function watchFailure(roomId: string, why: string, stored: StoredDungeon | undefined): WatchFailure {
  if (!stored || stored.live) return { message: `Could not watch dungeon ${roomId}: ${why}`, replayOf: undefined };
  if (stored.private) return { message: `Dungeon ${roomId} is resting (no live room to watch); it is private: its replay needs its keeper key.`, replayOf: undefined };
  return { message: `Dungeon ${roomId} is resting (no live room to watch): watch its replay instead.`, replayOf: stored.id };
}
