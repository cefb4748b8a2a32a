import type { MemberFate } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { PartyRecord } from "../state.ts";
import { startTimeLimit } from "./schedule.ts";
import { forgetOnLeaving } from "../knowledge/knowledge.ts";

/**
 * An invasion ends when no member is still standing in the dungeon: each is dead, unconscious,
 * captured or has left the map (catalogue proposal for "end of an invasion"). Emits
 * `invasionEnded` with each member's fate and starts the next time limit (INV-14, INV-37).
 * Members that died or left forget what they knew (KNOW-47); prisoners keep it (KNOW-48).
 */
export function stepInvasionEnd(sim: Simulation): void {
  const inv = sim.state.invasion;
  if (inv.partyId === "") return;
  const party = sim.state.parties[inv.partyId] as PartyRecord;
  const fates: Record<string, MemberFate> = {};
  for (const id of party.memberIds) {
    const u = sim.state.units[id];
    if (!u) continue;
    switch (u.activity) {
      case "dead": fates[id] = "dead"; break;
      case "captured": fates[id] = "captured"; break;
      case "left": fates[id] = "escaped"; break;
      case "unconscious": fates[id] = "unconscious"; break;
      default: return; // someone is still on their feet
    }
  }
  party.ended = true;
  inv.partyId = "";
  inv.lastEndTick = sim.state.tick;
  startTimeLimit(sim, sim.state.tick);
  for (const id of party.memberIds) forgetOnLeaving(sim, id);
  sim.emit({ type: "invasionEnded", partyId: party.id, invasionNumber: party.invasionNumber, fates });
}
