import { describe, expect, it } from "vitest";
import { PARTS, TICKS_PER_GAME_MINUTE, type SimEvent } from "@malignus/shared";
import { LINGERING_SOURCE, lingeringSources } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { addUnit } from "../../../src/sim/world/units.ts";
import { onUnitEntersTile, stepTraps } from "../../../src/sim/traps/index.ts";
import { LAIR_SETTLE_TICKS, addLair } from "../../../src/sim/traps/lairs.ts";
import { REARM_PERIOD_TICKS } from "../../../src/sim/traps/parts.ts";
import { projectState } from "../../../src/rooms/projection.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { PartRecord, PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import { RESIST_FAILS, TORSO, adventurer, forceDice, makeSim, place, placeBuilt, wire } from "./helpers.ts";
import { markPart } from "../../../src/sim/changes.ts";

type Mech = "gasJet" | "webTrap" | "terrorTrap" | "spiderTrap" | "explosiveTrap" | "alarmTrap";

/** A plate at 2,5 wired to `mech` at 10,5; an adventurer ready to step on the plate. */
function trap(mech: Mech) {
  const sim = makeSim();
  const plate = placeBuilt(sim, "pressurePlate", 2, 5);
  const mechId = placeBuilt(sim, mech, 10, 5);
  wire(sim, [2, 5], [10, 5]);
  const walker = adventurer(sim, 2, 5);
  sim.drainEvents();
  return { sim, plate, mech: sim.state.parts[mechId] as PartRecord, walker };
}

/** The wounds among `events`, as [victim, source, severity]. */
const woundsIn = (events: readonly SimEvent[]) =>
  events.flatMap((e) => e.type === "wound" ? [[e.targetId, e.sourceId, e.severity]] : []);
/** One adventurer's trap wound, forced: its resist fails, the wound lands on the torso. */
const WOUND = [RESIST_FAILS, TORSO];

/** Advances the trap system only (effects, firings, lairs) by `ticks`, returning its events. */
function advance(sim: Simulation, ticks: number) {
  const events = [];
  for (let i = 0; i < ticks; i++) { sim.state.tick++; stepTraps(sim); events.push(...sim.drainEvents()); }
  return events;
}

describe("lingering effects read their own trap row (issue 15)", () => {
  it("each lingering effect kind has exactly one source row, so an effect in play finds its own trap's numbers", () => {
    expect(LINGERING_SOURCE).toEqual({ gas: "gasJet", spiders: "spiderTrap", web: "webTrap", terror: "terrorTrap" });
  });

  it("a table where two traps declare the same lingering effect is refused, naming both", () => {
    const twoClouds = { ...PARTS, flameJet: { ...PARTS.flameJet, effect: "gas" as const } };
    expect(() => lingeringSources(twoClouds)).toThrow('lingering effect "gas" is declared by both flameJet and gasJet');
    const noWeb = { ...PARTS, webTrap: { ...PARTS.webTrap, effect: null } };
    expect(() => lingeringSources(noWeb)).toThrow('no trap row declares the lingering effect "web"');
  });
});

