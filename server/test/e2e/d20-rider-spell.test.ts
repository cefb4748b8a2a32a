import { describe, expect, it } from "vitest";
import { connect, type SimEventOf } from "@malignus/client-sdk";
import { inProcessServer, recordEvents } from "./harness.ts";

/**
 * A rider and a caster in a live d20 room, over a real WebSocket (issue 7, d20finish). The first
 * party is a Skyrider (room option `d100.firstParty`, which sets the first party in any ruleset):
 * in d20 it arrives riding its griffon, a Large trained mount (D20-MOUNT-14, D20-SIZE-01), and
 * knows the spell `gust` (2 Mana of its 4). An adventurer player claims it; the keeper sets a
 * minion on it. The thin client reads only its projected `turnOptions`: on each turn, while the
 * options name a target for a castable spell it casts it there; otherwise it moves its mount
 * (`moverId` is the griffon's, D20-MOUNT-17) to the listed tile nearest the minion, keeping the
 * turn open, then casts from the refreshed options if it can, or waits. The spectator's log
 * shows the griffon and its rider moving together and each cast as the rider's attack.
 */

const server = inProcessServer();

interface Turn { key: string; moverId: string; moverMovementLeft: number; movementLeft: number; spell: { name: string; cost: number; affordable: boolean; castable: boolean; targets: string[] } | undefined; sent: string; moveMode: string; cost?: number; endMode?: string }

