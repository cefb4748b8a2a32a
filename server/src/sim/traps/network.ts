import { PARTS, type PartRole } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { CableRecord, MapState, PartRecord, SimState } from "../state.ts";

/**
 * Cable networks (TRAP-12 to TRAP-27). Cables that join form one network that works as a single
 * cable (TRAP-26); the wiring limits apply to the network as a whole (TRAP-27).
 *
 * A network is computed, never stored: it is a connected component over
 * - cables, two of which are joined when they share a tile that is not a hop of either
 *   (TRAP-21, TRAP-22: a hop keeps them apart), and
 * - members: the things standing on a tile a cable passes over or ends on. Members are trap
 *   parts today; doors (DOOR-19, DOOR-33) become another {@link NetworkMember} kind later, added
 *   in {@link membersByTile} and counted (without a limit) in {@link TrapNetwork}.
 *
 * The network is undirected: the order trigger → timer → mechanism (TRAP-18) follows from the
 * roles, since a network holds at most one of each.
 */

/** Something a cable network connects: a trap part (doors later: `{ kind: "door"; id }`). */
export type NetworkMember = { kind: "part"; id: string; role: PartRole } | { kind: "door"; id: string };

/** One joined cable network (TRAP-26). Ids are decimal strings, listed in ascending numeric order. */
export interface TrapNetwork {
  /** The network id: the lowest cable id in it. */
  id: string;
  cableIds: string[];
  /** Every member on the network (parts; doors later). */
  members: NetworkMember[];
  /** The part ids of each role. A valid network holds at most one of each (TRAP-14, TRAP-15, TRAP-19). */
  triggers: string[];
  timers: string[];
  mechanisms: string[];
  /** The trigger, timer and mechanism part ids, or null when the network has none. */
  trigger: string | null;
  timer: string | null;
  mechanism: string | null;
  /** Door ids on the network: any number (DOOR-19, DOOR-33). */
  doors: string[];
}

/** Every network of a state, with look-ups by part and by cable. */
export interface NetworkIndex {
  networks: TrapNetwork[];
  byPart: Map<string, TrapNetwork>;
  byCable: Map<string, TrapNetwork>;
  /** Network of each wired door (DOOR-19). */
  byDoor: Map<string, TrapNetwork>;
}

/** The state a network computation reads: the map, the parts and the cables. */
export type WiringState = Pick<SimState, "map" | "parts" | "cables"> & { doors?: SimState["doors"] };

/** True when tile `i` of `path` is interior and the path goes straight through it (row-major tiles). */
export function straightAt(path: readonly number[], i: number, width: number): boolean {
  if (i <= 0 || i >= path.length - 1) return false;
  const prev = path[i - 1] as number, cur = path[i] as number, next = path[i + 1] as number;
  const row = (a: number) => Math.floor(a / width);
  return (row(prev) === row(cur) && row(cur) === row(next)) || (prev % width === cur % width && cur % width === next % width);
}

const byNumericId = (a: string, b: string): number => Number(a) - Number(b);

/** Members standing on each tile index. The one place a new member kind (doors) is added. */
export function membersByTile(state: WiringState): Map<number, NetworkMember[]> {
  const out = new Map<number, NetworkMember[]>();
  for (const part of Object.values(state.parts)) {
    const t = partTile(state.map, part);
    const list = out.get(t) ?? [];
    list.push({ kind: "part", id: part.id, role: PARTS[part.kind].role });
    out.set(t, list);
  }
  for (const door of Object.values(state.doors ?? {})) { // DOOR-19, DOOR-33
    const t = door.y * state.map.width + door.x;
    const list = out.get(t) ?? [];
    list.push({ kind: "door", id: door.id });
    out.set(t, list);
  }
  return out;
}

/**
 * Computes every cable network of `state` (TRAP-26). Pass a modified copy of the state to test a
 * cable or part before adding it (the wire and placePart commands do).
 */
