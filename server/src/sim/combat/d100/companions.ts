import { ADVENTURER_CLASSES, ARRIVES_MOUNTED, D100_COMPANION_CLASS_WEIGHTS, SPECIES, type SpeciesId } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { PartyRecord, UnitRecord } from "../../state.ts";
import { chebyshev } from "../../world/grid.ts";
import { walkNextTo } from "../../world/movement.ts";
import { addUnit, isActive, isKeeperSide, presentUnits, setActivity, setTarget } from "../../world/units.ts";
import { speciesFields } from "../creatures.ts";
import { encounterOf } from "../encounters/book.ts";
import { land } from "./air.ts";
import { makeFamiliar, updateFamiliarSpecialist } from "./familiar.ts";
import { reviveFamiliar } from "./hp.ts";
import { linkLives } from "./resolve.ts";
import { d100Of } from "./sheet.ts";
import { isDown } from "./statuses.ts";
import type { D100Unit } from "./types.ts";
import { fnv1a64 } from "../../hash.ts";
import { placeUnit } from "../../world/unitIndex.ts";
import { markUnit } from "../../changes.ts";

/**
 * Companions in `d100` rooms: the familiars (P100-FAMILIAR-01 to 14) and mounts (P100-AIR-20 to
 * 23) that come with adventurers of the classes that have one (shared/src/data/invasions.ts
 * `companion`), as units of their own (`UnitRecord.companionOf` = the owner's id):
 * - they arrive with their owner's party ({@link addCompanions}), follow it out of fights and
 *   leave the map with it ({@link stepD100Companions});
 * - in an encounter a familiar acts in its owner's initiative slot (companionTurn.ts
 *   `companionTurn`) and a mount carries its rider (never acting by itself, its steps in
 *   companionSteps.ts), their lives linked (resolve.ts `linkLives`);
 * - flyers land when their fight is over ({@link stepD100Companions}).
 *
 * This file: arrival and following out of fights; the turn in companionTurn.ts, the steps in
 * companionSteps.ts.
 */


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
      const familiar = makeFamiliar(c.familiarKind ?? "other", owner.id);
      u.d100 = { ...familiar, flyer: sheet.flyer, moveTiles: sheet.moveTiles };
      if (c.specialisationSpell) {
        o.spells.push({ id: c.specialisationSpell, charges: 0, maxCharges: 0, passive: true, familiarSpecialisation: true });
        updateFamiliarSpecialist(o);
      }
    } else {
      const m = d100Of(u);
      m.canCharge = true;
      m.riderId = owner.id;
      m.hp = o.hp; m.maxHp = o.maxHp;
      if (ARRIVES_MOUNTED) { o.mountId = u.id; syncRider(o, m); markUnit(sim, owner); }
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
export function ridden(sim: Simulation, u: UnitRecord): UnitRecord | undefined {
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
        markUnit(sim, w);
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
    setActivity(sim, u, "left");
    u.walk = null;
    setTarget(sim, u, "");
    sim.emit({ type: "escaped", unitId: u.id });
    return;
  }
  if (ridden(sim, u) === owner) {
    placeUnit(sim, u, owner.x, owner.y); u.facing = owner.facing; markUnit(sim, u); u.walk = null;
    setActivity(sim, u, owner.activity === "fighting" ? "idle" : owner.activity);
    return;
  }
  const isMount = u.d100?.riderId === owner.id;
  if (isMount && !owner.controller && !isDown(d100Of(owner)) && d100Of(owner).altitude === "ground" && chebyshev(u, owner) <= 1) {
    remount(sim, owner, u);
    return;
  }
  if ((u.d100?.familiar || isMount) && chebyshev(u, owner) > 1) {
    setActivity(sim, u, "walking");
    if (!walkNextTo(sim, u, owner)) setActivity(sim, u, "idle");
  }
}

/** The AI rider gets back on its mount (out of fights at no cost; in one, as its whole turn through the `mount` plan). */
function remount(sim: Simulation, rider: UnitRecord, m: UnitRecord): void {
  const r = d100Of(rider);
  r.mountId = m.id;
  syncRider(r, d100Of(m));
  markUnit(sim, rider);
  placeUnit(sim, m, rider.x, rider.y); m.walk = null;
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
  setActivity(sim, u, "idle");
  placeUnit(sim, u, owner.x, owner.y);
  u.diedTick = -1; u.walk = null; setTarget(sim, u, "");
  sim.emit({ type: "woke", unitId: u.id });
}

