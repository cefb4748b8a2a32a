/**
 * Crowding in a fight (CMB-18 to CMB-21) lives on the ground floor, world/crowding.ts, since
 * movement needs it and world/ imports no system; combat code and tests keep importing it here.
 */
export { bodiesOn, hasRoomFor, manhattan } from "../world/crowding.ts";