describe("lingering mechanism effects", () => {
  it("gas jet: a cloud lingers on the tiles within its radius for 30 game minutes and harms whoever stands in it every 10 minutes", () => {
    const { sim, mech, walker } = trap("gasJet");
    const inCloud = adventurer(sim, 12, 7);
    const outside = adventurer(sim, 13, 5);
    const dice = forceDice(sim, [...WOUND, ...WOUND, ...WOUND, ...WOUND]);
    onUnitEntersTile(sim, walker, 2, 5);
    const events = sim.drainEvents();
    const started = events.find((e) => e.type === "effectStarted");
    const r = PARTS.gasJet.radius;
    const tiles = [];
    for (let y = 5 - r; y <= 5 + r; y++) for (let x = 10 - r; x <= 10 + r; x++) tiles.push({ x, y });
    expect(started).toEqual({
      type: "effectStarted", effectId: expect.any(String), effect: "gas", sourceId: mech.id, unitId: "",
      tiles, untilTick: PARTS.gasJet.effectMinutes * TICKS_PER_GAME_MINUTE, tick: 0,
    });
    expect(woundsIn(events)).toEqual([[inCloud.id, mech.id, "light"]]); // the jet itself hits inCloud once
    // The cloud then harms at +10, +20 and +30 game minutes, then clears.
    const later = advance(sim, PARTS.gasJet.effectMinutes * TICKS_PER_GAME_MINUTE);
    expect(later.filter((e) => e.type === "wound").map((e) => e.tick)).toEqual([100, 200, 300]);
    expect(woundsIn(later)).toEqual([
      [inCloud.id, mech.id, "light"], [inCloud.id, mech.id, "light"], [inCloud.id, mech.id, "light"],
    ]);
    expect([dice.left(), outside.wounds]).toEqual([0, []]);
    expect(later.filter((e) => e.type !== "wound")).toEqual([{ type: "effectEnded", effectId: started?.type === "effectStarted" ? started.effectId : "", effect: "gas", unitId: "", tick: 300 }]);
    expect(sim.state.effects).toEqual({});
    expect(outside.id).not.toBe(inCloud.id);
  });

  it("gas jet: the cloud is in the state for clients to draw, then gone", () => {
    const { sim, walker } = trap("gasJet");
    onUnitEntersTile(sim, walker, 2, 5);
    const state = new DungeonState();
    projectState(state, sim, 1);
    const effects = [...state.effects.values()];
    expect(effects).toHaveLength(1);
    expect(effects[0]?.kind).toBe("gas");
    expect(effects[0]?.untilTick).toBe(300);
    expect(effects[0]?.tiles.length).toBe(2 * 25); // 5 x 5 tiles, flattened x, y
    advance(sim, 300);
    projectState(state, sim, 1);
    expect(state.effects.size).toBe(0);
  });

  it("web trap: each victim is held in place for 20 game minutes, then walks again at its own speed", () => {
    const { sim, walker } = trap("webTrap");
    const victim = adventurer(sim, 11, 5);
    const speed = victim.speed;
    onUnitEntersTile(sim, walker, 2, 5);
    expect(victim.speed).toBe(0);
    const held = (u: { id: string }) => Object.values(sim.state.effects).some((e) => e.kind === "web" && e.unitId === u.id);
    expect(held(victim)).toBe(true);
    expect(held(walker)).toBe(false); // out of the web's reach
    advance(sim, PARTS.webTrap.effectMinutes * TICKS_PER_GAME_MINUTE - 1);
    expect(victim.speed).toBe(0);
    expect(advance(sim, 1)).toMatchObject([{ type: "effectEnded", effect: "web", unitId: victim.id, tick: 200 }]);
    expect(victim.speed).toBe(speed);
    expect(held(victim)).toBe(false);
  });

  it("terror trap: victims flee away from the trap for 15 game minutes and decide nothing else", () => {
    const { sim, walker } = trap("terrorTrap");
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const victim = adventurer(sim, 11, 5);
    onUnitEntersTile(sim, walker, 2, 5);
    const effect = Object.values(sim.state.effects).find((e) => e.unitId === victim.id);
    // The tile within the terror trap's effectFleeTiles of 11,5 farthest from the trap (Chebyshev): x = 18 (the last floor column).
    expect(PARTS.terrorTrap.effectFleeTiles).toBe(8);
    expect(effect).toMatchObject({ kind: "terror", fleeTo: { x: 18, y: 1 } });
    expect(victim.activity).toBe("fleeing");
    for (let i = 0; i < 150; i++) sim.step();
    expect(victim.x).toBeGreaterThan(11);
    expect(Object.values(sim.state.effects).some((e) => e.unitId === victim.id)).toBe(false);
  });

  it("spider trap: spiders bite each victim again every 10 game minutes for 20 minutes (poison)", () => {
    const { sim, mech, walker } = trap("spiderTrap");
    const victim = adventurer(sim, 9, 4);
    const dice = forceDice(sim, [...WOUND, ...WOUND, ...WOUND]);
    onUnitEntersTile(sim, walker, 2, 5);
    expect(woundsIn(sim.drainEvents())).toEqual([[victim.id, mech.id, "light"]]);
    expect(woundsIn(advance(sim, 99))).toEqual([]);
    const bites = advance(sim, 101);
    expect(woundsIn(bites)).toEqual([[victim.id, mech.id, "light"], [victim.id, mech.id, "light"]]);
    expect(bites.filter((e) => e.type === "wound").map((e) => e.tick)).toEqual([100, 200]);
    expect(dice.left()).toBe(0);
    expect(sim.state.effects).toEqual({});
  });

  it("explosive trap: hits every unit within 2 tiles of it with a critical fire wound", () => {
    const { sim, mech, walker } = trap("explosiveTrap");
    const a = adventurer(sim, 12, 7), b = adventurer(sim, 8, 3);
    const c = adventurer(sim, 13, 5);
    const dice = forceDice(sim, [...WOUND, ...WOUND]);
    onUnitEntersTile(sim, walker, 2, 5);
    expect(woundsIn(sim.drainEvents())).toEqual([[a.id, mech.id, "critical"], [b.id, mech.id, "critical"]]);
    expect([dice.left(), c.wounds]).toEqual([0, []]);
  });

  it("alarm trap: the party of whoever set it off is spotted for the keeper at once (INV-74)", () => {
    const { sim, mech, walker } = trap("alarmTrap");
    sim.state.pauseOnSpot = false;
    const party: PartyRecord = {
      id: "900", invasionNumber: 1, goal: "killMaster", memberIds: [walker.id], portal: { x: 0, y: 5 },
      spotted: false, startTick: 0, ended: false,
    } as PartyRecord;
    sim.state.parties[party.id] = party;
    walker.partyId = party.id;
    onUnitEntersTile(sim, walker, 2, 5);
    expect(party.spotted).toBe(true);
    expect(sim.drainEvents().map((e) => e.type)).toEqual(["trapFired", "partySpotted"]);
    expect(mech.needsRearm).toBe(true);
  });
});