export function computeNetworks(state: WiringState): NetworkIndex {
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let r = k;
    while (parent.get(r) !== r) r = parent.get(r) as string;
    let c = k;
    while (c !== r) { const n = parent.get(c) as string; parent.set(c, r); c = n; }
    return r;
  };
  const add = (k: string) => { if (!parent.has(k)) parent.set(k, k); };
  const union = (a: string, b: string) => {
    const ra = find(a), rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };

  const cables = Object.values(state.cables);
  const width = state.map.width;
  const cablesOnTile = new Map<number, { cable: CableRecord; at: number }[]>();
  for (const cable of cables) {
    add(`c${cable.id}`);
    cable.path.forEach((t, at) => {
      const list = cablesOnTile.get(t) ?? [];
      list.push({ cable, at });
      cablesOnTile.set(t, list);
    });
  }
  const members = membersByTile(state);
  const memberKey = (m: NetworkMember) => `${m.kind}:${m.id}`;
  for (const [t, onTile] of cablesOnTile) {
    for (const m of members.get(t) ?? []) {
      add(memberKey(m));
      for (const { cable } of onTile) union(`c${cable.id}`, memberKey(m));
    }
    for (let i = 0; i < onTile.length; i++) {
      for (let j = i + 1; j < onTile.length; j++) {
        const a = onTile[i]!, b = onTile[j]!;
        // TRAP-22: a hop keeps the two apart; it was recorded when both ran straight through t
        // (a later cable turning or ending on that tile still joins, TRAP-24).
        const hop = (a.cable.hops.includes(t) || b.cable.hops.includes(t))
          && straightAt(a.cable.path, a.at, width) && straightAt(b.cable.path, b.at, width);
        if (!hop) union(`c${a.cable.id}`, `c${b.cable.id}`); // TRAP-24, TRAP-25
      }
    }
  }

  const groups = new Map<string, { cableIds: string[]; members: NetworkMember[] }>();
  const group = (k: string) => {
    const r = find(k);
    let g = groups.get(r);
    if (!g) { g = { cableIds: [], members: [] }; groups.set(r, g); }
    return g;
  };
  for (const cable of cables) group(`c${cable.id}`).cableIds.push(cable.id);
  const seen = new Set<string>();
  for (const list of members.values()) {
    for (const m of list) {
      const k = memberKey(m);
      if (!parent.has(k) || seen.has(k)) continue;
      seen.add(k);
      group(k).members.push(m);
    }
  }

  const index: NetworkIndex = { networks: [], byPart: new Map(), byCable: new Map(), byDoor: new Map() };
  for (const g of groups.values()) {
    g.cableIds.sort(byNumericId);
    g.members.sort((a, b) => byNumericId(a.id, b.id));
    const ofRole = (role: PartRole) => g.members.filter((m) => m.kind === "part" && m.role === role).map((m) => m.id);
    const triggers = ofRole("trigger"), timers = ofRole("timer"), mechanisms = ofRole("mechanism");
    const net: TrapNetwork = {
      id: g.cableIds[0] as string,
      cableIds: g.cableIds,
      members: g.members,
      triggers, timers, mechanisms,
      trigger: triggers[0] ?? null,
      timer: timers[0] ?? null,
      mechanism: mechanisms[0] ?? null,
      doors: g.members.filter((m) => m.kind === "door").map((m) => m.id),
    };
    index.networks.push(net);
    for (const id of g.cableIds) index.byCable.set(id, net);
    for (const m of g.members) if (m.kind === "part") index.byPart.set(m.id, net); else index.byDoor.set(m.id, net);
  }
  index.networks.sort((a, b) => byNumericId(a.id, b.id));
  return index;
}

