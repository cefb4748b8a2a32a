/**
 * The one input log (issue 15): who may change the simulation from outside (`Actor`), what an
 * input is (`Input`), how one is applied (`sim.enqueue` → apply.ts), how a dungeon is created
 * (create.ts) and how a game replays from its create options, map and log (replay.ts).
 */
export type { Actor, AdventurerSeatFact, Checkpoint, Input, InputCommand, RoomCommand, RoomCommandType } from "./types.ts";
export { ROOM_INPUTS, applyInput, isRoomInput, type RoomInputHandler } from "./apply.ts";
export { SKIP_TO_INVASION_MAX_DAYS, createDungeonSimulation, type DungeonSimOptions } from "./create.ts";
export { replay, type ReplayOptions } from "./replay.ts";
