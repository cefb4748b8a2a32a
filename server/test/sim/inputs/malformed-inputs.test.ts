import { describe, expect, it } from "vitest";
import { COMMAND_DEFINITIONS, COMMAND_TYPES, type Command, type CommandType } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import type { Actor, InputCommand } from "../../../src/sim/index.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { player } from "../actors.ts";

/*
 * "Bad input and faults get a clear error, lose nothing, and never crash a room": the simulation
 * refuses a command whose fields are missing or ill-typed itself (inputs/apply.ts), whoever
 * calls `Simulation.enqueue` (a headless caller, a replay file), not only the room's transport.
 */

const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");

const keeper: Actor = { kind: "keeper", seatId: "k1" };

/** A d100 dungeon: an AI warrior at (5, 5), a player's warrior at (9, 5) (seat a1), a minion at (7, 5). */
function setup(): { sim: Simulation; hero: UnitRecord; held: UnitRecord; m: UnitRecord } {
  const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA) });
  const gear = { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 } as const;
  const hero = addUnit(sim, { kind: "adventurer", faction: "heroes", adventurerClass: "Warrior", level: 1, x: 5, y: 5, gear });
  const held = addUnit(sim, { kind: "adventurer", faction: "heroes", adventurerClass: "Warrior", level: 1, x: 9, y: 5, gear });
  held.controller = "a1";
  const m = addUnit(sim, { kind: "minion", x: 7, y: 5 });
  sim.drainEvents();
  return { sim, hero, held, m };
}

/** Enqueues `command` from `actor`; returns its answer after checking that nothing changed, nothing was logged and no die was drawn. */
function refusedCleanly(sim: Simulation, actor: Actor, command: InputCommand): unknown {
  const before = sim.hash();
  const dice = recordAllDice(sim, []);
  const result = sim.enqueue(actor, command);
  expect([sim.hash(), sim.inputLog, sim.drainEvents(), dice.draws]).toEqual([before, [], [], []]);
  return result;
}

describe("the simulation refuses malformed inputs itself (P100-DUEL-01, P100-DUEL-02 and every command)", () => {
  it("P100-DUEL-01/02: a d100 proposeDuel without toDeath, from the keeper to an AI warrior, is refused with INVALID_COMMAND; no duel starts, nothing changes", () => {
    const { sim, hero, m } = setup();
    const noTerm = { type: "proposeDuel", unitId: m.id, opponentId: hero.id } as unknown as Command;
    expect(refusedCleanly(sim, keeper, noTerm)).toEqual({ ok: false, code: "INVALID_COMMAND", reason: "malformed proposeDuel: toDeath: missing" });
    expect([d100Of(hero).duel, d100Of(m).duel, sim.state.duelProposals ?? {}]).toEqual([null, null, {}]);
    const yes = { type: "proposeDuel", unitId: m.id, opponentId: hero.id, toDeath: "yes" } as unknown as Command;
    expect(refusedCleanly(sim, keeper, yes)).toEqual({ ok: false, code: "INVALID_COMMAND", reason: "malformed proposeDuel: toDeath: wrong type (\"yes\")" });
  });

  it("P100-DUEL-01/02: an adventurer player's proposeDuel without toDeath is refused with INVALID_COMMAND; no proposal is made", () => {
    const { sim, held, m } = setup();
    const noTerm = { type: "proposeDuel", unitId: held.id, opponentId: m.id } as unknown as Command;
    expect(refusedCleanly(sim, player(held.id), noTerm)).toEqual({ ok: false, code: "INVALID_COMMAND", reason: "malformed proposeDuel: toDeath: missing" });
    expect([d100Of(held).duel, sim.state.duelProposals ?? {}]).toEqual([null, {}]);
  });

  it("every command kind with its fields missing is refused with INVALID_COMMAND naming every missing field, without a throw or a change", () => {
    const { sim, held } = setup();
    const answers: Record<string, unknown> = {};
    for (const type of COMMAND_TYPES) {
      const roles: readonly string[] = COMMAND_DEFINITIONS[type].roles;
      const actor = roles.includes("keeper") ? keeper : player(held.id);
      const acting = (COMMAND_DEFINITIONS[type] as { actingUnit?: string }).actingUnit;
      const payload = actor === keeper || acting === undefined ? {} : { [acting]: held.id };
      answers[type] = refusedCleanly(sim, actor, { type, ...payload } as unknown as Command);
    }
    const invalid = Object.fromEntries(Object.entries(answers).flatMap(([t, a]) => (a as { code: string }).code === "INVALID_COMMAND" ? [[t, (a as { reason: string }).reason]] : []));
    expect(invalid).toEqual(EXPECTED_EMPTY);
    // The three commands without a field are valid empty: their handlers answer them.
    expect([answers["resume"], answers["ocularScouts"], answers["scry"]]).toEqual(OTHERS);
  });

  it("ill-typed fields and values outside their list are refused with INVALID_COMMAND, without a throw or a change", () => {
    const { sim, held, m, hero } = setup();
    const cases: [Actor, Record<string, unknown>][] = [
      [keeper, { type: "orderAttack", unitId: m.id, targetId: 5 }],
      [keeper, { type: "setStance", unitId: m.id, stance: "passive" }],
      [keeper, { type: "assignJob", unitId: m.id, job: 7 }],
      [keeper, { type: "wire", path: [{ x: 1 }, { x: 2, y: 2 }] }],
      [keeper, { type: "placePart", kind: "pressurePlate", x: "3", y: 3 }],
      [keeper, { type: "answerDuel", proposalId: "1", accept: "yes" }],
      [keeper, { type: "stormRite", hours: null }],
      [player(held.id), { type: "planTurn", action: "steps", steps: [{ kind: 3 }] }],
      [player(held.id), { type: "planTurn", action: "attack", targetId: Number(hero.id) }],
      [player(held.id), { type: "moveTo", x: 3 }],
      [{ kind: "room" }, { type: "seats", keepers: 1 }],
      [{ kind: "room" }, { type: "seats", keepers: 1, adventurers: [{ seatId: "a1", unitId: 9 }] }],
      [{ kind: "room" }, { type: "pause" }],
    ];
    expect(cases.map(([actor, command]) => refusedCleanly(sim, actor, command as unknown as InputCommand))).toEqual([
      { ok: false, code: "INVALID_COMMAND", reason: "malformed orderAttack: targetId: wrong type (number 5)" },
      { ok: false, code: "INVALID_COMMAND", reason: "malformed setStance: stance: not an allowed value (\"passive\")" },
      { ok: false, code: "INVALID_COMMAND", reason: "malformed assignJob: job: not an allowed value (number 7)" },
      { ok: false, code: "INVALID_COMMAND", reason: "malformed wire: path.0.y: missing" },
      { ok: false, code: "INVALID_COMMAND", reason: "malformed placePart: x: wrong type (\"3\")" },
      { ok: false, code: "INVALID_COMMAND", reason: "malformed answerDuel: accept: wrong type (\"yes\")" },
      { ok: false, code: "INVALID_COMMAND", reason: "malformed stormRite: hours: wrong type (null)" },
      { ok: false, code: "INVALID_COMMAND", reason: "malformed planTurn: steps.0.kind: wrong type (number 3)" },
      { ok: false, code: "INVALID_COMMAND", reason: `malformed planTurn: targetId: wrong type (number ${hero.id})` },
      { ok: false, code: "INVALID_COMMAND", reason: "malformed moveTo: y: missing" },
      { ok: false, code: "INVALID_COMMAND", reason: "seats: adventurers must be a list of { seatId, unitId, connected } seat facts" },
      { ok: false, code: "INVALID_COMMAND", reason: "seats: adventurers must be a list of { seatId, unitId, connected } seat facts" },
      { ok: false, code: "INVALID_COMMAND", reason: "pause: reason must be a string" },
    ]);
  });
});

