/**
 * Companion steps in a d100 turn (see companions.ts): a hunter healing its pet, mounting,
 * dismounting and a mounted rider's flight ({@link companionStep}, one handler per kind), the
 * ones open now ({@link companionActions}) and a rider's aerial manoeuvres ({@link riderManoeuvre}).
 */
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { chebyshev } from "../../world/grid.ts";
import { isActive, presentUnits, setActivity } from "../../world/units.ts";
import { changeHeight, dismount, land, mount, takeOff, type AirRefusal } from "./air.ts";
import { syncRider } from "./companions.ts";
import { healWithSpell } from "./healing.ts";
import { hunterHealsFamiliar } from "./hp.ts";
import { d100Of } from "./sheet.ts";
import { isDown } from "./statuses.ts";
import { spendAction, type TurnState } from "./turns.ts";
import { ALTITUDES, type D100Unit } from "./types.ts";
import { placeUnit } from "../../world/unitIndex.ts";
import { markUnit } from "../../changes.ts";

/** True when `u` stands (active, not down). */
function up(u: UnitRecord): boolean {
  return isActive(u) && !isDown(d100Of(u));
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
export function companionStep(sim: Simulation, unit: UnitRecord, step: CompanionStep, ts: TurnState): string | null | undefined {
  d100Of(unit); // the sheet as every step sees it (made if missing, death marked), whatever the kind
  const handler = Object.hasOwn(COMPANION_STEPS, step.kind) ? COMPANION_STEPS[step.kind] : undefined;
  return handler ? handler(sim, unit, step, ts) : undefined;
}

/** A companion step: its kind and, for some, the unit it names. */
export interface CompanionStep { kind: string; targetId?: string | undefined }

/** One companion step's handler ({@link companionStep}): undefined when it is not this handler's to play, null when played, else the refusal. */
type CompanionHandler = (sim: Simulation, unit: UnitRecord, step: CompanionStep, ts: TurnState) => string | null | undefined;

/** `healFamiliar`: the hunter heals its own pet next to it in a full turn (P100-FAMILIAR-13). */
const healFamiliarStep: CompanionHandler = (sim, unit, step, ts) => {
  const pet = presentUnits(sim).find((u) => u.companionOf === unit.id && u.d100?.familiar?.ownerId === unit.id && (!step.targetId || u.id === step.targetId));
  if (!pet) return "noFamiliar";
  if (d100Of(pet).familiar?.kind !== "hunter") return "notHunterPet";
  if (chebyshev(unit, pet) > 1) return "notAdjacent";
  const spent = spendAction(ts, "fullTurn");
  if (spent) return spent;
  healFamiliar(sim, unit, pet);
  return null;
};

/** `mount`: gets on its own mount, on its tile or adjacent, on the ground, in a full turn (P100-AIR-20); `mountChanged`. */
const mountStep: CompanionHandler = (sim, unit, step, ts) => {
  const r = d100Of(unit);
  const m = step.targetId ? sim.state.units[step.targetId] : undefined;
  if (!m?.d100 || m.companionOf !== unit.id || m.d100.riderId !== unit.id || !up(m)) return "noMount";
  if (chebyshev(unit, m) > 1) return "notAdjacent";
  const refused = mount(r, unit.id, m.d100, m.id, ts);
  if (refused) return refused;
  placeUnit(sim, unit, m.x, m.y);
  syncRider(r, m.d100);
  markUnit(sim, unit);
  markUnit(sim, m);
  sim.emit({ type: "mountChanged", riderId: unit.id, mountId: m.id, mounted: true });
  return null;
};

/** `dismount`: gets off its mount, on the ground, in a full turn (P100-AIR-20); `mountChanged`. */
const dismountStep: CompanionHandler = (sim, unit, _step, ts) => {
  const r = d100Of(unit);
  const m = r.mountId ? sim.state.units[r.mountId] : undefined;
  if (!m?.d100) return "notMounted";
  const refused = dismount(r, m.d100, ts);
  if (refused) return refused;
  r.canCharge = false;
  sim.emit({ type: "mountChanged", riderId: unit.id, mountId: m.id, mounted: false });
  return null;
};

/** A mounted rider's `takeOff`, `land`, `climb`, `descend`: its mount flies, the rider following (P100-AIR-20/21); not a companion step for a unit riding nothing. */
const riderFlightStep: CompanionHandler = (sim, unit, step, ts) => {
  const r = d100Of(unit);
  const m = r.mountId ? sim.state.units[r.mountId] : undefined;
  if (!m) return undefined;
  return fly(sim, unit, m, step.kind as "takeOff" | "land" | "climb" | "descend", ts);
};

/** Each companion step kind's handler. */
const COMPANION_STEPS: Readonly<Record<string, CompanionHandler>> = {
  healFamiliar: healFamiliarStep,
  mount: mountStep,
  dismount: dismountStep,
  takeOff: riderFlightStep,
  land: riderFlightStep,
  climb: riderFlightStep,
  descend: riderFlightStep,
};

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

/**
 * P100-FAMILIAR-13: the hunter's heal roll on its pet (see {@link companionStep}): one d100 above
 * 50; a dying pet is back at 1 HP, a wounded one that is not dying is healed as a healer's healing
 * spell heals, a roll in HEAL_SPELL_RANGE (20 to 40 HP, halved in a duel), with its `healed` event.
 */
function healFamiliar(sim: Simulation, hunter: UnitRecord, pet: UnitRecord): void {
  const f = d100Of(pet);
  const wasDying = f.dying;
  const r = hunterHealsFamiliar(sim.rng, hunter.id, f, true);
  if (typeof r === "string") return;
  markUnit(sim, pet);
  sim.emit({ type: "rescue", unitId: pet.id, byUnitId: hunter.id, roll: r.roll, needed: r.needed, success: r.success });
  if (r.success && !wasDying && f.hp < f.maxHp) { healWithSpell(sim, hunter, pet); return; }
  if (r.success && !f.dying && pet.activity === "unconscious") {
    setActivity(sim, pet, "idle");
    sim.emit({ type: "woke", unitId: pet.id });
  }
}

/** One flight action of a mounted pair; emits for the mount then the rider. */
function fly(sim: Simulation, rider: UnitRecord, m: UnitRecord, action: "takeOff" | "land" | "climb" | "descend", ts: TurnState): AirRefusal | null {
  const md = d100Of(m), rd = d100Of(rider);
  const refused = action === "takeOff" ? takeOff(md, ts) : action === "land" ? land(md, ts) : changeHeight(md, ts, action === "climb" ? 1 : -1);
  if (refused) return refused;
  syncRider(rd, md);
  markUnit(sim, rider);
  markUnit(sim, m);
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

