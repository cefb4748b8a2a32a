import { describe, expect, it } from "vitest";
import { connect, type SimEventOf } from "@malignus/client-sdk";
import { inProcessServer, recordEvents } from "./harness.ts";

/**
 * Movement modes and creature spaces in a live d20 room, end to end over a real WebSocket
 * (issue 7, d20move). On the `fen` map the first party's peasant meets the dungeon's crocodile,
 * giant bat and troll in the entry corridor that runs between two pools. An adventurer player
 * claims the peasant and, reading only its own `turnOptions`, switches to swimming and swims
 * into the pool on its first turn. The spectator's log and state show the rules at work: the
 * switch costs 2 and halves what is left, every creature's switch follows the same formula with
 * its own factors, the bat takes off, the troll covers 2×2 tiles unless it squeezes.
 */

const server = inProcessServer();

/** D20-MOVE-17 to D20-MOVE-19: a mode's factor for a species (giant bats fly, crocodiles swim at ×2). */
function factor(species: string, mode: string): number {
  if (mode === "fly") return 2;
  if (mode === "swim") return species === "crocodile" ? 2 : 0.5;
  return 1;
}

interface Sent { round: number; encounterId: string; movementLeft: number; moveMode: string; switchModes: string[]; swimTile?: { x: number; y: number; cost: number }; result: Promise<unknown> }

