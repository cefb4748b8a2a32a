/**
 * Views decided by the core (issue 15 part 5): what each viewer may see of the simulation
 * (playerView.ts, fog.ts, perception.ts) and who may hear each event (audience.ts, over the
 * declarations in shared/src/events.ts). Pure: no Colyseus, no schema; rooms map these decisions
 * onto their StateViews (server/src/rooms/views.ts).
 */
export * from "./viewer.ts";
export * from "./fog.ts";
export * from "./perception.ts";
export * from "./playerView.ts";
export * from "./audience.ts";
