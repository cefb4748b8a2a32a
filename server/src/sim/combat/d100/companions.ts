import { ADVENTURER_CLASSES, ARRIVES_MOUNTED, D100_COMPANION_CLASS_WEIGHTS, SPECIES, type SpeciesId } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { PartyRecord, UnitRecord } from "../../state.ts";
import { chebyshev, isWalkable } from "../../world/grid.ts";
import { walkNextTo } from "../../world/movement.ts";
import { addUnit, areEnemies, isActive, isKeeperSide, presentUnits } from "../../world/units.ts";
import { speciesFields } from "../creatures.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { encounterOf, participantsOf } from "../encounters/book.ts";
import { attackRefusal } from "./attack.ts";
import { changeHeight, dismount, land, mount, takeOff, type AirRefusal } from "./air.ts";
import { makeFamiliar, ownerSlotActors, updateFamiliarSpecialist } from "./familiar.ts";
import { hunterHealsFamiliar, reviveFamiliar } from "./hp.ts";
import { settle } from "./resolve.ts";
import { d100Of } from "./sheet.ts";
import { canAct, endOwnTurn, isDown } from "./statuses.ts";
import { spendAction, startOwnTurn, type TurnState } from "./turns.ts";
import { ALTITUDES, type D100Unit } from "./types.ts";
import { fnv1a64 } from "../../hash.ts";
import { expectedDamage } from "./odds.ts";
import { attackModeNow } from "./options.ts";
import { standsInCover } from "./cover.ts";

/**
 * Companions in `d100` rooms: the familiars (P100-FAMILIAR-01 to 14) and mounts (P100-AIR-20 to
 * 23) that come with adventurers of the classes that have one (shared/src/data/invasions.ts
 * `companion`), as units of their own (`UnitRecord.companionOf` = the owner's id):
 * - they arrive with their owner's party ({@link addCompanions}), follow it out of fights and
 *   leave the map with it ({@link stepD100Companions});
 * - in an encounter a familiar acts in its owner's initiative slot ({@link companionTurn}) and a
 *   mount carries its rider (never acting by itself), their lives linked ({@link linkLives});
 * - flyers land when their fight is over ({@link stepD100Companions}).
 */

/** One d100 turn of the encounter machinery (encounter.ts `takeD100Turn`). */
export type D100TurnFn = (sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: unknown) => void | "open";

/**
 * Companion classes in normally drawn parties of d100 rooms (issue 8): after the party is planned
 * with the shared draw (server/src/sim/invasions/party.ts `planParty`, whose dice are unchanged),
 * each classed member (level ≥ 1, not a Peasant) of a party that is not a camp's keeps its class
 * or becomes a companion class, as if drawn from the shared weights plus
 * {@link D100_COMPANION_CLASS_WEIGHTS}: a separate draw that uses none of the simulation's dice, a
 * number in 0..(shared total + 25 − 1) from the hash of (room seed, invasion number, member index)
 * (FNV-1a 64, `sim/hash.ts`); below 25 it names the companion class (Hunter 0..9, Warlock 10..19,
 * Skyrider 20..24), else the drawn class stays. So seeds keep their draws, parties and dice, and
 * a member's odds are the d100 weight table's. Nothing in other rooms, for the first party of the
 * room option `d100.firstParty`, or for camps (Warriors, INV-60).
 * @param plan the planned party, changed in place.
 */
export function drawD100CompanionClasses(sim: Simulation, invasionNumber: number, plan: { members: { adventurerClass: string; level: number }[] }, special?: string): void {
  if (sim.state.ruleset !== "d100" || special === "camp") return;
  let shared = 0;
  for (const c of Object.values(ADVENTURER_CLASSES)) shared += c.weight;
  let extra = 0;
  for (const w of Object.values(D100_COMPANION_CLASS_WEIGHTS)) extra += w;
  plan.members.forEach((m, i) => {
    if (m.level === 0 || m.adventurerClass === "Peasant") return;
    let u = Number(BigInt(`0x${fnv1a64(`${sim.state.seed}:d100class:${invasionNumber}:${i}`)}`) % BigInt(shared + extra));
    for (const [cls, w] of Object.entries(D100_COMPANION_CLASS_WEIGHTS)) {
      if (u < w) { m.adventurerClass = cls; return; }
      u -= w;
    }
  });
}