describe("a d20 rider casting from its options over a real connection", () => {
  it("D20-MOUNT-16, D20-MOUNT-17, D20-ACTION-07 to D20-ACTION-09: a Skyrider moves its griffon and casts gust from its options; Mana 4 pays two casts", async () => {
    const client = connect(server.url());
    const keeper = await client.createDungeon({ seed: 424242, ruleset: "d20", timeScale: 1000, pauseOnSpot: true, spectatorsSeeAll: true, d100: { firstParty: ["Skyrider"] } }, { role: "keeper" });
    server.track(keeper);
    const spectator = await client.spectate(keeper.roomId);
    server.track(spectator);
    const { seen, eventually } = recordEvents(spectator);

    const minions: string[] = [];
    keeper.state.units.forEach((u, id) => { if (u.kind === "minion") minions.push(id); });
    const spotted = await eventually("partySpotted", () => true, 40_000);
    const riderId = spotted.members[0]!.unitId;
    const griffonId = [...spectator.state.units.entries()].find(([, u]) => u.species === "griffon")?.[0] ?? "";
    expect(griffonId).not.toBe("");
    const hero = await client.joinAsAdventurer(keeper.roomId, riderId);
    server.track(hero);
    // A thin client learns who rides what from the rider's `riding` field (D20-MOUNT-14).
    expect(spectator.state.units.get(riderId)?.riding).toBe(griffonId);

    const turns: Turn[] = [];
    const results: Promise<unknown>[] = [];
    const casts: { target: string; key: string }[] = [];
    let key = "", phase: "fresh" | "moved" = "fresh", movedFrom = -1;
    hero.onStateChange((state) => {
      const o = state.turnOptions.get(riderId);
      if (!o) return;
      const k = `${o.encounterId}:${o.round}`;
      if (k !== key) { key = k; phase = "fresh"; } else if (phase === "fresh" || o.moverMovementLeft === movedFrom) return; // answered, or the refresh has not come yet
      const sp = o.d20Spells.at(0);
      const spell = sp ? { name: sp.name, cost: sp.cost, affordable: sp.affordable, castable: sp.castable, targets: sp.targets.toArray() } : undefined;
      const turn: Turn = { key: k, moverId: o.moverId, moverMovementLeft: o.moverMovementLeft, movementLeft: o.movementLeft, spell, sent: "", moveMode: o.moveMode };
      turns.push(turn);
      const foe = spell?.targets.find((id) => minions.includes(id) || state.units.get(id)?.kind !== "adventurer" && id !== griffonId);
      if (spell?.castable && foe) {
        turn.sent = "cast";
        casts.push({ target: foe, key: k });
        results.push(hero.planTurn({ action: "steps", steps: [{ kind: "cast", spell: spell.name, targetId: foe }] }));
        phase = "moved";
        return;
      }
      if (phase === "fresh" && o.moverId !== "" && o.reachable.length > 0 && o.actions.includes("move")) {
        // Toward the nearest creature of another side it sees: the listed tile closest to it (else the first listed).
        const me = state.units.get(riderId)!;
        let target: { x: number; y: number } | undefined;
        const dist = (a: { x: number; y: number }) => Math.max(Math.abs(a.x - me.x), Math.abs(a.y - me.y));
        state.units.forEach((u, id) => {
          if (id !== riderId && id !== griffonId && u.kind !== "adventurer" && u.hp > 0 && (!target || dist(u) < dist(target))) target = u;
        });
        const w = state.width;
        let best = 0;
        o.reachable.forEach((t, i) => {
          const d = (j: number) => (target ? Math.max(Math.abs((j % w) - target.x), Math.abs(Math.floor(j / w) - target.y)) : 0);
          if (d(t) < d(o.reachable.at(best)!)) best = i;
        });
        const tile = o.reachable.at(best)!;
        turn.sent = "move";
        turn.cost = o.reachableCost.at(best)!;
        turn.endMode = o.reachableMode.at(best)!;
        movedFrom = o.moverMovementLeft;
        phase = "moved";
        results.push(hero.planTurn({ action: "move", x: tile % w, y: Math.floor(tile / w), keepTurn: true }));
        return;
      }
      turn.sent = "wait";
      phase = "moved";
      results.push(hero.planTurn({ action: "wait" }));
    });
    expect(await keeper.command("orderAttack", { unitId: minions[0]!, targetId: riderId })).toEqual({ ok: true });

    const started = await eventually("encounterStarted", (e) => e.order.includes(riderId), 30_000);
    const ended = await eventually("encounterEnded", (e) => e.encounterId === started.encounterId, 90_000);
    for (const r of results) expect(await r).toEqual({ ok: true });
    const during = seen.slice(seen.indexOf(started), seen.indexOf(ended) + 1);

    // The griffon is in the fight and never has a turn of its own (D20-MOUNT-16); every option set moved it, not the rider.
    expect(started.order).toContain(griffonId);
    // While its rider is up, the griffon's own slot plays nothing (no plan, no attack).
    const riderDown = during.findIndex((e) => e.type === "knockedOut" && e.unitId === riderId);
    const ridden = riderDown < 0 ? during : during.slice(0, riderDown);
    expect(ridden.filter((e) => (e.type === "turnPlanPlayed" && e.unitId === griffonId) || (e.type === "attack" && e.attackerId === griffonId))).toEqual([]);
    expect(turns.length).toBeGreaterThan(0);
    for (const t of turns) expect(t.moverId).toBe(griffonId);
    // A fresh turn: the griffon's own 6 × its mode's factor (walking 1, flying 2: d20finish, D20-MOVE-17), the rider's 6 untouched.
    const factor = (mode: string) => (mode === "fly" ? 2 : mode === "swim" ? 0.5 : 1);
    const fresh = turns.filter((t, i) => i === 0 || turns[i - 1]!.key !== t.key);
    for (const t of fresh) expect([t.moverMovementLeft, t.movementLeft]).toEqual([6 * factor(t.moveMode), 6]);

    // A move of the griffon (D20-MOUNT-17): the refreshed options of that turn show what it had less the tile's listed cost (in the
    // units of the mode it started in, then × new ÷ old factor when the way took off or landed, D20-MOVE-21), the rider's own 6 untouched.
    const moves = turns.filter((t) => t.sent === "move");
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) {
      const next = turns[turns.indexOf(m) + 1];
      if (next?.key === m.key) expect([next.moverId, next.moverMovementLeft, next.movementLeft]).toEqual([griffonId, ((m.moverMovementLeft - m.cost!) * factor(m.endMode!)) / factor(m.moveMode), 6]);
    }
    expect(moves.some((m) => turns[turns.indexOf(m) + 1]?.key === m.key)).toBe(true);
    // Every plan the client sent from its options was played without a refusal.
    const plays = during.filter((e): e is SimEventOf<"turnPlanPlayed"> => e.type === "turnPlanPlayed" && e.unitId === riderId);
    expect(plays.length).toBeGreaterThan(0);
    for (const p of plays) expect(p.refusals.every((r) => r === null)).toBe(true);

    // It cast at least once; each cast is the rider's attack on the named target at that tick, and Mana 4 pays exactly two casts of 2.
    expect(casts.length).toBeGreaterThan(0);
    const castTurns = turns.filter((t) => t.sent === "cast");
    expect(castTurns.map((t) => t.spell!.affordable)).toEqual(castTurns.map(() => true));
    expect(castTurns.length).toBeLessThanOrEqual(2);
    const afterTwo = turns.filter((_, i) => turns.slice(0, i).filter((t) => t.sent === "cast").length >= 2);
    for (const t of afterTwo) expect([t.spell!.affordable, t.spell!.castable]).toEqual([false, false]);
    for (const c of casts) {
      const play = plays.find((p) => during.some((e) => e.type === "attack" && e.tick === p.tick && e.attackerId === riderId && e.targetId === c.target));
      expect(play, `cast on ${c.target}`).toBeDefined();
    }
    // The mount's moves carried the rider: whenever the griffon moved in the fight, the rider stood on its tile in the state.
    const g = spectator.state.units.get(griffonId), r = spectator.state.units.get(riderId);
    if (g && r && r.hp > 0) expect([r.x, r.y]).toEqual([g.x, g.y]);
  }, 150_000);
});
