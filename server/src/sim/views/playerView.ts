import type { ViewContext } from "./fog.ts";
import type { Viewer } from "./viewer.ts";
import { adventurerKnowsPart, adventurerSeesUnit } from "./perception.ts";

/**
 * What a viewer may see of the simulation's records (boardgame.io's `playerView`, decided in the
 * core): one rule per kind of record, by id, for the projected state's filtered maps.
 *
 * - `keeper` (and a spectator of a room without `spectatorsSeeAll`): its whole dungeon, and only
 *   the intruders currently revealed (INV-69 to INV-77, fog.ts); parties and their Journals once
 *   spotted (INV-05, KNOW-50).
 * - `all` (a spectator of a room with `spectatorsSeeAll`): everything.
 * - `adventurer`: its own unit, the units it perceives (CMB-02 to CMB-04), the trap parts it
 *   knows (KNOW-03, KNOW-04), its own party (INV-05), its own Journal (KNOW-50) and turn options;
 *   never a cable, never a keeper-only field ({@link seesKeeperFields}).
 *
 * To show a new kind of record to some viewers, add one line to {@link VIEW_RULES}.
 */

/**
 * A visibility rule for one kind of record, by its id: `units`, `parts`, `cables`, `parties` (by
 * party id), `journals` and `turnOptions` (by the adventurer's unit id). The names are those of
 * the projected state's maps, which hold one entry per record.
 */
export interface ViewRule {
  collection: "units" | "parts" | "cables" | "parties" | "journals" | "turnOptions";
  visible(ctx: ViewContext, viewer: Viewer, id: string): boolean;
}

/** The rules, one per kind of record. */
export const VIEW_RULES: ViewRule[] = [
  {
    collection: "units",
    visible: (ctx, viewer, id) => {
      if (viewer.kind === "all") return true;
      if (viewer.kind === "keeper") return ctx.sim.state.units[id]?.partyId === "" || ctx.revealed.has(id);
      return adventurerSeesUnit(ctx.sim, viewer.unitId, id);
    },
  },
  {
    collection: "parts",
    visible: (ctx, viewer, id) => {
      if (viewer.kind !== "adventurer") return true;
      const me = ctx.sim.state.units[viewer.unitId];
      const part = ctx.sim.state.parts[id];
      return !!me && !!part && adventurerKnowsPart(ctx.sim, me, part);
    },
  },
  { collection: "cables", visible: (_ctx, viewer) => viewer.kind !== "adventurer" },
  {
    // INV-05: keepers see a party once spotted; an adventurer player sees its own party's goal.
    collection: "parties",
    visible: (ctx, viewer, id) => {
      if (viewer.kind === "all") return true;
      if (viewer.kind === "keeper") return ctx.sim.state.parties[id]?.spotted === true;
      return ctx.sim.state.units[viewer.unitId]?.partyId === id;
    },
  },
  {
    // KNOW-50: keepers read the Journals of spotted parties; an adventurer player only its own.
    collection: "journals",
    visible: (ctx, viewer, id) => {
      if (viewer.kind === "all") return true;
      if (viewer.kind === "keeper") {
        const partyId = ctx.sim.state.units[id]?.partyId ?? "";
        return partyId !== "" && ctx.sim.state.parties[partyId]?.spotted === true;
      }
      return id === viewer.unitId;
    },
  },
  // Issue 7 "Who decides": a waiting turn's options go to its player only (spectators who see all too).
  { collection: "turnOptions", visible: (_ctx, viewer, id) => viewer.kind === "all" || (viewer.kind === "adventurer" && id === viewer.unitId) },
];

/**
 * True when `viewer` may see the keeper-only fields of what it sees (the keeper's stock and
 * invasion indicator; doors' padlocks and wiring, effects' sources, units' stances and orders,
 * trap parts' building, wiring and arming): keepers and spectators, never an adventurer player.
 */
export function seesKeeperFields(viewer: Viewer): boolean {
  return viewer.kind !== "adventurer";
}

/** The records a viewer may see now, by kind (ids in the simulation's order), and whether it sees keeper-only fields. */
export interface VisibleSet {
  units: string[];
  parts: string[];
  cables: string[];
  /** Parties still in play (not ended). */
  parties: string[];
  /** The Journals (by unit id) of members of parties still in play who have a knowledge record. */
  journals: string[];
  keeperFields: boolean;
}

const rule = (collection: ViewRule["collection"]): ViewRule => VIEW_RULES.find((r) => r.collection === collection)!;

/**
 * Everything `viewer` may see now, as id lists over the simulation's records ({@link VIEW_RULES}).
 * Allocates its lists: for tools and tests; rooms ask {@link VIEW_RULES} id by id instead.
 * @example
 * playerView(lazyContext(sim), { kind: "adventurer", unitId: "12" }).parts; // the parts unit 12 knows
 */
export function playerView(ctx: ViewContext, viewer: Viewer): VisibleSet {
  const s = ctx.sim.state;
  const pick = (collection: ViewRule["collection"], ids: Iterable<string>): string[] => {
    const r = rule(collection);
    const out: string[] = [];
    for (const id of ids) if (r.visible(ctx, viewer, id)) out.push(id);
    return out;
  };
  const inPlay = Object.keys(s.parties).filter((id) => s.parties[id] && !s.parties[id]!.ended);
  const members = inPlay.flatMap((id) => s.parties[id]!.memberIds.filter((uid) => s.knowledge?.[uid] !== undefined));
  return {
    units: pick("units", Object.keys(s.units)),
    parts: pick("parts", Object.keys(s.parts)),
    cables: pick("cables", Object.keys(s.cables)),
    parties: pick("parties", inPlay),
    journals: pick("journals", members),
    keeperFields: seesKeeperFields(viewer),
  };
}
