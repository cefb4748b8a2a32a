import { formatGameTime, gameTimeOfTick, type CommandResult, type SimEvent } from "@malignus/client-sdk";

/** Looks up a readable name for a unit or part id; `undefined` when unknown. */
export type NameOf = (id: string) => string | undefined;

/**
 * One readable line for a simulation event, prefixed with its game time:
 * `[day 2 05:10] trapFired       trigger #3 set off by Aldo fired spinningBlades #4 at (7,15); victims: Aldo`.
 *
 * @param nameOf Resolves unit ids to names (e.g. from the room state); ids are shown as `#id` otherwise.
 */
export function formatEvent(event: SimEvent, nameOf: NameOf = () => undefined): string {
  const who = (id: string | null) => (id === null ? "nobody" : nameOf(id) ?? `#${id}`);
  const list = (ids: readonly string[]) => (ids.length === 0 ? "none" : ids.map(who).join(", "));
  return `[${formatGameTime(gameTimeOfTick(event.tick))}] ${event.type.padEnd(15)} ${describe(event, who, list)}`;
}

function describe(event: SimEvent, who: (id: string | null) => string, list: (ids: readonly string[]) => string): string {
  switch (event.type) {
    case "hour":
      return `day ${event.day}, ${String(event.hour).padStart(2, "0")}:00`;
    case "partPlaced":
      return `${event.kind} #${event.partId} at (${event.x},${event.y}): construction site`;
    case "partBuilt":
      return `${event.kind} #${event.partId} built by ${who(event.builderId)}`;
    case "partRemoved":
    case "cableRemoved":
      return `#${event.id}`;
    case "cableLaid": {
      const hops = event.hops.length === 0 ? "" : `, hops at ${event.hops.map((p) => `(${p.x},${p.y})`).join(" ")}`;
      const joined = event.joined.length === 0 ? "" : `, joined ${event.joined.map((id) => `#${id}`).join(", ")}`;
      return `cable #${event.cableId} on network #${event.networkId}${joined}${hops}`;
    }
    case "invasionStarted":
      return `invasion ${event.invasionNumber}: a party of ${event.size} adventurer${event.size === 1 ? "" : "s"} sets out (party #${event.partyId})`;
    case "partySpotted": {
      // "Peasant 1 (level 0)", "Aldo (fighter, level 3)": the class only when the name does not already say it.
      const members = event.members.map((m) => {
        const saysClass = m.name.toLowerCase().startsWith(m.adventurerClass.toLowerCase());
        return `${m.name} (${saysClass ? "" : `${m.adventurerClass}, `}level ${m.level})`;
      }).join(", ");
      return `party #${event.partyId} spotted by ${who(event.spottedBy)} (${event.how}), goal ${event.goal}: ${members}`;
    }
    case "trapFired": {
      const by = `trigger #${event.triggerId} set off by ${who(event.byUnitId)}`;
      if (event.mechanismId === null) return `${by} at (${event.x},${event.y}) fired nothing`;
      return `${by} fired ${event.mechanism} #${event.mechanismId} at (${event.x},${event.y}); victims: ${list(event.victims)}`;
    }
    case "attack":
      return `${who(event.attackerId)} attacks ${who(event.targetId)}: ${event.hit ? "hit" : "miss"} (${event.attackRoll} vs ${event.defenceRoll})`;
    case "wound":
      return `${who(event.targetId)} takes a ${event.severity} wound to the ${event.location} from ${who(event.sourceId)} (${event.woundPoints} wound points)`;
    case "knockedOut":
      return `${who(event.unitId)} is ${event.outcome} (${event.cause === "headWound" ? "head wound" : "too many wound points"})`;
    case "woke":
      return `${who(event.unitId)} wakes up`;
    case "captured":
      return `${who(event.unitId)} taken prisoner by ${who(event.byUnitId)}`;
    case "escaped":
      return `${who(event.unitId)} escaped`;
    case "invasionEnded": {
      const fates = Object.entries(event.fates).map(([id, fate]) => `${who(id)} ${fate}`).join(", ");
      return `invasion ${event.invasionNumber} over, party #${event.partyId}: ${fates || "no members"}`;
    }
    case "trapResisted":
      return `${who(event.unitId)} resists the ${event.mechanism} #${event.sourceId} (roll ${event.roll}, total ${event.total}, bonus ${event.bonus})`;
    case "triggerDefused":
      return event.success
        ? `${who(event.unitId)} defuses trigger #${event.triggerId} (party #${event.partyId})`
        : `${who(event.unitId)} fails to defuse trigger #${event.triggerId} and sets it off (party #${event.partyId})`;
    case "partRearmed": {
      const part = who(event.partId);
      const done = event.outcome === "rearmed" ? `rearms ${part}`
        : event.outcome === "failed" ? `fails to rearm ${part}`
          : event.outcome === "fired" ? `sets off ${part} while rearming it`
            : `botches rearming ${part}${event.riggedTriggerId === null ? "" : `, rigging trigger #${event.riggedTriggerId}`}`;
      return `${who(event.byUnitId)} ${done} (roll ${event.roll})`;
    }
    case "triggerSpotted":
      return `${who(event.unitId)} spots trigger #${event.triggerId} at (${event.x},${event.y})`;
    case "paused":
    case "resumed":
      return event.reason;
    case "noise":
      return `${event.cause === "death" ? "a death" : "a failed bash"} by ${who(event.sourceId)} at (${event.x},${event.y}) heard by ${list(event.heardBy)}; revealed: ${list(event.revealed)}`;
    case "creatureMovingIn":
      return `${who(event.unitId)} moves into lair #${event.lairId} at (${event.x},${event.y})`;
    case "creatureJoined":
      return `${who(event.unitId)} lives in lair #${event.lairId} and joins the dungeon`;
    case "caveIn": {
      const tiles = (ps: readonly { x: number; y: number }[]) => (ps.length === 0 ? "none" : ps.map((p) => `(${p.x},${p.y})`).join(" "));
      return `at (${event.x},${event.y}): rock ${tiles(event.rock)}; rubble ${tiles(event.rubble)}; spared ${tiles(event.spared)}`;
    }
    default:
      return JSON.stringify(event);
  }
}

/**
 * One readable line for a command's answer: `ok (id 3)` or `refused TRIGGER_TOO_CLOSE [TRAP-09]: …`.
 */
export function formatResult(result: CommandResult): string {
  if (result.ok) return result.id === undefined ? "ok" : `ok (id ${result.id})`;
  return `refused ${result.code}${result.rule ? ` [${result.rule}]` : ""}: ${result.reason}`;
}
