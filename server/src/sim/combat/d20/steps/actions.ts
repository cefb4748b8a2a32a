/** d20 steps for the other actions (D20-ACTION) and free talk. */
import { areEnemies } from "../../../world/units.ts";
import { participantsOf } from "../../encounters/book.ts";
import { perceiveRoll } from "../attack.ts";
import { D20, HEALING_POTION_DICE, HELP_RANGE, MAX_SAY_CHARACTERS } from "@malignus/shared";
import { interact, readyMoveDetail, spendAction } from "../actions.ts";
import { swappableInCombat } from "../equip.ts";
import { USE_OBJECT_NEEDS_ACTION } from "../options.ts";
import { rollDice } from "../dice.ts";
import { hideRoll, notices, passivePerception } from "../flow.ts";
import { modeOf, sheetModeFactor, dash, gridDistance } from "../movement.ts";
import { firstAid } from "../hp.ts";
import { treatBleeding, addStatus, hasStatus, removeStatus } from "../statuses.ts";
import { healUnit, isUp, unitDistance } from "../resolve.ts";
import { d20Of } from "../sheet.ts";
import { unitIn, type D20Handler } from "../plan.ts";


/**
 * D20-FLOW-30: a short phrase (1 to `MAX_SAY_CHARACTERS` characters, Left open) said in the turn;
 * it costs neither action nor movement and is heard by whoever sees the speaker (`spoke`).
 * @returns null when said, else the refusal (an empty, non-text or too long phrase).
 */
export const sayStep: D20Handler<"say"> = ({ sim, unit }, step) => {
  const text = (step as { text?: unknown }).text;
  if (typeof text !== "string" || text.length === 0 || text.length > MAX_SAY_CHARACTERS) return `say a short phrase of 1 to ${MAX_SAY_CHARACTERS} characters (D20-FLOW-30)`;
  sim.emit({ type: "spoke", unitId: unit.id, text });
  return null; // D20-FLOW-30: costs neither action nor movement
};

/** The Dash action: movement added, × the current mode's factor (D20-ACTION-10, Left open). */
export const dashStep: D20Handler<"dash"> = ({ me, ts }) => {
  const b = ts.budget;
  const r = spendAction(b, "dash");
  if (r === null) b.movement = dash(b.movement, me.movement, sheetModeFactor(me, modeOf(me))); // Left open D20-ACTION-10: × the mode's factor
  return r;
};

/** The Disengage action: no opportunity attacks for the rest of the turn (D20-ACTION-11). */
export const disengageStep: D20Handler<"disengage"> = ({ ts }) => {
  const b = ts.budget;
  return spendAction(b, "disengage");
};

/**
 * Uses an object (D20-ACTION-20 to D20-ACTION-22, D20-FLOW-31 to D20-FLOW-33): bandages and
 * medical tools stop bleeding on a creature within 1 tile; a healing potion heals
 * {@link HEALING_POTION_DICE} (D20-STATUS-12); these always need Use an Object (a demi-action,
 * `USE_OBJECT_NEEDS_ACTION`). "swapWeapons" swaps the user's main- and off-hand weapons (hand
 * items only, `swappableInCombat`; the named creature plays no part): the turn's first object
 * interaction is free (D20-FLOW-31), a second one needs Use an Object (D20-ACTION-21).
 */
export const useObjectStep: D20Handler<"useObject"> = ({ sim, enc, unit, me, ts }, step) => {
  const b = ts.budget;
  const who = step.targetId ? unitIn(sim, enc, step.targetId) : unit;
  if (!who) return "no such creature in the encounter";
  if (unitDistance(sim, unit, who) > 1) return "the creature must be within 1 tile";
  if (step.item === "swapWeapons") {
    if (!me.offHand || !swappableInCombat("mainHand") || !swappableInCombat("offHand")) return "no off-hand weapon to swap";
    const r = interact(b, USE_OBJECT_NEEDS_ACTION.swapWeapons);
    if (r !== null) return r;
    [me.weapon, me.offHand] = [me.offHand, me.weapon];
    [me.equipment.mainHand, me.equipment.offHand] = [me.equipment.offHand, me.equipment.mainHand];
    return null;
  }
  const r = interact(b, step.item === undefined || USE_OBJECT_NEEDS_ACTION[step.item]);
  if (r !== null) return r;
  if (step.item === "bandage" || step.item === "medicalTools") treatBleeding(d20Of(who).statuses, step.item);
  else if (step.item === "healingPotion") healUnit(sim, who, rollDice(sim.rng, HEALING_POTION_DICE), unit.id);
  return null;
};

