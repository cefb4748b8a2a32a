import { describe, expect, it } from "vitest";
import { connect, type SimEventOf } from "@malignus/client-sdk";
import { inProcessServer, recordEvents } from "./harness.ts";

/**
 * A d20 fight played by an adventurer player end to end, over a real WebSocket: a keeper creates
 * a d20 dungeon; when the first party (one peasant) is spotted an adventurer player claims the
 * peasant, the keeper orders a minion to attack it (`orderAttack`), and on each of its turns the
 * player reads its options from its own view of the state (`turnOptions`, which the keeper's view
 * never holds) and plans an attack (`planTurn`). The spectator's event log shows, turn by turn, the rules at work: one turn per
 * participant per round, the player's plan played on its turn (not the AI's), the attack it named.
 */

const server = inProcessServer();

describe("a d20 encounter played by an adventurer player over a real connection", () => {
  it("D20-FLOW-19, D20-FLOW-24, D20-FLOW-27: the player's plans are played on its turns and every participant acts once a round", async () => {
    const client = connect(server.url());
    const keeper = await client.createDungeon({ seed: 424242, ruleset: "d20", timeScale: 1000, pauseOnSpot: true, spectatorsSeeAll: true }, { role: "keeper" });
    server.track(keeper);
    const spectator = await client.spectate(keeper.roomId);
    server.track(spectator);
    const { seen, eventually } = recordEvents(spectator);

    const minions: string[] = [];
    keeper.state.units.forEach((u, id) => { if (u.kind === "minion") minions.push(id); });
    expect(minions.length).toBe(3);
    const spotted = await eventually("partySpotted", () => true, 40_000);
    const peasantId = spotted.members[0]!.unitId;
    const hero = await client.joinAsAdventurer(keeper.roomId, peasantId);
    server.track(hero);

    // The thin client: on each new turn of its own, attack the first foe in reach (`targets`), else the
    // nearest minion (the one-word attack plan walks toward it first).
    const sent: { round: number; encounterId: string; targetId: string; result: Promise<unknown> }[] = [];
    let last = "";
    hero.onStateChange((state) => {
      const o = state.turnOptions.get(peasantId);
      if (!o || `${o.encounterId}:${o.round}` === last) return;
      last = `${o.encounterId}:${o.round}`;
      let targetId = o.targets.at(0) ?? "";
      const me = spectator.state.units.get(peasantId)!;
      let best = Number.POSITIVE_INFINITY;
      if (targetId === "") {
        spectator.state.units.forEach((u, id) => {
          const d = Math.max(Math.abs(u.x - me.x), Math.abs(u.y - me.y));
          if (u.kind === "minion" && u.hp > 0 && d < best) { best = d; targetId = id; }
        });
      }
      sent.push({ round: o.round, encounterId: o.encounterId, targetId, result: hero.planTurn({ action: "attack", targetId }) });
    });
    // The options are the player's own: the keeper's view never holds any.
    let keeperSaw = 0;
    keeper.onStateChange((state) => { keeperSaw = Math.max(keeperSaw, state.turnOptions.size); });
    expect(await keeper.command("orderAttack", { unitId: minions[0]!, targetId: peasantId })).toEqual({ ok: true });

    const started = await eventually("encounterStarted", (e) => e.order.includes(peasantId), 30_000);
    const ended = await eventually("encounterEnded", (e) => e.encounterId === started.encounterId, 60_000);
    const during = seen.slice(seen.indexOf(started), seen.indexOf(ended) + 1);
    for (const s of sent) expect(await s.result).toEqual({ ok: true });

    // D20-FLOW-19, D20-FLOW-24: in each round every participant has at most one turn, in initiative order.
    const turns = during.filter((e): e is SimEventOf<"turnStarted"> => e.type === "turnStarted" && e.encounterId === started.encounterId);
    const byRound = new Map<number, string[]>();
    for (const t of turns) byRound.set(t.round, [...(byRound.get(t.round) ?? []), t.unitId]);
    for (const ids of byRound.values()) {
      expect(new Set(ids).size).toBe(ids.length);
      const slots = ids.map((id) => started.order.indexOf(id)).filter((i) => i >= 0);
      expect(slots).toEqual([...slots].sort((a, b) => a - b));
    }
    // D20-FLOW-24, D20-FLOW-27: each plan the player sent is played on its turn of that round, and
    // its attack goes to the foe it named; a turn without a plan is never reported as played.
    const mine = turns.filter((t) => t.unitId === peasantId);
    expect(sent.length).toBeGreaterThan(0);
    let attacked = 0;
    for (const t of mine) {
      const plan = sent.find((s) => s.encounterId === started.encounterId && s.round === t.round);
      const same = during.filter((e) => e.tick === t.tick);
      const played = same.find((e): e is SimEventOf<"turnPlanPlayed"> => e.type === "turnPlanPlayed" && e.unitId === peasantId);
      if (!plan) { expect(played).toBeUndefined(); continue; }
      expect(played).toBeDefined();
      const attacks = same.filter((e): e is SimEventOf<"attack"> => e.type === "attack" && e.attackerId === peasantId);
      // A one-word attack plan plays [attack] or [move, attack] in reach, else [move] or nothing (out of reach).
      expect(attacks.length).toBeLessThanOrEqual(1);
      for (const a of attacks) expect(a.targetId).toBe(plan.targetId);
      if (played!.refusals.length === 2) expect(attacks.length).toBe(played!.refusals[1] === null ? 1 : 0);
      if (played!.refusals.length === 0) expect(attacks).toEqual([]);
      attacked += attacks.length;
    }
    expect(attacked).toBeGreaterThan(0);
    expect(keeperSaw).toBe(0);
    expect(during.filter((e) => e.type === "turnPlanPlayed").length).toBe(sent.filter((s) => s.encounterId === started.encounterId).length);
  }, 120_000);
});
