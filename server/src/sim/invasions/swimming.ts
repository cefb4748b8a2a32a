/**
 * Swimming (INV-09): a party that came through a portal from which it must cross water swims
 * across the water tiles (`~`). Decisions:
 * - adventurers swim only when they must: a route through water is planned only when no dry
 *   route reaches the goal ({@link swimRoute}); any other unit never enters water;
 * - a step into, out of or within water goes at {@link SWIM_SPEED_PERCENT}% of the unit's speed
 *   ({@link movementSpeed});
 * - water still breaks a walking path (DOOR-49, doors/walkingPath.ts is unchanged), and a portal
 *   with no dry route is still a "water portal" when choosing portals (INV-08, INV-09).
 */

/*
 * The code of these decisions sits where it is used, so that no import cycle is needed:
 * {@link movementSpeed} and {@link SWIM_SPEED_PERCENT} on the ground floor (world/movement.ts),
 * {@link swimRoute} beside the route planner (knowledge/routing.ts). All three are re-exported here.
 */
export { SWIM_SPEED_PERCENT, movementSpeed } from "../world/movement.ts";
export { swimRoute } from "../knowledge/routing.ts";
