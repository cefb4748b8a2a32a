import { describe, expect, it, vi } from "vitest";
import { COMMAND_DEFINITIONS, COMMAND_TYPES, GATE_STAGES, SEAT_ROLES, gateCommand, type CommandType, type GateSeat } from "@malignus/shared";
import { CommandGate } from "../../src/rooms/gate.ts";
import { createLogger } from "../../src/logger.ts";
import { Simulation } from "../../src/sim/simulation.ts";
import { parseMap } from "../../src/sim/world/map.ts";

/**
 * The command gate (issue 15 part 4): one table of command definitions, checked in one fixed
 * order — known type → role → seat owns the unit → validator. Table-driven over every command and
 * every role.
 */

/** A well-formed payload of every command, in the table's order. */
const GOOD: { [T in CommandType]: unknown } = {
  placePart: { kind: "pressurePlate", x: 5, y: 15 },
  wire: { path: [{ x: 5, y: 15 }, { x: 6, y: 15 }] },
  removePart: { partId: "1" },
  removeCable: { cableId: "1" },
  resume: {},
  setTimerDelay: { partId: "1", minutes: 5 },
  pullLever: { partId: "1" },
  resetLever: { partId: "1" },
  movePart: { partId: "1", x: 1, y: 1 },
  assignJob: { unitId: "1", job: "trapping" },
  buildDoor: { x: 1, y: 1 },
  removeDoor: { doorId: "1" },
  buildPadlock: { doorId: "1" },
  removePadlock: { doorId: "1" },
  armDoorLock: { doorId: "1" },
  disarmDoorLock: { doorId: "1" },
  holdDoorOpen: { doorId: "1" },
  releaseDoor: { doorId: "1" },
  dig: { x: 1, y: 1 },
  buildWall: { x: 1, y: 1 },
  stormRite: { hours: 2 },
  ocularScouts: {},
  buildGuardPost: { x: 1, y: 1 },
  answerFugitive: { admit: true },
  raidSettlement: { settlementId: "lowford" },
  burnBody: { unitId: "1" },
  recoverBody: { unitId: "1" },
  buildScryingPool: { x: 1, y: 1 },
  buildAltar: { x: 1, y: 1 },
  scry: {},
  setStance: { unitId: "1", stance: "flight" },
  orderAttack: { unitId: "1", targetId: "2" },
  proposeDuel: { unitId: "7", opponentId: "2", toDeath: false },
  answerDuel: { proposalId: "1", accept: true },
  forfeitDuel: { unitId: "1" },
  decideDuelMercy: { mercyId: "1", spare: true },
  buildLair: { x: 1, y: 1, width: 2, height: 2 },
  removeLair: { lairId: "1" },
  collapse: { x: 1, y: 1 },
  planTurn: { action: "attack", targetId: "2" },
  moveTo: { x: 3, y: 4 },
};

const SEATS: Record<(typeof SEAT_ROLES)[number], GateSeat> = {
  keeper: { role: "keeper" },
  adventurer: { role: "adventurer", unitId: "7" },
  spectator: { role: "spectator" },
};

/** Who may send what: keepers everything but the adventurer players' own commands; spectators nothing. */
const ADVENTURER_COMMANDS = ["proposeDuel", "answerDuel", "decideDuelMercy", "planTurn", "moveTo"];
const ADVENTURER_ONLY = ["planTurn", "moveTo"];

