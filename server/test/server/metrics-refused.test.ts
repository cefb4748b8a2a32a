import { describe, expect, it } from "vitest";
import type { Room } from "@colyseus/sdk";
import { rawServer } from "./harness.ts";

const open: Room[] = [];
const server = rawServer(open);

describe("malignus_rooms gauge", () => {
  it("a refused create (timeScale 99999, HTTP 400) leaves malignus_rooms at 0; a created room counts 1", async () => {
    const metric = async () => (await (await fetch(`${server.base()}/metrics`)).text()).split("\n").filter((l) => l.startsWith("malignus_rooms "));
    expect(await metric()).toEqual(["malignus_rooms 0"]);

    const refused = await fetch(`${server.base()}/matchmake/create/dungeon`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ timeScale: 99999 }),
    });
    expect(refused.status).toBe(400);
    await new Promise((r) => setTimeout(r, 100)); // the refused room's dispose runs after the answer
    expect(await metric()).toEqual(["malignus_rooms 0"]);

    const created = await fetch(`${server.base()}/matchmake/create/dungeon`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ timeScale: 10 }),
    });
    expect(created.status).toBe(200);
    expect(await metric()).toEqual(["malignus_rooms 1"]);
  });
});
