import { describe, expect, it } from "vitest";
import { matchMaker } from "@colyseus/core";
import { connect, type DungeonConnection, type SimEvent } from "@malignus/client-sdk";
import { inProcessServer, recordEvents } from "./harness.ts";
import type { DungeonRoom } from "../../src/rooms/DungeonRoom.ts";
import { startInvasion } from "../../src/sim/invasions/party.ts";
import { learn } from "../../src/sim/knowledge/knowledge.ts";
import { canSee } from "../../src/sim/combat/perception.ts";
import type { UnitRecord } from "../../src/sim/state.ts";
import { markPart } from "../../src/sim/changes.ts";

/**
 * Secrecy over the wire (issue 15 part 5): a keeper and an adventurer player in one room on the
 * default map, the party just arrived at the portal (0,15). Every event goes out only to the
 * seats its declared audience allows (shared/src/events.ts `EVENT_AUDIENCE`): the adventurer
 * player receives no event naming a trap part it does not know, a cable, a cave-in it cannot
 * perceive or a unit it cannot perceive; the keeper receives them.
 */

const server = inProcessServer();

/** A wait long enough for two room patches and their events (the room steps 20 times a second). */
const settle = () => new Promise((r) => setTimeout(r, 300));

async function scene(): Promise<{ keeper: DungeonConnection; hero: DungeonConnection; room: DungeonRoom; me: UnitRecord }> {
  const client = connect(server.url());
  const keeper = server.track(await client.createDungeon({ seed: 3, timeScale: 1, pauseOnSpot: false }, { role: "keeper" }));
  const room = matchMaker.getLocalRoomById(keeper.roomId) as unknown as DungeonRoom;
  const party = startInvasion(room.simulation);
  const me = room.simulation.state.units[party.memberIds[0]!]!;
  const hero = server.track(await client.joinAsAdventurer(keeper.roomId, me.id));
  return { keeper, hero, room, me };
}

/** Builds at once (test set-up) a wired lever and dart launcher `gap` tiles apart on row `y`, from `x`; returns their ids. */
async function leverTrap(keeper: DungeonConnection, room: DungeonRoom, x: number, y: number): Promise<{ lever: string; darts: string; cable: string }> {
  const lever = await keeper.placePart({ kind: "lever", x, y });
  const darts = await keeper.placePart({ kind: "dartLauncher", x: x + 2, y });
  const cable = await keeper.wire({ path: [0, 1, 2].map((d) => ({ x: x + d, y })) });
  if (!lever.ok || !darts.ok || !cable.ok) throw new Error(`trap refused: ${JSON.stringify([lever, darts, cable])}`);
  // Written directly into the live room's state: marked for its projection (sim/changes.ts).
  for (const id of [lever.id!, darts.id!]) { room.simulation.state.parts[id]!.built = true; markPart(room.simulation, id); }
  return { lever: lever.id!, darts: darts.id!, cable: cable.id! };
}

const of = <T extends SimEvent["type"]>(seen: SimEvent[], type: T) => seen.filter((e) => e.type === type) as Extract<SimEvent, { type: T }>[];

describe("an adventurer player hears only what its unit perceives and knows (issue 15 part 5)", () => {
  it("DOOR-52: a cave-in far away reaches the keeper, not the adventurer player; one it perceives reaches both", async () => {
    const { keeper, hero, room, me } = await scene();
    const k = recordEvents(keeper);
    const h = recordEvents(hero);
    expect(await keeper.collapse({ x: 20, y: 4 })).toEqual({ ok: true }); // the upper room, 20 tiles off
    await k.eventually("caveIn", (e) => e.x === 20, 5_000);
    expect(canSee(room.simulation, me, { x: 3, y: 15 })).toBe(true);
    expect(await keeper.collapse({ x: 3, y: 15 })).toEqual({ ok: true }); // the entry corridor, in the hero's sight (spared)
    await h.eventually("caveIn", (e) => e.x === 3, 5_000);
    await settle();
    expect(of(k.seen, "caveIn").map((e) => [e.x, e.y])).toEqual([[20, 4], [3, 15]]);
    expect(of(h.seen, "caveIn").map((e) => [e.x, e.y])).toEqual([[3, 15]]);
  }, 30_000);

  it("KNOW-03, KNOW-04: a trap it does not know fires far away or before its eyes: not received; one it knows, in sight: received; never a cable", async () => {
    const { keeper, hero, room, me } = await scene();
    const far = await leverTrap(keeper, room, 15, 4);
    const near = await leverTrap(keeper, room, 3, 15);
    const k = recordEvents(keeper);
    const h = recordEvents(hero);
    expect(await keeper.pullLever({ partId: far.lever })).toEqual({ ok: true });
    expect(await keeper.pullLever({ partId: near.lever })).toEqual({ ok: true });
    await k.eventually("trapFired", (e) => e.triggerId === near.lever, 5_000);
    await settle();
    expect(of(h.seen, "trapFired")).toEqual([]);
    // It learns both parts of the near trap (KNOW-04); the darts are rearmed (set-up) and the keeper pulls its lever again.
    learn(room.simulation, me, near.lever);
    learn(room.simulation, me, near.darts);
    room.simulation.state.parts[near.darts]!.needsRearm = false;
    markPart(room.simulation, near.darts);
    expect(await keeper.resetLever({ partId: near.lever })).toEqual({ ok: true });
    expect(await keeper.pullLever({ partId: near.lever })).toEqual({ ok: true });
    const heard = await h.eventually("trapFired", () => true, 5_000);
    expect([heard.triggerId, heard.mechanismId]).toEqual([near.lever, near.darts]);
    await settle();
    expect(of(k.seen, "trapFired").map((e) => e.triggerId)).toEqual([far.lever, near.lever, near.lever]);
    expect(of(h.seen, "trapFired").map((e) => e.triggerId)).toEqual([near.lever]);
    // Nothing the player received names a cable or a trap part it does not know.
    const secret = [far.lever, far.darts, far.cable, near.cable];
    for (const e of h.seen) for (const id of secret) expect([e.type, Object.values(e).includes(id)]).toEqual([e.type, false]);
  }, 30_000);

  it("CMB-02 to CMB-04: an event naming a unit it cannot perceive is not received, even one about itself; the keeper receives it", async () => {
    const { keeper, hero, room, me } = await scene();
    const minion = Object.values(room.simulation.state.units).find((u) => u.kind === "minion")!;
    expect(canSee(room.simulation, me, minion)).toBe(false);
    const k = recordEvents(keeper);
    const h = recordEvents(hero);
    room.simulation.emit({ type: "attack", attackerId: minion.id, targetId: me.id, hit: false, attackRoll: 3, defenceRoll: 9 });
    room.simulation.emit({ type: "woke", unitId: minion.id });
    room.simulation.emit({ type: "woke", unitId: me.id });
    await h.eventually("woke", (e) => e.unitId === me.id, 5_000);
    await settle();
    expect(of(h.seen, "woke").map((e) => e.unitId)).toEqual([me.id]);
    expect(of(h.seen, "attack")).toEqual([]);
    expect(of(k.seen, "attack").map((e) => e.attackerId)).toEqual([minion.id]);
    expect(of(k.seen, "woke").map((e) => e.unitId)).toEqual([minion.id]); // the intruder is not in the keeper's sight (INV-69)
  }, 30_000);
});