/**
 * Adds the companions of a new party's members (d100 rooms only; nothing elsewhere): per member
 * whose class has a `companion`, a unit of that species on the member's tile, of its faction and
 * party, `companionOf` the member. A familiar gets the familiar's d100 data (75 HP, its kind,
 * P100-FAMILIAR-01/10/11); an owner with a specialisation spell becomes a specialist
 * (P100-FAMILIAR-05). A mount is a flyer (from the species table) that can charge (P100-AIR-14,
 * Left open AIR `can_charge`: beasts), ridden from the start ({@link ARRIVES_MOUNTED}) with the
 * rider's HP as their shared pool (P100-AIR-22).
 * @returns the companions added, in member order.
 */
export function addCompanions(sim: Simulation, party: PartyRecord): UnitRecord[] {
  if (sim.state.ruleset !== "d100") return [];
  const out: UnitRecord[] = [];
  for (const id of [...party.memberIds]) {
    const owner = sim.state.units[id];
    const c = owner ? ADVENTURER_CLASSES[owner.adventurerClass]?.companion : undefined;
    if (!owner || !c || !(c.species in SPECIES)) continue;
    const species = c.species as SpeciesId;
    const u = addUnit(sim, {
      ...speciesFields(species), name: `${SPECIES[species].name} of ${owner.name}`, x: owner.x, y: owner.y,
      faction: owner.faction, partyId: party.id, activity: owner.activity, companionOf: owner.id,
    });
    const o = d100Of(owner);
    if (c.role === "familiar") {
      const sheet = d100Of(u);
      u.d100 = { ...makeFamiliar(c.familiarKind ?? "other", owner.id), flyer: sheet.flyer, moveTiles: sheet.moveTiles };
      if (c.specialisationSpell) {
        o.spells.push({ id: c.specialisationSpell, charges: 0, maxCharges: 0, passive: true, familiarSpecialisation: true });
        updateFamiliarSpecialist(o);
      }
    } else {
      const m = d100Of(u);
      m.canCharge = true;
      m.riderId = owner.id;
      m.hp = o.hp; m.maxHp = o.maxHp;
      if (ARRIVES_MOUNTED) { o.mountId = u.id; syncRider(o, m); }
    }
    out.push(u);
  }
  return out;
}

/** The companion's owner, if it still exists. */
export function ownerOf(sim: Simulation, u: UnitRecord): UnitRecord | undefined {
  return u.companionOf ? sim.state.units[u.companionOf] : undefined;
}

/** The rider's flight data follows its mount's while it rides (P100-AIR-01: riding a flyer flies; P100-AIR-14: the mount's charge). */
export function syncRider(rider: D100Unit, mountUnit: D100Unit): void {
  rider.altitude = mountUnit.altitude;
  rider.canCharge = mountUnit.canCharge;
}

/** True when `u` is a mount ridden right now by its rider. */
function ridden(sim: Simulation, u: UnitRecord): UnitRecord | undefined {
  const d = u.d100;
  if (!d?.riderId) return undefined;
  const r = sim.state.units[d.riderId];
  return r && r.d100?.mountId === u.id ? r : undefined;
}

/**
 * Once per tick in d100 rooms, after the fights:
 * - a companion whose owner left the map, died or was captured leaves the map too (`escaped`),
 *   once out of any fight (Left open FAMILIAR, server choice); a banished familiar comes back
 *   once its owner's fight is over (P100-FAMILIAR-14, {@link bringBack});
 * - out of a fight, a ridden mount stays on its rider's tile and a familiar walks next to its
 *   owner; a mount whose rider got off walks back to it, and an AI rider (no player) next to it
 *   on the ground gets back on (`mountChanged`); in a fight the mount stays where it is (P100-AIR-23);
 * - P100-AIR-20 (Left open AIR, server choice): a flyer still off the ground out of any fight
 *   (the fight is over) lands where it is: `altitudeChanged` with cause "land" (its rider with it),
 *   or "fall" for one put out of action in the air (P100-AIR-26); a keeper's flyer away from its
 *   perch first flies back there ({@link flyingToPerch}, `flyingHome`), then lands.
 */
