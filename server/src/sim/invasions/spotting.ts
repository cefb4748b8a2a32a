import type { LetterMember } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { GuardPostRecord, PartyRecord, UnitRecord } from "../state.ts";
import { canSee } from "../combat/perception.ts";
import { isActive, isKeeperSide, presentUnits } from "../world/units.ts";
import { chebyshev, tileAt } from "../world/grid.ts";
import { hasLineOfSight } from "../combat/perception.ts";
import { TICKS_PER_GAME_HOUR } from "@malignus/shared";
import { openParties } from "./openParties.ts";

/**
 * The keeper spots a party (INV-70 to INV-83) when the Master, a minion or a dungeon creature
 * sees one of its members (INV-71, with the perception rules CMB-02 to CMB-04), when one of
 * them fights (INV-73), or when a member enters the Sanctum (INV-75). Spotting sends the
 * arrival letter (`partySpotted`: goal, each member's class, level and abilities, INV-81) and
 * pauses the clock when the room's `pauseOnSpot` option is on (INV-79).
 */

/**
 * How the party was spotted, and by whom, or null when it is still unseen. A fight spots it only
 * when the member fights the keeper's side (INV-73: the player fights it; a member fighting a wild
 * creature out of the keeper's sight stays unseen, as the fog keeps it, views/fog.ts).
 */
function spot(sim: Simulation, party: PartyRecord): { by: string; how: string } | null {
  const members = party.memberIds.map((id) => sim.state.units[id]).filter((u): u is UnitRecord => !!u && isActive(u));
  for (const m of members) {
    if (tileAt(sim.state.map, m.x, m.y) === "S") return { by: m.id, how: "sanctum" };
    const foe = m.targetId !== "" ? sim.state.units[m.targetId] : undefined;
    if (foe && isKeeperSide(foe)) return { by: foe.id, how: "fight" };
  }
  for (const watcher of presentUnits(sim)) {
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

/** Chebyshev tiles within which a lit guard-post torch shows a party (INV-76). */
export const GUARD_POST_TORCH_TILES = 8;
/** How long the Ocular Scouts' spectral eye patrols, in game hours (INV-85). */
export const SPECTRAL_EYE_HOURS = 24;
/** The spectral eye's sight, in Chebyshev tiles, with a line of sight; darkness does not matter (INV-86). */
export const SPECTRAL_EYE_TILES = 8;

/** Active members of `party`. */
function activeMembers(sim: Simulation, party: PartyRecord): UnitRecord[] {
  return party.memberIds.map((id) => sim.state.units[id]).filter((u): u is UnitRecord => !!u && isActive(u));
}

/**
 * Where the spectral eye is (INV-85): while Ocular Scouts lasts it patrols the guard posts in id
 * order, one game hour at each; null when it is gone or there is no guard post.
 */
export function spectralEyePosition(sim: Simulation): { x: number; y: number } | null {
  const until = sim.state.invasion.spectralEyeUntilTick ?? -1;
  if (until <= sim.state.tick) return null;
  const posts = Object.values(sim.state.guardPosts ?? {});
  if (posts.length === 0) return null;
  const post = posts[Math.floor(sim.state.tick / TICKS_PER_GAME_HOUR) % posts.length] as GuardPostRecord;
  return { x: post.x, y: post.y };
}

/** The member the spectral eye sees (INV-72, INV-86: it sees in the dark), if any. */
function seenBySpectralEye(sim: Simulation, members: UnitRecord[]): UnitRecord | undefined {
  const eye = spectralEyePosition(sim);
  if (!eye) return undefined;
  return members.find((m) => chebyshev(m, eye) <= SPECTRAL_EYE_TILES && hasLineOfSight(sim.state.map, eye, m));
}

/**
 * Guard-post torches (INV-76 to INV-78): a lit post shows every party with an active member
 * within 8 tiles, through the fog, for as long as it stays there (`party.shown`), with a
 * `partyShown` event but no letter and no pause.
 */
export function stepGuardPosts(sim: Simulation, party: PartyRecord, members: UnitRecord[]): void {
  let post: GuardPostRecord | undefined;
  for (const id in sim.state.guardPosts ?? {}) {
    const g = sim.state.guardPosts[id] as GuardPostRecord;
    if (g.lit && members.some((m) => chebyshev(m, g) <= GUARD_POST_TORCH_TILES)) { post = g; break; }
  }
  const was = party.shown ?? false;
  party.shown = !!post;
  if (post && !was) sim.emit({ type: "partyShown", partyId: party.id, guardPostId: post.id });
}

/** Checks every unspotted party: sight, fight, Sanctum (INV-71, INV-73, INV-75), the spectral eye (INV-72), guard posts (INV-76). */
export function stepSpotting(sim: Simulation): void {
  for (const party of openParties(sim)) {
    if (party.ended) continue;
    const members = activeMembers(sim, party);
    stepGuardPosts(sim, party, members);
    if (party.spotted) continue;
    const seen = spot(sim, party);
    if (seen) { markSpotted(sim, party, seen.by, seen.how); continue; }
    const eyed = seenBySpectralEye(sim, members);
    if (eyed) markSpotted(sim, party, "spectralEye", "spectralEye");
  }
}
