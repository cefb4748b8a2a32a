import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { eventAudience, lazyContext, type Viewer } from "../../../src/sim/views/index.ts";
import { learn } from "../../../src/sim/knowledge/knowledge.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { viewScene } from "./helpers.ts";

type Ev = SimEvent extends infer E ? E extends SimEvent ? Omit<E, "tick"> : never : never;

/** Who hears `event` now: [keeper, the hero's player, the near companion's player, the far companion's player, see-all]. */
function audience(sim: Simulation, event: Ev, ids: { hero: string; near: string; far: string }): boolean[] {
  const e = { ...event, tick: sim.state.tick } as SimEvent;
  const viewers: Viewer[] = [
    { kind: "keeper" }, { kind: "adventurer", unitId: ids.hero }, { kind: "adventurer", unitId: ids.near },
    { kind: "adventurer", unitId: ids.far }, { kind: "all" },
  ];
  const ctx = lazyContext(sim);
  return viewers.map((v) => eventAudience(ctx, e, v));
}

describe("eventAudience: who may hear each event (issue 15 part 5)", () => {
  it("DOOR-52: a cave-in reaches the keeper always, an adventurer only when it perceives its tile or a tile it changed", () => {
    const s = viewScene();
    const ids = { hero: s.hero.id, near: s.near.id, far: s.far.id };
    expect(audience(s.sim, { type: "caveIn", x: 12, y: 8, rock: [{ x: 12, y: 8 }], rubble: [], spared: [] }, ids)).toEqual([true, false, false, false, true]);
    expect(audience(s.sim, { type: "caveIn", x: 12, y: 8, rock: [], rubble: [{ x: 8, y: 5 }], spared: [] }, ids)).toEqual([true, false, true, false, true]);
    expect(audience(s.sim, { type: "caveIn", x: 16, y: 4, rock: [], rubble: [], spared: [] }, ids)).toEqual([true, false, false, true, true]);
  });

  it("KNOW-03, KNOW-04: a trap firing reaches an adventurer only when it knows both parts and perceives the trap or someone it names", () => {
    const s = viewScene();
    const ids = { hero: s.hero.id, near: s.near.id, far: s.far.id };
    const fired: Ev = { type: "trapFired", triggerId: s.plate, mechanismId: s.darts, mechanism: "dartLauncher", x: 6, y: 5, byUnitId: s.near.id, victims: [s.near.id] };
    expect(audience(s.sim, fired, ids)).toEqual([true, false, false, false, true]);
    learn(s.sim, s.hero, s.plate);
    learn(s.sim, s.near, s.plate);
    expect(audience(s.sim, fired, ids)).toEqual([true, false, false, false, true]); // the darts are still unknown
    learn(s.sim, s.hero, s.darts);
    expect(audience(s.sim, fired, ids)).toEqual([true, true, false, false, true]);
    // The far trap fires with nobody on it: the far companion, who knows it and sees it, hears it; the hero, who knows it too, is not there.
    const far: Ev = { type: "trapFired", triggerId: s.farPlate, mechanismId: s.farDarts, mechanism: "dartLauncher", x: 17, y: 3, byUnitId: null, victims: [] };
    for (const u of [s.hero, s.far]) { learn(s.sim, u, s.farPlate); learn(s.sim, u, s.farDarts); }
    expect(audience(s.sim, far, ids)).toEqual([true, false, false, true, true]);
    // A wound from a trap part it does not know never reaches it, even its own; the keeper hears of its trap.
    expect(audience(s.sim, { type: "wound", targetId: s.near.id, sourceId: s.darts, severity: "light", location: "torso", woundPoints: 1 }, ids)).toEqual([true, true, false, false, true]);
  });

  it("a cable is never named to an adventurer; the keeper's building, orders and letters never reach one", () => {
    const s = viewScene();
    const ids = { hero: s.hero.id, near: s.near.id, far: s.far.id };
    expect(audience(s.sim, { type: "cableLaid", cableId: s.cable, networkId: "n", hops: [], joined: [] }, ids)).toEqual([true, false, false, false, true]);
    expect(audience(s.sim, { type: "cableRemoved", id: s.cable }, ids)).toEqual([true, false, false, false, true]);
    expect(audience(s.sim, { type: "stanceChanged", unitId: s.minion.id, stance: "guard", targetId: "" }, ids)).toEqual([true, false, false, false, true]);
    expect(audience(s.sim, { type: "partySpotted", partyId: s.partyId, goal: "killMaster", spottedBy: s.minion.id, how: "sight", members: [] }, ids)).toEqual([true, false, false, false, true]);
    expect(audience(s.sim, { type: "hour", day: 1, hour: 3 }, ids)).toEqual([true, true, true, true, true]);
  });

  it("CMB-02 to CMB-04: an event naming a unit an adventurer cannot perceive nor know does not reach it, even an attack on itself; INV-69: nor the keeper, for unseen intruders", () => {
    const s = viewScene();
    const ids = { hero: s.hero.id, near: s.near.id, far: s.far.id };
    const attack: Ev = { type: "attack", attackerId: s.minion.id, targetId: s.hero.id, hit: true, attackRoll: 9, defenceRoll: 3 };
    expect(audience(s.sim, attack, ids)).toEqual([true, false, false, false, true]);
    s.minion.x = 7;
    s.minion.y = 5; // in sight of the hero (5 tiles) and its companion (4)
    expect(audience(s.sim, attack, ids)).toEqual([true, true, true, false, true]);
    // D20-FLOW-19: a fellow participant of its encounter it knows by name, seen or not.
    s.minion.x = 15;
    s.minion.y = 8;
    expect(audience(s.sim, attack, ids)).toEqual([true, false, false, false, true]);
    s.sim.state.encounters = { e1: { id: "e1", participants: [s.minion.id, s.hero.id] } as never };
    expect(audience(s.sim, attack, ids)).toEqual([true, true, false, false, true]);
    delete s.sim.state.encounters;
    s.minion.x = 7;
    s.minion.y = 5;
    // Its own party it knows by name (INV-05), but it must perceive someone the event names.
    expect(audience(s.sim, { type: "woke", unitId: s.far.id }, ids)).toEqual([false, false, false, true, true]);
    expect(audience(s.sim, { type: "carried", unitId: s.near.id, byUnitId: s.far.id, x: 3, y: 5 }, ids)).toEqual([true, true, true, true, true]);
  });

  it("insiders: a party hears its own news wherever its members are; duellists hear their duel; the keeper hears a party's news once it is spotted", () => {
    const s = viewScene();
    const ids = { hero: s.hero.id, near: s.near.id, far: s.far.id };
    expect(audience(s.sim, { type: "doorGivenUp", doorId: "99", partyId: s.partyId }, ids)).toEqual([false, true, true, true, true]);
    s.sim.state.parties[s.partyId]!.spotted = true;
    expect(audience(s.sim, { type: "doorGivenUp", doorId: "99", partyId: s.partyId }, ids)).toEqual([true, true, true, true, true]);
    // KNOW-10: the party hears of a spotted trigger, each member only once it knows the trigger.
    learn(s.sim, s.far, s.farPlate);
    expect(audience(s.sim, { type: "triggerSpotted", partyId: s.partyId, unitId: s.far.id, triggerId: s.farPlate, x: 15, y: 3 }, ids)).toEqual([true, false, false, true, true]);
    // A duel proposed by the unseen minion to the hero: the hero hears it; its companion does not.
    const proposed: Ev = {
      type: "duelProposed", proposalId: "p", challengerId: s.minion.id, opponentId: s.hero.id, by: "keeper",
      toDeath: false, noMagic: false, unarmedOnly: false, weapons: [], expiresTick: 99,
    };
    expect(audience(s.sim, proposed, ids)).toEqual([true, true, false, false, true]);
  });
});
