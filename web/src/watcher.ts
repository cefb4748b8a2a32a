/**
 * Watching one dungeon: spectates its room with the client SDK, draws each state the room sends
 * (render.ts), writes each event as a sentence in the log (sentences.ts), and keeps the clock,
 * the invasion word and the unit roster up to date. The spectator's view decides what arrives
 * (fog): nothing here adds to it.
 */
import {
  estimateTick, formatGameTime, gameTimeOfTick, type ClockLike, type DungeonConnection, type DungeonState, type MalignusClient, type SimEvent,
} from "@malignus/client-sdk";
import { MapRenderer } from "./render.ts";
import { capital, sentence, words, type Names } from "./sentences.ts";
import { bindReplayControls, replayControls, type ReplayElements } from "./replay.ts";
import type { ServerLink } from "./status.ts";

/** The close code of a server shutting down (Colyseus `CloseCode.SERVER_SHUTDOWN`). */
const SERVER_SHUTDOWN = 4001;

/** Longest an event waits for the patch that follows it before it is written, in real ms. */
const EVENT_FLUSH_MS = 300;

/** How many sentences the log keeps (older ones scroll away). */
export const LOG_LINES = 200;

/** The page elements a watch uses. */
export interface WatchElements {
  title: HTMLElement; clock: HTMLElement; invasion: HTMLElement; canvas: HTMLCanvasElement;
  log: HTMLOListElement; roster: HTMLUListElement; replay: ReplayElements;
}

/** One watched dungeon (a live room or a replay). Make one per room; {@link close} it when done. */
export class DungeonWatch {
  readonly #els: WatchElements;
  readonly #link: ServerLink;
  readonly #renderer: MapRenderer;
  readonly #unitNames = new Map<string, string>();
  readonly #partKinds = new Map<string, string>();
  readonly #names: Names;
  #connection: DungeonConnection | undefined;
  #closing = false;
  #onGone: (why: string) => void = () => {};
  #seekTo: (tick: number) => void = () => {};
  readonly #pending: SimEvent[] = [];
  #flushTimer: ReturnType<typeof setTimeout> | undefined;
  /** The clock as last synced (its tick, pause and speed) and when it arrived, in `performance.now()` ms. */
  #clockSync: (ClockLike & { at: number }) | undefined;

  constructor(els: WatchElements, link: ServerLink) {
    this.#els = els;
    this.#link = link;
    this.#renderer = new MapRenderer(els.canvas);
    this.#names = {
      unit: (id) => (id ? this.#unitNames.get(id) : undefined) ?? "someone",
      part: (id) => {
        const kind = id ? this.#partKinds.get(id) : undefined;
        return kind ? capital(words(kind)) : "a trap part";
      },
    };
  }

  /** The connection, once open. */
  get connection(): DungeonConnection | undefined {
    return this.#connection;
  }

