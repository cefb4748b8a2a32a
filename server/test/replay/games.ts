import { CloseCode, matchMaker } from "@colyseus/core";
import { connect, type DungeonConnection, type SimEventOf } from "@malignus/client-sdk";
import type { DungeonRoom } from "../../src/rooms/DungeonRoom.ts";
import { recordEvents } from "../e2e/harness.ts";
import { until } from "../until.ts";

/**
 * Real games played over a real WebSocket for the replay tests (issue 15 part 2): each driver
 * creates a seeded room on the in-process server, plays it with the client SDK the way a person
 * would (keepers, an adventurer player, a spectator that sees all), and hands back the live room
 * and its connections while they are still open, so the test reads the room's final tick, hash,
 * input log and checkpoints in one synchronous moment and only then leaves.
 *
 * The drivers assert nothing about outcomes beyond what they need to go on (each awaited answer
 * is `{ ok: true }`); the replay test asserts the log and the hashes.
 */

/** The server the drivers play on (the e2e harness's `inProcessServer()`). */
export interface GameServer { url(): string; track<T extends DungeonConnection>(c: T): T }

/** A game played to its end, its clients still connected. */
export interface PlayedGame {
  /** The live room (the in-process server's own instance). */
  room: DungeonRoom;
  /** Every connection the game opened and still holds; `leave()` them once the room is read. */
  connections: DungeonConnection[];
  /** Event counts a spectator seeing all received, by type (for the test's sanity checks). */
  seen: ReadonlyMap<string, number>;
  /** Turn plans the player sent, every one answered `{ ok: true }`. */
  plans: number;
}

/**
 * Ticks a game runs on after its first tick before the driver hands it back, so the room records
 * at least a few checkpoints (one per 100 ticks with `CHECKPOINT_EVERY_TICKS=100`).
 */
export const RUN_ON_TICKS = 500;

/** The in-process room behind `roomId`. @throws Error when this process holds no such room. */
export function roomOf(roomId: string): DungeonRoom {
  const room = matchMaker.getLocalRoomById(roomId) as unknown as DungeonRoom | undefined;
  if (!room) throw new Error(`no local room ${roomId}`);
  return room;
}

/** Leaves every connection of `game` (the room then disposes itself). */
export async function leaveAll(game: PlayedGame): Promise<void> {
  await Promise.allSettled(game.connections.map((c) => c.leave()));
}

function countTypes(seen: readonly { type: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of seen) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  return counts;
}

function expectOk(what: string, r: unknown): void {
  if (!(r as { ok?: boolean }).ok) throw new Error(`${what} was refused: ${JSON.stringify(r)}`);
}

/**
 * Real milliseconds the drivers wait for any one thing the room does (a seat change, a fight, a
 * tick): a second or so alone, many times that beside other work at load 20 on 2 cores.
 */
const WAIT_MS = 120_000;

/** Waits until the room's simulation is at least {@link RUN_ON_TICKS} past `from` (at 100 ticks a second, a few seconds). */
async function runOn(room: DungeonRoom, from: number): Promise<void> {
  await until(`the room at tick ${from + RUN_ON_TICKS}`, () => (room.simulation.tick >= from + RUN_ON_TICKS ? true : undefined), WAIT_MS);
}

/**
 * The keeper drops without leaving and comes back with its reconnection token (the SDK's own
 * reconnection turned off, so the test's `reconnect` is the one that resumes the seat), then
 * leaves for good and joins again as a new keeper seat.
 * @returns the keeper connection to use from then on.
 */
