import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { planCable } from "../traps/cables.ts";
import { markWiringChanged } from "../traps/network.ts";
import { tilePos } from "../world/grid.ts";

/**
 * Lays a cable along a dragged path of orthogonally adjacent tiles (TRAP-12, TRAP-20 to
 * TRAP-27). Where it crosses another cable straight it hops and stays separate (TRAP-21,
 * TRAP-22); at the other cable's turn or end, or where it starts or ends on a cable, it joins
 * (TRAP-24, TRAP-25), and the joined network must still hold at most one trigger, one timer and
 * one mechanism (TRAP-14, TRAP-15, TRAP-19, TRAP-27). See `planCable` (traps/cables.ts) for the
 * refusal codes. Emits `cableLaid` with the hop tiles, the network id and the joined cable ids.
 * @returns `{ ok: true, id }` with the new cable's id.
 */
export const wire: CommandHandler<"wire"> = (sim, { path }): CommandResult => {
  const plan = planCable(sim, String(sim.state.nextId), path);
  if (!("cable" in plan)) return plan;
  const id = sim.newId();
  sim.state.cables[id] = plan.cable;
  markWiringChanged(sim);
  sim.emit({
    type: "cableLaid",
    cableId: id,
    networkId: plan.network.id,
    hops: plan.cable.hops.map((t) => tilePos(sim.state.map, t)),
    joined: plan.joined,
  });
  return { ok: true, id };
};