export function stepD100Companions(sim: Simulation): void {
  if (sim.state.ruleset !== "d100") return;
  for (const u of presentUnits(sim)) {
    if (u.companionOf) followOwner(sim, u);
    const d = u.d100;
    if (d?.toPerch && encounterOf(sim, u.id)) delete d.toPerch; // a new fight: after it, it flies home again (a new flyingHome)
    if (d && d.altitude !== "ground" && !encounterOf(sim, u.id) && flyingToPerch(sim, u, d)) continue;
    if (d && d.altitude !== "ground" && !encounterOf(sim, u.id)) {
      // A mounted pair lands together, the unit first, then its partner.
      const partner = d.mountId ? sim.state.units[d.mountId] : ridden(sim, u);
      for (const w of partner?.d100 && partner.d100.altitude !== "ground" ? [u, partner] : [u]) {
        const down = isDown(w.d100 as D100Unit) || !isActive(w);
        (w.d100 as D100Unit).altitude = "ground";
        sim.emit({ type: "altitudeChanged", unitId: w.id, altitude: "ground", cause: down ? "fall" : "land" });
      }
    }
    if (u.companionOf && u.d100?.riderId) linkLives(sim, u); // the dying rider's losses show on its mount too
  }
}

/**
 * P100-AIR-20 (Left open AIR, issue 8): a keeper's minion or creature flying by itself (no rider,
 * no mount, not a companion), standing, whose fight is over away from its perch (`home`, the tile
 * it spawned on or its lair's) flies back there before landing: once, `flyingHome` (its perch and
 * height) and `toPerch` set; its ordinary walk home (minions/minions.ts) carries it at its height;
 * it lands on arriving (the caller's landing, `altitudeChanged` "land"), or where it is when its
 * way home is shut (it stays idle away from home).
 * @returns true while it is still flying home (no landing this tick).
 */
function flyingToPerch(sim: Simulation, u: UnitRecord, d: D100Unit): boolean {
  const keeperFlyer = isKeeperSide(u) && (u.kind === "creature" || u.kind === "minion") && d.flyer && !d.mountId && !d.riderId && !u.companionOf;
  if (!keeperFlyer || !isActive(u) || isDown(d)) { delete d.toPerch; return false; }
  if (u.x === u.home.x && u.y === u.home.y) { delete d.toPerch; return false; }
  if (!d.toPerch) {
    d.toPerch = true;
    sim.emit({ type: "flyingHome", unitId: u.id, to: { x: u.home.x, y: u.home.y }, altitude: d.altitude });
    return true;
  }
  if (u.activity === "idle" && !u.walk) { delete d.toPerch; return false; } // no way home: it lands here
  return true;
}

function followOwner(sim: Simulation, u: UnitRecord): void {
  const owner = ownerOf(sim, u);
  if (encounterOf(sim, u.id)) return;
  if (u.activity === "dead" && u.d100?.familiar) { bringBack(sim, u, owner); return; }
  if (!isActive(u)) return;
  if (!owner || owner.activity === "left" || owner.activity === "dead" || owner.activity === "captured") {
    u.activity = "left";
    u.walk = null;
    u.targetId = "";
    sim.emit({ type: "escaped", unitId: u.id });
    return;
  }
  if (ridden(sim, u) === owner) {
    u.x = owner.x; u.y = owner.y; u.facing = owner.facing; u.walk = null;
    u.activity = owner.activity === "fighting" ? "idle" : owner.activity;
    return;
  }
  const isMount = u.d100?.riderId === owner.id;
  if (isMount && !owner.controller && !isDown(d100Of(owner)) && d100Of(owner).altitude === "ground" && chebyshev(u, owner) <= 1) {
    remount(sim, owner, u);
    return;
  }
  if ((u.d100?.familiar || isMount) && chebyshev(u, owner) > 1) {
    u.activity = "walking";
    if (!walkNextTo(sim, u, owner)) u.activity = "idle";
  }
}

