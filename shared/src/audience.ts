import type { TilePos } from "./commands.ts";

/**
 * The vocabulary in which every event type declares who may hear it (its audience), next to its
 * definition in events.ts (`EVENT_AUDIENCE`). The server's simulation evaluates a declaration
 * against its state for one viewer (server/src/sim/views/audience.ts `eventAudience`); a room sends
 * an event to a client only when that says yes. Nothing is heard by default: an event type with no
 * declaration is a type error, and heard by no one but a see-all spectator.
 *
 * Two sides, each one word:
 * - `keeper` (the keeper's seats, and spectators who share the keeper's view):
 *   - `"always"`: whatever the fog (its own acts, its trap parts, its letters, the clock);
 *   - `"fog"` (INV-69 to INV-77): when one of the units the event names is one the keeper sees now
 *     (its own side, a unit of no party, an intruder currently revealed), when it names one of the
 *     keeper's trap parts or cables, or when the party it names is spotted.
 * - `adventurer` (an adventurer player, through its own unit):
 *   - `"never"`: keeper-only (building, wiring, orders, letters);
 *   - `"always"`: the clock (hour, pause);
 *   - `"witness"`: when it is present (it perceives one of the named units, or of the `seenOn` units
 *     when the declaration has them, CMB-02 to CMB-04, or the event's tile or tiles; or it is an insider: a member of the named party, a participant of the
 *     named encounter, one of the units named in `among`) AND it may know every thing the event
 *     names: each named unit is itself, a member of its own party (INV-05), one it perceives, a fellow
 *     participant of an encounter it is in, or any unit when it is an insider; each named trap part is one it knows (KNOW-03, KNOW-04); never a
 *     cable. An event naming anything else is not sent to it at all.
 *
 * A third, optional word is for spectators (`repeatsState: true`): the event only repeats a change
 * the state schema already shows to every seat that hears it (a trap part or cable placed, moved
 * or removed, a stance or order given). A spectator, who holds that state and acts on nothing, is
 * not sent it; the keeper's seats still are (it answers their own acts). Bandwidth, issue 20 part 4.
 *
 * The clauses name fields of the event. A unit field holds a unit id (`""` and `null` name nothing;
 * a value that is not a unit's id is no unit, e.g. a trap part in `sourceId` or `"dying"`), a list
 * of ids, a record keyed by unit ids (`fates`, `hp`) or a list of letter members (`{ unitId }`).
 */
export type KeeperHears = "always" | "fog";
/** See {@link KeeperHears}. */
export type AdventurerHears = "never" | "always" | "witness";

/** A field value that can name units or parts. */
type IdValue = string | null | undefined | readonly string[] | Readonly<Record<string, unknown>> | readonly { unitId: string }[];
/** The fields of event `E` (its `type` and `tick` apart) whose values are of type `V`. */
export type FieldsOf<E, V> = {
  [K in keyof E]-?: K extends "type" | "tick" ? never : NonNullable<E[K]> extends V ? K : never;
}[keyof E] & string;

/** One event type's audience (see the module comment); `E` is the event, so field names are checked. */
export interface Audience<E> {
  keeper: KeeperHears;
  adventurer: AdventurerHears;
  /** Fields naming units. */
  units?: readonly FieldsOf<E, IdValue>[];
  /**
   * Fields naming the units an event is seen on: when given, an adventurer is present only when it
   * perceives (or is) one of them, not any unit of `units` (those it must still know). The keeper's
   * fog still reads `units`. A defence is
   * seen on the defender: the attacker of a tile it cannot see is not told who was there (D20-ATTACK-71).
   */
  seenOn?: readonly FieldsOf<E, IdValue>[];
  /** Fields naming trap parts or cables (a value that is neither names nothing). */
  parts?: readonly FieldsOf<E, string | null>[];
  /** The fields `[x, y]` of the tile (in tiles) where the event happens. */
  at?: readonly [FieldsOf<E, number>, FieldsOf<E, number>];
  /** Fields holding lists of tiles where the event happens. */
  tiles?: readonly FieldsOf<E, readonly TilePos[]>[];
  /** A field naming a party: its members are insiders; the keeper hears it once the party is spotted. */
  party?: FieldsOf<E, string>;
  /** A field naming an encounter: its participants (while it lasts) are insiders. */
  encounter?: FieldsOf<E, string>;
  /** Fields naming units that know one another in this event (duellists): they are insiders. */
  among?: readonly FieldsOf<E, IdValue>[];
  /** True when the event only repeats a state change (see the module comment): spectators do not get it. */
  repeatsState?: true;
}
