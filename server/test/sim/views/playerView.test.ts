import { describe, expect, it } from "vitest";
import {
  adventurerKnowsPart, adventurerMayKnowUnit, adventurerSeesTile, adventurerSeesUnit, keeperSeesId, lazyContext, playerView,
  revealedToKeeper, seatViewer, seesKeeperFields,
} from "../../../src/sim/views/index.ts";
import { perceptionRange } from "../../../src/sim/combat/perception.ts";
import { learn } from "../../../src/sim/knowledge/knowledge.ts";
import { viewScene } from "./helpers.ts";

describe("seatViewer: whose eyes a seat looks through", () => {
  it("a keeper as the keeper, a spectator as the keeper or everything (spectatorsSeeAll), an adventurer through its unit", () => {
    expect(seatViewer("keeper", undefined, true)).toEqual({ kind: "keeper" });
    expect(seatViewer("spectator", undefined, false)).toEqual({ kind: "keeper" });
    expect(seatViewer("spectator", undefined, true)).toEqual({ kind: "all" });
    expect(seatViewer("adventurer", "12", true)).toEqual({ kind: "adventurer", unitId: "12" });
    expect(() => seatViewer("adventurer", undefined, false)).toThrow("an adventurer seat needs its unit id");
    expect([seesKeeperFields({ kind: "keeper" }), seesKeeperFields({ kind: "all" }), seesKeeperFields({ kind: "adventurer", unitId: "12" })]).toEqual([true, true, false]);
  });
});

describe("the keeper's fog (INV-69, INV-71)", () => {
  it("INV-69, INV-71: the intruders stay hidden until a minion perceives them; its own side and its parts always show", () => {
    const s = viewScene();
    const ctx = lazyContext(s.sim);
    expect(perceptionRange(s.minion)).toBe(5);
    expect([...revealedToKeeper(s.sim)]).toEqual([]);
    expect([keeperSeesId(ctx, s.minion.id), keeperSeesId(ctx, s.hero.id), keeperSeesId(ctx, "nobody")]).toEqual([true, false, false]);
    expect(playerView(ctx, { kind: "keeper" })).toEqual({
      units: [s.minion.id], parts: [s.plate, s.darts, s.farPlate, s.farDarts], cables: [s.cable, s.farCable],
      parties: [], journals: [], keeperFields: true,
    });
    // The minion steps to 7,5: the hero (5 tiles) and its companion (4) are within its sight; the far one is not.
    s.minion.x = 7;
    s.minion.y = 5;
    expect([...revealedToKeeper(s.sim)]).toEqual([s.hero.id, s.near.id]);
    expect(playerView(lazyContext(s.sim), { kind: "keeper" }).units).toEqual([s.hero.id, s.near.id, s.minion.id]);
    // INV-05, KNOW-50: the party and its Journals once spotted.
    s.sim.state.parties[s.partyId]!.spotted = true;
    const spotted = playerView(lazyContext(s.sim), { kind: "keeper" });
    expect([spotted.parties, spotted.journals]).toEqual([[s.partyId], [s.hero.id, s.near.id, s.far.id]]);
  });

  it("a see-all spectator sees every record", () => {
    const s = viewScene();
    expect(playerView(lazyContext(s.sim), { kind: "all" })).toEqual({
      units: [s.hero.id, s.near.id, s.far.id, s.minion.id], parts: [s.plate, s.darts, s.farPlate, s.farDarts],
      cables: [s.cable, s.farCable], parties: [s.partyId], journals: [s.hero.id, s.near.id, s.far.id], keeperFields: true,
    });
  });
});

describe("an adventurer's view (CMB-02 to CMB-04, KNOW-03, KNOW-04, INV-05, KNOW-50)", () => {
  it("its unit, the units it perceives, the parts it knows, its party and its own Journal; never a cable or a keeper-only field", () => {
    const s = viewScene();
    const me = { kind: "adventurer", unitId: s.hero.id } as const;
    expect(perceptionRange(s.hero)).toBe(5);
    expect(playerView(lazyContext(s.sim), me)).toEqual({
      units: [s.hero.id, s.near.id], parts: [], cables: [], parties: [s.partyId], journals: [s.hero.id], keeperFields: false,
    });
    learn(s.sim, s.hero, s.plate);
    learn(s.sim, s.hero, s.farDarts); // known places need not be in sight (KNOW-04)
    expect(playerView(lazyContext(s.sim), me).parts).toEqual([s.plate, s.farDarts]);
    expect([adventurerKnowsPart(s.sim, s.hero, { id: s.plate }), adventurerKnowsPart(s.sim, s.near, { id: s.plate })]).toEqual([true, false]);
  });

  it("CMB-02 to CMB-04: perception is 3 + 2 × Tracking tiles with a clear line; an unconscious adventurer perceives only itself", () => {
    const s = viewScene();
    const sees = (id: string) => adventurerSeesUnit(s.sim, s.hero.id, id);
    expect([sees(s.hero.id), sees(s.near.id), sees(s.far.id), sees(s.minion.id)]).toEqual([true, true, false, false]);
    expect([adventurerSeesTile(s.sim, s.hero, 7, 5), adventurerSeesTile(s.sim, s.hero, 8, 5), adventurerSeesTile(s.sim, s.hero, 7, 10)]).toEqual([true, false, true]);
    // INV-05: a member of its own party is known by name wherever it is; a minion out of sight is not.
    expect([adventurerMayKnowUnit(s.sim, s.hero, s.far.id), adventurerMayKnowUnit(s.sim, s.hero, s.minion.id)]).toEqual([true, false]);
    s.hero.activity = "unconscious";
    expect([sees(s.hero.id), sees(s.near.id), adventurerSeesTile(s.sim, s.hero, 2, 5)]).toEqual([true, false, false]);
  });
});
