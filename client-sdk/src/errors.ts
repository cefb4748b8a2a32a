/**
 * The server cannot serve the request now, but may shortly: it answered HTTP 503. With
 * `reason` `REDIS_UNAVAILABLE` the server's Redis (shared listing and matchmaking of a
 * multi-process deployment) is unreachable: dungeons already joined keep running, but listing,
 * creating, joining and spectating are refused until Redis is back; try again in a few seconds.
 * Raised by `createDungeon`, `openDungeon`, `joinAsKeeper`, `joinAsAdventurer`, `spectate`,
 * `reconnect` and `listDungeons`.
 */
export class ServiceUnavailableError extends Error {
  override name = "ServiceUnavailableError";
  /** The HTTP status the server answered (503). */
  readonly status = 503;
  /** Why, when the server said (`REDIS_UNAVAILABLE`, …), else `UNAVAILABLE`. */
  readonly reason: string;
  constructor(reason: string, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** The `REASON: sentence` prefix of a server message, when it has one. */
const REASON = /^([A-Z][A-Z0-9_]+):\s/;

/**
 * `err` as a {@link ServiceUnavailableError} when it is the SDK's error for an HTTP 503 answer
 * (`@colyseus/sdk` `MatchMakeError` with `code` 503: matchmaking's body is
 * `{ "code": 503, "error": "REDIS_UNAVAILABLE: <sentence>" }`), else `err` itself.
 */
export function asServiceError(err: unknown): unknown {
  if (!(err instanceof Error) || (err as { code?: unknown }).code !== 503) return err;
  const reason = REASON.exec(err.message)?.[1] ?? "UNAVAILABLE";
  return new ServiceUnavailableError(reason, err.message);
}
