import { EVENT_AUDIENCE, type Audience, type SimEvent } from "@malignus/shared";
import type { UnitRecord } from "../state.ts";
import { keeperSeesId, type ViewContext } from "./fog.ts";
import type { Viewer } from "./viewer.ts";
import { adventurerMayKnowUnit, adventurerSeesTile, adventurerSeesUnit } from "./perception.ts";
import { knows } from "../knowledge/knowledge.ts";

/**
 * Who may hear an event: each event type's audience is declared next to its definition
 * (shared/src/events.ts `EVENT_AUDIENCE`, words explained in shared/src/audience.ts); this
 * evaluates a declaration against the simulation for one viewer. No event is heard by default:
 * a type without a declaration is heard by no one but a see-all spectator. Allocates nothing.
 */

/** An audience with its event type forgotten: fields are read by name. */
type AnyAudience = Audience<Record<string, unknown>>;
/** An event read field by field. */
type EventFields = { readonly type: string } & Readonly<Record<string, unknown>>;
/** A test of one id named by an event. */
type IdTest = (ctx: ViewContext, me: UnitRecord, id: string) => boolean;

const NONE: readonly string[] = [];

/**
 * True when `viewer` may hear `event` now (see shared/src/audience.ts): `all` hears everything;
 * `keeper` hears a declared `"always"` event, or a `"fog"` one naming a unit it sees (INV-69 to
 * INV-77), one of its trap parts or cables, or a spotted party; an `adventurer` hears an
 * `"always"` event, never a `"never"` one, and a `"witness"` one only when it is present (it
 * perceives a named unit, a `seenOn` one when declared, D20-ATTACK-71, or the event's tile) and may
 * know every unit and trap part the event names (CMB-02 to CMB-04, KNOW-03, KNOW-04, INV-05), and
 * it names no cable. The keeper's fog reads `units` only.
 * @param ctx the step's view context (its `revealed` set is read only for keeper fog events that
 *   name intruders).
 * @example
 * eventAudience(lazyContext(sim), { type: "caveIn", tick: 9, x: 40, y: 3, rock: [], rubble: [], spared: [] },
 *   { kind: "adventurer", unitId: "12" }); // false unless unit 12 perceives (40, 3)
 */
export function eventAudience(ctx: ViewContext, event: SimEvent | EventFields, viewer: Viewer): boolean {
  if (viewer.kind === "all") return true;
  const ev = event as EventFields;
  const audience = audienceOf(ev.type);
  if (audience === undefined) return false;
  if (viewer.kind === "keeper") return keeperHears(ctx, audience, ev);
  return adventurerHears(ctx, audience, ev, viewer.unitId);
}

/**
 * False when event type `type` only repeats a state change its hearers already receive (its
 * audience's `repeatsState`, shared/src/audience.ts): a room does not send it to spectator seats,
 * whatever their view (issue 20 part 4: a spectator's bytes). True for every other type.
 */
export function spectatorsHear(type: string): boolean {
  return audienceOf(type)?.repeatsState !== true;
}

/** The declared audience of event type `type`, or undefined when it has none. */
export function audienceOf(type: string): AnyAudience | undefined {
  return Object.hasOwn(EVENT_AUDIENCE, type) ? (EVENT_AUDIENCE as unknown as Record<string, AnyAudience>)[type] : undefined;
}

function keeperHears(ctx: ViewContext, a: AnyAudience, ev: EventFields): boolean {
  if (a.keeper === "always") return true;
  const s = ctx.sim.state;
  for (const f of a.units ?? NONE) if (someId(ev[f], keeperSees, ctx, undefined)) return true;
  for (const f of a.among ?? NONE) if (someId(ev[f], keeperSees, ctx, undefined)) return true;
  for (const f of a.parts ?? NONE) {
    const id = ev[f];
    if (typeof id === "string" && (Object.hasOwn(s.parts, id) || Object.hasOwn(s.cables, id))) return true;
  }
  if (a.party !== undefined) {
    const id = ev[a.party];
    if (typeof id === "string" && Object.hasOwn(s.parties, id) && s.parties[id]!.spotted) return true;
  }
  return false;
}

