import { describe, expect, it } from "vitest";
import { Client, type Room } from "@colyseus/sdk";
import { CloseCode, matchMaker } from "@colyseus/core";
import {
  DUNGEON_ROOM, EVENT_MESSAGE, SEAT_MESSAGE,
  type CommandResult, type DungeonListing, type SeatInfo,
} from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { rawServer } from "./harness.ts";
import type { DungeonRoom } from "../../src/rooms/DungeonRoom.ts";
import { startInvasion } from "../../src/sim/invasions/party.ts";
import { learn } from "../../src/sim/knowledge/knowledge.ts";
import { addUnit } from "../../src/sim/world/units.ts";
import type { Actor, UnitRecord } from "../../src/sim/index.ts";
import { until } from "../until.ts";
import { markDoor, markEffect, markUnit } from "../../src/sim/changes.ts";
import { placeUnit } from "../../src/sim/world/unitIndex.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const open: Room[] = [];
const server = rawServer(open);

interface Joined { room: Room<any, DungeonState>; seat: Promise<SeatInfo> }

function track(room: Room<any, DungeonState>): Joined {
  const seat = new Promise<SeatInfo>((resolve) => room.onMessage(SEAT_MESSAGE, (s: SeatInfo) => resolve(s)));
  room.onMessage(EVENT_MESSAGE, () => {});
  open.push(room);
  return { room, seat };
}
async function create(options: Record<string, unknown> = {}): Promise<Joined> {
  return track(await new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", timeScale: 1, ...options }, DungeonState));
}
async function join(roomId: string, options: Record<string, unknown>): Promise<Joined> {
  return track(await new Client(server.base()).joinById(roomId, options, DungeonState));
}
const refusal = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => (e as Error).message);
const roomOf = (roomId: string) => matchMaker.getLocalRoomById(roomId) as unknown as DungeonRoom;
/** The seat id of an input's actor ("" for the room). */
const seatOf = (actor: Actor) => ("seatId" in actor ? actor.seatId : "");
/** The unit an adventurer actor plays ("" for any other). */
const unitOf = (actor: Actor) => ("unitId" in actor ? actor.unitId : "");
/** Waits for two patches, so a client's decoded state reflects the room's last step. */
const settle = () => sleep(250);

/** Adds a second adventurer, next to the first, to its party when it came alone; returns the members. */
function withSecondMember(room: DungeonRoom, members: UnitRecord[]): UnitRecord[] {
  if (members.length > 1) return members;
  const first = members[0]!;
  const party = room.simulation.state.parties[first.partyId]!;
  const second = addUnit(room.simulation, {
    kind: "adventurer", x: first.x, y: first.y, partyId: first.partyId, faction: first.faction, adventurerClass: first.adventurerClass,
  });
  party.memberIds.push(second.id);
  return [first, second];
}

/** Puts a party in the dungeon now (the first invasion, drawn from the room's seed). */
function invade(room: DungeonRoom): UnitRecord[] {
  const party = startInvasion(room.simulation);
  return party.memberIds.map((id) => room.simulation.state.units[id] as UnitRecord);
}

