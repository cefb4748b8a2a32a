import { describe, expect, it } from "vitest";
import { COMMANDS } from "@malignus/shared";
import { chooseKeeperAction, lPath, type KeeperView } from "../src/bots/keeper.ts";
import { BotRandom } from "../src/bots/rand.ts";
import { MoveTo, TurnPlan } from "@malignus/shared";
import { adventurerTurnsAvailable, chooseAdventurerAction, type AdventurerView } from "../src/bots/adventurer.ts";

const view: KeeperView = {
  width: 5, height: 3,
  tiles: "#####" + "#..S#" + "#####",
  parts: [
    { id: "4", kind: "pressurePlate", role: "trigger", x: 1, y: 1 },
    { id: "5", kind: "spinningBlades", role: "mechanism", x: 3, y: 1 },
  ],
  cables: [],
  doors: [],
  units: [{ id: "2", kind: "minion" }],
};

describe("keeper bot", () => {
  it("draws only commands whose payload passes the shared validator, on buildable tiles", () => {
    const rand = new BotRandom(42);
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const a = chooseKeeperAction(view, rand);
      seen.add(a.type);
      const validator = (COMMANDS as Record<string, { safeParse: (v: unknown) => { success: boolean } }>)[a.type];
      expect(validator, a.type).toBeDefined();
      expect(validator!.safeParse(a.payload).success, `${a.type} ${JSON.stringify(a.payload)}`).toBe(true);
      if (a.type === "placePart") expect([[1, 1], [2, 1], [3, 1]]).toContainEqual([a.payload.x, a.payload.y]);
    }
    expect(seen.has("placePart")).toBe(true);
    expect(seen.has("wire")).toBe(true);
    expect(seen.has("removePart")).toBe(true);
  });

  it("is repeatable from its seed", () => {
    const run = (seed: number) => { const r = new BotRandom(seed); return Array.from({ length: 20 }, () => JSON.stringify(chooseKeeperAction(view, r))); };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
  });

  it("wires along an orthogonal L path and resumes when nothing else is possible", () => {
    expect(lPath({ x: 1, y: 1 }, { x: 3, y: 2 })).toEqual([{ x: 1, y: 1 }, { x: 2, y: 1 }, { x: 3, y: 1 }, { x: 3, y: 2 }]);
    const walls: KeeperView = { width: 2, height: 1, tiles: "##", parts: [], cables: [] };
    expect(chooseKeeperAction(walls, new BotRandom(1))).toEqual({ type: "resume", payload: {} });
  });

  it("uses only the commands the server offers", () => {
    const only = new Set(["removePart"]);
    const r = new BotRandom(3);
    for (let i = 0; i < 50; i++) expect(chooseKeeperAction(view, r, only).type).toBe("removePart");
  });
});

describe("adventurer bot", () => {
  const aview: AdventurerView = {
    width: 5, tiles: "#####" + "P..S#" + "#####",
    units: [
      { id: "9", kind: "adventurer", x: 1, y: 1, state: "walking" },
      { id: "2", kind: "minion", x: 4, y: 1, state: "idle" },
      { id: "3", kind: "master", x: 3, y: 1, state: "idle" },
      { id: "4", kind: "minion", x: 2, y: 1, state: "dead" },
    ],
  };

  it("plays turns when the SDK has moveTo and planTurn", () => {
    expect(adventurerTurnsAvailable({ moveTo() {}, planTurn() {} })).toBe(true);
    expect(adventurerTurnsAvailable({ moveTo() {} })).toBe(false);
    expect(adventurerTurnsAvailable()).toBe(true); // this repository's client-sdk
  });

  it("walks to walkable tiles out of encounters, with valid moveTo payloads", () => {
    const r = new BotRandom(5);
    const seen = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const a = chooseAdventurerAction(aview, "9", false, r);
      expect(a.type).toBe("moveTo");
      expect(MoveTo.safeParse(a.payload).success).toBe(true);
      seen.add(`${(a.payload as { x: number }).x},${(a.payload as { y: number }).y}`);
    }
    expect([...seen].sort()).toEqual(["0,1", "1,1", "2,1", "3,1"]);
  });

  it("in an encounter attacks the nearest keeper-side unit still standing, else waits", () => {
    const a = chooseAdventurerAction(aview, "9", true, new BotRandom(1));
    expect(a).toEqual({ type: "planTurn", payload: { action: "attack", targetId: "3" } });
    expect(TurnPlan.safeParse(a.payload).success).toBe(true);
    const alone: AdventurerView = { ...aview, units: [{ id: "9", kind: "adventurer", x: 1, y: 1 }] };
    expect(chooseAdventurerAction(alone, "9", true, new BotRandom(1))).toEqual({ type: "planTurn", payload: { action: "wait" } });
  });
});
