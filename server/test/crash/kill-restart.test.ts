import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { connect, type DungeonConnection } from "@malignus/client-sdk";
import { SqliteDungeonStore } from "../../src/store/sqlite.ts";
import { exitWithin, freePort, killAll, logLines, startServer, storedRecord, until } from "./processes.ts";

const DATA_DIR = mkdtempSync(join(tmpdir(), "malignus-crash-"));

afterAll(() => {
  killAll();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

describe("kill -9 and restart (issue 16 part 4)", () => {
  it("a dungeon live when its process was killed comes back with the hash after its last logged input; its keeper and adventurer player resume their seats by themselves", async () => {
    // The SDK says what its reconnection does on the console: captured and checked, not printed.
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const port = await freePort();
      const env = { DATA_DIR, LEASE_HOLDER: "crash-test-slot" };
      const first = await startServer(port, env);
      const client = connect(first.url);

      // Mid-invasion: the first party is already in the dungeon; the keeper builds a trap.
      const keeper = await client.createDungeon({ seed: 4242, skipToInvasion: true, pauseOnSpot: false, timeScale: 1 }, { name: "Morag" });
      const dungeonId = keeper.dungeonId!;
      expect(dungeonId).toBe(keeper.roomId);
      const [unitId] = (await client.listDungeons()).find((d) => d.roomId === dungeonId)!.openAdventurerSeats;
      const hero = await client.joinAsAdventurer(dungeonId, unitId, "Ann");
      expect(await until("the hero's seat", () => hero.seat)).toMatchObject({ role: "adventurer", unitId });
      const plate = await keeper.placePart({ kind: "pressurePlate", x: 6, y: 15 });
      const blades = await keeper.placePart({ kind: "spinningBlades", x: 9, y: 15 });
      expect([plate.ok, blades.ok]).toEqual([true, true]);
      const wired = await keeper.wire({ path: [6, 7, 8, 9].map((x) => ({ x, y: 15 })) });
      expect(wired.ok).toBe(true);

      const dropped = [keeper, hero].map((c: DungeonConnection) => new Promise<number>((resolve) => c.onDrop((code) => resolve(code))));
      const resumed = [keeper, hero].map((c: DungeonConnection) => new Promise<void>((resolve) => c.onReconnect(() => resolve())));
      const left: number[] = [];
      for (const c of [keeper, hero]) c.onLeave((code) => left.push(code));

      first.child.kill("SIGKILL");
      expect(await exitWithin(first, 5_000)).toBe(null);
      expect(await Promise.all(dropped)).toEqual([1006, 1006]);

      // What the store holds: live, with the hash after the last acknowledged input.
      const before = await storedRecord(DATA_DIR, dungeonId);
      expect(before).toMatchObject({ status: "live", lease: { holder: "crash-test-slot" } });
      expect(before.inputCount).toBeGreaterThanOrEqual(5); // seats ×2 or more, placePart ×2, wire
      expect(before.hash).toMatch(/^[0-9a-f]{16}$/);

      // Restart on the same port and data: the dungeon is restored at start with that hash.
      const second = await startServer(port, env);
      const restored = await until("the restore at start", () => logLines(second, "live dungeon restored at start")[0]);
      expect(restored).toMatchObject({ dungeonId, roomId: dungeonId, tick: before.tick, hash: before.hash, storedTick: before.tick, storedHash: before.hash });
      expect(logLines(second, "live dungeons after start")[0]).toMatchObject({ restored: 1, leased: 0, failed: 0 });

      // Both clients resume by themselves, in their seats, on the restored room.
      await Promise.all(resumed);
      expect(left).toEqual([]);
      expect(keeper.roomId).toBe(dungeonId);
      expect(keeper.seat).toMatchObject({ role: "keeper", dungeonId });
      expect(hero.seat).toMatchObject({ role: "adventurer", unitId });
      const parts = await until("the trap in the resumed keeper's state", () => {
        const kinds = [...keeper.state.parts.values()].map((p) => `${p.kind}@${p.x},${p.y}`).sort();
        return kinds.length === 2 ? kinds : undefined;
      });
      expect(parts).toEqual(["pressurePlate@6,15", "spinningBlades@9,15"]);
      expect(keeper.state.cables.size).toBe(1);
      // The keeper commands again; its input is logged after the restored ones.
      expect(await keeper.placePart({ kind: "pressurePlate", x: 13, y: 15 })).toMatchObject({ ok: true });
      const newSeat = keeper.seat!.seatId;

      // What the SDK said on the console while it reconnected: Colyseus' retries, no warning of ours.
      expect(info.mock.calls.some((c) => String(c[0]).includes("[Colyseus reconnection]"))).toBe(true);
      expect(warn.mock.calls).toEqual([]);

      await Promise.all([keeper.leave(), hero.leave()]);
      second.child.kill("SIGTERM");
      expect(await exitWithin(second, 10_000)).toBe(0);
      const after = await storedRecord(DATA_DIR, dungeonId);
      expect(after).toMatchObject({ status: "resting", lease: null });
      expect(after.inputCount).toBeGreaterThan(before.inputCount);
      const store = new SqliteDungeonStore({ file: join(DATA_DIR, "malignus.sqlite") });
      await store.init();
      const log = await store.inputs(dungeonId);
      await store.close();
      expect(log.map((i) => i.seq)).toEqual([...log.keys()]); // one log, no gap across the crash
      const last = log.filter((i) => i.input.command.type === "placePart").at(-1)!.input;
      expect(last.actor).toEqual({ kind: "keeper", seatId: newSeat });
      expect(last.command).toEqual({ type: "placePart", kind: "pressurePlate", x: 13, y: 15 });
    } finally {
      info.mockRestore();
      warn.mockRestore();
    }
  }, 30_000);
});