describe("the command gate", () => {
  it("every command has roles, a doc and a validator; the client commands are exactly the table's", () => {
    expect(COMMAND_TYPES).toHaveLength(41);
    expect(Object.keys(GOOD)).toEqual(COMMAND_TYPES);
    for (const type of COMMAND_TYPES) {
      const def = COMMAND_DEFINITIONS[type];
      expect([type, def.roles.length > 0, def.doc.length > 10, typeof def.schema.safeParse]).toEqual([type, true, true, "function"]);
      for (const rule of def.rules) expect(rule).toMatch(/^[A-Z][A-Z0-9]*(-[A-Z0-9]+)*-\d+$/);
    }
    // The internal translations of old are no commands (issue 15).
    for (const gone of ["adventurerProposeDuel", "adventurerAnswerDuel", "adventurerDecideDuelMercy", "moveAdventurer"]) {
      expect(gateCommand(gone, SEATS.keeper, {})).toEqual({ ok: false, stage: "type", code: "UNKNOWN_TYPE", reason: "unknown message type" });
    }
  });

  it.each(COMMAND_TYPES)("%s: passes or is refused at the role stage, per role", (type) => {
    const outcome = (role: keyof typeof SEATS) => {
      const r = gateCommand(type, SEATS[role], GOOD[type]);
      return r.ok ? "ok" : `${r.stage}:${r.code}`;
    };
    expect({ keeper: outcome("keeper"), adventurer: outcome("adventurer"), spectator: outcome("spectator") }).toEqual({
      keeper: ADVENTURER_ONLY.includes(type) ? "role:NOT_ALLOWED_FOR_ROLE" : "ok",
      adventurer: ADVENTURER_COMMANDS.includes(type) ? "ok" : "role:NOT_ALLOWED_FOR_ROLE",
      spectator: "role:NOT_ALLOWED_FOR_ROLE",
    });
  });

  it("the stages run in one fixed order: type, role, unit, payload; the first failure answers", () => {
    expect(GATE_STAGES).toEqual(["type", "role", "unit", "payload"]);
    const hero = SEATS.adventurer;
    // Unknown type before anything else, even for a spectator with garbage.
    expect(gateCommand("nonsense", SEATS.spectator, 42)).toMatchObject({ stage: "type", code: "UNKNOWN_TYPE" });
    // Role before unit and payload: a spectator's malformed duel on someone else's unit.
    expect(gateCommand("proposeDuel", SEATS.spectator, { unitId: "99" })).toEqual({ ok: false, stage: "role", code: "NOT_ALLOWED_FOR_ROLE", reason: "spectators cannot send commands" });
    expect(gateCommand("placePart", hero, { kind: "nope" })).toEqual({ ok: false, stage: "role", code: "NOT_ALLOWED_FOR_ROLE", reason: "adventurer players cannot send keeper commands" });
    expect(gateCommand("moveTo", SEATS.keeper, {})).toEqual({ ok: false, stage: "role", code: "NOT_ALLOWED_FOR_ROLE", reason: "only adventurer players move their adventurer" });
    expect(gateCommand("planTurn", SEATS.spectator, {})).toEqual({ ok: false, stage: "role", code: "NOT_ALLOWED_FOR_ROLE", reason: "only adventurer players plan turns" });
    // Unit before payload: an adventurer naming another unit, with a malformed rest.
    expect(gateCommand("proposeDuel", hero, { unitId: "8", toDeath: "yes" })).toEqual({ ok: false, stage: "unit", code: "NOT_YOUR_UNIT", reason: "unit 8 is not your adventurer" });
    expect(gateCommand("proposeDuel", { role: "adventurer" }, GOOD.proposeDuel)).toMatchObject({ stage: "unit", code: "NOT_ALLOWED_FOR_ROLE" });
    // Keepers name any of their units: ownership is a rule of the simulation, not the gate's.
    expect(gateCommand("proposeDuel", SEATS.keeper, { ...GOOD.proposeDuel as object, unitId: "8" })).toMatchObject({ ok: true });
    // Payload last.
    expect(gateCommand("proposeDuel", hero, { unitId: "7", opponentId: "2", toDeath: "yes" })).toMatchObject({ ok: false, stage: "payload", code: "INVALID_COMMAND" });
    expect(gateCommand("moveTo", hero, { x: -1, y: 0 })).toMatchObject({ ok: false, stage: "payload", code: "INVALID_COMMAND" });
    // Skipping validation (the room's transport validated already) passes the payload through as is.
    expect(gateCommand("moveTo", hero, { x: -1, y: 0 }, false)).toMatchObject({ ok: true, payload: { x: -1, y: 0 } });
    expect(gateCommand("moveTo", hero, { x: 1, y: 2 })).toMatchObject({ ok: true, payload: { x: 1, y: 2 } });
  });

  it("one payload check, three depths: \"all\" (every issue), \"fields\" (missing, ill-typed, not allowed: the simulation's own check) and \"none\"", () => {
    const keeper = SEATS.keeper;
    // A bound and an unknown key fail "all" only; "fields" passes the payload as given.
    expect(gateCommand("buildDoor", keeper, { x: -1, y: 0, extra: 1 }, "all")).toMatchObject({ ok: false, stage: "payload", code: "INVALID_COMMAND" });
    expect(gateCommand("buildDoor", keeper, { x: -1, y: 0, extra: 1 }, "fields")).toEqual({ ok: true, definition: COMMAND_DEFINITIONS.buildDoor, payload: { x: -1, y: 0, extra: 1 }, command: { type: "buildDoor", x: -1, y: 0, extra: 1 } });
    // A missing or ill-typed field fails both, described the same way.
    expect(gateCommand("buildDoor", keeper, { x: "3" }, "fields")).toEqual({ ok: false, stage: "payload", code: "INVALID_COMMAND", reason: 'malformed buildDoor: x: wrong type ("3"); y: missing' });
    expect(gateCommand("buildDoor", keeper, { x: "3" }, "all")).toEqual({ ok: false, stage: "payload", code: "INVALID_COMMAND", reason: 'malformed buildDoor: x: wrong type ("3"); y: missing' });
    expect(gateCommand("buildDoor", keeper, { x: "3" }, "none")).toEqual({ ok: true, definition: COMMAND_DEFINITIONS.buildDoor, payload: { x: "3" }, command: { type: "buildDoor", x: "3" } });
  });

  it("a room command is parsed once: by the transport (not by the room's gate, nor again by the simulation: enqueueChecked); a command enqueued directly is parsed by the simulation", () => {
    const sim = Simulation.create({ seed: 1, ruleset: "malignus", map: parseMap("t", ["P....", ".....", "SK..."].join("\n")) });
    const gate = new CommandGate(createLogger("silent"), () => 0);
    const parse = vi.spyOn(COMMAND_DEFINITIONS.buildDoor.schema, "safeParse");
    const client = { sessionId: "s1", seat: { seatId: "k1", role: "keeper" as const, name: undefined, unitId: undefined, connected: true } };
    try {
      const viaRoom = gate.command(sim, client, "buildDoor", { x: 2, y: 1 });
      expect([viaRoom.accepted, parse.mock.calls.length]).toEqual([{ kind: "keeper", seatId: "k1" }, 0]);
      const direct = sim.enqueue({ kind: "keeper", seatId: "k1" }, { type: "buildDoor", x: 3, y: 1 });
      expect([direct.ok, parse.mock.calls]).toEqual([viaRoom.result.ok, [[{ x: 3, y: 1 }]]]);
      // Both logged the same way: the gate's checked command is a plain command.
      expect(sim.inputLog.map((i) => i.command)).toEqual([{ type: "buildDoor", x: 2, y: 1 }, { type: "buildDoor", x: 3, y: 1 }]);
      // Headless, the simulation still refuses a half-formed command itself.
      expect(sim.enqueue({ kind: "keeper", seatId: "k1" }, { type: "buildDoor", x: 4 } as never)).toEqual({ ok: false, code: "INVALID_COMMAND", reason: "malformed buildDoor: y: missing" });
    } finally {
      parse.mockRestore();
    }
  });

  it("own keys only: Object prototype names are no commands", () => {
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      expect(gateCommand(name, SEATS.keeper, {})).toMatchObject({ ok: false, stage: "type" });
    }
  });
});