describe("seats", () => {
  it("keeperSeats: 2 co-op keepers share the dungeon, a third is refused, commands are attributed to their seat", async () => {
    const a = await create({ keeperSeats: 2 });
    const b = await join(a.room.roomId, { role: "keeper" });
    expect(await refusal(new Client(server.base()).joinById(a.room.roomId, { role: "keeper" })))
      .toMatch(/already has a keeper in each of its 2 keeper seat\(s\)/);
    const [seatA, seatB] = [await a.seat, await b.seat];
    expect(seatA).toEqual({ seatId: expect.stringMatching(/^k\d+$/), role: "keeper" });
    expect(seatB.seatId).not.toBe(seatA.seatId);
    const p1 = await a.room.request<unknown, CommandResult>("placePart", { kind: "pressurePlate", x: 5, y: 15 });
    const p2 = await b.room.request<unknown, CommandResult>("placePart", { kind: "dartLauncher", x: 9, y: 15 });
    expect([p1.ok, p2.ok]).toEqual([true, true]);
    const log = roomOf(a.room.roomId).inputLog.filter((i) => i.actor.kind !== "room");
    expect(log.map((c) => [seatOf(c.actor), c.command.type])).toEqual([[seatA.seatId, "placePart"], [seatB.seatId, "placePart"]]);
    // Both keepers see both parts.
    await until("both parts in both states", () => (a.room.state.parts.size === 2 && b.room.state.parts.size === 2 ? true : undefined));
  });

  it("an adventurer seat opens only while a party is in the dungeon and is advertised in the listing", async () => {
    const keeper = await create({ pauseOnSpot: false });
    expect(await refusal(new Client(server.base()).joinById(keeper.room.roomId, { role: "adventurer" }))).toMatch(/no open adventurer seat/);
    const members = invade(roomOf(keeper.room.roomId));
    const listing = await until("the listing to advertise the open seats", async () => {
      const rooms = (await (await fetch(`${server.base()}/rooms`)).json()) as DungeonListing[];
      const mine = rooms.find((r) => r.roomId === keeper.room.roomId);
      return mine && mine.openAdventurerSeats.length > 0 ? mine : undefined;
    });
    expect(listing.openAdventurerSeats).toEqual(members.map((m) => m.id));
    expect(listing.adventurers).toBe(0);

    const hero = await join(keeper.room.roomId, { role: "adventurer", name: "Aldo" });
    const seat = await hero.seat;
    expect(seat).toEqual({ seatId: expect.stringMatching(/^a\d+$/), role: "adventurer", unitId: members[0]!.id });
    // The claimed unit shows its controller; the others stay AI.
    await until("the controller on the hero's unit", () => (hero.room.state.units.get(seat.unitId!)?.controller === seat.seatId ? true : undefined));
    const after = await until("the listing to drop the claimed seat", async () => {
      const rooms = (await (await fetch(`${server.base()}/rooms`)).json()) as DungeonListing[];
      const mine = rooms.find((r) => r.roomId === keeper.room.roomId);
      return mine && mine.adventurers === 1 ? mine : undefined;
    });
    expect(after.openAdventurerSeats).toEqual(members.slice(1).map((m) => m.id));
  });

  it("seat theft is refused: a claimed member, a forged token, another room's token", async () => {
    const keeper = await create({ pauseOnSpot: false });
    const [first] = invade(roomOf(keeper.room.roomId));
    const hero = await join(keeper.room.roomId, { role: "adventurer", unitId: first!.id });
    expect((await hero.seat).unitId).toBe(first!.id);
    expect(await refusal(new Client(server.base()).joinById(keeper.room.roomId, { role: "adventurer", unitId: first!.id })))
      .toMatch(new RegExp(`unit ${first!.id} is not an open adventurer seat`));
    // A made-up token, or a real token presented to another room, fails. (Only the token's
    // holder can resume a seat: the token is the seat.)
    const other = await create();
    const [, heroToken] = hero.room.reconnectionToken.split(":");
    expect(await refusal(new Client(server.base()).reconnect(`${keeper.room.roomId}:forgedtoken123`, DungeonState))).toMatch(/invalid or expired/);
    expect(await refusal(new Client(server.base()).reconnect(`${other.room.roomId}:${heroToken}`, DungeonState))).toMatch(/invalid or expired/);
    // The holders keep their seats and their powers.
    expect(keeper.room.connection.isOpen).toBe(true);
    expect(await keeper.room.request("placePart", { kind: "pressurePlate", x: 5, y: 15 })).toMatchObject({ ok: true });
    expect(roomOf(keeper.room.roomId).seats.map((s) => s.role).sort()).toEqual(["adventurer", "keeper"]);
  });

  it("an adventurer player's keeper command is refused with NOT_ALLOWED_FOR_ROLE", async () => {
    const keeper = await create({ pauseOnSpot: false });
    invade(roomOf(keeper.room.roomId));
    const hero = await join(keeper.room.roomId, { role: "adventurer" });
    expect(await hero.room.request("placePart", { kind: "pressurePlate", x: 5, y: 15 }))
      .toEqual({ ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "adventurer players cannot send keeper commands" });
    expect(hero.room.connection.isOpen).toBe(true);
    expect(Object.keys(roomOf(keeper.room.roomId).simulation.state.parts)).toEqual([]);
  });
});

