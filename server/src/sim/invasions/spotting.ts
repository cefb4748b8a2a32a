import type { LetterMember } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { PartyRecord, UnitRecord } from "../state.ts";
import { canSee } from "../combat/perception.ts";
import { isActive, isKeeperSide } from "../world/units.ts";
import { tileAt } from "../world/grid.ts";

/**
 * The keeper spots a party (INV-70 to INV-83) when the Master, a minion or a dungeon creature
 * sees one of its members (INV-71, with the perception rules CMB-02 to CMB-04), when one of
 * them fights (INV-73), or when a member enters the Sanctum (INV-75). Spotting sends the
 * arrival letter (`partySpotted`: goal, each member's class, level and abilities, INV-81) and
 * pauses the clock when the room's `pauseOnSpot` option is on (INV-79).
 */

/** How the party was spotted, and by whom, or null when it is still unseen. */
function spot(sim: Simulation, party: PartyRecord): { by: string; how: string } | null {
  const members = party.memberIds.map((id) => sim.state.units[id]).filter((u): u is UnitRecord => !!u && isActive(u));
  for (const m of members) {
    if (tileAt(sim.state.map, m.x, m.y) === "S") return { by: m.id, how: "sanctum" };
    if (m.targetId !== "") return { by: m.targetId, how: "fight" };
  }
  for (const id in sim.state.units) {
    const watcher = sim.state.units[id] as UnitRecord;
    if (!isKeeperSide(watcher) || !isActive(watcher)) continue;
    for (const m of members) if (canSee(sim, watcher, m)) return { by: watcher.id, how: "sight" };
  }
  return null;
}

/** Marks `party` spotted: emits the letter and pauses when the room asks for it. */
export function markSpotted(sim: Simulation, party: PartyRecord, by: string, how: string): void {
  if (party.spotted) return;
  party.spotted = true;
  const members: LetterMember[] = party.memberIds.map((id) => {
    const u = sim.state.units[id] as UnitRecord;
    return { unitId: u.id, name: u.name, adventurerClass: u.adventurerClass, level: u.level, abilities: [...u.traits] };
  });
  sim.emit({ type: "partySpotted", partyId: party.id, goal: party.goal, spottedBy: by, how, members });
  if (sim.state.pauseOnSpot) sim.pause("party spotted");
}

/** Checks every unspotted party. */
export function stepSpotting(sim: Simulation): void {
  for (const pid in sim.state.parties) {
    const party = sim.state.parties[pid] as PartyRecord;
    if (party.ended || party.spotted) continue;
    const seen = spot(sim, party);
    if (seen) markSpotted(sim, party, seen.by, seen.how);
  }
}