/*
 * Wiring revisions. computeNetworks reads the map's width, every part's id, kind (its role) and
 * tile, every cable's id, path and hops, and every door's id and tile. Those change only when a
 * keeper command adds, removes or moves a part, a cable or a door (placePart, removePart,
 * movePart, wire, removeCable, buildDoor, removeDoor) or when `Simulation.create` puts the map's
 * doors in (createDoorsFromMap); each of those calls {@link markWiringChanged} after its change.
 * Nothing else writes these fields (no system moves or destroys parts, cables or doors: cave-ins,
 * walls and lairs refuse tiles holding one). A new code path that does must mark it too; the
 * checks of {@link setWiringChecks} catch a forgotten mark in tests.
 *
 * The revision and what is cached by it live on the Simulation object (`Simulation.wiring`, a
 * {@link WiringMemo}), outside the state: neither hashed nor in snapshots. Every revision handed
 * out is a fresh value of one process-wide counter: a restored simulation (a new Simulation) never
 * shows a revision seen before, so caches keyed by it recompute.
 */

/**
 * What a simulation caches by wiring revision, outside its state (`Simulation.wiring`). Each
 * cache holds the revision it was computed at; a cache is valid while that equals `revision`.
 */
export interface WiringMemo {
  /** The current wiring revision (see {@link wiringRevision}). */
  revision: number;
  /** {@link cableNetworks}: the networks, computed at revision `networksAt`. */
  networks: NetworkIndex | null;
  networksAt: number;
  /** traps/parts.ts `partAt`: parts by tile index, built at revision `partsByTileAt`. */
  partsByTile: Map<number, PartRecord> | null;
  partsByTileAt: number;
  /** traps/parts.ts `partList`: every part record in `state.parts` order, listed at revision `partListAt`. */
  partList: readonly PartRecord[] | null;
  partListAt: number;
  /** doors/doors.ts `refreshDoorWiring`: the revision the doors' `triggerIds` were last refreshed at (0: never). */
  doorsAt: number;
  /** With {@link setWiringChecks} on: what the wiring looked like when `revision` was first read. */
  seen: { revision: number; fingerprint: string } | null;
}

/** The last revision handed out, over every simulation of the process. */
let lastWiringRevision = 0;
let wiringChecks = false;

/** A memo with a revision never handed out before and nothing cached. `Simulation` creates one per instance. */
export function newWiringMemo(): WiringMemo {
  return { revision: ++lastWiringRevision, networks: null, networksAt: 0, partsByTile: null, partsByTileAt: 0, partList: null, partListAt: 0, doorsAt: 0, seen: null };
}

/**
 * A number that changes whenever the cable networks of `sim` may have changed: a part, cable or
 * door was added, removed or moved since the last call that returned the same number. Equal
 * numbers (for the same `sim`) mean {@link computeNetworks} would give the same result. Values
 * are positive integers, unique per process (a restored simulation starts at a value never
 * returned before); they are not part of the state, its hash or its snapshots.
 * @throws Error only with {@link setWiringChecks} on, when the wiring changed without a
 *   {@link markWiringChanged} (a missed mark, a bug).
 */
export function wiringRevision(sim: Simulation): number {
  const memo = sim.wiring;
  if (wiringChecks) checkWiring(sim.state, memo);
  return memo.revision;
}

/**
 * Records that the wiring of `sim` changed (a part, cable or door was added, removed or moved):
 * the next {@link wiringRevision} returns a new value and {@link cableNetworks} recomputes. Every
 * code path that changes what {@link computeNetworks} reads calls it once its change is done.
 */
export function markWiringChanged(sim: Simulation): void {
  sim.wiring.revision = ++lastWiringRevision;
}

/**
 * Every cable network of `sim` (TRAP-26), as {@link computeNetworks} gives them, computed again
 * only when {@link wiringRevision} changed. The index is shared by every caller until the next
 * change: read it, never modify it. Use {@link computeNetworks} on a modified copy of the state
 * to test a change before making it.
 * @throws Error only with {@link setWiringChecks} on, on a missed {@link markWiringChanged}.
 */