describe("views: each client decodes only what its seat may see (INV-69, INV-71)", () => {
  it("INV-69: the keeper and a default spectator do not receive unseen intruders; a see-all spectator does", async () => {
    const keeper = await create({ pauseOnSpot: false });
    const room = roomOf(keeper.room.roomId);
    const spectator = await join(keeper.room.roomId, { role: "spectator" });
    const members = invade(room);
    const seeAllRoom = await create({ pauseOnSpot: false, spectatorsSeeAll: true });
    const seeAllMembers = invade(roomOf(seeAllRoom.room.roomId));
    const seeAll = await join(seeAllRoom.room.roomId, { role: "spectator" });
    await settle();
    const dungeonIds = Object.values(room.simulation.state.units).filter((u) => u.partyId === "").map((u) => u.id).sort();
    for (const c of [keeper, spectator]) {
      const ids = [...c.room.state.units.keys()].sort();
      expect(ids).toEqual(dungeonIds); // the Master, minions, creatures…
      for (const m of members) expect(c.room.state.units.has(m.id)).toBe(false); // …and no intruder
      expect(c.room.state.invasion.partyId).toBe(members[0]!.partyId);
      expect(c.room.state.metal).toBe(40);
    }
    // The see-all spectator decodes the intruders at the portal.
    for (const m of seeAllMembers) expect(seeAll.room.state.units.get(m.id)?.x).toBe(m.x);
  });

  it("INV-71: an intruder a minion sees appears in the keeper's state; the others stay absent", async () => {
    const keeper = await create({ pauseOnSpot: false });
    const room = roomOf(keeper.room.roomId);
    const members = invade(room);
    const minion = Object.values(room.simulation.state.units).find((u) => u.kind === "minion")!;
    const seen = members[0]!;
    // Put one intruder right next to a minion, and keep the others at the portal, out of sight.
    placeUnit(room.simulation, seen, minion.x + 1, minion.y); // marked, as a tick's move would be
    seen.walk = null;
    await until("the seen intruder in the keeper's state", () => keeper.room.state.units.get(seen.id));
    expect(keeper.room.state.units.get(seen.id)!.x).toBe(minion.x + 1);
    for (const m of members.slice(1)) expect(keeper.room.state.units.has(m.id)).toBe(false);
  });

  it("an adventurer player receives its unit and what it perceives, never a trap, a cable, the stock or the indicator", async () => {
    const keeper = await create({ pauseOnSpot: false });
    const room = roomOf(keeper.room.roomId);
    const members = invade(room);
    // A wired trap right in front of the portal, in plain sight of the party.
    const portal = { x: members[0]!.x, y: members[0]!.y };
    const plate = await keeper.room.request<unknown, CommandResult>("placePart", { kind: "pressurePlate", x: portal.x + 2, y: portal.y });
    const darts = await keeper.room.request<unknown, CommandResult>("placePart", { kind: "dartLauncher", x: portal.x + 4, y: portal.y });
    const wire = await keeper.room.request<unknown, CommandResult>("wire", { path: [2, 3, 4].map((d) => ({ x: portal.x + d, y: portal.y })) });
    expect([plate.ok, darts.ok, wire.ok]).toEqual([true, true, true]);
    const hero = await join(keeper.room.roomId, { role: "adventurer", unitId: members[0]!.id });
    await settle();
    const s = hero.room.state;
    expect(s.units.get(members[0]!.id)?.controller).toBe((await hero.seat).seatId);
    // Present: itself and its companions it sees (they stand together at the portal).
    for (const m of members) expect(s.units.get(m.id)?.kind).toBe("adventurer");
    // Absent: every dungeon unit (none in sight from the portal), every part, every cable.
    const dungeonIds = Object.values(room.simulation.state.units).filter((u) => u.partyId === "").map((u) => u.id);
    expect(dungeonIds.length).toBeGreaterThan(0);
    for (const id of dungeonIds) expect(s.units.has(id)).toBe(false);
    expect(s.parts.size).toBe(0);
    expect(s.cables.size).toBe(0);
    // The keeper's private root fields were never sent: the decoder holds their defaults.
    expect(s.metal).toBe(0);
    expect(s.invasion.partyId).toBe("");
    expect(s.invasion.count).toBe(0);
    // …while the keeper has them all.
    expect(keeper.room.state.parts.size).toBe(2);
    expect(keeper.room.state.cables.size).toBe(1);
    expect(keeper.room.state.metal).toBe(room.simulation.state.metal);
    expect(keeper.room.state.invasion.count).toBe(1);
  });

  it("KNOW-04: a trap part the adventurer learns appears in its player's state; the unknown one and the cable stay absent", async () => {
    const keeper = await create({ pauseOnSpot: false });
    const room = roomOf(keeper.room.roomId);
    const members = invade(room);
    const at = members[0]!;
    const [x0, y0] = [at.x, at.y]; // the portal (the party walks on)
    const plate = await keeper.room.request<unknown, CommandResult>("placePart", { kind: "pressurePlate", x: x0 + 2, y: y0 });
    const darts = await keeper.room.request<unknown, CommandResult>("placePart", { kind: "dartLauncher", x: x0 + 4, y: y0 });
    await keeper.room.request("wire", { path: [2, 3, 4].map((d) => ({ x: x0 + d, y: y0 })) });
    const [plateId, dartsId] = [plate, darts].map((r) => (r as { id: string }).id);
    const hero = await join(keeper.room.roomId, { role: "adventurer", unitId: at.id });
    await settle();
    expect(hero.room.state.parts.size).toBe(0);
    learn(room.simulation, at, plateId!);
    const part = await until("the learned plate in the player's state", () => hero.room.state.parts.get(plateId!));
    expect([part.kind, part.x, part.y]).toEqual(["pressurePlate", x0 + 2, y0]);
    expect(hero.room.state.parts.has(dartsId!)).toBe(false);
    expect(hero.room.state.cables.size).toBe(0);
  });

  it("an adventurer player never decodes the keeper's hidden door and effect fields (padlockArmed, triggerId, sourceId); the keeper does", async () => {
    const keeper = await create({ pauseOnSpot: false, seed: 3 });
    const room = roomOf(keeper.room.roomId);
    const members = invade(room);
    const sim = room.simulation.state;
    const door = Object.values(sim.doors)[0]!;
    door.padlock = { built: true, armed: true, metalDelivered: 0, workDone: 0 };
    // A plate two tiles west of the door, wired to it (DOOR-19).
    const plate = await keeper.room.request<unknown, CommandResult>("placePart", { kind: "pressurePlate", x: door.x - 2, y: door.y });
    const wired = await keeper.room.request<unknown, CommandResult>("wire", { path: [2, 1, 0].map((d) => ({ x: door.x - d, y: door.y })) });
    expect([plate.ok, wired.ok]).toEqual([true, true]);
    const plateId = (plate as { id: string }).id;
    const t0 = sim.tick;
    sim.effects["9100"] = {
      id: "9100", kind: "gas", sourceId: "4343", tiles: [], unitId: "",
      fleeTo: { x: 0, y: 0 }, startTick: t0, untilTick: t0 + 1_000_000, nextHarmTick: -1, savedSpeed: 0,
    };
    // Written directly into the live room's state: marked for its projection (sim/changes.ts).
    markDoor(room.simulation, door.id);
    markEffect(room.simulation, "9100");
    const hero = await join(keeper.room.roomId, { role: "adventurer", unitId: members[0]!.id });
    await settle();
    const k = await until("the keeper's door and web", () => {
      const d = keeper.room.state.doors.get(door.id);
      const e = keeper.room.state.effects.get("9100");
      return d?.triggerId === plateId && e?.sourceId === "4343" ? { d, e } : undefined;
    });
    expect([k.d.padlockArmed, k.d.locked, k.e.kind]).toEqual([true, true, "gas"]);
    // The adventurer sees the door and the cloud, not the keeper's secrets behind them.
    const d = hero.room.state.doors.get(door.id)!;
    const e = hero.room.state.effects.get("9100")!;
    expect([d.x, d.y, d.hasPadlock, d.locked]).toEqual([door.x, door.y, true, true]);
    // Never sent: the decoder holds nothing for them.
    expect([d.padlockArmed, d.triggerId, d.triggered, d.heldOpen]).toEqual([undefined, undefined, undefined, undefined]);
    expect([e.kind, e.untilTick, e.sourceId]).toEqual(["gas", t0 + 1_000_000, undefined]);
    // A door or an effect appearing later is tagged for the keeper too, and stays bare for the adventurer.
    sim.effects["9101"] = { ...sim.effects["9100"]!, id: "9101", sourceId: "4444" };
    markEffect(room.simulation, "9101");
    await until("the keeper's second cloud", () => (keeper.room.state.effects.get("9101")?.sourceId === "4444" ? true : undefined));
    const later = await until("the adventurer's second cloud", () => hero.room.state.effects.get("9101"));
    expect([later.kind, later.sourceId]).toEqual(["gas", undefined]);
  });

  it("KNOW-04: of a known trap part an adventurer player decodes where and what it is, never its building, wiring or arming; of a minion in sight never its stance or order", async () => {
    // timeScale 0.01: no tick passes, so the minion placed in sight stays there.
    const keeper = await create({ pauseOnSpot: false, timeScale: 0.01 });
    const room = roomOf(keeper.room.roomId);
    const members = invade(room);
    const at = members[0]!;
    const [x0, y0] = [at.x, at.y];
    const plate = await keeper.room.request<unknown, CommandResult>("placePart", { kind: "pressurePlate", x: x0 + 2, y: y0, quality: "shoddy" });
    const darts = await keeper.room.request<unknown, CommandResult>("placePart", { kind: "dartLauncher", x: x0 + 4, y: y0 });
    await keeper.room.request("wire", { path: [2, 3, 4].map((d) => ({ x: x0 + d, y: y0 })) });
    const plateId = (plate as { id: string }).id;
    expect(darts.ok).toBe(true);
    const minion = Object.values(room.simulation.state.units).find((u) => u.kind === "minion")!;
    // Written between two room steps: marked, as a tick or an input would (sim/changes.ts).
    placeUnit(room.simulation, minion, x0 + 3, y0);
    at.facing = 2; // east, toward it (CMB-10)
    markUnit(room.simulation, at);
    expect(await keeper.room.request("setStance", { unitId: minion.id, stance: "flight" })).toEqual({ ok: true });
    const hero = await join(keeper.room.roomId, { role: "adventurer", unitId: at.id });
    learn(room.simulation, at, plateId);
    const part = await until("the learned plate", () => hero.room.state.parts.get(plateId));
    const seen = await until("the minion in sight", () => hero.room.state.units.get(minion.id));
    await settle();
    // The keeper has every field.
    const kp = keeper.room.state.parts.get(plateId)!;
    expect([kp.quality, kp.metalNeeded > 0, kp.networkId !== ""]).toEqual(["shoddy", true, true]);
    expect(keeper.room.state.units.get(minion.id)?.stance).toBe("flight");
    // The adventurer: where and what, nothing more.
    expect([part.kind, part.role, part.x, part.y]).toEqual(["pressurePlate", kp.role, x0 + 2, y0]);
    expect([part.built, part.metalDelivered, part.metalNeeded, part.progress, part.networkId, part.needsRearm, part.expired,
      part.rigged, part.delayMinutes, part.active, part.quality]).toEqual(Array(11).fill(undefined));
    expect([seen.kind, seen.x, seen.y]).toEqual(["minion", x0 + 3, y0]);
    expect([seen.stance, seen.orderTargetId]).toEqual([undefined, undefined]);
  });

  it("INV-05, KNOW-50: an adventurer player decodes its own party's goal and its own Journal, never another player's; the keeper only once spotted", async () => {
    const keeper = await create({ pauseOnSpot: false });
    const room = roomOf(keeper.room.roomId);
    const members = withSecondMember(room, invade(room));
    const [me, other] = [members[0]!, members[1]!];
    const sim = room.simulation.state;
    const party = sim.parties[me.partyId]!;
    sim.knowledge[me.id] = { known: [], spot: { pressurePlate: 2 }, block: { dartLauncher: 1 } };
    sim.knowledge[other.id] = { known: [], spot: { tripwire: 1 }, block: {} };
    // A second party of another player, elsewhere: its goal and Journal stay hidden from the first.
    const a = await join(keeper.room.roomId, { role: "adventurer", unitId: me.id });
    const b = await join(keeper.room.roomId, { role: "adventurer", unitId: other.id });
    const mine = await until("my Journal", () => a.room.state.journals.get(me.id));
    expect([mine.spotBonus.get("pressurePlate"), mine.blockBonus.get("dartLauncher")]).toEqual([2, 1]);
    const info = await until("my party", () => a.room.state.parties.get(party.id));
    expect([info.goal, [...info.memberIds]]).toEqual([party.goal, party.memberIds]);
    expect(a.room.state.journals.has(other.id)).toBe(false);
    expect(a.room.state.journals.size).toBe(1);
    expect((await until("b's Journal", () => b.room.state.journals.get(other.id))).spotBonus.get("tripwire")).toBe(1);
    expect(b.room.state.journals.has(me.id)).toBe(false);
    // The keeper: nothing while the party is unspotted, everything once spotted.
    if (!party.spotted) {
      expect([keeper.room.state.parties.size, keeper.room.state.journals.size]).toEqual([0, 0]);
      party.spotted = true;
    }
    await until("the keeper's Journals", () => (keeper.room.state.journals.size === members.length ? true : undefined));
    expect(keeper.room.state.parties.get(party.id)?.goal).toBe(party.goal);
  });

  it("INV-05, KNOW-50: a player of another party never decodes the first party's goal or Journals", async () => {
    const keeper = await create({ pauseOnSpot: false });
    const room = roomOf(keeper.room.roomId);
    const members = withSecondMember(room, invade(room));
    const me = members[0]!;
    const sim = room.simulation.state;
    sim.knowledge[me.id] = { known: [], spot: { pressurePlate: 2 }, block: {} };
    const stranger = members[1]!;
    const b = await join(keeper.room.roomId, { role: "adventurer", unitId: stranger.id });
    const a = await join(keeper.room.roomId, { role: "adventurer", unitId: me.id });
    // Then move the second member into a party of its own (another party in the dungeon).
    const first = sim.parties[me.partyId]!;
    first.memberIds = first.memberIds.filter((id) => id !== stranger.id);
    sim.parties["9200"] = { ...structuredClone(first), id: "9200", memberIds: [stranger.id] };
    stranger.partyId = "9200";
    markUnit(room.simulation, stranger); // written between two room steps: marked, as an input would
    await until("a's party", () => a.room.state.parties.get(first.id));
    await until("b's party", () => b.room.state.parties.get("9200"));
    await settle();
    expect([...b.room.state.parties.keys()]).toEqual(["9200"]);
    expect(b.room.state.journals.has(me.id)).toBe(false);
    expect([...a.room.state.parties.keys()]).toEqual([first.id]);
  });

  it("INV-76: a lit guard-post torch shows the whole party to the keeper, through the fog, while it is within 8 tiles", async () => {
    const keeper = await create({ pauseOnSpot: false });
    const room = roomOf(keeper.room.roomId);
    const members = invade(room);
    await settle();
    for (const m of members) expect(keeper.room.state.units.has(m.id)).toBe(false);
    const at = members[0]!;
    room.simulation.state.guardPosts["9001"] = { id: "9001", x: at.x + 3, y: at.y, lit: true };
    for (const m of members) await until(`member ${m.id} shown to the keeper`, () => keeper.room.state.units.get(m.id));
    room.simulation.state.guardPosts["9001"].lit = false;
    for (const m of members) await until(`member ${m.id} hidden again`, () => (keeper.room.state.units.has(m.id) ? undefined : true));
  });
});

