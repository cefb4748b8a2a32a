import { schema, t, type SchemaType } from "@colyseus/schema";
import { KEEPER_VIEW_TAG } from "./viewTag.ts";
import { UNIT_STATE_CODES } from "../stateCodes.ts";
import { withNames } from "./names.ts";

/** The game clock: `day` counts from 1, `hour` 0–23, `minute` 0–59; `tick` counts from 0. */
export const GameClock = schema({
  tick: t.uint32().default(0),
  day: t.uint16().default(1),
  hour: t.uint8().default(0),
  minute: t.uint8().default(0),
  /** Game minutes per real second the room runs at. */
  timeScale: t.float32().default(1),
  /** True while the clock is paused (INV-79); a keeper's `resume` command restarts it. */
  paused: t.boolean().default(false),
}, "GameClock");
export type GameClock = SchemaType<typeof GameClock>;

/**
 * A unit: the Master, a minion, a creature or an adventurer. Its state travels as a one-byte code
 * (`stateCode`, issue 20 part 4: it changes often mid-fight); read it as a name through the
 * instance's read-only `state` (decoded with shared/src/stateCodes.ts).
 */
export const Unit = withNames(schema({
  id: t.string().default(""),
  kind: t.string().default("minion"),
  name: t.string().default(""),
  x: t.uint16().default(0),
  y: t.uint16().default(0),
  /** 0 = north, clockwise in eighths (CMB-10 facing). */
  facing: t.uint8().default(0),
  /** What the unit is doing: its code in `UNIT_STATE_CODES` (0 idle, 1 walking, 2 working, 3 fighting…); the name is `state`. */
  stateCode: t.uint8().default(0),
  /** Minion job: none, trapping, chores. */
  job: t.string().default("none"),
  /** Sum of wound points (CMB-25). */
  woundPoints: t.uint8().default(0),
  /** Adventurers: party id; empty for others. */
  partyId: t.string().default(""),
  /** Adventurers: class (Peasant, Scout, Rogue…). */
  adventurerClass: t.string().default(""),
  level: t.uint8().default(0),
  /** Id of the unit this one is fighting, if any. */
  targetId: t.string().default(""),
  /** "dungeon" (the keeper's side), "wild" (wild creatures) or an adventurer faction. */
  faction: t.string().default(""),
  /** Creatures: species ("troll", "kobold", …, see data/creatures.ts); "" for others. */
  species: t.string().default(""),
  /** The weapon it fights with (data/creatures.ts WEAPONS), e.g. "club", "fists". */
  weapon: t.string().default(""),
  /** Minions and creatures: stance on the slider, flight / keepDistance / regroup / aggression (CMB-15). */
  stance: t.string().default("aggression").view(KEEPER_VIEW_TAG),
  /** Minions and creatures: the enemy the keeper ordered it to attack, or "". */
  orderTargetId: t.string().default("").view(KEEPER_VIEW_TAG),
  /** Unconscious bodies: the unit carrying it, or "" (CMB-44). */
  carriedBy: t.string().default(""),
  /**
   * How the room's ruleset measures harm (HARM_MODELS): "woundPoints" (malignus, `woundPoints`
   * counts up to 10) or "hitPoints" (d20, d100: `hp` counts down from `maxHp`).
   */
  harmModel: t.string().default("woundPoints"),
  /** Under "hitPoints": hit points left (may go below 0 in d100); 0 under "woundPoints". */
  hp: t.int16().default(0),
  /** Under "hitPoints": maximum hit points; under "woundPoints": 10 (CMB-25). */
  maxHp: t.uint16().default(0),
  /** Statuses the ruleset put on it (STATUSES in rules.ts: "prone", "stunned", …); empty under malignus. */
  statuses: t.array("string"),
  /** Adventurers: who plays it: "" for the AI, else the player's seat id (seats in the room). */
  controller: t.string().default(""),
  /** d100 rooms: flight level (P100-AIR-02): "ground", "low", "moderate" or "high"; "ground" elsewhere. */
  altitude: t.string().default("ground"),
  /** d100 rooms: the adventurer a familiar or mount came with (P100-FAMILIAR, P100-AIR-22), or "". */
  companionOf: t.string().default(""),
  /** The mount this unit rides (d100: P100-AIR-20, P100-AIR-22; d20: D20-MOUNT-14; the rider is measured from the mount's space), or "" on foot. */
  riding: t.string().default(""),
  /** d20 rooms: movement mode (D20-MOVE-13): "walk", "fly" or "swim"; "walk" elsewhere. */
  moveMode: t.string().default("walk"),
  /**
   * d20 rooms: side in tiles of the square space it covers now, from (x, y) as its north-west tile
   * (D20-SIZE-01: 1 up to Medium, 2 Large, 3 Huge, 4 Gargantuan; one less while squeezing,
   * D20-SIZE-08); 1 elsewhere.
   */
  space: t.uint8().default(1),
  /** d20 rooms: size category (D20-SIZE-01: "tiny", "small", "medium", "large", "huge", "gargantuan"); "medium" elsewhere. */
  size: t.string().default("medium"),
}, "Unit"), { state: ["stateCode", UNIT_STATE_CODES] });
export type Unit = SchemaType<typeof Unit>;