  /**
   * Spectates live room `roomId` (or watches what `open` returns, e.g. a replay) and starts drawing.
   * @param onGone called once when the dungeon cannot be watched any more (the room closed, the server restarted without it).
   * @throws the SDK's matchmaking error (rejects) when the room does not exist.
   */
  async open(client: MalignusClient, roomId: string, onGone: (why: string) => void,
    open: () => Promise<DungeonConnection> = () => client.spectate(roomId, "watch page")): Promise<void> {
    this.#onGone = onGone;
    this.#els.log.replaceChildren();
    this.#els.title.textContent = `Dungeon ${roomId}`;
    const connection = await open();
    this.#connection = connection;
    this.#seekTo = bindReplayControls(this.#els.replay, replayControls(connection));
    // A step's events arrive just before its patch: they are written once that patch is drawn,
    // so a unit that came into view and was hit in the same step is named (or after
    // EVENT_FLUSH_MS when no patch follows, e.g. on a paused clock).
    connection.onEvent((event) => {
      this.#pending.push(event);
      this.#flushTimer ??= setTimeout(() => this.#flush(), EVENT_FLUSH_MS);
    });
    connection.onStateChange((state) => {
      this.#draw(state);
      this.#flush();
    });
    connection.onDrop(() => {
      if (this.#closing) return;
      this.#link.show("reconnecting");
      void fetch(`${client.httpUrl}/health`, { cache: "no-store" }).then((r) => { if (!r.ok) this.#link.lost(); }, () => this.#link.lost());
    });
    connection.onReconnect(() => this.#link.show("online"));
    connection.onLeave((code) => {
      if (this.#closing) return;
      if (code === SERVER_SHUTDOWN) {
        this.#link.lost();
        this.#gone("The server stopped, and this dungeon with it.");
      } else {
        this.#gone(`The dungeon closed (code ${code}).`);
      }
    });
    this.#draw(connection.state);
  }

  /**
   * The server answered again after being away: if this room is not live any more, the watch
   * ends (a dungeon that is not stored does not survive a restart).
   */
  async serverBack(liveRoomIds: readonly string[]): Promise<void> {
    const id = this.#connection?.roomId;
    if (id !== undefined && !liveRoomIds.includes(id)) this.#gone("This dungeon ended when the server went away.");
  }

  /** Leaves the room. */
  async close(): Promise<void> {
    this.#closing = true;
    clearTimeout(this.#flushTimer);
    const connection = this.#connection;
    this.#connection = undefined;
    this.#els.replay.box.hidden = true;
    if (connection) {
      connection.room.reconnection.enabled = false;
      await connection.leave().catch(() => undefined);
    }
  }

  #gone(why: string): void {
    if (this.#closing) return;
    void this.close();
    this.#onGone(why);
  }

  /**
   * The room's current tick: the room writes `clock.tick` only once a game minute
   * (`CLOCK_TICK_SYNC_TICKS`) while it runs, so between two syncs it is the SDK's
   * {@link estimateTick} from the real time since the last one (exact on a sync and while paused).
   */
  #tickOf(clock: ClockLike): number {
    const now = performance.now();
    const last = this.#clockSync;
    if (!last || last.tick !== clock.tick || last.paused !== clock.paused || last.timeScale !== clock.timeScale || clock.paused) {
      this.#clockSync = { tick: clock.tick, paused: clock.paused, timeScale: clock.timeScale, at: now };
    }
    return estimateTick(clock, now - (this.#clockSync?.at ?? now));
  }

  #draw(state: DungeonState | undefined): void {
    if (!state || !state.mapName) return;
    state.units?.forEach((u) => this.#unitNames.set(u.id, u.name || `${capital(u.kind)} ${u.id}`));
    state.parts?.forEach((p) => this.#partKinds.set(p.id, p.kind));
    const { clock } = state;
    const tick = this.#tickOf(clock);
    this.#renderer.draw(state, tick);
    this.#els.clock.textContent = `${formatGameTime(clock)}${clock.paused ? " · paused" : ""}`;
    this.#els.clock.title = `Game time (tick ${tick})`;
    this.#els.clock.dataset.tick = String(tick);
    const word = state.invasion?.word ?? "";
    this.#els.invasion.textContent = word ? `Invasion: ${word}` : "";
    this.#els.invasion.dataset.word = word;
    // INV-25: hovering over the word shows the chance that an invasion arrives during the current hour.
    this.#els.invasion.title = word ? `${state.invasion?.hourlyChance ?? 0}% chance of an invasion this hour` : "";
    this.#els.title.textContent = `${state.mapName} · ${state.ruleset}`;
    this.#roster(state);
    this.#seekTo(tick);
  }

  #roster(state: DungeonState): void {
    const lines: string[] = [];
    state.units?.forEach((u) => {
      if (u.state === "left") return;
      const harm = u.harmModel === "hitPoints" ? `${u.hp}/${u.maxHp} HP` : `${u.woundPoints} wound point${u.woundPoints === 1 ? "" : "s"}`;
      lines.push(`${u.name || u.kind} (${u.kind}) at (${u.x},${u.y}), ${u.state}, ${harm}`);
    });
    lines.sort();
    const roster = this.#els.roster;
    if (roster.childElementCount === lines.length && lines.every((l, i) => roster.children[i]?.textContent === l)) return;
    roster.replaceChildren(...lines.map((l) => Object.assign(document.createElement("li"), { textContent: l })));
  }

  #flush(): void {
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    for (const event of this.#pending.splice(0)) this.#logEvent(event);
  }

  #logEvent(event: SimEvent): void {
    const log = this.#els.log;
    const li = document.createElement("li");
    li.dataset.type = event.type;
    const time = document.createElement("time");
    time.textContent = formatGameTime(gameTimeOfTick(event.tick));
    li.append(time, sentence(event, this.#names));
    const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    log.append(li);
    while (log.childElementCount > LOG_LINES) log.firstElementChild?.remove();
    if (atBottom) log.scrollTop = log.scrollHeight;
  }
}