describe("reconnection", () => {
  it("a keeper who drops keeps its seat and resumes it by itself (client-sdk reconnection) within reconnectSeconds", async () => {
    const keeper = await create({ reconnectSeconds: 10 });
    const seat = await keeper.seat;
    keeper.room.reconnection.minUptime = 0;
    keeper.room.reconnection.minDelay = 50;
    const reconnected = new Promise<void>((resolve) => keeper.room.onReconnect(() => resolve()));
    keeper.room.connection.close(CloseCode.MAY_TRY_RECONNECT, "test drop");
    const room = roomOf(keeper.room.roomId);
    await until("the seat to be held, disconnected", () => (room.seats.some((s) => s.seatId === seat.seatId && !s.connected) ? true : undefined));
    // Meanwhile nobody else can take the keeper seat.
    expect(await refusal(new Client(server.base()).joinById(keeper.room.roomId, { role: "keeper" }))).toMatch(/already has a keeper/);
    await reconnected;
    await until("the seat to be connected again", () => (room.seats.some((s) => s.seatId === seat.seatId && s.connected) ? true : undefined));
    expect(await keeper.room.request("placePart", { kind: "pressurePlate", x: 5, y: 15 })).toMatchObject({ ok: true });
    expect(seatOf(room.inputLog.at(-1)!.actor)).toBe(seat.seatId);
  });

  it("after reconnectSeconds the seat is freed and the old token no longer works", async () => {
    const keeper = await create({ reconnectSeconds: 1 });
    keeper.room.reconnection.enabled = false;
    const token = keeper.room.reconnectionToken;
    const left = new Promise<number>((resolve) => keeper.room.onLeave((code: number) => resolve(code)));
    keeper.room.connection.close(CloseCode.MAY_TRY_RECONNECT, "test drop");
    await left;
    const room = roomOf(keeper.room.roomId);
    await until("the seat to be freed", () => (room.seats.length === 0 ? true : undefined), 4000);
    expect(await refusal(new Client(server.base()).reconnect(token, DungeonState))).toBeDefined();
    const next = await join(keeper.room.roomId, { role: "keeper" });
    expect((await next.seat).role).toBe("keeper");
  });

  it("an adventurer who drops is played by the AI meanwhile and resumes with its token", async () => {
    const keeper = await create({ pauseOnSpot: false, reconnectSeconds: 10 });
    const room = roomOf(keeper.room.roomId);
    const [first] = invade(room);
    const hero = await join(keeper.room.roomId, { role: "adventurer", unitId: first!.id });
    const seat = await hero.seat;
    hero.room.reconnection.enabled = false;
    const token = hero.room.reconnectionToken;
    await until("the player's seat id on the simulation's unit", () => (room.simulation.state.units[first!.id]!.controller === seat.seatId ? true : undefined));
    hero.room.connection.close(CloseCode.MAY_TRY_RECONNECT, "test drop");
    // (The room's own state: the keeper does not even see this intruder under the fog.)
    await until("the AI to take the unit over", () => (room.state.units.get(first!.id)?.controller === "" ? true : undefined));
    expect(room.simulation.state.units[first!.id]!.controller).toBeUndefined();
    expect(keeper.room.state.units.has(first!.id)).toBe(false);
    expect(await refusal(new Client(server.base()).joinById(keeper.room.roomId, { role: "adventurer", unitId: first!.id }))).toMatch(/not an open adventurer seat/);
    const back = track(await new Client(server.base()).reconnect(token, DungeonState));
    await until("the player to control the unit again", () => (room.state.units.get(first!.id)?.controller === seat.seatId ? true : undefined));
    expect(room.simulation.state.units[first!.id]!.controller).toBe(seat.seatId);
    await settle();
    expect(back.room.state.units.get(first!.id)?.kind).toBe("adventurer");
    expect(back.room.state.metal).toBe(0);
  });
});

