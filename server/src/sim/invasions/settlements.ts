import {
  FUGITIVE_EVERY_DAYS, FUGITIVE_FIRST_DAY, FUGITIVE_HOUR, RAID_METAL, SETTLEMENTS, TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR,
} from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { SettlementRecord, SimState } from "../state.ts";
import { offerFugitive, sendExpedition } from "./fugitives.ts";
import { markSettlement } from "../changes.ts";

/**
 * The Surface's settlements (INV-32, INV-33, INV-50; table `SETTLEMENTS` in
 * shared/src/data/settlements.ts). The keeper raids one with the `raidSettlement` command: its
 * raiders bring back {@link RAID_METAL} metal, and the settlement strikes back in place of the next
 * invasion: a village sends a punitive expedition (INV-32), an evil camp turns Hostile and sends
 * its warriors (INV-33). Both are sized like the invasion they replace (INV-59 to INV-62,
 * invasions/party.ts) and set out at once or when the invasion in the dungeon ends (INV-34 to
 * INV-37, invasions/schedule.ts). Fugitives from the settlements come asking to hide on fixed
 * days (INV-50, {@link stepFugitives}).
 */

/** The settlements of `state` by id: the stored records, or the table's, untouched, before the first raid. */
export function settlementsOf(state: SimState): Record<string, SettlementRecord> {
  if (state.settlements) return state.settlements;
  const out: Record<string, SettlementRecord> = {};
  for (const s of SETTLEMENTS) out[s.id] = { id: s.id, name: s.name, kind: s.kind, hostile: false, raidedTick: -1 };
  return out;
}

/** The refusal of a raid on `settlementId` (unknown, or its expedition still waits to set out), or null when it may go ahead. */
export function raidRefusal(sim: Simulation, settlementId: string): { code: "UNKNOWN_SETTLEMENT" | "EXPEDITION_PENDING"; reason: string; rule: string } | null {
  const s = settlementsOf(sim.state)[settlementId];
  if (!s) return { code: "UNKNOWN_SETTLEMENT", reason: `no settlement ${settlementId} (known: ${SETTLEMENTS.map((x) => x.id).join(", ")})`, rule: "INV-32" };
  if ((sim.state.invasion.pending ?? []).some((p) => p.source === s.id)) return { code: "EXPEDITION_PENDING", reason: `${s.name} is already striking back at the dungeon`, rule: s.kind === "camp" ? "INV-33" : "INV-32" };
  return null;
}

/**
 * The keeper's raid on `settlementId` (INV-32, INV-33): +{@link RAID_METAL} metal; a village
 * queues a punitive expedition, a camp turns Hostile and queues its warriors
 * (`sendExpedition`, emits `specialInvasionQueued`). Emits `settlementRaided` (`detail` the id,
 * `amount` the metal). Callers check {@link raidRefusal} first.
 */
export function raidSettlement(sim: Simulation, settlementId: string): void {
  if (!sim.state.settlements) {
    sim.state.settlements = settlementsOf(sim.state);
    for (const id in sim.state.settlements) markSettlement(sim, id); // the table's records, now stored
  }
  const s = sim.state.settlements[settlementId]!;
  markSettlement(sim, s.id);
  s.raidedTick = sim.state.tick;
  sim.state.metal += RAID_METAL;
  sim.emit({ type: "settlementRaided", unitId: "", partyId: "", amount: RAID_METAL, detail: s.id });
  if (s.kind === "camp") {
    s.hostile = true; // INV-33
    sendExpedition(sim, "camp", s.id);
  } else {
    sendExpedition(sim, "punitive", s.id); // INV-32
  }
}

/**
 * INV-50: at {@link FUGITIVE_HOUR}:00 of day {@link FUGITIVE_FIRST_DAY} and every
 * {@link FUGITIVE_EVERY_DAYS} days after, a fugitive from the next settlement in table order asks
 * to hide (`offerFugitive`, emits `fugitiveAsks`), unless one is still waiting for an answer.
 * Draws nothing.
 */
export function stepFugitives(sim: Simulation): void {
  const tick = sim.state.tick;
  if (tick % TICKS_PER_GAME_DAY !== FUGITIVE_HOUR * TICKS_PER_GAME_HOUR) return;
  const day = Math.floor(tick / TICKS_PER_GAME_DAY) + 1;
  if (day < FUGITIVE_FIRST_DAY || (day - FUGITIVE_FIRST_DAY) % FUGITIVE_EVERY_DAYS !== 0) return;
  if (sim.state.invasion.fugitiveOffer) return;
  const n = (day - FUGITIVE_FIRST_DAY) / FUGITIVE_EVERY_DAYS;
  const from = SETTLEMENTS[n % SETTLEMENTS.length]!;
  offerFugitive(sim, `Fugitive of ${from.name}`);
}
