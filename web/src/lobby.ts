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

function item(label: string, detail: string, attrs: Record<string, string>, onPick: (() => void) | undefined): HTMLLIElement {
  const li = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  for (const [k, v] of Object.entries(attrs)) button.dataset[k] = v;
  const strong = document.createElement("strong");
  strong.textContent = label;
  const small = document.createElement("small");
  small.textContent = detail;
  button.append(strong, small);
  if (onPick) button.addEventListener("click", onPick);
  else button.disabled = true;
  li.append(button);
  return li;
}

/** Fills `#live-list` (and `#live-empty`) with one button per live dungeon. */
export function showLive(list: HTMLElement, empty: HTMLElement, live: readonly DungeonListing[], pick: (roomId: string) => void): void {
  const sorted = [...live].sort((a, b) => a.roomId.localeCompare(b.roomId));
  list.replaceChildren(...sorted.map((d) => item(
    `${d.map || "dungeon"} · day ${d.day}, ${String(d.hour).padStart(2, "0")}:00`,
    `${d.ruleset} · ${d.keepers} keeper${d.keepers === 1 ? "" : "s"} · ${d.spectators} watching · room ${d.roomId}`,
    { roomId: d.roomId },
    () => pick(d.roomId),
  )));
  empty.hidden = sorted.length > 0;
}

/**
 * Fills `#stored-list` with the resting dungeons, in the order given (most recent first from
 * {@link fetchLists}); each offers its replay when `watchReplay` is
 * given (the server's replay rooms exist), else is listed only. Hides the section when
 * `stored` is undefined (no `GET /dungeons`) or holds no resting dungeon.
 */
export function showStored(section: HTMLElement, list: HTMLElement, stored: readonly StoredDungeon[] | undefined,
  watchReplay: ((dungeonId: string) => void) | undefined): void {
  const resting = (stored ?? []).filter((d) => !d.live);
  section.hidden = resting.length === 0;
  list.replaceChildren(...resting.map((d) => item(
    `${d.map || "dungeon"} · day ${d.day}${d.owner ? ` · ${d.owner}` : ""}`,
    `${d.ruleset} · resting${watchReplay ? " · watch its replay" : ""} · ${d.id}`,
    { dungeonId: d.id },
    watchReplay ? () => watchReplay(d.id) : undefined,
  )));
}
