import { PARTS, type PartKind, type TriggerType } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { PartRecord, PartyRecord, UnitKnowledge, UnitRecord } from "../state.ts";
import { tileIndex } from "../world/grid.ts";
import { unitsNear } from "../world/unitIndex.ts";

/**
 * What each adventurer knows about the keeper's traps (KNOW-01 to KNOW-09, KNOW-32 to KNOW-51)
 * and the party's Caution (KNOW-20 to KNOW-31). Knowledge lives in `state.knowledge`, one
 * record per adventurer (KNOW-02): the trap parts it knows the place of (KNOW-04) and its
 * learned spotting and Block bonuses per type (KNOW-33 to KNOW-41). It is adventurer-private:
 * clients may only see it for adventurers they are allowed to inspect (the Journal, KNOW-50).
 *
 * Decisions (catalogue proposals): distances are Chebyshev and walls block neither the 10-tile
 * spread nor Trap Detection; levers are never spotted or learned; consciousness is checked before
 * the trap's effect (the call comes when the trigger is set off); knowledge is tied to the part,
 * so a part placed anew is unknown; locations and bonuses last until death or leaving (KNOW-47),
 * prisoners keep them (KNOW-48).
 */

/** Chebyshev tiles within which a set-off or a spotted trigger is learned (KNOW-06, KNOW-07, KNOW-32). */
export const SPREAD_TILES = 10;
/** Chebyshev tiles of the Rogue's Trap Detection (KNOW-08). */
export const TRAP_DETECTION_TILES = 7;
/** Largest learned bonus per type (KNOW-41). */
export const MAX_LEARNED_BONUS = 2;

/** The empty knowledge of a new adventurer (KNOW-01, KNOW-49). */
export function emptyKnowledge(): UnitKnowledge {
  return { known: [], spot: {}, block: {} };
}

/** The knowledge record of `unitId`, created empty when missing. */
export function knowledgeOf(sim: Simulation, unitId: string): UnitKnowledge {
  sim.state.knowledge ??= {};
  let k = sim.state.knowledge[unitId];
  if (!k) { k = emptyKnowledge(); sim.state.knowledge[unitId] = k; }
  return k;
}

/** True when adventurer `unit` knows where part `partId` is (KNOW-03, KNOW-04). */
export function knows(sim: Simulation, unit: UnitRecord, partId: string): boolean {
  return sim.state.knowledge?.[unit.id]?.known.includes(partId) ?? false;
}

/** The trigger type of a trigger kind for learned bonuses (KNOW-35, KNOW-36), null for levers and non-triggers. */
export function triggerTypeOf(kind: PartKind): TriggerType | null {
  const t = PARTS[kind].triggerType;
  return t === "lever" ? null : t;
}

/** True for a trigger adventurers can spot and learn: a built non-lever trigger (proposal: levers never). */
export function isLearnableTrigger(part: PartRecord): boolean {
  return PARTS[part.kind].role === "trigger" && triggerTypeOf(part.kind) !== null;
}

/**
 * Teaches `unit` where part `partId` is (KNOW-04). Its walk is recomputed so its route takes the
 * part into account (KNOW-17).
 * @returns true when it did not know it before.
 */
export function learn(sim: Simulation, unit: UnitRecord, partId: string): boolean {
  const k = knowledgeOf(sim, unit.id);
  if (k.known.includes(partId)) return false;
  k.known.push(partId);
  if (unit.walk) unit.walk.goal = -1; // forces a new route at the next decision
  return true;
}

/** True for an adventurer who is not unconscious, dead, captured or gone (KNOW-06 "conscious"). */
export function isConsciousAdventurer(u: UnitRecord): boolean {
  return u.kind === "adventurer" && (u.activity === "idle" || u.activity === "walking" || u.activity === "fighting"
    || u.activity === "fleeing" || u.activity === "working");
}

/** Every conscious adventurer within `tiles` (Chebyshev) of `at`, in id order. */
export function adventurersWithin(sim: Simulation, at: { x: number; y: number }, tiles: number): UnitRecord[] {
  const out: UnitRecord[] = [];
  for (const u of unitsNear(sim, at, tiles)) { // issue 20: the chunks in range, in id order
    if (isConsciousAdventurer(u)) out.push(u);
  }
  return out;
}

/** The party of `unit`, if it is in one. */
export function partyOf(sim: Simulation, unit: UnitRecord): PartyRecord | undefined {
  return unit.partyId !== "" ? sim.state.parties[unit.partyId] : undefined;
}

/** True while `unit` stands in the gas of a gas jet (KNOW-45), from the traps' lingering effects. */
export function inGas(sim: Simulation, unit: UnitRecord): boolean {
  const effects = (sim.state as { effects?: Record<string, { kind: string; tiles: number[]; untilTick: number }> }).effects;
  if (!effects) return false;
  const idx = tileIndex(sim.state.map, unit.x, unit.y);
  for (const id in effects) {
    const e = effects[id] as { kind: string; tiles: number[]; untilTick: number };
    if (e.kind === "gas" && e.untilTick > sim.state.tick && e.tiles.includes(idx)) return true;
  }
  return false;
}