/** The AI rider gets back on its mount (out of fights at no cost; in one, as its whole turn through the `mount` plan). */
function remount(sim: Simulation, rider: UnitRecord, m: UnitRecord): void {
  const r = d100Of(rider);
  r.mountId = m.id;
  syncRider(r, d100Of(m));
  m.x = rider.x; m.y = rider.y; m.walk = null;
  sim.emit({ type: "mountChanged", riderId: rider.id, mountId: m.id, mounted: true });
}

/**
 * P100-FAMILIAR-14 (Left open FAMILIAR): once its owner is standing and out of any fight, a
 * familiar that is not a hunter's pet and was banished or killed comes back next to it at its full
 * 75 HP (a `woke` event); a body being carried away does not. A hunter's dead pet stays dead.
 */
function bringBack(sim: Simulation, u: UnitRecord, owner: UnitRecord | undefined): void {
  const d = u.d100;
  if (!d?.familiar || d.familiar.kind === "hunter" || !owner || !isActive(owner) || isDown(d100Of(owner))) return;
  if (u.carriedBy || encounterOf(sim, owner.id)) return;
  if (!reviveFamiliar(d, true)) return;
  u.activity = "idle";
  u.x = owner.x; u.y = owner.y;
  u.diedTick = -1; u.walk = null; u.targetId = "";
  sim.emit({ type: "woke", unitId: u.id });
}

/** The standing familiar of `owner` taking part in `enc`, if any. */
export function familiarInEncounter(sim: Simulation, enc: EncounterRecord, owner: UnitRecord): UnitRecord | undefined {
  return participantsOf(sim, enc).find((u) => u.d100?.familiar?.ownerId === owner.id && u.companionOf === owner.id);
}

function up(u: UnitRecord): boolean {
  return isActive(u) && !isDown(d100Of(u));
}

/**
 * Left open FAMILIAR (the AI's P100-FAMILIAR-02 choice, issue 8): a non-specialist lets its
 * familiar attack when the familiar can reach a standing foe this turn in melee (adjacent, or
 * within its move allowance and at a height it can strike, P100-AIR-04/13) and the familiar's best
 * expected damage on such a foe (odds.ts `expectedDamage`: the turn options' hit chance × mean
 * damage, a foe on a cover tile counting as in cover, cover.ts) is greater than the owner's best
 * on a foe it can strike this turn ({@link ownerBest});
 * otherwise (a tie included) it acts itself.
 */
export function aiLetsFamiliarAct(sim: Simulation, enc: EncounterRecord, familiar: UnitRecord): boolean {
  const f = d100Of(familiar);
  const owner = ownerOf(sim, familiar);
  let best = -1;
  for (const u of participantsOf(sim, enc)) {
    if (u === familiar || !areEnemies(u, familiar) || !up(u) || chebyshev(u, familiar) > 1 + f.moveTiles || attackRefusal(f, d100Of(u), "melee") !== null) continue;
    best = Math.max(best, expectedDamage(f, { ...d100Of(u), inCover: standsInCover(sim, u) }, { mode: "melee" }));
  }
  if (best < 0) return false;
  return !owner || best > ownerBest(sim, enc, owner);
}

/**
 * The owner's best expected damage this turn (odds.ts `expectedDamage`) on a standing foe it can
 * strike: from where it stands (options.ts `attackModeNow`), or after its move, in melee within
 * 1 + its move tiles when it can strike there, or with its ranged weapon within its range + its
 * move tiles; 0 when none.
 */
