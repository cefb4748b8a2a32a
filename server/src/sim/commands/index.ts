import type { Command, CommandResult, CommandType } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { Actor } from "../inputs/types.ts";
import { placePart } from "./placePart.ts";
import { wire } from "./wire.ts";
import { removePart } from "./removePart.ts";
import { removeCable } from "./removeCable.ts";
import { resume } from "./resume.ts";
import { setTimerDelay } from "./setTimerDelay.ts";
import { pullLever, resetLever } from "./lever.ts";
import { movePart } from "./movePart.ts";
import { assignJob } from "./assignJob.ts";
import { buildDoor } from "./buildDoor.ts";
import { removeDoor } from "./removeDoor.ts";
import { buildPadlock } from "./buildPadlock.ts";
import { removePadlock } from "./removePadlock.ts";
import { armDoorLock } from "./armDoorLock.ts";
import { disarmDoorLock } from "./disarmDoorLock.ts";
import { holdDoorOpen } from "./holdDoorOpen.ts";
import { releaseDoor } from "./releaseDoor.ts";
import { dig } from "./dig.ts";
import { buildWall } from "./buildWall.ts";
import { stormRite } from "./stormRite.ts";
import { ocularScouts } from "./ocularScouts.ts";
import { buildGuardPost } from "./buildGuardPost.ts";
import { answerFugitive } from "./answerFugitive.ts";
import { raidSettlement } from "./raidSettlement.ts";
import { recoverBody } from "./recoverBody.ts";
import { burnBody } from "./burnBody.ts";
import { buildScryingPool, scry } from "./scrying.ts";
import { buildAltar } from "./buildAltar.ts";
import { answerDuel, decideDuelMercy, forfeitDuelCommand, proposeDuel } from "./duel.ts";
import { setStance } from "./setStance.ts";
import { orderAttack } from "./orderAttack.ts";
import { moveTo } from "./moveTo.ts";
import { planTurn } from "./planTurn.ts";
import { buildLair } from "./buildLair.ts";
import { removeLair } from "./removeLair.ts";
import { collapse } from "./collapse.ts";

/**
 * A command handler: checks the command from `actor` (a keeper's or an adventurer player's seat;
 * the gate already checked its role and, for an adventurer, that it names only its own unit)
 * against the rules, applies it or refuses it (nothing changes).
 */
export type CommandHandler<T extends CommandType> = (sim: Simulation, command: Extract<Command, { type: T }>, actor: Actor) => CommandResult;

/**
 * One handler per command type (shared `COMMAND_DEFINITIONS` holds the rest of each command's
 * definition); a new command is a new file plus one line here and one entry there.
 */
const HANDLERS: { [T in CommandType]: CommandHandler<T> } = {
  placePart,
  wire,
  removePart,
  removeCable,
  resume,
  // Traps (TRAP rules).
  setTimerDelay,
  pullLever,
  resetLever,
  movePart,
  assignJob,
  // Doors and the walking path (DOOR rules).
  buildDoor,
  removeDoor,
  buildPadlock,
  removePadlock,
  armDoorLock,
  disarmDoorLock,
  holdDoorOpen,
  releaseDoor,
  dig,
  buildWall,
  // Invasions (INV rules).
  stormRite,
  ocularScouts,
  buildGuardPost,
  answerFugitive,
  raidSettlement,
  burnBody,
  recoverBody,
  buildScryingPool,
  buildAltar,
  scry,
  // d100 duels (P100-DUEL).
  proposeDuel,
  forfeitDuel: forfeitDuelCommand,
  answerDuel,
  // d100 duels to the death (P100-DUEL-20): the winner's side spares or kills the loser.
  decideDuelMercy,
  // Adventurer players (issue 9): a walk order out of combat, a turn plan in an encounter.
  moveTo,
  planTurn,
  setStance,
  orderAttack,
  // Lairs (TRAP-61) and cave-ins (DOOR-52).
  buildLair,
  removeLair,
  collapse,
};

/**
 * Dispatches a validated command from `actor` to its handler. Called by `sim.enqueue` only
 * (inputs/apply.ts), after the gate's checks.
 */
export function applyCommand(sim: Simulation, command: Command, actor: Actor): CommandResult {
  const handler = Object.hasOwn(HANDLERS, command.type) ? HANDLERS[command.type] as CommandHandler<typeof command.type> : undefined;
  if (!handler) return { ok: false, code: "INVALID_COMMAND", reason: `unknown command ${String((command as { type: unknown }).type)}` };
  return handler(sim, command as never, actor);
}
