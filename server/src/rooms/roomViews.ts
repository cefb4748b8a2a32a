import { Protocol, getMessageBytes, type Client } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { EVENT_MESSAGE, type SimEvent } from "@malignus/shared";
import type { DungeonState } from "@malignus/shared/schema";
import type { Simulation } from "../sim/index.ts";
import { addStepPhase } from "../metrics.ts";
import { projectState, structureStamp, structureVersion, unitsMarked, unitsUnchanged } from "./projection.ts";
import {
  StepViewContext, ViewSignature, checkView, eventVisible, initView, patchCarriesViews, syncChangedView, syncView, viewChecksOn, viewerKey, type Viewer,
} from "./views.ts";
import { spectatorsHear } from "../sim/views/index.ts";

/** One shared StateView of a room and what the room keeps to sync it and to send it events. */
interface ViewEntry {
  /** Its {@link viewerKey}. */
  readonly key: string;
  readonly view: StateView;
  readonly viewer: Viewer;
  /** Clients holding it. */
  clients: number;
  /** What its entries depended on at its last sync (views.ts). */
  readonly signature: ViewSignature;
  /** The room's event counter when {@link ViewEntry.eventSee} was decided. */
  eventStamp: number;
  /** Whether its viewer may see the event {@link ViewEntry.eventStamp} names. */
  eventSee: boolean;
}

/** A client as the views need it: its viewer and seat role (from its seat) and its StateView. */
type ViewClient = Client<{ userData: { viewer: Viewer; seat?: { role: string } } }>;

/**
 * Projection driving for one room, one direction: the simulation (read only) → the
 * `DungeonState` schema (projection.ts, and the adventurers' `controller` from the simulation's
 * records) → one shared `StateView` per distinct viewer (views.ts: every keeper and every
 * spectator of a room without `spectatorsSeeAll` share one, so it is synced and encoded once per
 * patch) → the clients; and the simulation's events to the clients whose viewer may see each
 * (views.ts `eventVisible`).
 */
export class RoomViews {
  readonly #state: DungeonState;
  readonly #sim: Simulation;
  readonly #timeScale: number;
  /** The room's view context (views.ts), invalidated whenever the simulation may have changed. */
  readonly #ctx: StepViewContext;
  readonly #views = new Map<string, ViewEntry>();
  /** The same entries as {@link RoomViews.#views}, as an array walked each step without allocating. */
  readonly #list: ViewEntry[] = [];
  /** Counts events sent, so each view decides an event's visibility once. */
  #eventStamp = 0;
  /** The seats' version when the `controller` fields were last projected, -1 never. */
  #controllersSeats = -1;
  /** The units map's structure version (projection.ts) when the `controller` fields were last projected. */
  #controllersUnits: number | undefined = -1;
  /** `performance.now()` when the last timed projection ended (the `views` phase starts there). */
  projectedAt = 0;

  constructor(state: DungeonState, sim: Simulation, timeScale: number) {
    this.#state = state;
    this.#sim = sim;
    this.#timeScale = timeScale;
    this.#ctx = new StepViewContext(sim);
  }

