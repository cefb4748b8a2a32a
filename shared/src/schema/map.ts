import { schema, t, type SchemaType } from "@colyseus/schema";
import { KEEPER_VIEW_TAG } from "./viewTag.ts";

/** A door on a `+` tile (DOOR rules). Doors stand on the map, so every client sees them. */
export const Door = schema({
  id: t.string().default(""),
  x: t.uint16().default(0),
  y: t.uint16().default(0),
  /** Open right now (held open, opened by its trigger, broken in, or someone passing: DOOR-17, DOOR-18, DOOR-20). */
  open: t.boolean().default(false),
  /** The keeper's "Hold door open" (DOOR-18). */
  heldOpen: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** Its trigger is active (DOOR-20, DOOR-21). */
  triggered: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** A padlock stands on it (built or a site, DOOR-07). */
  hasPadlock: t.boolean().default(false),
  /** The padlock is built (DOOR-07); false while it is a site. */
  padlockBuilt: t.boolean().default(false),
  /** The padlock is armed (DOOR-08 to DOOR-10). Keeper-side only ({@link KEEPER_VIEW_TAG}). */
  padlockArmed: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** Locked right now: a built, armed padlock and no break-in (DOOR-32). */
  locked: t.boolean().default(false),
  /** Padlock site: metal delivered and needed, and build progress in percent. */
  padlockMetalDelivered: t.uint8().default(0),
  padlockMetalNeeded: t.uint8().default(0),
  padlockProgress: t.uint8().default(0),
  /** Forced by adventurers, waiting for a Chores minion (DOOR-45 to DOOR-48). */
  brokenIn: t.boolean().default(false),
  /** The trigger part wired to it, or "" (DOOR-19). Keeper-side only ({@link KEEPER_VIEW_TAG}). */
  triggerId: t.string().default("").view(KEEPER_VIEW_TAG),
}, "Door");
export type Door = SchemaType<typeof Door>;

/**
 * One of the keeper's altars (INV-02): some parties come to destroy one. `damage` counts the
 * work adventurers put into destroying it, out of `damageToDestroy` (invasions/altars.ts).
 */
export const Altar = schema({
  id: t.string().default(""),
  x: t.uint16().default(0),
  y: t.uint16().default(0),
  damage: t.uint16().default(0),
  damageToDestroy: t.uint16().default(0),
}, "Altar");
export type Altar = SchemaType<typeof Altar>;
