import { Journal, PartyInfo, type DungeonState } from "@malignus/shared/schema";
import type { Simulation } from "../sim/index.ts";
import { set, setList, type ListLike } from "./schemaWrites.ts";

/**
 * Projects the spotted parties (INV-05: the Party tab's goal) and their adventurers' Journals
 * (KNOW-50: learned bonuses and known traps) into the keeper-side maps `parties` and `journals`.
 * Every party still in play is projected; the views (rooms/views.ts) show keepers only the
 * spotted ones, so the fog keeps unspotted parties secret, and an adventurer player only its own
 * party and its own Journal.
 */

interface StrMap<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): unknown;
  delete(key: string): unknown;
  keys(): IterableIterator<string>;
  readonly size: number;
}

function hasPartyInPlay(parties: Readonly<Record<string, { ended?: boolean } | undefined>>): boolean {
  for (const id in parties) if (parties[id] && !parties[id]!.ended) return true;
  return false;
}

function syncNumbers(target: StrMap<number>, source: Readonly<Record<string, number>>): void {
  for (const k in source) if (target.get(k) !== source[k]) target.set(k, source[k] as number);
  for (const k of [...target.keys()]) if (!(k in source)) target.delete(k);
}

/** Mirrors spotted parties and their members' journals into `target.parties` / `target.journals`. */
export function projectInvasionExtras(target: DungeonState, simulation: Simulation): void {
  const sim = simulation.state;
  const parties = target.parties as unknown as StrMap<PartyInfo> | undefined;
  const journals = target.journals as unknown as StrMap<Journal> | undefined;
  if (!parties || !journals) return;
  if (parties.size === 0 && journals.size === 0 && !hasPartyInPlay(sim.parties)) return; // most steps: nothing to mirror
  const wantParties = new Set<string>();
  const wantJournals = new Set<string>();
  for (const id in sim.parties) {
    const p = sim.parties[id];
    if (!p || p.ended) continue; // the views show keepers only the spotted ones (rooms/views.ts)
    wantParties.add(id);
    let info = parties.get(id);
    if (!info) { info = new PartyInfo(); parties.set(id, info); }
    set(info, "id", p.id);
    set(info, "goal", p.goal);
    set(info, "kind", p.kind ?? "normal");
    set(info, "homeSettlement", p.homeSettlement ?? ""); // INV-64, INV-65
    set(info, "invasionNumber", p.invasionNumber);
    set(info, "caution", p.caution ?? 0);
    set(info, "loot", Math.min(0xffff, p.loot ?? 0));
    setList(info.memberIds as unknown as ListLike<string>, p.memberIds);
    for (const uid of p.memberIds) {
      const k = sim.knowledge?.[uid];
      if (!k) continue;
      wantJournals.add(uid);
      let j = journals.get(uid);
      if (!j) { j = new Journal(); journals.set(uid, j); }
      set(j, "unitId", uid);
      syncNumbers(j.spotBonus as unknown as StrMap<number>, k.spot);
      syncNumbers(j.blockBonus as unknown as StrMap<number>, k.block);
      setList(j.knownParts as unknown as ListLike<string>, k.known);
    }
  }
  for (const id of [...parties.keys()]) if (!wantParties.has(id)) parties.delete(id);
  for (const id of [...journals.keys()]) if (!wantJournals.has(id)) journals.delete(id);
}