export function ownerBest(sim: Simulation, enc: EncounterRecord, owner: UnitRecord): number {
  const o = d100Of(owner);
  let best = 0;
  for (const u of participantsOf(sim, enc)) {
    if (u === owner || !areEnemies(u, owner) || !up(u) || u.companionOf === owner.id) continue;
    const t = { ...d100Of(u), inCover: standsInCover(sim, u) }, d = chebyshev(owner, u);
    const now = attackModeNow(sim, owner, u);
    const mode = now ?? (o.hasRangedWeapon && d <= o.range + o.moveTiles && attackRefusal(o, t, "ranged") === null ? "ranged"
      : d <= 1 + o.moveTiles && attackRefusal(o, t, "melee") === null ? "melee" : null);
    if (mode) best = Math.max(best, expectedDamage(o, t, { mode }));
  }
  return best;
}

/**
 * A d100 turn with companions (wraps `takeD100Turn`, `base`):
 * - a mount never acts in its own slot: ridden, it moves and flies with its rider's actions; with
 *   its rider off, it only defends (P100-AIR-23);
 * - a familiar acts in its owner's slot while the owner stands in the same fight (P100-FAMILIAR-04,
 *   Left open FAMILIAR); its own slot only runs its dying (P100-FAMILIAR-11), or its whole turn
 *   when its owner is down or gone (server choice);
 * - the owner's slot, when its familiar is in the fight and it can act: a player's plan `familiar`
 *   gives the turn to the familiar (P100-FAMILIAR-02), any other plan is the owner's own turn, a
 *   specialist's familiar acting right after it (P100-FAMILIAR-03/04; with a step plan, `steps`,
 *   through its `familiar` step instead); without a plan the AI tends its hunter's pet lying dying
 *   ({@link petCarePlan}, P100-FAMILIAR-13), else a specialist acts then its familiar, and a
 *   non-specialist lets its familiar act when {@link aiLetsFamiliarAct}, else acts itself.
 * A turn given to the familiar still counts as the owner's for its statuses. After the turn a
 * ridden mount stands on its rider's tile. The plans `healFamiliar`, `mount`, `dismount` and a
 * rider's flight are played by the d100 turn itself ({@link companionPlan}).
 */
export function companionTurn(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: unknown, base: D100TurnFn): void | "open" {
  const d = d100Of(unit);
  if (d.riderId && unit.companionOf) return;
  if (d.familiar) {
    const owner = sim.state.units[d.familiar.ownerId];
    const ownerHere = owner !== undefined && enc.participants.includes(owner.id) && up(owner);
    if (d.dying || !ownerHere) return base(sim, enc, unit, plan);
    return;
  }
  const p = plan as { action?: string; targetId?: string } | null;
  if (!p && !d.mountId && up(unit) && canAct(d)) {
    // Left open AIR (AI): a rider next to its own mount, both on the ground, gets back on (its whole turn).
    const own = presentUnits(sim).find((m) => m.companionOf === unit.id && m.d100?.riderId === unit.id && up(m) && m.d100.altitude === "ground" && chebyshev(m, unit) <= 1);
    if (own) return base(sim, enc, unit, { action: "mount", targetId: own.id, ai: true });
  }
  const fam = up(unit) && canAct(d) ? familiarInEncounter(sim, enc, unit) : undefined;
  let result: void | "open" = undefined;
  if (!fam) result = base(sim, enc, unit, plan);
  else if (p && p.action !== "familiar") {
    result = base(sim, enc, unit, plan);
    if (d.familiarSpecialist && p.action !== "steps" && result !== "open" && up(unit) && up(fam)) base(sim, enc, fam, null);
  } else {
    const care = p ? null : petCarePlan(sim, unit, fam);
    if (care) result = base(sim, enc, unit, { ...care, ai: true });
    else {
      const choice = p?.action === "familiar" || aiLetsFamiliarAct(sim, enc, fam) ? "familiar" : "owner";
      for (const id of ownerSlotActors(unit.id, d, fam.id, d100Of(fam), choice)) {
        const who = sim.state.units[id] as UnitRecord;
        if (who === unit) result = base(sim, enc, unit, null);
        else if (up(who) && up(unit)) {
          if (!d.familiarSpecialist) startOwnTurn(d);
          base(sim, enc, who, null);
          if (!d.familiarSpecialist) endOwnTurn(d);
        }
      }
      // issue 8: the player's one-word plan `familiar` is reported like any other plan.
      if (p?.action === "familiar") sim.emit({ type: "turnPlanPlayed", unitId: unit.id, refusals: [null] });
    }
  }
  const m = d.mountId ? sim.state.units[d.mountId] : undefined;
  if (m && ridden(sim, m) === unit) { m.x = unit.x; m.y = unit.y; m.facing = unit.facing; }
  return result;
}

