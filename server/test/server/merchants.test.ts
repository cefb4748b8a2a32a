import { describe, expect, it } from "vitest";
import { Client, type Room } from "@colyseus/sdk";
import { DUNGEON_ROOM, EVENT_MESSAGE, type CommandResult, type SimEvent } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { handleServerMessages, rawServer } from "./harness.ts";
import { until } from "../until.ts";

/** Travelling merchants over a real WebSocket (DOOR-12): a spectator sees the merchant and hears it unlock the door. */

const open: Room[] = [];
const server = rawServer(open);

async function join(how: (c: Client) => Promise<Room<any, DungeonState>>): Promise<Room<any, DungeonState>> {
  const room = await how(new Client(server.base()));
  handleServerMessages(room);
  open.push(room);
  return room;
}

describe("travelling merchants over the wire", () => {
  it("DOOR-12: with firstMerchantDay 1 a merchant comes at 08:00; a spectator sees it walk in, hears it unlock the padlocked Sanctum door, and sees it leave", async () => {
    // Created paused, so the keeper's padlock order applies at tick 0 as in a replay; 1000 game minutes a second.
    const keeper = await join((c) => c.create(DUNGEON_ROOM, { role: "keeper", seed: 5, firstMerchantDay: 1, timeScale: 1000, pauseOnSpot: false, startPaused: true }, DungeonState));
    const spectator = await join((c) => c.joinById(keeper.roomId, { role: "spectator" }, DungeonState));
    const heard: SimEvent[] = [];
    spectator.onMessage(EVENT_MESSAGE, (e: SimEvent) => { if (e.type === "merchantArrived" || e.type === "doorUnlocked" || e.type === "merchantLeft") heard.push(e); });
    const door = await until("the sanctum door in the spectator's state", () => [...spectator.state.doors.values()][0]);
    expect([door.id, door.x, door.y]).toEqual(["5", 29, 15]);
    expect(await keeper.request<unknown, CommandResult>("buildPadlock", { doorId: door.id })).toEqual({ ok: true });
    expect(await keeper.request<unknown, CommandResult>("resume", {})).toEqual({ ok: true });
    const seen = await until("the spectator to see the merchant", () => {
      const u = spectator.state.units.get("6");
      return u?.kind === "merchant" ? { name: u.name, faction: u.faction, x: u.x } : undefined;
    }, 15_000);
    expect([seen.name, seen.faction]).toEqual(["Odran the pedlar", "merchant"]);
    await until("the merchant to leave", () => (heard.some((e) => e.type === "merchantLeft") ? true : undefined), 15_000);
    expect(heard).toEqual([
      { type: "merchantArrived", unitId: "6", name: "Odran the pedlar", x: 0, y: 15, tick: 4800 },
      { type: "doorUnlocked", doorId: "5", byUnitId: "6", x: 29, y: 15, tick: 4915 },
      { type: "doorUnlocked", doorId: "5", byUnitId: "6", x: 29, y: 15, tick: 5547 },
      { type: "merchantLeft", unitId: "6", name: "Odran the pedlar", x: 0, y: 15, tick: 5664 },
    ]);
    expect(spectator.state.doors.get("5")?.hasPadlock).toBe(true);
  }, 30_000);

  it("DOOR-12: a firstMerchantDay of 0 is refused at creation", async () => {
    await expect(join((c) => c.create(DUNGEON_ROOM, { role: "keeper", firstMerchantDay: 0 }, DungeonState))).rejects.toThrow(/firstMerchantDay/);
  });
});
