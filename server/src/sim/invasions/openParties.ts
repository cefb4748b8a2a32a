import type { Simulation } from "../simulation.ts";
import type { PartyRecord } from "../state.ts";

/** The cached list of a `parties` record, made on `tick` when the state's `nextId` was `nextId`. */
interface OpenPartiesCache { tick: number; nextId: number; list: readonly PartyRecord[] }

const openLists = new WeakMap<object, OpenPartiesCache>();

/**
 * The parties not yet `ended`, in the order `for (const pid in sim.state.parties)` visits them
 * (ascending id). Past parties stay in the state, so the per-tick systems that skip ended parties
 * iterate this list instead: it is made once per tick (and again when a new id was handed out),
 * so a party that ends during a tick stays in it until the next tick (loops still check
 * `ended`). A list already handed out is never mutated.
 */
export function openParties(sim: Simulation): readonly PartyRecord[] {
  const parties = sim.state.parties;
  const cached = openLists.get(parties);
  if (cached && cached.tick === sim.state.tick && cached.nextId === sim.state.nextId) return cached.list;
  const list: PartyRecord[] = [];
  for (const pid in parties) {
    const party = parties[pid] as PartyRecord;
    if (!party.ended) list.push(party);
  }
  openLists.set(parties, { tick: sim.state.tick, nextId: sim.state.nextId, list });
  return list;
}
