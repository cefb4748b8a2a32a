import { describe, expect, it } from "vitest";
import { connect, type DungeonConnection, type SimEvent } from "@malignus/client-sdk";
import { inProcessServer } from "./harness.ts";

/**
 * Trap wiring end to end, over a real WebSocket: a keeper client lays a cable that hops straight
 * over another and a cable that ends on a cable and joins it, sets a timer's delay, and a
 * spectator client reads the resulting cables, hops and network ids from its decoded state.
 * Map: the shipped default map; the room from x 13 to 22, y 11 to 19 is open floor.
 */

const server = inProcessServer();

/** Resolves once `ready()` holds on the connection's decoded state. */
function stateWhere(conn: DungeonConnection, ready: () => boolean, ms = 5_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { off(); reject(new Error("state never matched")); }, ms);
    const check = () => { if (ready()) { clearTimeout(timer); off(); resolve(); } };
    const off = conn.onStateChange(check);
    check();
  });
}

const id = (r: { ok: boolean; id?: string }): string => {
  if (!r.ok || !r.id) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r.id;
};
/** The tiles from (x0, y0) to (x1, y1) inclusive, along a row or a column. */
const line = (x0: number, y0: number, x1: number, y1: number) => {
  const dx = Math.sign(x1 - x0), dy = Math.sign(y1 - y0);
  const out = [{ x: x0, y: y0 }];
  for (let x = x0, y = y0; x !== x1 || y !== y1;) { x += dx; y += dy; out.push({ x, y }); }
  return out;
};
const row = (y: number, x0: number, x1: number) => line(x0, y, x1, y);
const column = (x: number, y0: number, y1: number) => line(x, y0, x, y1);

describe("trap wiring over a real connection", () => {
  it("TRAP-20, TRAP-21, TRAP-22, TRAP-25, TRAP-26: a hop keeps two cables apart, a cable ending on a cable joins it, and the spectator sees both in its state (the keeper hears the cableLaid events)", async () => {
    const client = connect(server.url());
    const keeper = await client.createDungeon({ seed: 99, timeScale: 1, pauseOnSpot: false }, { role: "keeper" });
    server.track(keeper);
    const spectator = await client.spectate(keeper.roomId);
    server.track(spectator);
    const seen: SimEvent[] = [];
    const spectatorHeard: SimEvent[] = [];
    // cableLaid only repeats what the state shows: the keeper hears it, a spectator reads the state (issue 20 part 4).
    keeper.onEvent((e) => seen.push(e));
    spectator.onEvent((e) => spectatorHeard.push(e));

    // Trap 1: plate A (14,12) wired along row 12 to blades (20,12).
    const plateA = id(await keeper.placePart({ kind: "pressurePlate", x: 14, y: 12 }));
    const blades = id(await keeper.placePart({ kind: "spinningBlades", x: 20, y: 12 }));
    const cable1 = id(await keeper.wire({ path: row(12, 14, 20) }));
    // Trap 2: plate B (17,16) wired up column 17 to a timer (17,11): it runs straight across cable 1 at (17,12) and hops.
    const plateB = id(await keeper.placePart({ kind: "pressurePlate", x: 17, y: 16 }));
    const timer = id(await keeper.placePart({ kind: "timer", x: 17, y: 11 }));
    const cable2 = id(await keeper.wire({ path: column(17, 16, 11) }));
    // A flame jet (21,14) wired left along row 14, ending on cable 2 at (17,14): it joins cable 2.
    const jet = id(await keeper.placePart({ kind: "flameJet", x: 21, y: 14 }));
    const cable3 = id(await keeper.wire({ path: row(14, 21, 17) }));
    // A second mechanism joined onto trap 2's network (through plate B's tile, where cable 2 ends) is refused (TRAP-27).
    const darts = id(await keeper.placePart({ kind: "dartLauncher", x: 15, y: 18 }));
    expect(await keeper.wire({ path: [...column(15, 18, 16), ...row(16, 16, 17)] }))
      .toMatchObject({ ok: false, code: "MECHANISM_ALREADY_WIRED", rule: "TRAP-14" });

    // TRAP-17 over the wire: the delay is set on the timer; out of range is refused with its rule.
    expect(await keeper.setTimerDelay({ partId: timer, minutes: 5 })).toEqual({ ok: true });
    expect(await keeper.setTimerDelay({ partId: timer, minutes: 0 })).toMatchObject({ ok: false, code: "DELAY_OUT_OF_RANGE", rule: "TRAP-17" });

    // The other trap commands answer over the wire too.
    const minion = [...keeper.state.units.values()].find((u) => u.kind === "minion");
    expect(minion).toBeDefined();
    expect(await keeper.assignJob({ unitId: minion!.id, job: "trapping" })).toEqual({ ok: true }); // TRAP-04
    const lever = id(await keeper.placePart({ kind: "lever", x: 21, y: 16 }));
    expect(await keeper.pullLever({ partId: lever })).toMatchObject({ ok: false, code: "PART_NOT_BUILT" });
    expect(await keeper.movePart({ partId: lever, x: 21, y: 14 })).toMatchObject({ ok: false, code: "TILE_OCCUPIED" });

    const s = spectator.state;
    await stateWhere(spectator, () => s.cables.size === 3 && s.cables.get(cable3)?.networkId === cable2 && s.parts.get(timer)?.delayMinutes === 5
      && s.units.get(minion!.id)?.job === "trapping");
    const flat = (a: { length: number; at(i: number): number | undefined }) => Array.from({ length: a.length }, (_, i) => a.at(i));
    expect(flat(s.cables.get(cable2)!.hops)).toEqual([17, 12]); // TRAP-21, TRAP-23: the bump at the crossing
    expect(flat(s.cables.get(cable1)!.hops)).toEqual([]);
    expect(flat(s.cables.get(cable3)!.path)).toEqual([21, 14, 20, 14, 19, 14, 18, 14, 17, 14]);
    // TRAP-22: the hop keeps cable 1 and cable 2 in separate networks; TRAP-25, TRAP-26: cable 3 joined cable 2.
    expect([cable1, cable2, cable3].map((c) => s.cables.get(c)?.networkId)).toEqual([cable1, cable2, cable2]);
    expect([plateA, blades, plateB, timer, jet].map((p) => s.parts.get(p)?.networkId))
      .toEqual([cable1, cable1, cable2, cable2, cable2]);
    expect(s.parts.get(darts)?.networkId).toBe("");

    // The events say the same: cable 2 hopped at (17,12), cable 3 joined cable 2.
    for (let i = 0; i < 100 && seen.filter((e) => e.type === "cableLaid").length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    const laid = seen.filter((e) => e.type === "cableLaid");
    expect(laid).toMatchObject([
      { cableId: cable1, networkId: cable1, hops: [], joined: [] },
      { cableId: cable2, networkId: cable2, hops: [{ x: 17, y: 12 }], joined: [] },
      { cableId: cable3, networkId: cable2, hops: [], joined: [cable2] },
    ]);
    expect(spectatorHeard.filter((e) => e.type === "cableLaid" || e.type === "partPlaced")).toEqual([]);
  }, 30_000);
});