async function keeperAwayAndBack(server: GameServer, keeper: DungeonConnection, room: DungeonRoom): Promise<DungeonConnection> {
  const client = connect(server.url());
  const seatId = keeper.seat?.seatId ?? await until("the keeper's seat message", () => keeper.seat?.seatId, WAIT_MS);
  keeper.room.reconnection.enabled = false;
  const token = keeper.reconnectionToken;
  keeper.room.connection.close(CloseCode.MAY_TRY_RECONNECT, "replay test: keeper drops");
  await until("the keeper's seat held while away", () => (room.seats.some((s) => s.seatId === seatId && !s.connected) ? true : undefined), WAIT_MS);
  const back = server.track(await client.reconnect(token, "keeper"));
  await until("the keeper's seat connected again", () => (room.seats.some((s) => s.seatId === seatId && s.connected) ? true : undefined), WAIT_MS);
  await back.leave();
  await until("the keeper seat freed", () => (room.seats.some((s) => s.role === "keeper") ? undefined : true), WAIT_MS);
  return server.track(await client.joinAsKeeper(room.roomId));
}

/**
 * The d20 game (parts (a), (b) d20 and (d)): seed 424242 on the default map, `skipToInvasion` (the
 * room opens on the first party, one peasant, at the entrance (0, 15)), 10 game minutes per second
 * (100 ticks per second), created paused. While the clock is paused the keeper places a pressure
 * plate, drops and reconnects with its token (its seat held 60 s), leaves and rejoins: all of it at
 * the one paused tick, since at load 20 those round trips took long enough for the running game to
 * take the peasant before the keeper's order. Then an adventurer player claims the peasant, which
 * restarts the clock (INV-79: it never pauses while a player is seated), and walks it to (3, 15),
 * where it stays (`moveTo`; it has about 1.6 s of real time before it would reach the Master);
 * the keeper at once orders a minion to attack the peasant, and the player plans an attack on each
 * of its turns (`planTurn`) until the encounter ends; the game runs on to {@link RUN_ON_TICKS}
 * ticks after its first.
 */
export async function playD20Game(server: GameServer): Promise<PlayedGame> {
  const client = connect(server.url());
  let keeper = server.track(await client.createDungeon(
    { seed: 424242, ruleset: "d20", timeScale: 10, skipToInvasion: true, pauseOnSpot: true, startPaused: true, spectatorsSeeAll: true, reconnectSeconds: 60 },
    { role: "keeper" },
  ));
  const room = roomOf(keeper.roomId);
  const first = room.simulation.tick;
  const spectator = server.track(await client.spectate(keeper.roomId));
  const { seen, eventually } = recordEvents(spectator);
  expectOk("placePart", await keeper.placePart({ kind: "pressurePlate", x: 16, y: 12 }));
  keeper = await keeperAwayAndBack(server, keeper, room);
  const peasantId = room.openAdventurerSeats()[0]!;
  const hero = server.track(await client.joinAsAdventurer(keeper.roomId, peasantId));
  expectOk("moveTo", await hero.moveTo({ x: 3, y: 15 }));

  // The thin client: on each new turn, attack the first foe in reach, else the nearest minion.
  const plans: Promise<unknown>[] = [];
  let last = "";
  hero.onStateChange((state) => {
    const o = state.turnOptions.get(peasantId);
    if (!o || `${o.encounterId}:${o.round}` === last) return;
    last = `${o.encounterId}:${o.round}`;
    let targetId = o.targets.at(0) ?? "";
    const me = spectator.state.units.get(peasantId);
    let best = Number.POSITIVE_INFINITY;
    if (targetId === "" && me) {
      spectator.state.units.forEach((u, id) => {
        const d = Math.max(Math.abs(u.x - me.x), Math.abs(u.y - me.y));
        if (u.kind === "minion" && u.hp > 0 && d < best) { best = d; targetId = id; }
      });
    }
    plans.push(hero.planTurn({ action: "attack", targetId }));
  });

  const minions: string[] = [];
  keeper.state.units.forEach((u, id) => { if (u.kind === "minion") minions.push(id); });
  expectOk("orderAttack", await keeper.orderAttack({ unitId: minions[0]!, targetId: peasantId }));
  const started = await eventually("encounterStarted", (e) => e.order.includes(peasantId), WAIT_MS);
  await eventually("encounterEnded", (e) => e.encounterId === started.encounterId, WAIT_MS);
  for (const p of plans) expectOk("planTurn", await p);
  await runOn(room, first);
  return { room, connections: [keeper, spectator, hero], seen: countTypes(seen), plans: plans.length };
}

