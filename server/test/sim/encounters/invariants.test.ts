import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d20Sim, hero, minion } from "./helpers.ts";

const SEEDS = 40;
const TICKS = 200;

describe("encounters: headless invariants over many seeded fights", () => {
  it("D20-FLOW-24, D20-FLOW-25, D20-FLOW-38, D20-HP-10, D20-HP-21: no one acts twice in a round, at most one reaction per round, HP within 0..max, the dead never act", () => {
    let turns = 0, ended = 0, reactions = 0, deaths = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const sim = d20Sim(seed);
      const heroes: UnitRecord[] = [], foes: UnitRecord[] = [];
      const n = 1 + sim.rng.int(0, 2), k = 1 + sim.rng.int(0, 2);
      for (let i = 0; i < n; i++) {
        heroes.push(hero(sim, 3 + i, 3 + sim.rng.int(0, 4), {
          level: 1 + sim.rng.int(0, 3),
          gear: { weapon: "sword", blunt: false, ranged: sim.rng.int(0, 3) === 0, armour: "leather", helm: 0 },
        }));
      }
      for (let i = 0; i < k; i++) foes.push(minion(sim, 8 + i, 3 + sim.rng.int(0, 4), { faction: seed % 2 === 0 ? "dungeon" : "wild" }));
      for (const h of heroes) h.targetId = foes[0]!.id;
      const seen = new Set<string>();
      const dead = new Set<string>();
      const roundOf = new Map<string, number>();
      const reacted = new Map<string, number>();
      for (let t = 0; t < TICKS; t++) {
        const events: SimEvent[] = sim.step();
        for (const e of events) {
          if (e.type === "turnStarted") {
            turns++;
            const key = `${e.encounterId}/${e.round}/${e.unitId}`;
            expect(seen.has(key), `acted twice: ${key} (seed ${seed})`).toBe(false);
            seen.add(key);
            expect(dead.has(e.unitId), `a dead unit took a turn (seed ${seed})`).toBe(false);
            roundOf.set(e.encounterId, e.round);
          } else if (e.type === "attack") {
            expect(dead.has(e.attackerId), `a dead unit attacked (seed ${seed})`).toBe(false);
          } else if (e.type === "reaction") {
            reactions++;
            expect(dead.has(e.unitId)).toBe(false);
            const enc = encounterOf(sim, e.unitId);
            if (!enc) continue;
            const key = `${enc.id}/${roundOf.get(enc.id) ?? enc.round}/${e.unitId}`;
            reacted.set(key, (reacted.get(key) ?? 0) + 1);
            expect(reacted.get(key), `two reactions in one round: ${key} (seed ${seed})`).toBeLessThanOrEqual(1);
          } else if (e.type === "knockedOut" && e.outcome === "dead") {
            dead.add(e.unitId);
            deaths++;
          } else if (e.type === "encounterEnded") ended++;
        }
        for (const id in sim.state.units) {
          const d = d20Of(sim.state.units[id]!);
          expect(d.hp).toBeGreaterThanOrEqual(0);
          expect(d.hp).toBeLessThanOrEqual(d.maxHp);
        }
        for (const enc of Object.values(sim.state.encounters ?? {})) {
          expect(new Set(enc.acted).size).toBe(enc.acted.length);
          for (const v of Object.values(enc.reactions)) expect(v).toBeLessThanOrEqual(1);
        }
      }
    }
    // The run is not vacuous: fights happened, ended, and used reactions; some ended in death.
    expect(turns).toBeGreaterThan(SEEDS * 5);
    expect(ended).toBeGreaterThan(SEEDS / 2);
    expect(reactions).toBeGreaterThan(SEEDS);
    expect(deaths).toBeGreaterThan(0);
  });
});
