import type { DungeonConnection } from "@malignus/client-sdk";
import type { KindCount, TrafficCounters } from "./probe.ts";

/** Traffic a spectator received while an invasion was on (between invasionStarted and invasionEnded). */
export interface InvasionTraffic {
  seconds: number;
  bytes: number;
  invasions: number;
  /** Of those: while a unit the spectator sees was fighting (some unit of its state has a `targetId`). */
  combat: { seconds: number; bytes: number };
  /** The invasion's bytes by kind of message (probe.ts `byKind`: `patch`, `event:<type>`…). */
  byKind: Record<string, KindCount>;
}

/**
 * The spectator bot: watches a dungeon like a real viewer, reading the state and the events
 * it receives and doing nothing else. It counts the events and, with the client's traffic
 * `probe`, the bytes received while an invasion is on (the "mid-fight" bandwidth): from its
 * `invasionStarted` event, or from the start when the state it holds already shows a party in
 * the dungeon (`invasion.partyId`, a room created with `skipToInvasion`), to `invasionEnded`.
 * Within that, the bytes received while some unit it sees has a `targetId` (a fight) are
 * counted apart, and every byte of the invasion by kind of message.
 * @returns `stop` (unsubscribes and closes an open interval), the event count and the invasion traffic.
 */
export function runSpectatorBot(conn: DungeonConnection, probe?: TrafficCounters): { stop: () => void; events: () => number; invasion: () => InvasionTraffic } {
  let events = 0;
  const fight: InvasionTraffic = { seconds: 0, bytes: 0, invasions: 0, combat: { seconds: 0, bytes: 0 }, byKind: {} };
  let open: { t0: number; bytes0: number; kinds0: Record<string, KindCount> } | null = null;
  let combat: { t0: number; bytes0: number } | null = null;
  const closeCombat = () => {
    if (!combat || !probe) return;
    fight.combat.seconds += (performance.now() - combat.t0) / 1000;
    fight.combat.bytes += probe.bytes - combat.bytes0;
    combat = null;
  };
  const start = () => {
    if (open || !probe) return;
    const kinds0: Record<string, KindCount> = {};
    for (const [k, v] of Object.entries(probe.byKind)) kinds0[k] = { ...v };
    open = { t0: performance.now(), bytes0: probe.bytes, kinds0 };
    fight.invasions++;
  };
  const close = () => {
    if (!open || !probe) return;
    closeCombat();
    fight.seconds += (performance.now() - open.t0) / 1000;
    fight.bytes += probe.bytes - open.bytes0;
    for (const [k, v] of Object.entries(probe.byKind)) {
      const before = open.kinds0[k] ?? { frames: 0, bytes: 0 };
      const acc = (fight.byKind[k] ??= { frames: 0, bytes: 0 });
      acc.frames += v.frames - before.frames;
      acc.bytes += v.bytes - before.bytes;
    }
    open = null;
  };
  const offEvent = conn.onEvent((event) => {
    events++;
    if (!probe) return;
    probe.label = `event:${event.type}`;
    if (event.type === "invasionStarted") start();
    else if (event.type === "invasionEnded") close();
  });
  const fighting = (): boolean => {
    let any = false;
    conn.state?.units?.forEach((u) => { if (u.targetId !== "") any = true; });
    return any;
  };
  const offState = probe ? conn.onStateChange(() => {
    if (!open) return;
    const now = fighting();
    if (now && !combat) combat = { t0: performance.now(), bytes0: probe.bytes };
    else if (!now) closeCombat();
  }) : () => {};
  if (probe && (conn.state?.invasion?.partyId ?? "") !== "") start();
  return { stop: () => { close(); offEvent(); offState(); }, events: () => events, invasion: () => fight };
}
