/**
 * @malignus/shared/schema — the Colyseus state schema a client receives through schema sync
 * (`DungeonState` and its parts) and the keeper's `StateView` tag. This is the only entry of
 * `@malignus/shared` that loads `@colyseus/schema`: rooms, the client SDK, load bots and tests
 * import it; the simulation core never does (server/test/boundaries checks it).
 *
 * @example
 * import { DungeonState, KEEPER_VIEW_TAG } from "@malignus/shared/schema";
 * const state = new DungeonState();
 */
export { KEEPER_VIEW_TAG } from "./viewTag.ts";
export { GameClock, Unit } from "./units.ts";
export { TrapPart, Cable, TrapEffect, Lair } from "./traps.ts";
export { Door, Altar } from "./map.ts";
export { InvasionInfo, Journal, PartyInfo, Settlement } from "./invasions.ts";
export { D20SpellOption, TurnOptions } from "./turns.ts";
export { DuelProposal, DuelMercy } from "./duels.ts";
export { DungeonState } from "./dungeonState.ts";