/** The Reload action: no reflexes until the next turn starts (D20-ACTION-44). */
export const reloadStep: D20Handler<"reload"> = ({ unit, me, ts }) => {
  const b = ts.budget;
  const r = spendAction(b, "reload");
  if (r === null) addStatus(me.statuses, "reloading", unit.id, -1); // D20-ACTION-44: no reflexes until the next turn starts
  return r;
};

/** The Hide action (D20-ACTION-38 to D20-ACTION-40, Left open: hidden from all foes or from none). */
export const hideStep: D20Handler<"hide"> = ({ sim, enc, unit, me, ts }) => {
  const b = ts.budget;
  const r = spendAction(b, "hide");
  if (r !== null) return r;
  // D20-ACTION-38 to D20-ACTION-40 (Left open: hidden from all foes or from none): the Hide total must beat every foe's passive Perception.
  const total = hideRoll(sim.rng, me.abilities.furtivite, me.skills.discretion);
  const foes = participantsOf(sim, enc).filter((u) => u !== unit && areEnemies(unit, u) && isUp(u));
  if (foes.every((f) => !notices(passivePerception(d20Of(f).abilities.perception, d20Of(f).skills.vigilance), total))) {
    addStatus(me.statuses, "hidden", unit.id, -1);
    me.statuses.find((s) => s.kind === "hidden")!.value = total;
  }
  return null;
};

/** The Search action against hidden foes (Left open D20-ACTION-42: ties to the searcher). */
export const searchStep: D20Handler<"search"> = ({ sim, enc, unit, me, ts }) => {
  const b = ts.budget;
  const r = spendAction(b, "search");
  if (r !== null) return r;
  // Left open (D20-ACTION-42): 1d20 + Perception + Vigilance against each hidden foe's Hide total, ties to the searcher.
  for (const f of participantsOf(sim, enc)) {
    const h = d20Of(f).statuses.find((s) => s.kind === "hidden");
    if (f === unit || !areEnemies(unit, f) || !h) continue;
    if (perceiveRoll(sim.rng, me.abilities.perception, me.skills.vigilance, h.value ?? 0)) removeStatus(d20Of(f).statuses, "hidden");
  }
  return null;
};

/**
 * The Help action (D20-ACTION-16 to D20-ACTION-19), a full action: for an ally against a foe
 * within 3 tiles (its first attack on that foe before the helper's next turn has advantage), or
 * with a task: helping an ally give first aid to a dying creature within 1 tile of the helper
 * (Left open: the only task of an encounter that takes help), whose next first aid roll on it
 * before the helper's next turn has advantage. The `helped` status's detail is the foe's id, or
 * `firstAid:` and the patient's id.
 */
export const helpStep: D20Handler<"help"> = ({ sim, enc, unit, ts }, step) => {
  const b = ts.budget;
  const ally = unitIn(sim, enc, step.allyId), foe = unitIn(sim, enc, step.targetId);
  if (ally && ally !== unit && !areEnemies(unit, ally) && foe && !areEnemies(unit, foe) && isDying(d20Of(foe))) {
    if (unitDistance(sim, unit, foe) > 1) return "the dying creature must be within 1 tile of the helper (D20-ACTION-16)";
    const r = spendAction(b, "help");
    if (r !== null) return r;
    addStatus(d20Of(ally).statuses, "helped", unit.id, -1);
    d20Of(ally).statuses.find((s) => s.kind === "helped")!.detail = `${FIRST_AID_TASK}${foe.id}`;
    return null;
  }
  if (!ally || ally === unit || areEnemies(unit, ally) || !foe || !areEnemies(unit, foe)) return "Help names an ally and a foe in the encounter, or an ally and a dying creature to give first aid";
  if (unitDistance(sim, unit, foe) > HELP_RANGE) return "the foe must be within 3 tiles of the helper (D20-ACTION-17)";
  const r = spendAction(b, "help");
  if (r !== null) return r;
  addStatus(d20Of(ally).statuses, "helped", unit.id, -1);
  d20Of(ally).statuses.find((s) => s.kind === "helped")!.detail = foe.id;
  return null;
};