  /**
   * Projects the simulation, the adventurers' controllers (when the seats' version `seats` or the
   * units changed), and every view whose signature changed. Given the step's time after its
   * ticks (`performance.now()`), times the `projection` phase.
   */
  project(seats: number, started?: number): void {
    const changed = projectState(this.#state, this.#sim, this.#timeScale);
    if (started !== undefined) { this.projectedAt = performance.now(); addStepPhase("projection", this.projectedAt - started); }
    this.#projectControllers(seats);
    // Issue 20 part 2: no tick, no input, nothing marked (projection.ts): what each view may see
    // is as it was, so the views are not even asked (a view attached since was synced then).
    if (!changed) return;
    // Issue 20 part 2: what the keeper sees is computed again only when a unit changed (the
    // change marks), or the map, the spectral eye or the torches did (fog.ts).
    this.#ctx.invalidateUnlessSame(unitsUnchanged(this.#state));
    const views = this.#list;
    // The units marked this step: an adventurer standing still decides only those again.
    const marked = unitsMarked(this.#state);
    const stamp = structureStamp(this.#state);
    for (let i = 0; i < views.length; i++) {
      const entry = views[i]!;
      // Skipped while nothing it may see has changed (views.ts ViewSignature); else only the
      // collections whose entries were added or removed (and an adventurer's marked units),
      // unless more may have changed.
      if (!entry.signature.changed(this.#state, this.#ctx, entry.viewer, structureVersion, marked, stamp)) continue;
      syncChangedView(entry.view, this.#state, this.#ctx, entry.viewer, entry.signature);
    }
    // Tests (server/test/setup.ts): every view is what a full recomputation gives.
    if (viewChecksOn()) for (const entry of views) checkView(entry.view, this.#state, this.#sim, entry.viewer, entry.key);
  }

  /** Marks the schema's changes as belonging to the views that hold them (before `broadcastPatch`). */
  markPatch(): void {
    patchCarriesViews(this.#state, this.#list);
  }

  /**
   * Writes the adventurers' `controller` (the seat playing each unit, as the simulation's records
   * hold it after the room's `seats` inputs) into the schema units; skipped while neither the
   * seats nor the units (added or removed) changed.
   */
  #projectControllers(seats: number): void {
    const unitsVersion = structureVersion(this.#state.units);
    if (this.#controllersSeats === seats && unitsVersion !== undefined && unitsVersion === this.#controllersUnits) return;
    this.#controllersUnits = unitsVersion;
    this.#controllersSeats = seats;
    const records = this.#sim.state.units;
    this.#state.units.forEach((u, id) => {
      const c = records[id]?.controller ?? "";
      if (u.controller !== c) u.controller = c;
    });
  }

  /** Gives `client` the shared view of its viewer, making and syncing it if it is the first. */
  attach(client: ViewClient): void {
    const viewer = client.userData!.viewer;
    const key = viewerKey(viewer);
    let entry = this.#views.get(key);
    if (!entry) {
      const view = new StateView();
      initView(view, this.#state, viewer);
      this.#ctx.invalidate();
      syncView(view, this.#state, this.#ctx, viewer);
      // A fresh signature: the next step syncs the view again, as it always did.
      entry = { key, view, viewer, clients: 0, signature: new ViewSignature(), eventStamp: 0, eventSee: false };
      this.#views.set(key, entry);
      this.#list.push(entry);
    }
    entry.clients++;
    client.view = entry.view;
  }

  /** Releases `client`'s view; the last client of a view disposes it. */
  detach(client: ViewClient): void {
    const viewer = client.userData?.viewer;
    if (!viewer || !client.view) return;
    const key = viewerKey(viewer);
    const entry = this.#views.get(key);
    if (!entry || entry.view !== client.view) { client.view.dispose(); return; }
    if (--entry.clients > 0) return;
    entry.view.dispose();
    this.#views.delete(key);
    this.#list.splice(this.#list.indexOf(entry), 1);
  }

  /**
   * Sends each event to the `clients` whose viewer may see it (encoded once, decided once per
   * distinct viewer); an event that only repeats a state change (`spectatorsHear` false) skips
   * spectator seats.
   */
  broadcast(clients: Iterable<ViewClient>, events: readonly SimEvent[]): void {
    if (events.length === 0) return;
    const ctx = this.#ctx;
    ctx.invalidate(); // the simulation just stepped
    for (const event of events) {
      const e = event as unknown as { type: string } & Record<string, unknown>;
      let bytes: Buffer | undefined;
      const stamp = ++this.#eventStamp;
      const toSpectators = spectatorsHear(e.type);
      for (const client of clients) {
        const viewer = client.userData?.viewer;
        if (!viewer) continue;
        if (!toSpectators && client.userData?.seat?.role === "spectator") continue;
        const entry = this.#views.get(viewerKey(viewer));
        let see: boolean;
        if (entry === undefined) see = eventVisible(ctx, viewer, e);
        else if (entry.eventStamp === stamp) see = entry.eventSee;
        else { see = eventVisible(ctx, viewer, e); entry.eventStamp = stamp; entry.eventSee = see; }
        if (see) client.enqueueRaw(bytes ??= getMessageBytes.raw(Protocol.ROOM_DATA, EVENT_MESSAGE, event));
      }
    }
  }
}