export function cableNetworks(sim: Simulation): NetworkIndex {
  const memo = sim.wiring;
  if (wiringChecks) checkWiring(sim.state, memo);
  if (memo.networks !== null && memo.networksAt === memo.revision) return memo.networks;
  memo.networks = computeNetworks(sim.state);
  memo.networksAt = memo.revision;
  return memo.networks;
}

/**
 * Turns the wiring checks on or off (off by default; for tests). While on, every
 * {@link wiringRevision} and {@link cableNetworks} (so every tick's door wiring and every
 * `partAt`) walks all
 * parts, cables and doors and throws when any of them was added, removed or moved since the
 * revision was first read without a {@link markWiringChanged}: a mutation site that forgot its mark.
 */
export function setWiringChecks(on: boolean): void {
  wiringChecks = on;
}

/** Throws when the wiring of `state` no longer matches what it was when `memo.revision` was first read. */
function checkWiring(state: SimState, memo: WiringMemo): void {
  const fingerprint = wiringFingerprint(state);
  const seen = memo.seen;
  if (seen !== null && seen.revision === memo.revision && seen.fingerprint !== fingerprint) {
    throw new Error(`the wiring changed without markWiringChanged (revision ${memo.revision}): was ${seen.fingerprint}, now ${fingerprint}`);
  }
  memo.seen = { revision: memo.revision, fingerprint };
}

/** Everything {@link computeNetworks} reads of `state`, as one string. */
function wiringFingerprint(state: WiringState): string {
  const out: string[] = [`w${state.map.width}`];
  for (const id in state.parts) { const p = state.parts[id]!; out.push(`p${id}:${p.id}:${p.kind}:${p.x},${p.y}`); }
  for (const id in state.cables) { const c = state.cables[id]!; out.push(`c${id}:${c.id}:${c.path.join(",")}/${c.hops.join(",")}`); }
  for (const id in state.doors ?? {}) { const d = state.doors![id]!; out.push(`d${id}:${d.id}:${d.x},${d.y}`); }
  return out.join(" ");
}

/**
 * The network part `partId` is on, or null when no cable touches its tile (an unwired part,
 * TRAP-10, TRAP-11) or the part does not exist. Reads the cached {@link cableNetworks}.
 */
export function networkOf(sim: Simulation, partId: string): TrapNetwork | null {
  if (!sim.state.parts[partId]) return null;
  return cableNetworks(sim).byPart.get(partId) ?? null;
}

/**
 * The first wiring limit `net` breaks, or null (TRAP-14, TRAP-15, TRAP-19, TRAP-27): at most
 * one trigger, one mechanism and (proposal: no chaining) one timer per joined network.
 */
export function networkLimitBroken(net: TrapNetwork):
  { code: "TRIGGER_ALREADY_WIRED" | "MECHANISM_ALREADY_WIRED" | "TIMER_ALREADY_WIRED"; rule: string; reason: string } | null {
  if (net.triggers.length > 1) {
    return { code: "TRIGGER_ALREADY_WIRED", rule: "TRAP-15",
      reason: `a cable network holds at most one trigger (TRAP-15, TRAP-27); it would hold triggers ${net.triggers.join(", ")}` };
  }
  if (net.mechanisms.length > 1) {
    return { code: "MECHANISM_ALREADY_WIRED", rule: "TRAP-14",
      reason: `a cable network holds at most one mechanism (TRAP-14, TRAP-27); it would hold mechanisms ${net.mechanisms.join(", ")}` };
  }
  if (net.timers.length > 1) {
    return { code: "TIMER_ALREADY_WIRED", rule: "TRAP-18",
      reason: `timers cannot be chained: a cable network holds at most one timer; it would hold timers ${net.timers.join(", ")}` };
  }
  return null;
}

/** Tile index of a part on `map`. */
export function partTile(map: MapState, part: PartRecord): number {
  return part.y * map.width + part.x;
}
