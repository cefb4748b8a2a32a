import { TICKS_PER_GAME_DAY, type Command } from "@malignus/shared";
import type { DungeonSimOptions, Input, InputCommand } from "../../src/sim/index.ts";

/**
 * The golden scenarios (issue 15 part 3): fixed headless games, each defined only by its create
 * options (seed included), the default map and a fixed list of inputs, replayed with the core's
 * `replay` to `untilTick`. Their final tick and state hash are pinned in golden.json
 * (golden.test.ts); see docs/architecture.md, "Golden hashes". Data table: no logic beyond the
 * input constructors.
 *
 * The inputs are what a room would log: the room's `seats` facts (a keeper seated as `k1`, an
 * adventurer player as `a2`), the keeper's commands, the keeper's `resume` at each spotting pause
 * (INV-79: the tick the clock paused at), and the player's `moveTo`, `planTurn` and duel answer. Every input
 * is accepted (`replay` throws on a refused one), so a rule change that refuses one fails loudly.
 * The ticks were found by playing each scenario once with these rules (the pauses, the player's
 * turns); dice are the seeded RNG's throughout.
 */
export interface GoldenScenario {
  /** Key in golden.json. */
  name: string;
  /** What the scenario plays, for people. */
  about: string;
  options: DungeonSimOptions;
  inputs: readonly Input[];
  /** Replay to this tick (ticks since day 1, 00:00). */
  untilTick: number;
}

const KEEPER = { kind: "keeper", seatId: "k1" } as const;
/** A keeper command from seat k1 at `tick`. */
const keeper = (tick: number, command: Command): Input => ({ tick, actor: KEEPER, command });
/** A room input (seat facts) at `tick`. */
const room = (tick: number, command: InputCommand): Input => ({ tick, actor: { kind: "room" }, command });
/** The keeper's `resume` at each tick the clock paused on a spotting (INV-79). */
const resumes = (...ticks: number[]): Input[] => ticks.map((t) => keeper(t, { type: "resume" }));
/** The keeper seated (and connected) at `tick`, no adventurer player. */
const keeperSeated = (tick: number): Input => room(tick, { type: "seats", keepers: 1, adventurers: [] });

/**
 * The keeper's build of every keeper scenario: a pressure plate wired to spinning blades in the
 * entrance corridor (TRAP-12), a second Trapping minion (TRAP-04), a door on the passage to the
 * north room and a guard post in the corridor (INV-76).
 */
const build: readonly Input[] = [
  keeperSeated(0),
  keeper(0, { type: "placePart", kind: "pressurePlate", x: 6, y: 15 }),
  keeper(0, { type: "placePart", kind: "spinningBlades", x: 9, y: 15 }),
  keeper(0, { type: "wire", path: [6, 7, 8, 9].map((x) => ({ x, y: 15 })) }),
  keeper(0, { type: "assignJob", unitId: "2", job: "trapping" }),
  keeper(600, { type: "buildDoor", x: 17, y: 9 }),
  keeper(1200, { type: "buildGuardPost", x: 12, y: 15 }),
];

/** Sorted by tick, keeping the order of inputs at the same tick. */
const byTick = (inputs: readonly Input[]): Input[] => [...inputs].sort((a, b) => a.tick - b.tick);

const options = (seed: number, ruleset: DungeonSimOptions["ruleset"], skipToInvasion = false): DungeonSimOptions =>
  ({ map: "default", seed, ruleset, pauseOnSpot: true, skipToInvasion, startPaused: false });

/** The players scenarios' player: seat a2 playing the first party's peasant (unit 7). */
const PLAYER = { kind: "adventurer", seatId: "a2", unitId: "7" } as const;
const player = (tick: number, command: Command): Input => ({ tick, actor: PLAYER, command });