describe("pausing (INV-79)", () => {
  it("INV-79: with pauseOnSpot the clock pauses on spotting and any co-op keeper resumes it", async () => {
    const a = await create({ keeperSeats: 2 });
    const b = await join(a.room.roomId, { role: "keeper" });
    const room = roomOf(a.room.roomId);
    room.simulation.pause("party spotted");
    expect(await b.room.request("resume", {})).toEqual({ ok: true });
    expect(room.simulation.state.paused).toBe(false);
  });

  it("INV-79: with an adventurer player seated the clock never pauses for one side", async () => {
    const keeper = await create({ pauseOnSpot: true });
    const room = roomOf(keeper.room.roomId);
    invade(room);
    room.simulation.pause("party spotted");
    await join(keeper.room.roomId, { role: "adventurer" });
    expect(room.simulation.state.paused).toBe(false);
    expect(room.simulation.state.pauseOnSpot).toBe(false);
  });
});

describe("metrics", () => {
  it("GET /metrics answers Prometheus text with rooms, clients by role, step durations, patch bytes, messages", async () => {
    const keeper = await create({ timeScale: 10 });
    await join(keeper.room.roomId, { role: "spectator" });
    await keeper.room.request("placePart", { kind: "pressurePlate", x: 0, y: 0 });
    await settle();
    const res = await fetch(`${server.base()}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    const value = (re: RegExp) => Number(text.match(re)?.[1] ?? Number.NaN);
    expect(value(/^malignus_rooms (\d+)$/m)).toBe(matchMaker.stats.local.roomCount);
    expect(value(/^malignus_clients\{role="keeper"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^malignus_clients\{role="spectator"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^malignus_room_step_duration_seconds_count (\d+)$/m)).toBeGreaterThan(0);
    // The step's phases are timed inside the step: together never more than the steps' own time.
    const phases = ["simulation", "projection", "views", "patch", "send"].map((phase) =>
      value(new RegExp(`^malignus_room_step_phase_seconds_total\\{phase="${phase}"\\} ([\\d.e-]+)$`, "m")));
    for (const seconds of phases) expect(seconds).toBeGreaterThan(0);
    expect(phases.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(value(/^malignus_room_step_duration_seconds_sum ([\d.e-]+)$/m));
    // Issue 20 part 2: the same phases in the step thread's CPU time, every phase present and the
    // total no more than the process's CPU time (the step thread is one of its threads).
    const cpu = ["simulation", "projection", "views", "patch", "send"].map((phase) =>
      value(new RegExp(`^malignus_room_step_phase_cpu_seconds_total\\{phase="${phase}"\\} ([\\d.e-]+)$`, "m")));
    for (const seconds of cpu) expect(seconds).toBeGreaterThanOrEqual(0);
    expect(cpu.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(cpu.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(value(/^malignus_process_cpu_seconds_total ([\d.e-]+)$/m));
    expect(value(/^malignus_patch_bytes_sent_total\{kind="patch"\} (\d+)$/m)).toBeGreaterThan(0);
    expect(value(/^malignus_messages_received_total\{type="placePart"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^malignus_messages_refused_total\{reason="NOT_FLOOR"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    // prom-client's default metrics under the one prefix (not malignus_process_process_…).
    expect(text).toMatch(/^malignus_process_cpu_seconds_total \d/m);
    expect(text).not.toMatch(/process_process_/);
  });
});

describe("events follow the same fog as the state", () => {
  it("an adventurer player never receives the keeper's building events; the keeper does; a spectator reads them from its state (they only repeat it, issue 20 part 4)", async () => {
    const keeper = await create({ pauseOnSpot: false });
    const room = roomOf(keeper.room.roomId);
    const [first] = invade(room);
    const hero = await join(keeper.room.roomId, { role: "adventurer", unitId: first!.id });
    const spectator = await join(keeper.room.roomId, { role: "spectator" });
    await hero.seat;
    const got = { keeper: [] as string[], hero: [] as string[], spectator: [] as string[] };
    keeper.room.onMessage(EVENT_MESSAGE, (e: { type: string }) => got.keeper.push(e.type));
    hero.room.onMessage(EVENT_MESSAGE, (e: { type: string }) => got.hero.push(e.type));
    spectator.room.onMessage(EVENT_MESSAGE, (e: { type: string }) => got.spectator.push(e.type));
    const plate = await keeper.room.request<unknown, CommandResult>("placePart", { kind: "pressurePlate", x: 5, y: 15 });
    await keeper.room.request("placePart", { kind: "dartLauncher", x: 8, y: 15 });
    await keeper.room.request("wire", { path: [5, 6, 7, 8].map((x) => ({ x, y: 15 })) });
    await keeper.room.request("removePart", { partId: (plate as { id: string }).id });
    await until("the keeper's events", () => (got.keeper.includes("partRemoved") ? true : undefined));
    await settle();
    for (const type of ["partPlaced", "cableLaid", "partRemoved"]) {
      expect(got.keeper).toContain(type);
      expect(got.spectator).not.toContain(type);
      expect(got.hero).not.toContain(type);
    }
    // The dart launcher stands in the spectator's state; the removed plate does not.
    await until("the spectator's state", () => (spectator.room.state.parts.size === 1 ? true : undefined));
    expect([...spectator.room.state.parts.values()].map((p: { kind: string }) => p.kind)).toEqual(["dartLauncher"]);
  });

  it("INV-69: an event naming only an intruder the keeper does not see is not sent to the keeper", async () => {
    const keeper = await create({ pauseOnSpot: false });
    const room = roomOf(keeper.room.roomId);
    const [first] = invade(room);
    const hero = await join(keeper.room.roomId, { role: "adventurer", unitId: first!.id });
    await hero.seat;
    const got = { keeper: [] as unknown[], hero: [] as unknown[] };
    keeper.room.onMessage(EVENT_MESSAGE, (e: unknown) => got.keeper.push(e));
    hero.room.onMessage(EVENT_MESSAGE, (e: unknown) => got.hero.push(e));
    room.simulation.emit({ type: "woke", unitId: first!.id });
    room.simulation.emit({ type: "hour", day: 1, hour: 23 });
    const mine = (list: unknown[]) => list.filter((e) => {
      const ev = e as { type: string; unitId?: string; hour?: number };
      return (ev.type === "woke" && ev.unitId === first!.id) || (ev.type === "hour" && ev.hour === 23);
    });
    await until("the hero's events", () => (mine(got.hero).length >= 2 ? true : undefined));
    await settle();
    expect(mine(got.hero)).toEqual([
      { type: "woke", unitId: first!.id, tick: expect.any(Number) },
      { type: "hour", day: 1, hour: 23, tick: expect.any(Number) },
    ]);
    expect(mine(got.keeper)).toEqual([{ type: "hour", day: 1, hour: 23, tick: expect.any(Number) }]);
  });
});

describe("adventurer turns in encounters", () => {
  it("planTurn: an adventurer player's plan is stored in its encounter for its coming turn; others are refused", async () => {
    // timeScale 0.01: no tick passes during the test, so the hand-made encounter stays as it is.
    const keeper = await create({ ruleset: "d20", pauseOnSpot: false, timeScale: 0.01 });
    const room = roomOf(keeper.room.roomId);
    const [hero0] = invade(room);
    const hero = await join(keeper.room.roomId, { role: "adventurer", unitId: hero0!.id });
    await hero.seat;
    expect(await keeper.room.request("planTurn", { action: "attack" }))
      .toEqual({ ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "only adventurer players plan turns" });
    expect(await hero.room.request("planTurn", { action: "attack" }))
      .toEqual({ ok: false, code: "INVALID_COMMAND", reason: "your adventurer is in no encounter" });
    const minion = Object.values(room.simulation.state.units).find((u) => u.kind === "minion")!;
    const tick = room.simulation.tick;
    room.simulation.state.encounters = {
      e1: {
        id: "e1", participants: [hero0!.id, minion.id], order: [hero0!.id, minion.id], initiative: {}, round: 1, turnIndex: 0,
        roundStartTick: tick, nextTurnTick: tick + 1000, surprised: [], acted: [], reactions: {}, waitingSince: -1, plans: {}, startTick: tick,
      },
    };
    expect(await hero.room.request("planTurn", { action: "attack", targetId: minion.id })).toEqual({ ok: true });
    expect(room.simulation.state.encounters.e1!.plans).toEqual({ [hero0!.id]: { action: "attack", targetId: minion.id } });
    const plans = () => room.inputLog.filter((i) => i.command.type === "planTurn");
    expect(plans().map((p) => [unitOf(p.actor), (p.command as { action: string }).action])).toEqual([[hero0!.id, "attack"]]);
    // A malformed plan is answered with an error and stores nothing.
    await expect(hero.room.request("planTurn", { action: "attack; drop table", targetId: 3 })).rejects.toThrow();
    expect(plans()).toHaveLength(1);
  });
});

describe("adventurer play out of combat", () => {
  it("moveTo: an adventurer player walks its adventurer to a tile and keeps it there; refusals carry codes; the AI resumes when it leaves", async () => {
    const keeper = await create({ pauseOnSpot: false, timeScale: 10 });
    const room = roomOf(keeper.room.roomId);
    const [first] = invade(room);
    const hero = await join(keeper.room.roomId, { role: "adventurer", unitId: first!.id });
    const seat = await hero.seat;
    const spectator = await join(keeper.room.roomId, { role: "spectator" });
    // Keepers and spectators may not move adventurers, by either name.
    expect(await keeper.room.request("moveTo", { x: 14, y: 11 }))
      .toEqual({ ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "only adventurer players move their adventurer" });
    // The server-internal name of old (moveAdventurer) is no message any more (issue 15).
    await expect(keeper.room.request("moveAdventurer", { unitId: first!.id, x: 14, y: 11 })).rejects.toThrow(/^unknown message type "moveAdventurer": the commands are placePart, /);
    expect(await spectator.room.request("moveTo", { x: 14, y: 11 })).toMatchObject({ ok: false, code: "NOT_ALLOWED_FOR_ROLE" });
    // A rock tile is refused and changes nothing; the connection stays open.
    expect(await hero.room.request("moveTo", { x: 5, y: 14 })).toMatchObject({ ok: false, code: "NOT_FLOOR" });
    expect(room.simulation.state.units[first!.id]!.playerGoal).toBeUndefined();
    expect(hero.room.connection.isOpen).toBe(true);
    // The order: the decoded state shows the adventurer on the tile, and it stays there.
    expect(await hero.room.request("moveTo", { x: 14, y: 11 })).toEqual({ ok: true });
    const logged = room.inputLog.at(-1)!;
    expect([seatOf(logged.actor), logged.command]).toEqual([seat.seatId, { type: "moveTo", x: 14, y: 11 }]);
    expect(logged.actor).toEqual({ kind: "adventurer", seatId: seat.seatId, unitId: first!.id });
    await until("the adventurer on (14, 11)", () => {
      const u = hero.room.state.units.get(first!.id);
      return u && u.x === 14 && u.y === 11 ? true : undefined;
    }, 15_000);
    await sleep(500); // several game minutes at timeScale 10
    const still = hero.room.state.units.get(first!.id)!;
    expect([still.x, still.y, still.state]).toEqual([14, 11, "idle"]);
    // The player leaves: the order lapses and the AI walks on.
    await hero.room.leave();
    await until("the AI to move the adventurer", () => {
      const r = room.simulation.state.units[first!.id]!;
      return r.x !== 14 || r.y !== 11 ? true : undefined;
    }, 15_000);
    expect(room.simulation.state.units[first!.id]!.playerGoal).toBeUndefined();
  });
});
