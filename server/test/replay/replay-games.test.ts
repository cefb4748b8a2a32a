import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replay, type Checkpoint, type DungeonSimOptions, type Input } from "../../src/sim/index.ts";
import { loadMap } from "../../src/maps.ts";
import { inProcessServer } from "../e2e/harness.ts";
import { leaveAll, playD100DuelGame, playD20Game, RUN_ON_TICKS, type PlayedGame } from "./games.ts";

/**
 * Issue 15 part 2: a game played over a real WebSocket replays headless from what defines it, its
 * create options (seed included), its map and the room's one input log, with the same state hash
 * at every 100th tick (the live room's checkpoints, `CHECKPOINT_EVERY_TICKS=100`, against the
 * replay's) and at the end (the room's tick and hash, read in the same synchronous moment as its
 * log). Each test also checks that the log holds the inputs its game is about, so a room that
 * stopped logging one kind would fail here.
 */

/** Checkpoint interval of the live rooms and of the replays, in ticks. */
const EVERY = 100;
let savedEvery: string | undefined;
beforeAll(() => {
  savedEvery = process.env.CHECKPOINT_EVERY_TICKS;
  process.env.CHECKPOINT_EVERY_TICKS = String(EVERY); // read by each room at its creation
});
afterAll(() => {
  if (savedEvery === undefined) delete process.env.CHECKPOINT_EVERY_TICKS;
  else process.env.CHECKPOINT_EVERY_TICKS = savedEvery;
});

const server = inProcessServer();

/** What the room holds at one moment: its definition, log, checkpoints, tick and hash. */
interface Recorded { options: DungeonSimOptions; inputs: Input[]; checkpoints: Checkpoint[]; tick: number; hash: string }

/** Reads the live room in one synchronous moment (no room step can run in between), then leaves it. */
async function record(game: PlayedGame): Promise<Recorded> {
  const { room } = game;
  const recorded: Recorded = {
    options: structuredClone(room.createOptions),
    inputs: structuredClone(room.inputLog) as Input[],
    checkpoints: structuredClone(room.checkpoints) as Checkpoint[],
    tick: room.simulation.tick,
    hash: room.simulation.hash(),
  };
  await leaveAll(game);
  return recorded;
}

/** Replays `live` headless and checks every checkpoint and the end against the room's. */
function expectSameReplay(live: Recorded): void {
  const sim = replay(live.options, loadMap(live.options.map), live.inputs, { untilTick: live.tick, checkpointEvery: EVERY });
  // The room records from its first step after creation (skipToInvasion's steps are creation).
  const from = live.checkpoints[0]!.tick;
  expect(live.checkpoints.length).toBeGreaterThanOrEqual(RUN_ON_TICKS / EVERY - 1);
  expect(live.checkpoints.map((c) => c.tick)).toEqual(live.checkpoints.map((_, i) => from + i * EVERY));
  expect(sim.checkpoints).toEqual(live.checkpoints);
  expect([sim.tick, sim.hash()]).toEqual([live.tick, live.hash]);
  expect(sim.inputLog).toEqual(live.inputs);
}

/**
 * The player's plans are part of what the hashes pin: the log cut just before the first
 * `planTurn` replays to another hash at the first checkpoint after it (a plan is state at once).
 */
function expectPlansMatter(live: Recorded): void {
  const at = live.inputs.findIndex((i) => i.command.type === "planTurn");
  const next = live.checkpoints.find((c) => c.tick > live.inputs[at]!.tick)!;
  const without = replay(live.options, loadMap(live.options.map), live.inputs.slice(0, at), { untilTick: next.tick });
  expect(without.tick).toBe(next.tick);
  expect(without.hash()).not.toBe(next.hash);
}

/** Counts the log's inputs by `actor kind:command type`, the room's `seats` facts left out. */
function inputKinds(inputs: readonly Input[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of inputs) {
    if (i.command.type === "seats") continue;
    const key = `${i.actor.kind}:${i.command.type}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** The room's `seats` inputs, as [connected keepers, adventurer seats connected]. */
function seatFacts(inputs: readonly Input[]): [number, number][] {
  return inputs.flatMap((i) => i.command.type === "seats"
    ? [[i.command.keepers, i.command.adventurers.filter((a) => a.connected).length] as [number, number]]
    : []);
}

describe("replay of real games (issue 15 part 2)", () => {
  it("a d20 game with a keeper who drops, reconnects with its token, leaves and rejoins, and a player who walks and plans its encounter turns replays to the same hashes", async () => {
    // The driver awaited the peasant's encounter's end; how many more fights the run-on holds depends on
    // when the room's steps fell, which the replay reproduces whatever it is.
    const game = await playD20Game(server);
    expect(game.seen.get("encounterStarted")).toBeDefined();
    const live = await record(game);

    // The keeper's commands from both of its seats (k1 before it left, k3 after: seat numbers count
    // every seat given, the spectator took 2, and the player joins after the keeper is back), the player's walk
    // and every plan it sent, and the seat facts: keeper in, dropped, back, left, in again (the
    // clock paused), then the player seated.
    expect(inputKinds(live.inputs)).toEqual({ "keeper:placePart": 1, "keeper:orderAttack": 1, "adventurer:moveTo": 1, "adventurer:planTurn": game.plans });
    expect(game.plans).toBeGreaterThan(0);
    expect(live.inputs.filter((i) => i.actor.kind === "keeper").map((i) => [i.command.type, i.actor.kind === "keeper" && i.actor.seatId]))
      .toEqual([["placePart", "k1"], ["orderAttack", "k3"]]);
    expect(seatFacts(live.inputs)).toEqual([[1, 0], [0, 0], [1, 0], [0, 0], [1, 0], [1, 1]]);
    expectSameReplay(live);
    expectPlansMatter(live);
  }, 400_000); // the room's steps, the reconnection and the replays run many times slower at load 20

  it("a d100 game with a player who walks, accepts a duel to the death, plans its turns and forfeits, and a keeper who decides mercy replays to the same hashes", async () => {
    const game = await playD100DuelGame(server);
    expect([game.seen.get("duelEnded"), game.seen.get("duelMercyPending"), game.seen.get("duelMercy")]).toEqual([1, 1, 1]);
    const live = await record(game);

    expect(game.plans).toBe(2);
    // The default map's three minions (and no creature) set to flight.
    expect(inputKinds(live.inputs)).toEqual({
      "keeper:setStance": 3, "adventurer:moveTo": 1, "keeper:proposeDuel": 1, "adventurer:answerDuel": 1,
      "adventurer:planTurn": 2, "keeper:decideDuelMercy": 1,
    });
    expect(live.inputs.find((i) => i.command.type === "decideDuelMercy")?.command).toMatchObject({ spare: false });
    expect(seatFacts(live.inputs)).toEqual([[1, 0], [1, 1]]);
    expectSameReplay(live);
    expectPlansMatter(live);
  }, 400_000);
});