/** The golden scenarios, in golden.json's order. */
export const GOLDEN_SCENARIOS: readonly GoldenScenario[] = [
  {
    name: "malignus-invasions",
    about: "malignus, seed 101: the keeper's build, then the first three invasions of day 2 (traps fire, parties spotted and resumed), to the end of day 2",
    options: options(101, "malignus"),
    inputs: byTick([...build, ...resumes(15655, 20603, 27345)]),
    untilTick: 2 * TICKS_PER_GAME_DAY,
  },
  {
    name: "d20-invasion",
    about: "d20, seed 202: the keeper's build and a minion set to flight, the first invasion (a trap, a d20 encounter, a capture), to the end of day 2",
    options: options(202, "d20"),
    inputs: byTick([...build, keeper(3000, { type: "setStance", unitId: "3", stance: "flight" }), ...resumes(27058)]),
    untilTick: 2 * TICKS_PER_GAME_DAY,
  },
  {
    name: "d100-invasion",
    about: "d100, seed 303: the keeper's build and a minion set to flight, the first invasion (a trap, a d100 encounter), to the end of day 2",
    options: options(303, "d100"),
    inputs: byTick([...build, keeper(3000, { type: "setStance", unitId: "3", stance: "flight" }), ...resumes(24058)]),
    untilTick: 2 * TICKS_PER_GAME_DAY,
  },
  {
    name: "d20-players",
    about: "d20, seed 424242, skipToInvasion: at the spotting an adventurer player takes the peasant and walks it a tile back, the keeper orders a minion to attack it, and the player plans an attack on each of its three turns; 600 ticks after the spotting",
    options: options(424242, "d20", true),
    inputs: [
      keeperSeated(22200),
      keeper(22200, { type: "placePart", kind: "pressurePlate", x: 16, y: 12 }),
      room(22258, { type: "seats", keepers: 1, adventurers: [{ seatId: "a2", unitId: "7", connected: true }] }),
      player(22258, { type: "moveTo", x: 11, y: 15 }),
      keeper(22258, { type: "orderAttack", unitId: "1", targetId: "7" }),
      player(22259, { type: "planTurn", action: "attack", targetId: "1" }),
      player(22269, { type: "planTurn", action: "attack", targetId: "1" }),
      player(22279, { type: "planTurn", action: "attack", targetId: "1" }),
    ],
    untilTick: 22858,
  },
  {
    name: "d100-duel-players",
    about: "d100, seed 424242, skipToInvasion: the keeper sets its minions to flight; an adventurer player takes the peasant and walks it to (13, 15); the keeper challenges it to a duel to the death with minion 1, the player accepts, ends its first turn and forfeits the second (P100-DUEL-20), the keeper does not spare it; 600 ticks after the duel",
    options: options(424242, "d100", true),
    inputs: [
      keeperSeated(22200),
      ...["1", "2", "3"].map((unitId) => keeper(22200, { type: "setStance", unitId, stance: "flight" })),
      room(22200, { type: "seats", keepers: 1, adventurers: [{ seatId: "a2", unitId: "7", connected: true }] }),
      player(22200, { type: "moveTo", x: 13, y: 15 }),
      keeper(22263, { type: "proposeDuel", unitId: "1", opponentId: "7", toDeath: true }),
      player(22263, { type: "answerDuel", proposalId: "8", accept: true }),
      player(22265, { type: "planTurn", action: "steps", steps: [{ kind: "endTurn" }] }),
      player(22274, { type: "planTurn", action: "forfeit" }),
      keeper(22275, { type: "decideDuelMercy", mercyId: "10", spare: false }),
    ],
    untilTick: 22863,
  },
  {
    name: "d20-long",
    about: "d20, seed 404, seven game days: the keeper's build, an altar on day 2, a 12-hour Storm Rite on day 3, and every invasion of those days, the keeper resuming each spotting",
    options: options(404, "d20"),
    inputs: byTick([
      ...build,
      keeper(20000, { type: "buildAltar", x: 20, y: 25 }),
      keeper(40000, { type: "stormRite", hours: 12 }),
      ...resumes(21058, 22940, 27441, 35742, 36742, 47873, 70518),
    ]),
    untilTick: 7 * TICKS_PER_GAME_DAY,
  },
];