/**
 * P100-FAMILIAR-13 (Left open FAMILIAR, AI): a hunter whose pet lies dying, unstabilised, heals it
 * when next to it (plan `healFamiliar`), or walks next to it when its move reaches a free tile
 * there (plan `move`, the heal coming the turn after); null otherwise.
 */
export function petCarePlan(sim: Simulation, hunter: UnitRecord, pet: UnitRecord): { action: string; targetId?: string; x?: number; y?: number } | null {
  const f = d100Of(pet);
  if (f.familiar?.kind !== "hunter" || f.familiar.ownerId !== hunter.id || !f.dying || f.stabilised || f.dead) return null;
  if (chebyshev(hunter, pet) <= 1) return { action: "healFamiliar", targetId: pet.id };
  const reach = d100Of(hunter).moveTiles;
  const taken = new Set(presentUnits(sim).filter((u) => u !== hunter && isActive(u)).map((u) => `${u.x},${u.y}`));
  let best: { x: number; y: number } | null = null;
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
    const x = pet.x + dx, y = pet.y + dy;
    if ((dx === 0 && dy === 0) || !isWalkable(sim.state.map, x, y) || taken.has(`${x},${y}`)) continue;
    const dist = chebyshev(hunter, { x, y });
    if (dist <= reach && (!best || dist < chebyshev(hunter, best))) best = { x, y };
  }
  return best ? { action: "move", ...best } : null;
}

/**
 * The companion plans of a d100 turn (called first by the turn's plan, encounter.ts `playPlan`,
 * with the turn's actions `ts`): the one-word plans `healFamiliar`, `mount`, `dismount` and a
 * mounted rider's flight, played as the steps of the same name ({@link companionStep}).
 * @returns true when the plan was one of these (played or refused), false for any other plan.
 */
export function companionPlan(sim: Simulation, unit: UnitRecord, plan: { action?: string; targetId?: string | undefined }, ts: TurnState): boolean {
  return companionStep(sim, unit, { kind: plan.action ?? "", targetId: plan.targetId }, ts) !== undefined;
}

/**
 * One companion step of a d100 turn (step lists, encounter.ts `playStep`, and one-word plans):
 * - `healFamiliar` (`targetId` optional: its pet): a hunter heals its own pet next to it in a full
 *   turn, one d100 above 50 (P100-FAMILIAR-13); a `rescue` event, and `woke` when a dying pet is
 *   back at 1 HP;
 * - `mount` (`targetId`: its own mount, on its tile or adjacent, on the ground; the rider moves
 *   onto the mount's tile), `dismount` (on the ground): each a full turn (P100-AIR-20), `mountChanged`;
 * - a mounted rider's `takeOff`, `land` (full turn), `climb`, `descend` (move action) act on its
 *   mount, the rider following (P100-AIR-20/21): `altitudeChanged` for the mount, then the rider.
 * A refused step spends nothing, draws nothing and emits nothing.
 * @returns undefined when the step is none of these (a flight step of a unit riding nothing
 *   included), null when played, else the refusal: `noFamiliar`, `notHunterPet`, `notAdjacent`,
 *   `noMount`, `notMounted`, or the turn's and air.ts refusals (`needsFullTurn`, `mountFlying`,
 *   `notLow`, `limit`…).
 */
