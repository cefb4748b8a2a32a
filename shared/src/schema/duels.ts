import { schema, t, type SchemaType } from "@colyseus/schema";

/**
 * d100 rooms: a duel proposed and waiting for the other side's answer (P100-DUEL-01, 02, 23; server
 * combat/d100/duels.ts): `challengerId` challenges `opponentId`; `by` the side that proposed
 * ("keeper": the keeper's minion or creature challenges an adventurer a player holds, who answers
 * with `answerDuel`; "adventurer": a player's adventurer challenges a keeper's minion or creature,
 * and a keeper answers); the terms (to the death or not, no magic, bare hands only, the weapons
 * allowed, empty for any); `expiresTick` when it lapses unanswered.
 */
export const DuelProposal = schema({
  id: t.string().default(""),
  challengerId: t.string().default(""),
  opponentId: t.string().default(""),
  by: t.string().default("keeper"),
  toDeath: t.boolean().default(false),
  noMagic: t.boolean().default(false),
  unarmedOnly: t.boolean().default(false),
  weapons: t.array("string"),
  expiresTick: t.uint32().default(0),
}, "DuelProposal");
export type DuelProposal = SchemaType<typeof DuelProposal>;

/**
 * d100 rooms: a duel to the death won by a side a person holds, waiting for that side's decision on
 * the loser (P100-DUEL-20; server combat/d100/duels.ts `DuelMercyRecord`): `by` the side that
 * decides ("adventurer": the winner's player; "keeper"), answered with `decideDuelMercy`
 * (`mercyId` = `id`); `aiSpares` the AI's choice applied at `expiresTick` when unanswered.
 */
export const DuelMercy = schema({
  id: t.string().default(""),
  duelId: t.string().default(""),
  winnerId: t.string().default(""),
  loserId: t.string().default(""),
  how: t.string().default("down"),
  by: t.string().default("keeper"),
  aiSpares: t.boolean().default(false),
  expiresTick: t.uint32().default(0),
}, "DuelMercy");
export type DuelMercy = SchemaType<typeof DuelMercy>;
