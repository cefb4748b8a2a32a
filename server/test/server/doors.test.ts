import { describe, expect, it } from "vitest";
import { Client, type Room } from "@colyseus/sdk";
import { DUNGEON_ROOM, type CommandResult } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { handleServerMessages, rawServer } from "./harness.ts";
import { until } from "../until.ts";

/** Doors over a real WebSocket: keeper commands answered, spectators see the door (DOOR rules). */

const open: Room[] = [];
const server = rawServer(open);

async function join(how: (c: Client) => Promise<Room<any, DungeonState>>): Promise<Room<any, DungeonState>> {
  const room = await how(new Client(server.base()));
  handleServerMessages(room);
  open.push(room);
  return room;
}

describe("doors over the wire", () => {
  it("DOOR-18, DOOR-49: a keeper holds the sanctum door open and the spectator sees it; a wall cutting the walking path is refused naming DOOR-49", async () => {
    const keeper = await join((c) => c.create(DUNGEON_ROOM, { role: "keeper", seed: 3 }, DungeonState));
    const spectator = await join((c) => c.joinById(keeper.roomId, { role: "spectator" }, DungeonState));
    const door = await until("the sanctum door in the spectator's state", () => [...spectator.state.doors.values()][0]);
    expect([door.x, door.y, door.open]).toEqual([29, 15, false]);
    const held = await keeper.request<unknown, CommandResult>("holdDoorOpen", { doorId: door.id });
    expect(held).toEqual({ ok: true });
    await until("the door to show open", () => (spectator.state.doors.get(door.id)?.open ? true : undefined));
    const wall = await keeper.request<unknown, CommandResult>("buildWall", { x: 5, y: 15 });
    expect(wall).toMatchObject({ ok: false, code: "WOULD_CUT_WALKING_PATH", rule: "DOOR-49" });
    const padlock = await keeper.request<unknown, CommandResult>("buildPadlock", { doorId: door.id });
    expect(padlock).toEqual({ ok: true });
    await until("the padlock site to show", () => (spectator.state.doors.get(door.id)?.hasPadlock ? true : undefined));
  });
});
