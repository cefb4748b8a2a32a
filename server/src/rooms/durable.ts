import type { Logger } from "../logger.ts";
import { loadMap } from "../maps.ts";
import { Simulation, type DungeonSimOptions, type SimState } from "../sim/index.ts";
import { hashKeeperKey, newKeeperKey } from "../store/keeperKey.ts";
import {
  DungeonDataError, SNAPSHOT_EVERY_TICKS, type DungeonProgress, type DungeonRecord, type DungeonStore, type InputWriter,
} from "../store/types.ts";
import { DungeonAccessRefusal } from "./access.ts";
import { parseCreateOptions, type DungeonOptions } from "./options.ts";
import { restoreSimulation } from "./restore.ts";

/**
 * How long a room's lease on its dungeon lasts without renewal, in real milliseconds: a process
 * that died stops renewing, and another may open the dungeon this long after at most.
 */
export const LEASE_TTL_MS = 15_000;
/**
 * The named choice of issue 16: a stored dungeon's clock stops while nobody is there. Its room
 * runs no tick while it holds no seat (no client connected nor waiting to reconnect), and a
 * resting dungeon has no room at all: reopened a week later, it is exactly as it was left (same
 * tick, same hash). `false` would let an empty room's clock run until it is disposed.
 */
export const CLOCK_STOPS_WHILE_EMPTY = true;

/** How often a live room renews its lease, in real milliseconds (a third of {@link LEASE_TTL_MS}). */
export const LEASE_RENEW_MS = 5_000;

/**
 * What a process gives its dungeon rooms to keep their dungeons (app.ts builds one from
 * `createServer({ store })` and passes it with `server.define(…, { persistence })`). Without one,
 * rooms are ephemeral: nothing stored, no keeper key (tests, benchmarks).
 */
export interface DungeonHost {
  readonly store: DungeonStore;
  /** The process's write-behind queue (store/writer.ts): inputs and snapshots, batched off the step. */
  readonly writer: InputWriter;
  /** The writer's bound of queued inputs (store/writer.ts `MAX_QUEUED_INPUTS`): at it, commands are refused before they apply. */
  readonly maxQueuedInputs: number;
  /** The server's logger: rooms log through it (createServer's `logger`). */
  readonly log: Logger;
  /** This process's lease holder id (one per server). */
  readonly holder: string;
  /**
   * Saves in flight by rooms of this process being disposed, by dungeon id: a room opening the
   * same dungeon waits for the save before loading it.
   */
  readonly saving: Map<string, Promise<void>>;
}

/** The define option that carries the {@link DungeonHost} to `onCreate` (never stored, never a client's). */
export const PERSISTENCE_OPTION = "persistence";

/**
 * One live room's hold on its stored dungeon: the input log's sequence numbers, the appends the
 * room awaits before answering, the snapshots every {@link SNAPSHOT_EVERY_TICKS} ticks
 * (store/types.ts `SNAPSHOT_EVERY_GAME_MINUTES`), the lease, and the last save when the room is
 * disposed. Created by {@link DurableDungeon.create} (a new dungeon) or
 * {@link DurableDungeon.open} (a stored one).
 */
export class DurableDungeon {
  readonly host: DungeonHost;
  readonly dungeonId: string;
  readonly ownerName: string;
  readonly private: boolean;
  readonly keeperKeyHash: string;
  /** `seq` of the restored simulation's first logged input (the snapshot's `nextSeq`; 0 for a new dungeon). */
  readonly #baseSeq: number;
  readonly #log: Logger;
  /** Tick of the last snapshot taken. */
  #snapshotTick: number;
  /** A snapshot is scheduled (setImmediate) and not yet taken. */
  #snapshotPending = false;
  #closed = false;
  /** The lease was lost: no save at all any more. */
  #abandoned = false;

  private constructor(host: DungeonHost, record: Pick<DungeonRecord, "dungeonId" | "ownerName" | "private" | "keeperKeyHash">, baseSeq: number, snapshotTick: number, log: Logger) {
    this.host = host;
    this.dungeonId = record.dungeonId;
    this.ownerName = record.ownerName;
    this.private = record.private;
    this.keeperKeyHash = record.keeperKeyHash;
    this.#baseSeq = baseSeq;
    this.#snapshotTick = snapshotTick;
    this.#log = log;
  }