describe("d20 movement modes and spaces over a real connection", () => {
  it("D20-MOVE-13 to D20-MOVE-21, D20-SIZE-01, D20-SIZE-08: a player swims from its options; switches follow (R − 2) × new ÷ old; the bat flies; the troll covers 2×2", async () => {
    const client = connect(server.url());
    // Created paused, resumed once the spectator records: a room running at timeScale 1000 keeps the
    // event loop busy, and at load 20 the spectator's join came late (the first events missed) or not at all.
    const keeper = await client.createDungeon({ seed: 424242, ruleset: "d20", map: "fen", timeScale: 1000, pauseOnSpot: true, startPaused: true, spectatorsSeeAll: true }, { role: "keeper" });
    server.track(keeper);
    const spectator = await client.spectate(keeper.roomId);
    server.track(spectator);
    const { seen, eventually } = recordEvents(spectator);

    // The map's creatures in the state before anything happens (D20-SIZE-01: the Large troll covers 2×2).
    const species = new Map<string, string>();
    keeper.state.units.forEach((u, id) => { if (u.kind === "creature") species.set(id, u.species); });
    const idOf = (sp: string) => [...species].find(([, s]) => s === sp)![0];
    const [troll, bat, croc] = [idOf("troll"), idOf("giantBat"), idOf("crocodile")];
    const unit = (id: string) => spectator.state.units.get(id)!;
    expect([troll, bat, croc].map((id) => [unit(id).space, unit(id).moveMode])).toEqual([[2, "walk"], [1, "walk"], [1, "walk"]]);
    const width = spectator.state.width;
    expect(spectator.state.tiles[unit(croc).y * width + unit(croc).x]).toBe("~");

    expect(await keeper.resume({})).toEqual({ ok: true });
    const spotted = await eventually("partySpotted", () => true, 120_000);
    const peasant = spotted.members[0]!.unitId;
    const hero = await client.joinAsAdventurer(keeper.roomId, peasant);
    server.track(hero);
    // The thin client: on its first turn it swims into the cheapest water tile its options list
    // (switchMode then move); on later turns it waits.
    const sent: Sent[] = [];
    let last = "";
    hero.onStateChange((state) => {
      const o = state.turnOptions.get(peasant);
      if (!o || `${o.encounterId}:${o.round}` === last) return;
      last = `${o.encounterId}:${o.round}`;
      const base = { round: o.round, encounterId: o.encounterId, movementLeft: o.movementLeft, moveMode: o.moveMode, switchModes: o.switchModes.toArray() };
      let best = -1;
      o.reachableMode.forEach((m, i) => { if (m === "swim" && (best < 0 || o.reachableCost.at(i)! < o.reachableCost.at(best)!)) best = i; });
      if (sent.length === 0 && best >= 0) {
        const t = o.reachable.at(best)!;
        const swimTile = { x: t % width, y: Math.floor(t / width), cost: o.reachableCost.at(best)! };
        sent.push({ ...base, swimTile, result: hero.planTurn({ action: "steps", steps: [{ kind: "switchMode", mode: "swim" }, { kind: "move", path: [{ x: swimTile.x, y: swimTile.y }] }] }) });
      } else {
        sent.push({ ...base, result: hero.planTurn({ action: "wait" }) });
      }
    });
    const peasantModes = new Set<string>();
    const trollSpaces: [number, boolean][] = [];
    spectator.onStateChange((state) => {
      const p = state.units.get(peasant);
      if (p) peasantModes.add(p.moveMode);
      const t = state.units.get(troll);
      if (t) trollSpaces.push([t.space, t.statuses.toArray().includes("squeezing")]);
    });

    const started = await eventually("encounterStarted", (e) => e.order.includes(peasant), 120_000);
    const ended = await eventually("encounterEnded", (e) => e.encounterId === started.encounterId, 180_000);
    const during = seen.slice(seen.indexOf(started), seen.indexOf(ended) + 1);
    for (const s of sent) expect(await s.result).toEqual({ ok: true });

    // The player's first turn: it stood walking with its whole 6, next to the pool; the cheapest
    // water tile costs 2 (switch) + 1 swimming tile at ½ = 4 of its walking movement.
    const first = sent.find((s) => s.encounterId === started.encounterId)!;
    expect(first).toMatchObject({ movementLeft: 6, moveMode: "walk", switchModes: ["swim"], swimTile: { cost: 4 } });
    const turns = during.filter((e): e is SimEventOf<"turnStarted"> => e.type === "turnStarted" && e.unitId === peasant);
    const firstTurn = turns.find((t) => t.round === first.round)!;
    const sameTick = during.filter((e) => e.tick === firstTurn.tick);
    expect(sameTick.find((e) => e.type === "turnPlanPlayed" && e.unitId === peasant)).toMatchObject({ refusals: [null, null] });
    // D20-MOVE-15, D20-MOVE-18, D20-MOVE-21: 6 → (6 − 2) × ½ = 2 in the water.
    expect(sameTick.filter((e) => e.type === "moveModeChanged" && e.unitId === peasant).map(({ tick: _t, ...e }) => e))
      .toEqual([{ type: "moveModeChanged", unitId: peasant, from: "walk", mode: "swim", movementBefore: 6, movementLeft: 2 }]);
    expect(peasantModes.has("swim")).toBe(true);
    // A later turn starts swimming, with 6 × ½ = 3 (D20-MOVE-18, no switch cost).
    const later = sent.filter((s) => s.encounterId === started.encounterId && s !== first);
    expect(later.length).toBeGreaterThan(0);
    for (const s of later) expect([s.moveMode, s.movementLeft, s.switchModes]).toEqual(["swim", 3, ["walk"]]);

    // Every switch in the fight, by anyone, follows the formula with the unit's own factors (a
    // switch made at the start of a turn for a walker left on deep water is free: 0 and 0).
    const switches = during.filter((e): e is SimEventOf<"moveModeChanged"> => e.type === "moveModeChanged");
    expect(switches.length).toBeGreaterThan(1);
    for (const e of switches) {
      const sp = unit(e.unitId)?.species ?? "";
      if (e.movementBefore === 0) expect(e.movementLeft).toBe(0);
      else expect(e.movementLeft).toBe(((e.movementBefore - 2) * factor(sp, e.mode)) / factor(sp, e.from));
    }
    // The bat's first switch is a take-off (D20-MOVE-17), and the state shows the mode it was left in.
    const batSwitches = switches.filter((e) => e.unitId === bat);
    expect(batSwitches[0]).toMatchObject({ from: "walk", mode: "fly" });
    expect(unit(bat).moveMode).toBe(batSwitches.at(-1)!.mode);
    // D20-SIZE-01, D20-SIZE-08: the troll's space is 2×2, one tile narrower exactly while it squeezes.
    expect(trollSpaces.some(([space]) => space === 1)).toBe(true); // it squeezed into the 1-tile corridor
    for (const [space, squeezing] of trollSpaces) expect(space).toBe(squeezing ? 1 : 2);
  }, 400_000); // the room's 1000-tick steps run many times slower at load 20
});