export function companionStep(sim: Simulation, unit: UnitRecord, step: { kind: string; targetId?: string | undefined }, ts: TurnState): string | null | undefined {
  const r = d100Of(unit);
  switch (step.kind) {
    case "healFamiliar": {
      const pet = presentUnits(sim).find((u) => u.companionOf === unit.id && u.d100?.familiar?.ownerId === unit.id && (!step.targetId || u.id === step.targetId));
      if (!pet) return "noFamiliar";
      if (d100Of(pet).familiar?.kind !== "hunter") return "notHunterPet";
      if (chebyshev(unit, pet) > 1) return "notAdjacent";
      const spent = spendAction(ts, "fullTurn");
      if (spent) return spent;
      healFamiliar(sim, unit, pet);
      return null;
    }
    case "mount": {
      const m = step.targetId ? sim.state.units[step.targetId] : undefined;
      if (!m?.d100 || m.companionOf !== unit.id || m.d100.riderId !== unit.id || !up(m)) return "noMount";
      if (chebyshev(unit, m) > 1) return "notAdjacent";
      const refused = mount(r, unit.id, m.d100, m.id, ts);
      if (refused) return refused;
      unit.x = m.x; unit.y = m.y;
      syncRider(r, m.d100);
      sim.emit({ type: "mountChanged", riderId: unit.id, mountId: m.id, mounted: true });
      return null;
    }
    case "dismount": {
      const m = r.mountId ? sim.state.units[r.mountId] : undefined;
      if (!m?.d100) return "notMounted";
      const refused = dismount(r, m.d100, ts);
      if (refused) return refused;
      r.canCharge = false;
      sim.emit({ type: "mountChanged", riderId: unit.id, mountId: m.id, mounted: false });
      return null;
    }
    case "takeOff":
    case "land":
    case "climb":
    case "descend": {
      const m = r.mountId ? sim.state.units[r.mountId] : undefined;
      if (!m) return undefined;
      return fly(sim, unit, m, step.kind, ts);
    }
    default: return undefined;
  }
}

/**
 * The companion steps `unit` can take now (for the turn options, options.ts `d100TurnOptions`),
 * with the turn's actions `ts` as they stand: a mounted rider's `takeOff` (mount on the ground),
 * `land` (at low height), `climb`, `descend` (in the air, move action left) and `dismount` (on the
 * ground), each full-turn one only on an untouched turn; `mount` when its own mount stands on the
 * ground next to it; `healFamiliar` when its hunter's pet lies next to it.
 */
export function companionActions(sim: Simulation, unit: UnitRecord, ts: TurnState): string[] {
  const r = d100Of(unit);
  const fresh = !ts.moved && !ts.mainDone && !ts.over;
  const out: string[] = [];
  const m = r.mountId ? sim.state.units[r.mountId] : undefined;
  if (m?.d100) {
    const md = m.d100;
    if (md.flyer && fresh && md.altitude === "ground") out.push("takeOff");
    if (md.flyer && fresh && md.altitude === "low") out.push("land");
    if (md.flyer && !ts.moved && !ts.mainDone && !ts.over && md.altitude !== "ground") {
      if (md.altitude !== "high") out.push("climb");
      if (md.altitude !== "low") out.push("descend");
    }
    if (fresh && md.altitude === "ground") out.push("dismount");
  } else if (fresh && presentUnits(sim).some((u) => u.companionOf === unit.id && u.d100?.riderId === unit.id && up(u) && u.d100.altitude === "ground" && chebyshev(u, unit) <= 1)) {
    out.push("mount");
  }
  if (fresh && presentUnits(sim).some((u) => u.companionOf === unit.id && u.d100?.familiar?.kind === "hunter" && !u.d100.dead && chebyshev(u, unit) <= 1)) {
    out.push("healFamiliar");
  }
  return out;
}

/** P100-FAMILIAR-13: the hunter's heal roll on its pet (see {@link companionStep}). */
function healFamiliar(sim: Simulation, hunter: UnitRecord, pet: UnitRecord): void {
  const f = d100Of(pet);
  const r = hunterHealsFamiliar(sim.rng, hunter.id, f, true);
  if (typeof r === "string") return;
  sim.emit({ type: "rescue", unitId: pet.id, byUnitId: hunter.id, roll: r.roll, needed: r.needed, success: r.success });
  if (r.success && !f.dying && pet.activity === "unconscious") {
    pet.activity = "idle";
    sim.emit({ type: "woke", unitId: pet.id });
  }
}

