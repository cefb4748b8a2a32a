/**
 * The values the projection last wrote to each schema entry, as plain objects of one fixed shape
 * per entry type. Comparing a freshly derived value with its shadow is a monomorphic property read,
 * far cheaper than reading the schema field back through its accessor (issue 10: the projection was
 * the largest part of a room step). The projection is the only writer of these fields, so a shadow
 * stays equal to its entry; a fresh shadow holds `undefined` everywhere, so the first projection of
 * an entry writes every field (the schema's setter ignores a value equal to the default).
 *
 * Only server/src/rooms/projection.ts and the `*Projection.ts` files next to it use these.
 */

/** Last values written to a `Unit` entry (shared/src/state.ts), except `controller` (the room's). */
export class UnitShadow {
  id: string | undefined = undefined;
  kind: string | undefined = undefined;
  name: string | undefined = undefined;
  x: number | undefined = undefined;
  y: number | undefined = undefined;
  facing: number | undefined = undefined;
  state: string | undefined = undefined;
  job: string | undefined = undefined;
  woundPoints: number | undefined = undefined;
  partyId: string | undefined = undefined;
  adventurerClass: string | undefined = undefined;
  level: number | undefined = undefined;
  targetId: string | undefined = undefined;
  faction: string | undefined = undefined;
  species: string | undefined = undefined;
  weapon: string | undefined = undefined;
  stance: string | undefined = undefined;
  orderTargetId: string | undefined = undefined;
  carriedBy: string | undefined = undefined;
  altitude: string | undefined = undefined;
  moveMode: string | undefined = undefined;
  space: number | undefined = undefined;
  size: string | undefined = undefined;
  companionOf: string | undefined = undefined;
  riding: string | undefined = undefined;
  harmModel: string | undefined = undefined;
  hp: number | undefined = undefined;
  maxHp: number | undefined = undefined;
  /** A copy of the statuses list last written. */
  statuses: string[] | undefined = undefined;
}

/** Last values written to a `TrapPart` entry. */
export class PartShadow {
  id: string | undefined = undefined;
  kind: string | undefined = undefined;
  role: string | undefined = undefined;
  x: number | undefined = undefined;
  y: number | undefined = undefined;
  built: boolean | undefined = undefined;
  metalDelivered: number | undefined = undefined;
  metalNeeded: number | undefined = undefined;
  progress: number | undefined = undefined;
  needsRearm: boolean | undefined = undefined;
  rigged: boolean | undefined = undefined;
  delayMinutes: number | undefined = undefined;
  active: boolean | undefined = undefined;
  quality: string | undefined = undefined;
  networkId: string | undefined = undefined;
  expired: boolean | undefined = undefined;
}

/** Last values written to a `Cable` entry; `path` and `hops` as copies of the tile indices. */
export class CableShadow {
  id: string | undefined = undefined;
  networkId: string | undefined = undefined;
  path: number[] | undefined = undefined;
  hops: number[] | undefined = undefined;
}

/** Last values written to a `Door` entry. */
export class DoorShadow {
  id: string | undefined = undefined;
  x: number | undefined = undefined;
  y: number | undefined = undefined;
  open: boolean | undefined = undefined;
  heldOpen: boolean | undefined = undefined;
  triggered: boolean | undefined = undefined;
  hasPadlock: boolean | undefined = undefined;
  padlockBuilt: boolean | undefined = undefined;
  padlockArmed: boolean | undefined = undefined;
  locked: boolean | undefined = undefined;
  padlockMetalDelivered: number | undefined = undefined;
  padlockMetalNeeded: number | undefined = undefined;
  padlockProgress: number | undefined = undefined;
  brokenIn: boolean | undefined = undefined;
  triggerId: string | undefined = undefined;
}

/** Last values written to the root fields, the clock and the invasion indicator of a `DungeonState`. */
export class RootShadow {
  tiles: string | undefined = undefined;
  dark: string | undefined = undefined;
  tick: number | undefined = undefined;
  day: number | undefined = undefined;
  hour: number | undefined = undefined;
  minute: number | undefined = undefined;
  timeScale: number | undefined = undefined;
  paused: boolean | undefined = undefined;
  metal: number | undefined = undefined;
  count: number | undefined = undefined;
  partyId: string | undefined = undefined;
  spotted: boolean | undefined = undefined;
  hourlyChance: number | undefined = undefined;
  word: string | undefined = undefined;
}

/** True when `a` holds the same items as `b`, in order (`a` undefined: never). */
export function sameItems<T>(a: readonly T[] | undefined, b: readonly T[]): boolean {
  if (a === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