  /**
   * Stores a new dungeon (`dungeonId` = the room id) with its create options (seed inside), its
   * owner's name, a fresh keeper key's hash and its first snapshot (the state at creation, so a
   * `skipToInvasion` start is not run again), after taking its lease.
   * @returns the dungeon and its keeper key, to tell the creating client only (never stored).
   * @throws StoreError from the store (e.g. `DUNGEON_EXISTS`).
   */
  static async create(host: DungeonHost, dungeonId: string, options: DungeonOptions, ownerName: string, sim: Simulation, log: Logger): Promise<{ durable: DurableDungeon; keeperKey: string }> {
    const keeperKey = newKeeperKey();
    const keeperKeyHash = await hashKeeperKey(keeperKey);
    const isPrivate = options.private === true;
    await host.store.create({
      dungeonId, options: { ...options }, map: options.map, ruleset: options.ruleset, ownerName, keeperKeyHash, private: isPrivate,
    });
    await host.store.acquireLease(dungeonId, host.holder, LEASE_TTL_MS);
    const durable = new DurableDungeon(host, { dungeonId, ownerName, private: isPrivate, keeperKeyHash }, 0, sim.tick, log);
    await host.writer.snapshot(dungeonId, { nextSeq: 0, tick: sim.tick, hash: sim.hash(), state: sim.snapshot() }, { day: sim.clock().day });
    return { durable, keeperKey };
  }

  /**
   * Opens a stored dungeon for a room: waits for a save in flight in this process, checks it
   * exists and is not damaged, takes its lease, loads it (snapshot + the inputs after it,
   * checked by the store), re-validates its create options and restores its simulation
   * (restore.ts), whose hash must equal the stored one. Bad data marks the dungeon damaged with
   * the error's message (its data is left as it is) and refuses.
   * @throws DungeonAccessRefusal `UNKNOWN_DUNGEON`, `DUNGEON_DAMAGED` (now or before, with the
   *   reason), `DUNGEON_BUSY` (another process holds the lease).
   */
  static async open(host: DungeonHost, dungeonId: string, log: Logger): Promise<{ durable: DurableDungeon; options: DungeonOptions; simOptions: DungeonSimOptions; sim: Simulation }> {
    await host.saving.get(dungeonId);
    const record = await storedRecord(host, dungeonId);
    if (!record) throw new DungeonAccessRefusal("UNKNOWN_DUNGEON", `no stored dungeon has id ${dungeonId}`);
    if (record.status === "damaged") throw new DungeonAccessRefusal("DUNGEON_DAMAGED", `dungeon ${dungeonId} is damaged: ${record.statusReason ?? "no reason recorded"}`);
    if (!(await host.store.acquireLease(dungeonId, host.holder, LEASE_TTL_MS))) {
      throw new DungeonAccessRefusal("DUNGEON_BUSY", `dungeon ${dungeonId} is run by another process (its lease has not expired)`);
    }
    try {
      const loaded = await host.store.load(dungeonId, { verifyHash: (state) => Simulation.restore(state as SimState).hash() });
      let options: DungeonOptions;
      try {
        options = parseCreateOptions(loaded.record.options);
      } catch (err) {
        throw new DungeonDataError(dungeonId, "unknown-format", `stored create options: ${(err as Error).message}`);
      }
      const simOptions = simOptionsOf(options);
      const sim = restoreSimulation(loaded, simOptions, loadMap(options.map));
      const baseSeq = loaded.snapshot?.nextSeq ?? 0;
      await host.store.setStatus(dungeonId, "live");
      const durable = new DurableDungeon(host, loaded.record, baseSeq, loaded.snapshot?.tick ?? 0, log);
      log.info({ dungeonId, tick: sim.tick, inputs: loaded.inputs.length, snapshotTick: loaded.snapshot?.tick ?? null }, "dungeon restored");
      return { durable, options, simOptions, sim };
    } catch (err) {
      await host.store.releaseLease(dungeonId, host.holder).catch(() => {});
      if (!(err instanceof DungeonDataError)) throw err;
      log.error({ dungeonId, problem: err.problem }, `dungeon damaged: ${err.message}`);
      await host.store.setStatus(dungeonId, "damaged", err.message);
      throw new DungeonAccessRefusal("DUNGEON_DAMAGED", err.message);
    }
  }

