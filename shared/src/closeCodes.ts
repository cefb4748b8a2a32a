/**
 * WebSocket close codes the Malignus server uses on top of Colyseus' own (`CloseCode` in
 * `@colyseus/shared-types`: 1000 normal, 4000 consented leave, 4001 server shutdown, 4002 with
 * error / kicked, 4003 failed to reconnect, 4010 may try reconnect). Our codes live in 4100–4199
 * so they never collide with Colyseus'. Colyseus-free, so native clients and the SDK can read
 * them (docs/operations.md and docs/native-clients.md list them with what a client must do).
 */
export const MalignusCloseCode = {
  /**
   * The seat this connection held was resumed elsewhere with its reconnection token (another
   * socket called `reconnect(token)` while this one was still open). The old connection is closed
   * with this code; the client must NOT resume (its token is no longer valid): the seat lives on
   * the other connection.
   */
  SEAT_TAKEN_OVER: 4101,
  /**
   * Kicked for sending more messages per second than the room's `maxMessagesPerSecond`. The
   * token is refused for a cool-down (docs/operations.md); the client may join again after it.
   */
  KICKED_FLOOD: 4102,
  /**
   * Kicked for sending too many malformed frames (bad varint, undecodable payload, oversized
   * frame). The token is refused for a cool-down (docs/operations.md).
   */
  KICKED_MALFORMED: 4103,
} as const;

/** One of {@link MalignusCloseCode}'s values. */
export type MalignusCloseCode = (typeof MalignusCloseCode)[keyof typeof MalignusCloseCode];