/** The `helped` status detail of a help with first aid on a creature: this prefix and the creature's id (D20-ACTION-16). */
const FIRST_AID_TASK = "firstAid:";

/** True for a dying creature: at 0 HP, neither dead nor stable (D20-HP-29). */
function isDying(d: { hp: number; dead: boolean; stable: boolean }): boolean {
  return d.hp === 0 && !d.dead && !d.stable;
}

/**
 * The Ready action (D20-ACTION-31 to D20-ACTION-35, D20-ACTION-37): the response is one attack, or,
 * with `path` (tiles, each next to the one before, the first next to the unit), an extra move along
 * it of up to the unit's movement value (D20-ACTION-33); either is released with the reaction when a
 * foe enters the unit's reach (the server's fixed trigger, D20-ACTION-32).
 */
export const readyStep: D20Handler<"ready"> = ({ unit, me, ts }, step) => {
  const b = ts.budget;
  const path = step.path ?? [];
  if (path.length > 0 && !path.every((t, i) => gridDistance(i === 0 ? unit : path[i - 1]!, t) === 1)) return "a readied move goes tile by tile from the creature (D20-ACTION-33)";
  const r = spendAction(b, "ready");
  if (r !== null) return r;
  addStatus(me.statuses, "readied", unit.id, -1);
  const status = me.statuses.find((s) => s.kind === "readied")!;
  if (path.length > 0) status.detail = readyMoveDetail(path);
  else delete status.detail;
  return null;
};

/**
 * First aid, the action, on a creature within 1 tile: on a dying one (D20-HP-29, D20-HP-30: it may
 * become stable); on a bleeding one above 0 HP, the Medicine skill alone (D20-STATUS-11, Left open):
 * 1d20 + Habilité + Médecine, the bleeding stops on a total ≥ `BLEEDING_MEDICINE_DC`.
 * Draws one d20 (two with the help of D20-ACTION-16 on a dying creature).
 */
export const firstAidStep: D20Handler<"firstAid"> = ({ sim, enc, unit, me, ts }, step) => {
  const b = ts.budget;
  const target = unitIn(sim, enc, step.targetId);
  if (!target) return "no such creature in the encounter";
  const t = d20Of(target);
  if (!t.dead && t.hp > 0 && hasStatus(t.statuses, "bleeding")) {
    if (unitDistance(sim, unit, target) > 1) return "the bleeding creature must be within 1 tile";
    const r = spendAction(b, "firstAid");
    if (r !== null) return r;
    treatBleeding(t.statuses, "medicineSkill", sim.rng.die(D20) + me.abilities.habilite + me.skills.medecine);
    return null;
  }
  if (t.dead || t.hp > 0 || t.stable) return "first aid is for a dying or bleeding creature (D20-HP-29, D20-STATUS-11)";
  if (unitDistance(sim, unit, target) > 1) return "the dying creature must be within 1 tile";
  const r = spendAction(b, "firstAid");
  if (r !== null) return r;
  const help = me.statuses.findIndex((s) => s.kind === "helped" && s.detail === `${FIRST_AID_TASK}${target.id}`);
  if (help >= 0) me.statuses.splice(help, 1); // D20-ACTION-16: the next roll for that task only
  firstAid(t, sim.rng, me.abilities.habilite, me.skills.medecine, help >= 0);
  return null;
};
