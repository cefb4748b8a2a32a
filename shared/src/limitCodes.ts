/**
 * Error codes of the server's limit refusals (issue 18, docs/operations.md "Limits and abuse";
 * the server throws them from server/src/rooms/abuse.ts). Colyseus-free, so native clients (via
 * clients/generated/json-schema/wire.json `limitErrorCodes`) and the SDK can read them. The
 * matchmaking ones are also the HTTP status of the refused `POST /matchmake/…` (body
 * `{ code, error }`); the error's message starts with the refusal's name (`JOIN_RATE_LIMITED: …`).
 */
export const LimitErrorCode = {
  /** Over `JOIN_RATE_PER_ADDRESS` matchmaking requests this minute from this address (HTTP 429). */
  JOIN_RATE_LIMITED: 429,
  /** This process already runs `MAX_ROOMS_PER_PROCESS` dungeon rooms (HTTP 503). */
  TOO_MANY_ROOMS: 503,
  /** The room holds its `maxClients` clients (sent on the socket: the join's error). Colyseus' `ErrorCode.MATCHMAKE_INVALID_CRITERIA`. */
  ROOM_FULL: 521,
  /** Kicked from this room (flood or malformed frames) less than `kickCooldownSeconds` ago: the token or the address is refused. Colyseus' `ErrorCode.MATCHMAKE_EXPIRED`. */
  KICKED_COOLDOWN: 524,
} as const;

/** The name of a limit refusal, the start of its message. */
export type LimitRefusalName = keyof typeof LimitErrorCode;
