import { describe, expect, it } from "vitest";
import { Decoder, Encoder, StateView } from "@colyseus/schema";
import {
  PARTS, PART_KINDS, PART_KIND_CODES, PART_QUALITY_CODES, PART_ROLE_CODES, STATE_CODE_TABLES, UNIT_STATES, UNIT_STATE_CODES,
} from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { createDungeonSimulation, type Simulation } from "../../src/sim/index.ts";
import { loadMap } from "../../src/maps.ts";
import { allUnits } from "../../src/sim/world/units.ts";
import { projectMap, projectState } from "../../src/rooms/projection.ts";
import { initView, lazyContext, syncView, type Viewer } from "../../src/rooms/views.ts";

/**
 * A room's side of `sim` seen by a keeper-side seat (what a spectator gets), and a client state
 * decoded from its full state; `step()` projects the simulation again and returns the patch it
 * sends, already decoded into `client`.
 */
function synced(sim: Simulation): { client: DungeonState; step: () => Uint8Array } {
  const state = new DungeonState();
  projectMap(state, sim.state);
  projectState(state, sim, 1);
  const encoder = new Encoder(state);
  const viewer: Viewer = { kind: "keeper" };
  const view = new StateView();
  initView(view, state, viewer);
  syncView(view, state, lazyContext(sim), viewer);
  const client = new DungeonState();
  const decoder = new Decoder(client);
  const send = (full: boolean): Uint8Array => {
    const it = { offset: 0 };
    if (full) encoder.encodeAll(it); else encoder.encode(it);
    const bytes = full ? encoder.encodeAllView(view, it.offset, it) : encoder.encodeView(view, it.offset, it);
    encoder.discardChanges();
    view.changes.clear();
    decoder.decode(bytes);
    return bytes;
  };
  send(true);
  return {
    client,
    step: () => { projectState(state, sim, 1); syncView(view, state, lazyContext(sim), viewer); return send(false); },
  };
}

/** Places the first `kind` the rules accept, scanning rows from the top left; returns its id. */
function placeFirst(sim: Simulation, command: Record<string, unknown>): { id: string; x: number; y: number } {
  const { width, height } = sim.state.map;
  for (let y = 1; y < height - 1; y++) for (let x = 1; x < width - 1; x++) {
    const r = sim.apply({ ...command, x, y } as never);
    if (r.ok) return { id: (r as { id?: string }).id ?? "", x, y };
  }
  throw new Error("no tile accepted");
}

describe("state fields sent as codes (issue 20 part 4): shared/src/stateCodes.ts", () => {
  it("the code tables are fixed: a code is its name's index, and every part kind, role, quality and unit state has one", () => {
    expect(PART_KIND_CODES).toEqual([
      "", "tripwire", "wideTripwire", "pressurePlate", "sensor", "lever", "timer",
      "spinningBlades", "flameJet", "gasJet", "electricCoil", "dartLauncher",
      "explosiveTrap", "spiderTrap", "webTrap", "terrorTrap", "alarmTrap",
    ]);
    expect([...PART_KIND_CODES.slice(1)].sort()).toEqual([...PART_KINDS].sort());
    expect(PART_ROLE_CODES).toEqual(["", "trigger", "timer", "mechanism"]);
    expect(new Set(Object.values(PARTS).map((p) => p.role))).toEqual(new Set(PART_ROLE_CODES.slice(1)));
    expect(PART_QUALITY_CODES).toEqual(["normal", "shoddy"]);
    expect(UNIT_STATE_CODES).toEqual(["idle", "walking", "working", "fighting", "fleeing", "unconscious", "dead", "captured", "left"]);
    expect([...UNIT_STATE_CODES].sort()).toEqual([...UNIT_STATES].sort());
    expect(Object.keys(STATE_CODE_TABLES).sort()).toEqual(["TrapPart.kindCode", "TrapPart.qualityCode", "TrapPart.roleCode", "Unit.stateCode"]);
  });

  it("a client decoding the state reads the part's kind, role and quality and each unit's state as names (TRAP-05, KNOW-13)", () => {
    const sim = createDungeonSimulation({ map: "default", seed: 7, ruleset: "malignus", pauseOnSpot: false, startPaused: false, skipToInvasion: false }, loadMap("default"));
    const { client, step } = synced(sim);
    const plate = placeFirst(sim, { type: "placePart", kind: "pressurePlate", quality: "shoddy" });
    const blades = placeFirst(sim, { type: "placePart", kind: "spinningBlades" });
    step();

    const p = client.parts.get(plate.id)!;
    expect([p.kindCode, p.roleCode, p.qualityCode]).toEqual([3, 1, 1]);
    expect([p.kind, p.role, p.quality]).toEqual(["pressurePlate", "trigger", "shoddy"]);
    const b = client.parts.get(blades.id)!;
    expect([b.kindCode, b.roleCode, b.qualityCode]).toEqual([7, 3, 0]);
    expect([b.kind, b.role, b.quality]).toEqual(["spinningBlades", "mechanism", "normal"]);
    // The names are not fields: a plain copy carries the codes.
    expect(p.toJSON()).toMatchObject({ kindCode: 3, roleCode: 1, qualityCode: 1 });
    expect(p.toJSON()).not.toHaveProperty("kind");
    // Minions walk to the sites and work on them: each unit's state reads as the simulation's.
    for (let i = 0; i < 50; i++) sim.step();
    step();
    const units = [...allUnits(sim)];
    expect(units.map((u) => [u.id, client.units.get(u.id)?.state, client.units.get(u.id)?.stateCode]))
      .toEqual(units.map((u) => [u.id, u.activity, UNIT_STATE_CODES.indexOf(u.activity)]));
    expect(new Set(units.map((u) => u.activity)).size).toBeGreaterThan(1);
  });

  it("the map travels as one string per row: a door built resends its row, and `tiles` joins the rows (DOOR rules)", () => {
    const sim = createDungeonSimulation({ map: "default", seed: 7, ruleset: "malignus", pauseOnSpot: false, startPaused: false, skipToInvasion: false }, loadMap("default"));
    const { width, height } = sim.state.map;
    const { client, step } = synced(sim);
    expect(client.tileRows.length).toBe(height);
    expect(client.tileRows.every((row) => row.length === width)).toBe(true);
    expect(client.tiles).toBe(sim.state.map.tiles);

    const door = placeFirst(sim, { type: "buildDoor" });
    expect(sim.state.map.tiles[door.y * width + door.x]).toBe("+");
    const patch = step();
    expect(client.tiles).toBe(sim.state.map.tiles);
    expect(client.tiles[door.y * width + door.x]).toBe("+");
    expect(client.tileRows.at(door.y)).toBe(sim.state.map.tiles.slice(door.y * width, (door.y + 1) * width));
    // The patch holds the door and one row of the map, far less than the map's width × height.
    expect(patch.length).toBeLessThan(width * 3);
    expect(width * height).toBeGreaterThan(width * 3);
  });
});
