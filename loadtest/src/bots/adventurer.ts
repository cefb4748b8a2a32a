import { DungeonConnection, type CommandResult, type MalignusClient } from "@malignus/client-sdk";
import type { MoveTo, TurnPlan } from "@malignus/shared";
import type { BotRandom } from "./rand.ts";
import type { CommandRecorder } from "./keeper.ts";

/** True when the client-sdk can play adventurer turns (`moveTo` and `planTurn` on a connection). */
export function adventurerTurnsAvailable(proto: object = DungeonConnection.prototype): boolean {
  return typeof (proto as Record<string, unknown>).moveTo === "function" && typeof (proto as Record<string, unknown>).planTurn === "function";
}

/** What one adventurer bot did. */
export interface AdventurerOutcome {
  /** True once a seat was claimed. */
  seated: boolean;
  /** Real ms from the first try to the seat, when seated. */
  seatMs: number | null;
  /** Join attempts refused (no party yet, or every member taken). */
  refusals: number;
  connection: DungeonConnection | null;
}

/**
 * The adventurer bot's seat: waits for a party in `roomId` (polling `GET /rooms` for open
 * adventurer seats every `pollMs`) and claims one with `joinAsAdventurer`.
 * @returns the outcome once seated or once `signal` aborts.
 */
export async function runAdventurerBot(client: MalignusClient, roomId: string, name: string, signal: AbortSignal, pollMs = 2000): Promise<AdventurerOutcome> {
  const out: AdventurerOutcome = { seated: false, seatMs: null, refusals: 0, connection: null };
  const t0 = performance.now();
  while (!signal.aborted) {
    let open: string[] = [];
    try {
      const listing = (await client.listDungeons()).find((d) => d.roomId === roomId);
      open = listing?.openAdventurerSeats ?? [];
    } catch { /* the server may be busy: try again */ }
    if (open.length > 0) {
      try {
        out.connection = await client.joinAsAdventurer(roomId, undefined, name);
        out.seated = true;
        out.seatMs = performance.now() - t0;
        return out;
      } catch {
        out.refusals++;
      }
    }
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, pollMs);
      signal.addEventListener("abort", () => { clearTimeout(t); resolve(); }, { once: true });
    });
  }
  return out;
}

/** What the adventurer bot reads from the state it receives (structural, for tests). */
export interface AdventurerView {
  width: number;
  tiles: string;
  units?: Iterable<{ id: string; kind: string; x: number; y: number; state?: string }>;
}

/** One adventurer action: a walk order out of combat, or a turn plan in an encounter. */
export type AdventurerAction = { type: "moveTo"; payload: MoveTo } | { type: "planTurn"; payload: TurnPlan };

/** Tiles an adventurer can walk to. */
const WALKABLE = new Set([".", ",", "S", "+", "P"]);

function values<T>(it: Iterable<T> | undefined): T[] {
  if (!it) return [];
  const v = (it as { values?: () => Iterable<T> }).values;
  return typeof v === "function" ? [...v.call(it)] : [...it];
}

/**
 * The adventurer bot's next action. Out of an encounter: walk to a random walkable tile, the
 * sanctum half of the time (where the Master is). In an encounter (`inEncounter`): attack the
 * nearest keeper-side unit it sees (master, minion or creature, not down), else wait.
 */
export function chooseAdventurerAction(view: AdventurerView, selfId: string, inEncounter: boolean, rand: BotRandom): AdventurerAction {
  const units = values(view.units);
  const me = units.find((u) => u.id === selfId);
  if (inEncounter) {
    const foes = units.filter((u) => (u.kind === "master" || u.kind === "minion" || u.kind === "creature") &&
      !["dead", "unconscious", "captured", "left"].includes(u.state ?? ""));
    if (me && foes.length > 0) {
      const d = (u: { x: number; y: number }) => Math.max(Math.abs(u.x - me.x), Math.abs(u.y - me.y));
      const nearest = foes.reduce((a, b) => (d(b) < d(a) ? b : a));
      return { type: "planTurn", payload: { action: "attack", targetId: nearest.id } };
    }
    return { type: "planTurn", payload: { action: "wait" } };
  }
  const walk: { x: number; y: number }[] = [];
  const sanctum: { x: number; y: number }[] = [];
  const tiles = view.tiles; // read once: on a decoded state it joins the map's rows
  for (let i = 0; i < tiles.length; i++) {
    const c = tiles[i] as string;
    if (!WALKABLE.has(c)) continue;
    const p = { x: i % view.width, y: Math.floor(i / view.width) };
    walk.push(p);
    if (c === "S") sanctum.push(p);
  }
  const pool = sanctum.length > 0 && rand.chance(50) ? sanctum : walk;
  const to = pool.length > 0 ? rand.pick(pool) : { x: me?.x ?? 0, y: me?.y ?? 0 };
  return { type: "moveTo", payload: { x: to.x, y: to.y } };
}

/**
 * Plays a seated adventurer until `stop()`: one action every `intervalMs` (jittered), never more
 * than one in flight. It walks (`moveTo`) until the server answers `IN_ENCOUNTER`, then plans its
 * turns (`planTurn`) until a plan is refused with a code other than the rules' (the encounter is over).
 * @returns `stop`.
 */
export function runAdventurerTurns(conn: DungeonConnection, rand: BotRandom, intervalMs: number, rec: CommandRecorder): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inEncounter = false;
  const loop = async (): Promise<void> => {
    if (stopped) return;
    const selfId = conn.seat?.unitId ?? "";
    const view = conn.state as unknown as AdventurerView;
    if (selfId && view && typeof view.tiles === "string" && view.tiles.length > 0) {
      const action = chooseAdventurerAction(view, selfId, inEncounter, rand);
      const t0 = performance.now();
      try {
        const result: CommandResult = action.type === "moveTo" ? await conn.moveTo(action.payload) : await conn.planTurn(action.payload);
        rec.answered(action.type, performance.now() - t0, result);
        if (!result.ok && result.code === "IN_ENCOUNTER") inEncounter = true;
        else if (action.type === "planTurn" && !result.ok) inEncounter = false;
      } catch (err) {
        rec.failed(action.type, /timed? ?out/i.test(String(err)) ? "command-timeout" : "command-failed");
      }
    }
    if (!stopped) timer = setTimeout(() => void loop(), rand.jitter(intervalMs));
  };
  timer = setTimeout(() => void loop(), rand.jitter(intervalMs));
  return () => { stopped = true; clearTimeout(timer); };
}