describe("lairs", () => {
  it("TRAP-61, TRAP-62: a wild creature that stays a game hour in a free lair joins the dungeon and no longer sets off traps", () => {
    const sim = makeSim();
    const plate = placeBuilt(sim, "pressurePlate", 4, 4);
    placeBuilt(sim, "spinningBlades", 8, 4);
    wire(sim, [4, 4], [8, 4]);
    const lair = addLair(sim, { x: 12, y: 6, width: 4, height: 3 });
    const wolf: UnitRecord = addUnit(sim, { kind: "creature", faction: "wild", species: "wolf", x: 13, y: 7 });
    sim.drainEvents();
    // Before it joins, it sets traps off (TRAP-59).
    onUnitEntersTile(sim, wolf, 4, 4);
    expect(sim.drainEvents().map((e) => e.type)).toEqual(["trapFired"]);
    (sim.state.parts[plate] as PartRecord).needsRearm = false;
    expect(LAIR_SETTLE_TICKS).toBe(600);
    const events = advance(sim, LAIR_SETTLE_TICKS);
    expect(events).toEqual([]);
    expect(wolf.faction).toBe("wild");
    expect(advance(sim, 1)).toEqual([{ type: "creatureJoined", unitId: wolf.id, lairId: lair.id, tick: 601 }]);
    expect(wolf).toMatchObject({ faction: "dungeon", lairId: lair.id, home: { x: 13, y: 7 } });
    expect(lair.residentId).toBe(wolf.id);
    onUnitEntersTile(sim, wolf, 4, 4);
    expect(sim.drainEvents()).toEqual([]);
  });

  it("TRAP-61: a creature that leaves the lair before the hour is up does not join; one resident per lair", () => {
    const sim = makeSim();
    const lair = addLair(sim, { x: 12, y: 6, width: 4, height: 3 });
    const a = addUnit(sim, { kind: "creature", faction: "wild", species: "wolf", x: 13, y: 7 });
    advance(sim, LAIR_SETTLE_TICKS - 10);
    a.x = 5;
    advance(sim, 20);
    a.x = 13;
    advance(sim, LAIR_SETTLE_TICKS);
    expect(a.faction).toBe("wild");
    advance(sim, 1);
    expect(a.faction).toBe("dungeon");
    const b = addUnit(sim, { kind: "creature", faction: "wild", species: "spider", x: 14, y: 7 });
    advance(sim, LAIR_SETTLE_TICKS * 2);
    expect(b.faction).toBe("wild");
    expect(lair.residentId).toBe(a.id);
    expect(() => addLair(sim, { x: 1, y: 1, width: 0, height: 2 })).toThrow(/positive size/);
  });
});

