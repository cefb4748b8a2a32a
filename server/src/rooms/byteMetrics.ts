import { Protocol, type Client } from "@colyseus/core";
import { patchBytes } from "../metrics.ts";

/**
 * Counts the bytes of the state frames a room sends (the `patchBytes` metric): full states at
 * once, patches summed per room and added once per step ({@link PatchByteCounter.flush}; the
 * room sends patches only from its step).
 */
export class PatchByteCounter {
  #pending = 0;

  /** Wraps `client.raw` so the frames it sends are counted. */
  count(client: Client): void {
    const raw = client.raw.bind(client) as (data: Uint8Array | Buffer, options?: unknown, cb?: unknown) => void;
    client.raw = ((data: Uint8Array | Buffer, options?: unknown, cb?: unknown) => {
      const code = data[0];
      if (code === Protocol.ROOM_STATE_PATCH) this.#pending += data.length;
      else if (code === Protocol.ROOM_STATE) patchBytes.inc({ kind: "full" }, data.length);
      return raw(data, options, cb);
    }) as typeof client.raw;
  }

  /** Adds the patch bytes counted since the last call to the metric (one `inc` per step, not per frame). */
  flush(): void {
    if (this.#pending === 0) return;
    patchBytes.inc({ kind: "patch" }, this.#pending);
    this.#pending = 0;
  }
}