/** One flight action of a mounted pair; emits for the mount then the rider. */
function fly(sim: Simulation, rider: UnitRecord, m: UnitRecord, action: "takeOff" | "land" | "climb" | "descend", ts: TurnState): AirRefusal | null {
  const md = d100Of(m), rd = d100Of(rider);
  const refused = action === "takeOff" ? takeOff(md, ts) : action === "land" ? land(md, ts) : changeHeight(md, ts, action === "climb" ? 1 : -1);
  if (refused) return refused;
  syncRider(rd, md);
  sim.emit({ type: "altitudeChanged", unitId: m.id, altitude: md.altitude, cause: action });
  sim.emit({ type: "altitudeChanged", unitId: rider.id, altitude: rd.altitude, cause: action });
  return null;
}

/**
 * Aerial manoeuvres of a mounted rider before its attack (Left open AIR, AI; called by the d100
 * turn for a unit with a mount): against a foe in the air it takes off (the whole turn,
 * P100-AIR-20) then climbs or drops one level a turn toward the foe's height (the move action,
 * P100-AIR-13, P100-AIR-21); against a foe on the ground it drops to low height, where its melee
 * reaches (P100-AIR-04). A rider whose mount does not fly, or who got off, does nothing here.
 * @returns true when the turn is spent.
 */
export function riderManoeuvre(sim: Simulation, rider: UnitRecord, target: UnitRecord, ts: TurnState): boolean {
  const r = d100Of(rider);
  const m = r.mountId ? sim.state.units[r.mountId] : undefined;
  if (!m || !d100Of(m).flyer) return false;
  const md = d100Of(m), t = d100Of(target);
  const level = (a: string) => ALTITUDES.indexOf(a as D100Unit["altitude"]);
  if (md.altitude === "ground") {
    if (t.altitude === "ground") return false;
    return fly(sim, rider, m, "takeOff", ts) === null;
  }
  const want = t.altitude === "ground" ? level("low") : level(t.altitude);
  const dir = want > level(md.altitude) ? "climb" : want < level(md.altitude) ? "descend" : null;
  if (dir) fly(sim, rider, m, dir, ts);
  return false;
}

/**
 * P100-AIR-22 (Left open AIR, linked lives): after a blow on `unit` or its partner, the mount
 * shows the shared pool (the rider's HP and maximum) and shares its rider's state: out of action
 * with it (kept as gravely wounded, so it is never rescued or healed itself) or dead with it,
 * `knockedOut` emitted, and back up when the rider is (`woke`). While mounted, a
 * fall of either brings both to the ground (P100-AIR-16, Left open AIR: one loss, applied to the
 * pool): `altitudeChanged` "fall" for the partner that did not take the blow.
 */
export function linkLives(sim: Simulation, unit: UnitRecord): void {
  const d = unit.d100;
  if (!d) return;
  const rider = d.riderId ? sim.state.units[d.riderId] : d.mountId ? unit : undefined;
  const m = d.riderId ? unit : d.mountId ? sim.state.units[d.mountId] : undefined;
  if (!rider?.d100 || !m?.d100 || m.d100.riderId !== rider.id) return;
  const r = rider.d100, md = m.d100;
  md.hp = r.hp; md.maxHp = r.maxHp;
  if (r.mountId === m.id && (r.altitude === "ground") !== (md.altitude === "ground")) {
    const partner = unit === m ? rider : m;
    r.altitude = "ground"; md.altitude = "ground";
    sim.emit({ type: "altitudeChanged", unitId: partner.id, altitude: "ground", cause: "fall" });
  }
  // Out with its rider: dead with it, else "gravely wounded" (so nobody tries to rescue or heal the
  // mount itself, and it never loses HP of its own); back up when the rider is.
  const wasDown = isDown(md);
  md.dead = r.dead; md.traumatised = !r.dead && isDown(r); md.dying = false; md.stabilised = false;
  if (!wasDown && isDown(md)) settle(sim, m, md.dead ? "dead" : "coma");
  else if (wasDown && !isDown(md) && m.activity === "unconscious") { m.activity = "idle"; sim.emit({ type: "woke", unitId: m.id }); }
}
