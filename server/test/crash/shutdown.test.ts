import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { connect, type SimEventOf } from "@malignus/client-sdk";
import { SqliteDungeonStore } from "../../src/store/sqlite.ts";
import { exitWithin, freePort, killAll, logLines, startServer, storedRecord, until } from "./processes.ts";

const DATA_DIR = mkdtempSync(join(tmpdir(), "malignus-shutdown-"));

afterAll(() => {
  killAll();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

describe("SIGTERM and Ctrl-C (issue 16 part 4)", () => {
  it("every room tells its clients, saves and closes, the process exits 0; started again, the keeper's SDK reopens its dungeon by itself and finds its trap", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    try {
      const port = await freePort();
      const first = await startServer(port, { DATA_DIR });
      const keeper = await connect(first.url).createDungeon({ seed: 99, timeScale: 1 }, { name: "Morag" });
      const id = keeper.dungeonId!;
      expect(await keeper.placePart({ kind: "pressurePlate", x: 6, y: 15 })).toMatchObject({ ok: true });
      const told: SimEventOf<"serverShuttingDown">[] = [];
      keeper.onEvent("serverShuttingDown", (e) => told.push(e));
      const dropped = new Promise<number>((resolve) => keeper.onDrop((code) => resolve(code)));
      const resumed = new Promise<void>((resolve) => keeper.onReconnect(() => resolve()));

      first.child.kill("SIGTERM");
      expect(await exitWithin(first, 10_000)).toBe(0);
      expect(await dropped).toBe(4001);
      expect(told).toEqual([{ type: "serverShuttingDown", tick: expect.any(Number), reason: "SIGTERM: the server is shutting down" }]);
      const rested = await storedRecord(DATA_DIR, id);
      expect(rested).toMatchObject({ status: "resting", lease: null, snapshotSeq: rested.inputCount, snapshotTick: rested.tick });
      expect(logLines(first, "shut down")).toHaveLength(1);
      // The keeper's seat is freed once, not logged as held first (fresh-user finding 9): no seat is held on a shutdown.
      expect(logLines(first, "client dropped: seat held")).toEqual([]);
      expect(logLines(first, "client left: seat freed")).toEqual([]);
      expect(logLines(first, "room closing: seat freed, not held").map((l) => [l.role, l.code, l.roomId])).toEqual([["keeper", 4001, id]]);

      // Started again: nothing was live, nothing restored at start; the keeper's SDK opens it with its key.
      const second = await startServer(port, { DATA_DIR });
      await resumed;
      expect(logLines(second, "live dungeon restored at start")).toEqual([]);
      expect(logLines(second, "dungeon restored")[0]).toMatchObject({ dungeonId: id, tick: rested.tick });
      expect(keeper.roomId).toBe(id);
      expect(keeper.seat).toMatchObject({ role: "keeper", dungeonId: id });
      expect([...keeper.state.parts.values()].map((p) => `${p.kind}@${p.x},${p.y}`)).toEqual(["pressurePlate@6,15"]);
      expect(await keeper.placePart({ kind: "spinningBlades", x: 9, y: 15 })).toMatchObject({ ok: true });

      // Ctrl-C (SIGINT) does the same.
      const toldAgain = keeper.waitForEvent("serverShuttingDown");
      second.child.kill("SIGINT");
      expect(await exitWithin(second, 10_000)).toBe(0);
      expect((await toldAgain).reason).toBe("SIGINT: the server is shutting down");
      const again = await storedRecord(DATA_DIR, id);
      expect(again).toMatchObject({ status: "resting", lease: null, snapshotSeq: again.inputCount });
      // One log across both runs: seat facts (keeper present, then gone at each shutdown) and the keeper's two commands.
      const store = new SqliteDungeonStore({ file: join(DATA_DIR, "malignus.sqlite") });
      await store.init();
      const log = await store.inputs(id);
      await store.close();
      expect(log.map((i) => `${i.seq}:${i.input.command.type}`)).toEqual(["0:seats", "1:placePart", "2:seats", "3:seats", "4:placePart", "5:seats"]);
      expect(rested.inputCount).toBe(3);
      await keeper.leave(); // stops its resume: no server any more
    } finally {
      info.mockRestore();
    }
  }, 30_000);
});
