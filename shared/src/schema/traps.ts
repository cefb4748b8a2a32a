import { schema, t, type SchemaType } from "@colyseus/schema";
import { KEEPER_VIEW_TAG } from "./viewTag.ts";
import { PART_KIND_CODES, PART_QUALITY_CODES, PART_ROLE_CODES } from "../stateCodes.ts";
import { withNames } from "./names.ts";

/**
 * A trap part (trigger, timer or mechanism), built or still a construction site. An adventurer
 * player receives only the parts its adventurer knows, and of them only `id`, `kindCode`,
 * `roleCode`, `x` and `y`: the fields tagged {@link KEEPER_VIEW_TAG} (building, wiring, arming)
 * stay the keeper's (KNOW rules: it cannot tell a site from a built part).
 *
 * `kind`, `role` and `quality` travel as one-byte codes (issue 20 part 4: a new part cost a
 * spectator about 30 bytes more as strings); read them as names through the instance's
 * read-only `kind`, `role` and `quality` (decoded with shared/src/stateCodes.ts).
 */
export const TrapPart = withNames(schema({
  id: t.string().default(""),
  /** The part kind's code in `PART_KIND_CODES` (0: none); the name is `kind`. */
  kindCode: t.uint8().default(0),
  /** The role's code in `PART_ROLE_CODES` (1 trigger, 2 timer, 3 mechanism); the name is `role`. */
  roleCode: t.uint8().default(0),
  x: t.uint16().default(0),
  y: t.uint16().default(0),
  /** False while it is a construction site (TRAP-28). */
  built: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** Metal delivered to the site, and metal needed (TRAP-29, TRAP-31). */
  metalDelivered: t.uint8().default(0).view(KEEPER_VIEW_TAG),
  metalNeeded: t.uint8().default(0).view(KEEPER_VIEW_TAG),
  /** Construction progress in percent (TRAP-30): whole 10 % steps while built (0, 10 … 90, `PART_PROGRESS_STEP`), 100 when built. */
  progress: t.uint8().default(0).view(KEEPER_VIEW_TAG),
  /** The id of the joined cable network this part is on, empty when unwired (TRAP-10, TRAP-11). */
  networkId: t.string().default("").view(KEEPER_VIEW_TAG),
  /** Needs a rearm after use (TRAP-32). */
  needsRearm: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** Its 2-day rearm ran out: show the crossed-out dart (TRAP-49, TRAP-50). */
  expired: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** Rigged trigger (TRAP-39). */
  rigged: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** Timers: delay in game minutes (TRAP-17). */
  delayMinutes: t.uint16().default(0).view(KEEPER_VIEW_TAG),
  /** Levers and triggers wired to doors: currently active (DOOR-23, DOOR-25). */
  active: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** Build quality's code in `PART_QUALITY_CODES`: 0 "normal", 1 "shoddy" (shoddy triggers are easier to spot, KNOW-13); the name is `quality`. */
  qualityCode: t.uint8().default(0).view(KEEPER_VIEW_TAG),
}, "TrapPart"), {
  kind: ["kindCode", PART_KIND_CODES],
  role: ["roleCode", PART_ROLE_CODES],
  quality: ["qualityCode", PART_QUALITY_CODES],
});
export type TrapPart = SchemaType<typeof TrapPart>;

/** A cable: the tiles it runs along, as `x,y` pairs flattened, and where it hops (TRAP-23). */
export const Cable = schema({
  id: t.string().default(""),
  networkId: t.string().default(""),
  /** Flattened [x0, y0, x1, y1, …] in tiles. */
  path: t.array("uint16"),
  /** Flattened [x, y, …] of the tiles where this cable hops over another: the bump (TRAP-23). */
  hops: t.array("uint16"),
}, "Cable");
export type Cable = SchemaType<typeof Cable>;

/**
 * A lingering trap effect (gas cloud, web, terror, spiders): `tiles` is the gas cloud, flattened
 * [x0, y0, x1, y1, …]; `unitId` the unit held, terrified or bitten. It ends at `untilTick`.
 */
export const TrapEffect = schema({
  id: t.string().default(""),
  /** "gas", "web", "terror" or "spiders". */
  kind: t.string().default(""),
  /** The mechanism part that caused it. Keeper-side only ({@link KEEPER_VIEW_TAG}). */
  sourceId: t.string().default("").view(KEEPER_VIEW_TAG),
  unitId: t.string().default(""),
  tiles: t.array("uint16"),
  untilTick: t.uint32().default(0),
}, "TrapEffect");
export type TrapEffect = SchemaType<typeof TrapEffect>;

/**
 * One of the keeper's lairs (TRAP-61): the `width` x `height` tiles from (x, y), its top-left
 * corner. `residentId` is the creature living there (it joined the dungeon, TRAP-61, TRAP-62), or
 * ""; `settlerId` the wild creature settling in, or "", which joins at tick `settlesAtTick` if it
 * stays inside until then (0 when none). Everyone sees lairs.
 */
export const Lair = schema({
  id: t.string().default(""),
  x: t.uint16().default(0),
  y: t.uint16().default(0),
  width: t.uint8().default(1),
  height: t.uint8().default(1),
  residentId: t.string().default(""),
  settlerId: t.string().default(""),
  settlesAtTick: t.uint32().default(0),
}, "Lair");
export type Lair = SchemaType<typeof Lair>;
