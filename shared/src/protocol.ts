/** Wire names shared by the server and the client-sdk. */

/** The Colyseus room name of a live dungeon. */
export const DUNGEON_ROOM = "dungeon";

/** Server → client message type carrying one {@link SimEvent} (see events.ts). */
export const EVENT_MESSAGE = "event";

/** Options a client passes when it joins a dungeon room. */
export interface JoinOptions {
  /** `keeper` (one per dungeon for now) or `spectator` (any number). Default `spectator`. */
  role?: "keeper" | "spectator";
  /** A display name for logs and the room listing. */
  name?: string;
}

/** Matchmaking metadata every dungeon room advertises (used by `GET /rooms`). */
export interface DungeonListing {
  roomId: string;
  map: string;
  ruleset: string;
  day: number;
  hour: number;
  keepers: number;
  spectators: number;
}
