import type { DungeonConnection, MalignusClient } from "@malignus/client-sdk";
import { COMMAND_TYPES } from "@malignus/shared";

/**
 * Commands an adventurer player would send to play its turns. None exists yet in the shared
 * command list (only keeper commands do), so the adventurer bot claims a seat and watches, and
 * says so in the report. When such commands land, list them here and give the bot a turn loop.
 */
export const ADVENTURER_TURN_COMMANDS: readonly string[] = ["adventurerAct", "adventurerMove"];

/** True when the server's command list has a command for adventurer turns. */
export function adventurerTurnsAvailable(commands: readonly string[] = COMMAND_TYPES): boolean {
  return ADVENTURER_TURN_COMMANDS.some((c) => commands.includes(c));
}

/** What one adventurer bot did. */
export interface AdventurerOutcome {
  /** True once a seat was claimed. */
  seated: boolean;
  /** Real ms from the first try to the seat, when seated. */
  seatMs: number | null;
  /** Join attempts refused (no party yet, or every member taken). */
  refusals: number;
  connection: DungeonConnection | null;
}

/**
 * The adventurer bot: waits for a party in `roomId` (polling `GET /rooms` for open adventurer
 * seats every `pollMs`) and claims one with `joinAsAdventurer`; it then reads the state it
 * receives. Playing turns is NOT available yet (see {@link ADVENTURER_TURN_COMMANDS}): the bot
 * holds the seat and watches.
 * @returns the outcome once seated or once `signal` aborts.
 */
export async function runAdventurerBot(client: MalignusClient, roomId: string, name: string, signal: AbortSignal, pollMs = 2000): Promise<AdventurerOutcome> {
  const out: AdventurerOutcome = { seated: false, seatMs: null, refusals: 0, connection: null };
  const t0 = performance.now();
  while (!signal.aborted) {
    let open: string[] = [];
    try {
      const listing = (await client.listDungeons()).find((d) => d.roomId === roomId);
      open = listing?.openAdventurerSeats ?? [];
    } catch { /* the server may be busy: try again */ }
    if (open.length > 0) {
      try {
        out.connection = await client.joinAsAdventurer(roomId, undefined, name);
        out.seated = true;
        out.seatMs = performance.now() - t0;
        return out;
      } catch {
        out.refusals++;
      }
    }
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, pollMs);
      signal.addEventListener("abort", () => { clearTimeout(t); resolve(); }, { once: true });
    });
  }
  return out;
}