  /**
   * Stores the simulation's last logged input (seq = base + its index) with the progress after
   * it (day, tick, state hash); resolves once it is durable. Call right after an accepted
   * `sim.enqueue`, in the order of the log.
   * @throws StoreError from the writer (`STORE_UNAVAILABLE` when its queue is full, `DAMAGED`…).
   */
  appendLast(sim: Simulation): Promise<void> {
    const index = sim.inputLog.length - 1;
    const input = sim.inputLog[index];
    if (!input) return Promise.resolve();
    const progress: DungeonProgress = { day: sim.clock().day, tick: sim.tick, hash: sim.hash() };
    return this.host.writer.append(this.dungeonId, input, this.#baseSeq + index, progress);
  }

  /**
   * After a step: when {@link SNAPSHOT_EVERY_TICKS} ticks passed since the last snapshot,
   * schedules one off the step's path (`setImmediate`: the step's patch is sent first); the
   * snapshot, its hash and its `nextSeq` are taken together then, so they match.
   */
  afterStep(sim: Simulation): void {
    if (this.#closed || this.#snapshotPending || sim.tick - this.#snapshotTick < SNAPSHOT_EVERY_TICKS) return;
    this.#snapshotPending = true;
    setImmediate(() => {
      this.#snapshotPending = false;
      if (this.#closed) return;
      this.saveSnapshot(sim).catch((err: unknown) => this.#log.error({ err, dungeonId: this.dungeonId }, "snapshot not saved"));
    });
  }

  /** Saves a snapshot of `sim` now (through the writer, after the inputs queued before it). */
  saveSnapshot(sim: Simulation): Promise<void> {
    this.#snapshotTick = sim.tick;
    const snapshot = { nextSeq: this.#baseSeq + sim.inputLog.length, tick: sim.tick, hash: sim.hash(), state: sim.snapshot() };
    return this.host.writer.snapshot(this.dungeonId, snapshot, { day: sim.clock().day });
  }

  /**
   * The room is disposed: saves the last snapshot (after every queued input), marks the dungeon
   * resting and frees its lease. Registered in `host.saving` until done, so a room opening the
   * dungeon again in this process loads what was saved. Never throws (logs).
   */
  close(sim: Simulation): Promise<void> {
    this.#closed = true;
    if (this.#abandoned) return Promise.resolve();
    const id = this.dungeonId;
    const done = (async () => {
      try {
        await this.saveSnapshot(sim);
        await this.host.store.setStatus(id, "resting");
        this.#log.info({ dungeonId: id, tick: sim.tick }, "dungeon saved: resting");
      } catch (err) {
        this.#log.error({ err, dungeonId: id }, "dungeon not saved on close");
      } finally {
        await this.host.store.releaseLease(id, this.host.holder).catch(() => {});
      }
    })();
    const saving = done.finally(() => { if (this.host.saving.get(id) === saving) this.host.saving.delete(id); });
    this.host.saving.set(id, saving);
    return saving;
  }

  /** False when the writer's queue is full (the database away): refuse a command before it applies (`STORE_UNAVAILABLE`). */
  canAppend(): boolean { return this.host.writer.queued < this.host.maxQueuedInputs; }

  /** Stops saving without a last save (the lease was lost: another process runs the dungeon now). */
  abandon(): void { this.#closed = true; this.#abandoned = true; }

  /**
   * Renews the lease (the room calls it every {@link LEASE_RENEW_MS}). Lost (another process took
   * it): stops saving ({@link DurableDungeon.abandon}) and calls `onLost` (the room disconnects);
   * a store out of reach: logged, retried at the next call.
   */
  async keepLease(onLost: () => Promise<unknown>): Promise<void> {
    try {
      if (await this.renewLease()) return;
      this.#log.error({ dungeonId: this.dungeonId }, "lease lost: another process runs this dungeon; closing without saving");
      this.abandon();
      await onLost();
    } catch (err) {
      this.#log.warn({ err, dungeonId: this.dungeonId }, "lease not renewed (store unreachable): retrying");
    }
  }

  /** Renews the lease (call every {@link LEASE_RENEW_MS}); false when another process took it. */
  async renewLease(): Promise<boolean> {
    if (this.#closed) return true;
    return await this.host.store.renewLease(this.dungeonId, this.host.holder, LEASE_TTL_MS);
  }
}

/**
 * The stored record of `dungeonId` (undefined when unknown).
 * @throws DungeonAccessRefusal `DUNGEON_DAMAGED` when the record itself cannot be read (the
 *   store's `corrupt-record`); the dungeon is marked damaged with that reason when possible.
 */
export async function storedRecord(host: DungeonHost, dungeonId: string): Promise<DungeonRecord | undefined> {
  try {
    return await host.store.get(dungeonId);
  } catch (err) {
    if (!(err instanceof DungeonDataError)) throw err;
    host.log.error({ dungeonId, problem: err.problem }, `dungeon damaged: ${err.message}`);
    await host.store.setStatus(dungeonId, "damaged", err.message).catch(() => {});
    throw new DungeonAccessRefusal("DUNGEON_DAMAGED", err.message);
  }
}

/** The options the simulation is created from (DungeonSimOptions) out of a room's create options. */
export function simOptionsOf(options: DungeonOptions): DungeonSimOptions {
  return {
    map: options.map, seed: options.seed, ruleset: options.ruleset, pauseOnSpot: options.pauseOnSpot,
    skipToInvasion: options.skipToInvasion, startPaused: options.startPaused,
    ...(options.firstMerchantDay !== undefined ? { firstMerchantDay: options.firstMerchantDay } : {}),
    ...(options.d100 ? { d100: structuredClone(options.d100) } : {}),
  };
}