/** The Caution bonus `unit` gets now: its party's +1 or +2, or 0 in gas (KNOW-24 to KNOW-27, KNOW-45). */
export function cautionBonus(sim: Simulation, unit: UnitRecord): number {
  const party = partyOf(sim, unit);
  const c = party?.caution ?? 0;
  if (c === 0 || inGas(sim, unit)) return 0;
  return c;
}

/** The learned spotting bonus of `unit` for triggers of `kind` (KNOW-34, KNOW-39, KNOW-51). */
export function learnedSpotBonus(sim: Simulation, unit: UnitRecord, kind: PartKind): number {
  const t = triggerTypeOf(kind);
  if (!t) return 0;
  return sim.state.knowledge?.[unit.id]?.spot[t] ?? 0;
}

/** The learned Block bonus of `unit` against mechanisms of `kind` (KNOW-37, KNOW-40). */
export function learnedBlockBonus(sim: Simulation, unit: UnitRecord, kind: PartKind): number {
  return sim.state.knowledge?.[unit.id]?.block[kind] ?? 0;
}

/**
 * The bonus to resist (Block) a trap mechanism of `kind`: the learned Block bonus plus Caution,
 * Caution lost in gas while the learned bonus stays (KNOW-26, KNOW-44 to KNOW-46). The traps'
 * harm resolution adds this to its Block roll.
 */
export function trapResistBonus(sim: Simulation, unit: UnitRecord, kind: PartKind): number {
  return learnedBlockBonus(sim, unit, kind) + cautionBonus(sim, unit);
}

/** Raises a learned bonus by one, capped at +2 (KNOW-39 to KNOW-41). */
function raise(bonuses: Record<string, number>, key: string): void {
  bonuses[key] = Math.min(MAX_LEARNED_BONUS, (bonuses[key] ?? 0) + 1);
}

/**
 * A trap was set off through `trigger` by `byUnitId` (KNOW-06, KNOW-20, KNOW-27, KNOW-32 to
 * KNOW-42). The traps call this when a trigger is set off, before the mechanism's effect.
 * Learners are whoever set it off plus every conscious adventurer within 10 tiles of the trigger,
 * whatever its party: each learns the trigger's place, +1 spotting for its trigger type and +1
 * Block for the mechanism kind (each capped at +2). The party of the one who set it off gains
 * Caution (+1), or +2 when it already had Caution.
 * @param mechanismKind the kind of the network's mechanism, or null when there is none.
 */
export function onTriggerSetOff(sim: Simulation, trigger: PartRecord, mechanismKind: PartKind | null, byUnitId: string | null): void {
  if (!isLearnableTrigger(trigger)) return;
  if (mechanismKind === "flameJet") { // burn marks (KNOW-22, knowledge/traces.ts)
    sim.state.traces ??= {};
    sim.state.traces[String(tileIndex(sim.state.map, trigger.x, trigger.y))] = { kind: "burn", tick: sim.state.tick };
  }
  const by = byUnitId !== null ? sim.state.units[byUnitId] : undefined;
  const learners = adventurersWithin(sim, trigger, SPREAD_TILES);
  if (by && by.kind === "adventurer" && !learners.includes(by)) learners.push(by);
  const type = triggerTypeOf(trigger.kind) as TriggerType;
  for (const u of learners) {
    learn(sim, u, trigger.id);
    const k = knowledgeOf(sim, u.id);
    raise(k.spot, type);
    if (mechanismKind) raise(k.block, mechanismKind);
  }
  if (by && by.kind === "adventurer") {
    const party = partyOf(sim, by);
    if (party) gainCaution(sim, party, (party.caution ?? 0) > 0 ? 2 : 1);
  }
}

/** Walking speed factor while cautious: 20% slower (KNOW-23), as a fraction of 5. */
export const CAUTION_SPEED_FIFTHS = 4;

/** Sets the party's Caution to at least `level` (KNOW-20 to KNOW-22, KNOW-27), slowing its members (KNOW-23). */
export function gainCaution(sim: Simulation, party: PartyRecord, level: number): void {
  const before = party.caution ?? 0;
  if (level <= before) return;
  party.caution = level;
  if (before === 0) {
    for (const id of party.memberIds) {
      const u = sim.state.units[id];
      if (u) u.speed = Math.round((u.speed * CAUTION_SPEED_FIFTHS) / 5);
    }
  }
}

/** Ends the party's Caution (KNOW-28, KNOW-29), restoring its members' speed. */
export function loseCaution(sim: Simulation, party: PartyRecord): void {
  if ((party.caution ?? 0) === 0) return;
  party.caution = 0;
  for (const id of party.memberIds) {
    const u = sim.state.units[id];
    if (u) u.speed = Math.round((u.speed * 5) / CAUTION_SPEED_FIFTHS);
  }
}

/** Forgets what a dead or departed adventurer knew (KNOW-47); prisoners keep theirs (KNOW-48). */
export function forgetOnLeaving(sim: Simulation, unitId: string): void {
  const u = sim.state.units[unitId];
  if (!u || u.activity === "dead" || u.activity === "left") delete sim.state.knowledge?.[unitId];
}

/** True when `unit` steps over known tripwire `part` without setting it off (KNOW-18: never fails, proposal). */
export function stepsOver(sim: Simulation, unit: UnitRecord, part: PartRecord): boolean {
  return unit.kind === "adventurer" && triggerTypeOf(part.kind) === "tripwire" && knows(sim, unit, part.id);
}
