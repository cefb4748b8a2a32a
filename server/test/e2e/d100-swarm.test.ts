import { describe, expect, it } from "vitest";
import { connect, type SimEventOf } from "@malignus/client-sdk";
import { inProcessServer, recordEvents } from "./harness.ts";

/**
 * A d100 swarm fight end to end, over a real WebSocket: on the `kobold-den` map six kobolds (20 HP
 * each in d100) guard the room behind the entry corridor; the first invasion's peasant meets them,
 * they fight as a swarm, and the spectator's event log shows kill rolls and swarm blows.
 */

const server = inProcessServer();

describe("a d100 swarm fight over a real connection", () => {
  it("P100-MASS-01, P100-MASS-06, P100-MASS-07, P100-MASS-13, P100-MASS-16: the first peasant fights the kobold pack as a swarm", async () => {
    const client = connect(server.url());
    const keeper = await client.createDungeon({ seed: 424242, ruleset: "d100", map: "kobold-den", timeScale: 1000, pauseOnSpot: false, spectatorsSeeAll: true }, { role: "keeper" });
    server.track(keeper);
    const spectator = await client.spectate(keeper.roomId);
    server.track(spectator);
    const { seen, eventually } = recordEvents(spectator);

    const kobolds = new Set<string>();
    keeper.state.units.forEach((u, id) => { if (u.species === "kobold") kobolds.add(id); });
    expect(kobolds.size).toBe(6);
    const started = await eventually("encounterStarted", (e) => e.order.some((id) => kobolds.has(id)), 40_000);
    const ended = await eventually("encounterEnded", (e) => e.encounterId === started.encounterId, 20_000);
    const during = seen.slice(seen.indexOf(started), seen.indexOf(ended) + 1);
    const heroes = started.order.filter((id) => !kobolds.has(id));
    expect(heroes.length).toBeGreaterThan(0);
    expect(during.filter((e) => e.type === "reaction")).toEqual([]); // no opportunity attacks in mass combat
    const heroAttacks = during.filter((e): e is SimEventOf<"attack"> => e.type === "attack" && heroes.includes(e.attackerId) && kobolds.has(e.targetId));
    expect(heroAttacks.length).toBeGreaterThan(0);
    for (const a of heroAttacks) {
      expect(a.attackRoll).toBeLessThanOrEqual(40); // d40 kill rolls (d20 for ranged classes)
      const killed = during.filter((e) => e.type === "knockedOut" && e.tick === a.tick && e.outcome === "dead" && kobolds.has(e.unitId));
      const fallenBefore = during.filter((e) => e.type === "knockedOut" && e.tick < a.tick && kobolds.has(e.unitId)).length;
      expect(killed.length).toBe(Math.min(Math.floor(a.attackRoll / 10), kobolds.size - fallenBefore)); // each full ten kills one
    }
    const swarmBlows = during.filter((e): e is SimEventOf<"attack"> => e.type === "attack" && kobolds.has(e.attackerId));
    expect(heroAttacks.length + swarmBlows.length).toBeGreaterThan(0);
    // the swarm acts once a round
    const rounds = new Map<number, number>();
    let round = 0;
    for (const e of during) {
      if (e.type === "turnStarted") round = e.round;
      if (e.type === "attack" && kobolds.has(e.attackerId)) rounds.set(round, (rounds.get(round) ?? 0) + 1);
    }
    for (const n of rounds.values()) expect(n).toBeLessThanOrEqual(heroes.length);
  }, 90_000);
});