/** Each command kind sent with no field (only the acting unit for an adventurer's): the refusal's reason. */
const EXPECTED_EMPTY: Partial<Record<CommandType, string>> = {
  placePart: "malformed placePart: kind: missing; x: missing; y: missing",
  wire: "malformed wire: path: missing",
  removePart: "malformed removePart: partId: missing",
  removeCable: "malformed removeCable: cableId: missing",
  setTimerDelay: "malformed setTimerDelay: partId: missing; minutes: missing",
  pullLever: "malformed pullLever: partId: missing",
  resetLever: "malformed resetLever: partId: missing",
  movePart: "malformed movePart: partId: missing; x: missing; y: missing",
  assignJob: "malformed assignJob: unitId: missing; job: missing",
  buildDoor: "malformed buildDoor: x: missing; y: missing",
  removeDoor: "malformed removeDoor: doorId: missing",
  buildPadlock: "malformed buildPadlock: doorId: missing",
  removePadlock: "malformed removePadlock: doorId: missing",
  armDoorLock: "malformed armDoorLock: doorId: missing",
  disarmDoorLock: "malformed disarmDoorLock: doorId: missing",
  holdDoorOpen: "malformed holdDoorOpen: doorId: missing",
  releaseDoor: "malformed releaseDoor: doorId: missing",
  dig: "malformed dig: x: missing; y: missing",
  buildWall: "malformed buildWall: x: missing; y: missing",
  stormRite: "malformed stormRite: hours: missing",
  buildGuardPost: "malformed buildGuardPost: x: missing; y: missing",
  answerFugitive: "malformed answerFugitive: admit: missing",
  raidSettlement: "malformed raidSettlement: settlementId: missing",
  burnBody: "malformed burnBody: unitId: missing",
  recoverBody: "malformed recoverBody: unitId: missing",
  buildScryingPool: "malformed buildScryingPool: x: missing; y: missing",
  buildAltar: "malformed buildAltar: x: missing; y: missing",
  setStance: "malformed setStance: unitId: missing; stance: missing",
  orderAttack: "malformed orderAttack: unitId: missing; targetId: missing",
  proposeDuel: "malformed proposeDuel: unitId: missing; opponentId: missing; toDeath: missing",
  answerDuel: "malformed answerDuel: proposalId: missing; accept: missing",
  forfeitDuel: "malformed forfeitDuel: unitId: missing",
  decideDuelMercy: "malformed decideDuelMercy: mercyId: missing; spare: missing",
  buildLair: "malformed buildLair: x: missing; y: missing; width: missing; height: missing",
  removeLair: "malformed removeLair: lairId: missing",
  collapse: "malformed collapse: x: missing; y: missing",
  planTurn: "malformed planTurn: action: missing",
  moveTo: "malformed moveTo: x: missing; y: missing",
};

const OTHERS = [
  { ok: false, code: "NOT_PAUSED", reason: "the game clock is not paused" },
  { ok: false, code: "NO_GUARD_POST", reason: "the spectral eye patrols guard posts: build one first", rule: "INV-85" },
  { ok: false, code: "NO_SCRYING_CHARGE", reason: "the Master holds no scrying charge", rule: "INV-67" },
];
