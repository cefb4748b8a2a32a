import { vi } from "vitest";
import type { Room } from "@colyseus/sdk";
import type { SimEvent } from "@malignus/shared";
import type { DungeonState } from "@malignus/shared/schema";

/** A minimal signal like the SDK's: callable to subscribe, with `remove` and `invoke`. */
function signal<A extends unknown[]>() {
  const callbacks = new Set<(...args: A) => void>();
  const subscribe = (cb: (...args: A) => void) => void callbacks.add(cb);
  return Object.assign(subscribe, {
    remove: (cb: (...args: A) => void) => void callbacks.delete(cb),
    invoke: (...args: A) => { for (const cb of [...callbacks]) cb(...args); },
    size: () => callbacks.size,
  });
}

/**
 * A stand-in for a joined Colyseus room: records requests, lets a test push `event` messages
 * and close the connection. No server involved.
 */
export function fakeRoom(answer: unknown = { ok: true }) {
  const handlers = new Map<string | number, (payload: any) => void>();
  const onLeave = signal<[number, string?]>();
  const onStateChange = signal<[DungeonState]>();
  const connection = { isOpen: true };
  const room = {
    roomId: "room-1",
    state: {} as DungeonState,
    connection,
    request: vi.fn(async (_type: string, _payload: unknown) => answer),
    onMessage: vi.fn((type: string | number, cb: (payload: any) => void) => {
      handlers.set(type, cb);
      return () => void handlers.delete(type);
    }),
    onLeave,
    onStateChange,
    leave: vi.fn(async () => {
      connection.isOpen = false;
      onLeave.invoke(4000);
      return 4000;
    }),
  };
  return {
    room,
    asRoom: room as unknown as Room<any, DungeonState>,
    /** Delivers a server `event` message; false when nobody listens to `event`. */
    push(type: string, payload: SimEvent): boolean {
      const handler = handlers.get(type);
      handler?.(payload);
      return handler !== undefined;
    },
    close(code: number) {
      connection.isOpen = false;
      onLeave.invoke(code);
    },
  };
}