function adventurerHears(ctx: ViewContext, a: AnyAudience, ev: EventFields, unitId: string): boolean {
  if (a.adventurer === "never") return false;
  if (a.adventurer === "always") return true;
  const s = ctx.sim.state;
  const me = Object.hasOwn(s.units, unitId) ? s.units[unitId] : undefined;
  if (!me) return false;
  // Never a cable, never a trap part it does not know (KNOW-03, KNOW-04).
  for (const f of a.parts ?? NONE) {
    const id = ev[f];
    if (typeof id !== "string" || id === "") continue;
    if (Object.hasOwn(s.cables, id)) return false;
    if (Object.hasOwn(s.parts, id) && !knows(ctx.sim, me, id)) return false;
  }
  if (isInsider(ctx, a, ev, me)) return true;
  for (const f of a.units ?? NONE) if (someId(ev[f], unknownToMe, ctx, me)) return false;
  // Present: it perceives a named unit (a `seenOn` one when declared: D20-ATTACK-71), the event's tile or one of its tiles (CMB-02 to CMB-04).
  for (const f of a.seenOn ?? a.units ?? NONE) if (someId(ev[f], perceivedByMe, ctx, me)) return true;
  if (a.at !== undefined) {
    const x = ev[a.at[0]], y = ev[a.at[1]];
    if (typeof x === "number" && typeof y === "number" && adventurerSeesTile(ctx.sim, me, x, y)) return true;
  }
  for (const f of a.tiles ?? NONE) {
    const tiles = ev[f];
    if (!Array.isArray(tiles)) continue;
    for (let i = 0; i < tiles.length; i++) {
      const t = tiles[i] as { x: number; y: number };
      if (adventurerSeesTile(ctx.sim, me, t.x, t.y)) return true;
    }
  }
  return false;
}

/** True when `me` is an insider of the event: a member of its party, a participant of its encounter, one of its `among` units. */
function isInsider(ctx: ViewContext, a: AnyAudience, ev: EventFields, me: UnitRecord): boolean {
  if (a.party !== undefined) {
    const id = ev[a.party];
    if (typeof id === "string" && id !== "" && me.partyId === id) return true;
  }
  if (a.encounter !== undefined) {
    const id = ev[a.encounter];
    const encounters = ctx.sim.state.encounters;
    if (typeof id === "string" && encounters && Object.hasOwn(encounters, id) && encounters[id]!.participants.includes(me.id)) return true;
  }
  for (const f of a.among ?? NONE) if (someId(ev[f], isMe, ctx, me)) return true;
  return false;
}

const keeperSees: IdTest = (ctx, _me, id) => keeperSeesId(ctx, id);
const isMe: IdTest = (_ctx, me, id) => id === me.id;
/** A named unit `me` may not know of (ids that are no unit name nothing). */
const unknownToMe: IdTest = (ctx, me, id) => Object.hasOwn(ctx.sim.state.units, id) && !adventurerMayKnowUnit(ctx.sim, me, id);
const perceivedByMe: IdTest = (ctx, me, id) => adventurerSeesUnit(ctx.sim, me.id, id);

/**
 * True when `test` holds for one of the ids `value` names: a non-empty id, a list of ids, a list
 * of `{ unitId }` (letter members) or a record keyed by ids (`fates`, `hp`).
 */
function someId(value: unknown, test: IdTest, ctx: ViewContext, me: UnitRecord | undefined): boolean {
  const m = me as UnitRecord; // keeper tests ignore it
  if (typeof value === "string") return value !== "" && test(ctx, m, value);
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const id = typeof v === "string" ? v : v !== null && typeof v === "object" ? (v as { unitId?: unknown }).unitId : undefined;
      if (typeof id === "string" && id !== "" && test(ctx, m, id)) return true;
    }
    return false;
  }
  for (const id in value as Record<string, unknown>) if (test(ctx, m, id)) return true;
  return false;
}

