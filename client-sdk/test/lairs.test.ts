import { describe, expect, it } from "vitest";
import { CommandValidationError, DungeonConnection } from "../src/index.ts";
import { fakeRoom } from "./fakeRoom.ts";

/** The SDK methods of the lair and cave-in commands (TRAP-61, DOOR-52): typed, validated locally, requested under their type. */
describe("buildLair, removeLair and collapse in the SDK", () => {
  it("TRAP-61, DOOR-52: malformed lairs and cave-ins are refused locally; well-formed ones are requested as they are", async () => {
    const fake = fakeRoom({ ok: true, id: "12" });
    const conn = new DungeonConnection(fake.asRoom, "keeper");
    await expect(conn.buildLair({ x: 6, y: 1, width: 0, height: 2 })).rejects.toBeInstanceOf(CommandValidationError);
    await expect(conn.buildLair({ x: 6, y: 1, width: 17, height: 2 })).rejects.toThrow(/Invalid "buildLair" payload/);
    await expect(conn.removeLair({ lairId: "lair" })).rejects.toBeInstanceOf(CommandValidationError);
    await expect(conn.collapse({ x: 5, y: -1 })).rejects.toBeInstanceOf(CommandValidationError);
    expect(fake.room.request).not.toHaveBeenCalled();
    await expect(conn.buildLair({ x: 6, y: 1, width: 3, height: 16 })).resolves.toEqual({ ok: true, id: "12" });
    await expect(conn.removeLair({ lairId: "12" })).resolves.toEqual({ ok: true, id: "12" });
    await expect(conn.collapse({ x: 5, y: 15 })).resolves.toEqual({ ok: true, id: "12" });
    expect(fake.room.request.mock.calls).toEqual([
      ["buildLair", { x: 6, y: 1, width: 3, height: 16 }],
      ["removeLair", { lairId: "12" }],
      ["collapse", { x: 5, y: 15 }],
    ]);
  });
});