describe("part state for clients", () => {
  it("TRAP-50: a part whose 2 days ran out is marked expired in the state (the crossed-out dart); a rearm clears it", () => {
    const sim = makeSim();
    const blades = placeBuilt(sim, "spinningBlades", 8, 2);
    const lever = placeBuilt(sim, "lever", 2, 2);
    const state = new DungeonState();
    sim.state.tick = REARM_PERIOD_TICKS - 1;
    projectState(state, sim, 1);
    expect(state.parts.get(blades)?.expired).toBe(false);
    sim.state.tick = REARM_PERIOD_TICKS;
    projectState(state, sim, 1);
    expect(state.parts.get(blades)?.expired).toBe(true);
    expect(state.parts.get(lever)?.expired).toBe(false);
    (sim.state.parts[blades] as PartRecord).rearmedTick = sim.state.tick;
    markPart(sim, blades); // written directly, outside a tick or an input (sim/changes.ts)
    projectState(state, sim, 1);
    expect(state.parts.get(blades)?.expired).toBe(false);
  });

  it("placePart takes an optional quality: a shoddy trigger is recorded and projected as shoddy, the default is normal", () => {
    const sim = makeSim();
    const shoddy = sim.apply({ type: "placePart", kind: "tripwire", x: 2, y: 2, quality: "shoddy" });
    const normal = place(sim, "pressurePlate", 8, 2);
    if (!shoddy.ok || !shoddy.id) throw new Error("refused");
    expect(sim.state.parts[shoddy.id]?.quality).toBe("shoddy");
    expect(sim.state.parts[normal]?.quality).toBe("normal");
    const state = new DungeonState();
    projectState(state, sim, 1);
    expect(state.parts.get(shoddy.id)?.quality).toBe("shoddy");
    expect(state.parts.get(normal)?.quality).toBe("normal");
  });

  it("TRAP-02, TRAP-03: the trigger notices (stepping on the mechanism does nothing) and the mechanism acts (the harm comes from it)", () => {
    const { sim, plate, mech, walker } = trap("explosiveTrap");
    const onMech = adventurer(sim, 10, 5);
    const dice = forceDice(sim, [...WOUND]);
    onUnitEntersTile(sim, onMech, 10, 5);
    expect(sim.drainEvents()).toEqual([]);
    expect(PARTS.pressurePlate.role).toBe("trigger");
    expect(PARTS.explosiveTrap.role).toBe("mechanism");
    onUnitEntersTile(sim, walker, 2, 5);
    expect(sim.drainEvents()).toMatchObject([
      { type: "trapFired", triggerId: plate, mechanismId: mech.id, x: 10, y: 5 },
      { type: "wound", targetId: onMech.id, sourceId: mech.id, severity: "critical" },
    ]);
    expect(dice.left()).toBe(0);
  });
});