/**
 * The d100 game (parts (b) d100 and (c)): seed 424242 on the default map, `skipToInvasion` (the
 * peasant at the entrance), 10 game minutes per second (100 ticks per second), created paused.
 * While the clock is paused the keeper sets its minions and creatures to flight (so no fight takes
 * the peasant before the duel; at load 20 those orders took long enough, with the clock running,
 * for a fight to take it first); an adventurer player claims the peasant, which restarts the clock
 * (INV-79), and walks it to (13, 15), where it stays (`moveTo`, well
 * before it could reach the Master), within FLEE_DISTANCE (12 tiles) of the minions' room so a
 * duel does not end at once as fled; there the keeper challenges it with a minion to the death, the
 * player accepts, plans to end its first duel turn, then forfeits; the keeper, whose minion won,
 * decides not to spare it (P100-DUEL-20); once the peasant is dead the game runs on to
 * {@link RUN_ON_TICKS} ticks after its first.
 */
export async function playD100DuelGame(server: GameServer): Promise<PlayedGame> {
  const client = connect(server.url());
  const keeper = server.track(await client.createDungeon(
    { seed: 424242, ruleset: "d100", timeScale: 10, skipToInvasion: true, pauseOnSpot: true, startPaused: true, spectatorsSeeAll: true },
    { role: "keeper" },
  ));
  const room = roomOf(keeper.roomId);
  const first = room.simulation.tick;
  const spectator = server.track(await client.spectate(keeper.roomId));
  const { seen, eventually } = recordEvents(spectator);
  let minionId = "";
  keeper.state.units.forEach((u, id) => { if (!minionId && u.kind === "minion") minionId = id; });
  for (const [id, u] of keeper.state.units.entries()) {
    if (u.kind === "minion" || u.kind === "creature") expectOk("setStance", await keeper.setStance({ unitId: id, stance: "flight" }));
  }
  const peasantId = room.openAdventurerSeats()[0]!;
  const hero = server.track(await client.joinAsAdventurer(keeper.roomId, peasantId));
  expectOk("moveTo", await hero.moveTo({ x: 13, y: 15 }));
  await until("the peasant at (13, 15)", () => { const u = room.simulation.unit(peasantId); return u?.x === 13 && u.y === 15 ? true : undefined; }, WAIT_MS);

  // The thin client: end the first duel turn, forfeit on the next.
  const plans: Promise<unknown>[] = [];
  let last = "";
  hero.onStateChange((state) => {
    const o = state.turnOptions.get(peasantId);
    if (!o || `${o.encounterId}:${o.round}` === last) return;
    last = `${o.encounterId}:${o.round}`;
    plans.push(hero.planTurn(plans.length === 0 ? { action: "steps", steps: [{ kind: "endTurn" }] } : { action: "forfeit" }));
  });
  const proposed = await keeper.proposeDuel({ unitId: minionId, opponentId: peasantId, toDeath: true });
  expectOk("proposeDuel", proposed);
  expectOk("answerDuel", await hero.answerDuel({ proposalId: (proposed as { id: string }).id, accept: true }));
  const pending: SimEventOf<"duelMercyPending"> = await eventually("duelMercyPending", () => true, WAIT_MS);
  for (const p of plans) expectOk("planTurn", await p);
  expectOk("decideDuelMercy", await keeper.decideDuelMercy({ mercyId: pending.mercyId, spare: false }));
  await eventually("duelMercy", (e) => e.mercyId === pending.mercyId, WAIT_MS);
  await until("the peasant dead", () => (room.simulation.unit(peasantId)?.activity === "dead" ? true : undefined), WAIT_MS);
  await runOn(room, first);
  return { room, connections: [keeper, spectator, hero], seen: countTypes(seen), plans: plans.length };
}
