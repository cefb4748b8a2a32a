/** d20 steps that cast: spells and techniques, now or readied. */
import { isWalkable, tileAt } from "../../../world/grid.ts";
import { placeUnit } from "../../../world/unitIndex.ts";
import { noteReaction } from "../../encounters/book.ts";
import { spendAction } from "../actions.ts";
import { areaSpell, castRefusal, payFor, spellAttack, spellReaches, teleportRefusal } from "../spells.ts";
import { GROUND_ZONE_DEFAULT_ROUNDS } from "@malignus/shared";
import { DEEP_WATER_TILE } from "../water.ts";
import { addStatus } from "../statuses.ts";
import { isUp } from "../resolve.ts";
import { unitIn, type D20Handler } from "../plan.ts";
import { onUnitEntersTile } from "../../../traps/index.ts";

/** Casts a spell or technique, a full action that spends its cost (D20-ACTION-07 to D20-ACTION-09, D20-ATTACK-48): an attack spell on a creature, an area spell on a tile (its ground zone, Left open D20-WATER: none burning under water). */
export const castStep: D20Handler<"cast"> = ({ sim, enc, unit, me, ts }, step) => {
  const b = ts.budget;
  // D20-ACTION-07, D20-ACTION-08, D20-ACTION-09: a full action that spends the spell's cost.
  const spell = me.spells.find((s) => s.name === step.spell);
  if (!spell) return "the creature does not know that spell";
  const refusal = castRefusal(unit, spell);
  if (refusal) return refusal;
  if (spell.kind === "attack") {
    const target = step.targetId ? unitIn(sim, enc, step.targetId) : null;
    if (!target || !isUp(target)) return "no such creature in the encounter";
    if (!spellReaches(sim, unit, spell, target)) return "out of the spell's range (D20-ATTACK-48)";
    const r = spendAction(b, spell.pool === "mana" ? "cast" : "technique");
    if (r !== null) return r;
    payFor(unit, spell);
    spellAttack(sim, unit, target, spell, (id) => noteReaction(enc, id));
    return null;
  }
  const at = { x: step.x ?? unit.x, y: step.y ?? unit.y };
  if (spell.kind === "swim") {
    // D20-MOVE-20: a swimming spell on the caster: it swims at ×1 from its next turn on (this turn's movement stays as it is).
    if (me.swimSpell === true) return "already under a swimming spell (D20-MOVE-20)";
    const r = spendAction(b, spell.pool === "mana" ? "cast" : "technique");
    if (r !== null) return r;
    payFor(unit, spell);
    me.swimSpell = true;
    return null;
  }
  if (spell.kind === "teleport") {
    // D20-ATTACK-28: the caster appears on the tile; leaving the foes' reach so provokes no opportunity attack.
    const why = teleportRefusal(sim, unit, spell, at);
    if (why) return why;
    const r = spendAction(b, spell.pool === "mana" ? "cast" : "technique");
    if (r !== null) return r;
    payFor(unit, spell);
    placeUnit(sim, unit, at.x, at.y);
    onUnitEntersTile(sim, unit, at.x, at.y);
    return null;
  }
  if (!spellReaches(sim, unit, spell, at)) return "out of the spell's range (D20-ATTACK-48)";
  const r = spendAction(b, spell.pool === "mana" ? "cast" : "technique");
  if (r !== null) return r;
  payFor(unit, spell);
  areaSpell(sim, unit, at.x, at.y, spell);
  if (spell.zone) {
    const zones = (enc.zones ??= []);
    for (let dy = -spell.radius; dy <= spell.radius; dy++) for (let dx = -spell.radius; dx <= spell.radius; dx++) {
      const x = at.x + dx, y = at.y + dy;
      // Left open (D20-WATER): no burning zone under water.
      if (!isWalkable(sim.state.map, x, y) || (spell.zone.type === "burn" && tileAt(sim.state.map, x, y) === DEEP_WATER_TILE)) continue;
      const old = zones.find((z) => z.x === x && z.y === y && z.type === spell.zone!.type);
      const rounds = spell.zone.rounds ?? GROUND_ZONE_DEFAULT_ROUNDS;
      if (old) old.roundsLeft = rounds; else zones.push({ x, y, type: spell.zone.type, roundsLeft: rounds, sourceId: unit.id });
    }
  }
  return null;
};

/** Readies an attack spell: cast now (the cost paid now), released with the reaction on the trigger (D20-ACTION-36). */
export const readySpellStep: D20Handler<"readySpell"> = ({ unit, me, ts }, step) => {
  const b = ts.budget;
  // D20-ACTION-36: cast now (the cost is paid now), hold the energy, release it with the reaction on the trigger.
  const spell = me.spells.find((s) => s.name === step.spell && s.kind === "attack");
  if (!spell) return "the creature does not know that spell";
  const refusal = castRefusal(unit, spell);
  if (refusal) return refusal;
  const r = spendAction(b, "ready");
  if (r !== null) return r;
  payFor(unit, spell);
  addStatus(me.statuses, "readied", unit.id, -1);
  me.statuses.find((s) => s.kind === "readied")!.detail = spell.name;
  return null;
};
