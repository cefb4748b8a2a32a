import type { Actor } from "../../src/sim/index.ts";

/**
 * The actor of an adventurer player's seat playing `unitId` (seat "a1" unless given), as the room
 * enqueues its commands: `sim.enqueue(player(hero.id), { type: "answerDuel", … })`.
 */
export const player = (unitId: string, seatId = "a1"): Actor => ({ kind: "adventurer", seatId, unitId });
