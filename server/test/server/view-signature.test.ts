import { describe, expect, it } from "vitest";
import { Encoder, StateView } from "@colyseus/schema";
import { DungeonState, KEEPER_VIEW_TAG } from "@malignus/shared/schema";
import { projectMap, projectState, structureStamp, structureVersion, unitsMarked, unitsUnchanged } from "../../src/rooms/projection.ts";
import {
  KEEPER_TAGGED_COLLECTIONS, StepViewContext, VIEW_RULES, ViewSignature, checkView, initView, lazyContext, revealedToKeeper, syncChangedView, syncView, viewSignature, viewerKey,
  type ViewRule, type Viewer,
} from "../../src/rooms/views.ts";
import type { Simulation } from "../../src/sim/index.ts";
import { playerView } from "../../src/sim/views/index.ts";
import { markUnit } from "../../src/sim/changes.ts";
import { placeUnit } from "../../src/sim/world/unitIndex.ts";
import { learn } from "../../src/sim/knowledge/knowledge.ts";
import { defaultSim } from "../sim/helpers.ts";
import { applyKeeperBotAction } from "./harness.ts";
import { BotRandom } from "../../../loadtest/src/bots/rand.ts";

interface Watched { viewer: Viewer; view: StateView; signature: ViewSignature; last: string | undefined }

/** A room's state and shared views, stepped as RoomViews.project does (rooms/roomViews.ts) (numeric signatures). */
function setUp(seed: number): { sim: Simulation; state: DungeonState; ctx: StepViewContext; watched: Watched[] } {
  const sim = defaultSim(seed, { pauseOnSpot: false });
  const state = new DungeonState();
  projectMap(state, sim.state);
  projectState(state, sim, 1);
  new Encoder(state); // attaches the state, as the room's serializer does
  const ctx = new StepViewContext(sim);
  const watched: Watched[] = [];
  for (const viewer of [{ kind: "keeper" }, { kind: "all" }] as Viewer[]) {
    const view = new StateView();
    initView(view, state, viewer);
    syncView(view, state, lazyContext(sim), viewer);
    watched.push({ viewer, view, signature: new ViewSignature(), last: undefined });
  }
  return { sim, state, ctx, watched };
}

/** Projects, and re-syncs the watched view when its signature says it changed; true when it did. */
function stepKeeper(sim: Simulation, state: DungeonState, ctx: StepViewContext, keeper: Watched): boolean {
  projectState(state, sim, 1);
  ctx.invalidate();
  const changed = keeper.signature.changed(state, ctx, keeper.viewer, structureVersion);
  if (changed) syncView(keeper.view, state, ctx, keeper.viewer);
  return changed;
}

/** The ids of each `.view()` map's entries `view` holds, by collection. */
function held(view: StateView, state: DungeonState): Record<ViewRule["collection"], string[]> {
  const out = {} as Record<ViewRule["collection"], string[]>;
  for (const rule of VIEW_RULES) {
    const ids: string[] = [];
    (state[rule.collection] as unknown as { forEach(cb: (v: object, k: string) => void): void }).forEach((entry, id) => {
      if (view.has(entry as never)) ids.push(id);
    });
    out[rule.collection] = ids;
  }
  return out;
}

/** The ids `viewer` may see now by the rules, as {@link held} lists them. */
function wanted(sim: Simulation, state: DungeonState, viewer: Viewer): Record<ViewRule["collection"], string[]> {
  const ctx = lazyContext(sim);
  const out = {} as Record<ViewRule["collection"], string[]>;
  for (const rule of VIEW_RULES) {
    const ids: string[] = [];
    (state[rule.collection] as unknown as { forEach(cb: (v: object, k: string) => void): void }).forEach((_entry, id) => {
      if (rule.visible(ctx, viewer, id)) ids.push(id);
    });
    out[rule.collection] = ids;
  }
  return out;
}

describe("ViewSignature (issue 10: the room's numeric view signature)", () => {
  it("tells a change exactly when the string viewSignature changes, and a view synced only then holds exactly what the rules allow, through an invasion spotted, revealed and fought", () => {
    const { sim, state, ctx, watched } = setUp(3);
    sim.state.tick = sim.state.invasion.dueTick - 1;
    let changes = 0;
    let spottedAt = -1;
    let revealedSteps = 0;
    for (let step = 0; step < 3000; step++) {
      const events = sim.step();
      projectState(state, sim, 1);
      ctx.invalidate();
      for (const w of watched) {
        const string = viewSignature(state, lazyContext(sim), w.viewer, structureVersion);
        const changed = w.signature.changed(state, ctx, w.viewer, structureVersion);
        expect(changed).toBe(string !== w.last);
        w.last = string;
        if (changed) { syncView(w.view, state, ctx, w.viewer); if (w.viewer.kind === "keeper") changes++; }
        expect(held(w.view, state)).toEqual(wanted(sim, state, w.viewer));
      }
      if (spottedAt < 0 && events.some((e) => e.type === "partySpotted")) {
        spottedAt = step;
        // The step a party is spotted, the keeper's view takes its entry (INV-05).
        expect(held(watched[0]!.view, state).parties).toEqual([sim.state.invasion.partyId]);
      }
      if (revealedToKeeper(sim).size > 0) revealedSteps++;
    }
    // The run covers what the signature follows: a spotting, reveals, and many steps with no change.
    expect(spottedAt).toBeGreaterThan(0);
    expect(revealedSteps).toBeGreaterThan(0);
    expect(changes).toBeGreaterThan(2);
    expect(changes).toBeLessThan(3000);
  });

  it("INV-05, KNOW-50: a party spotted with none of its members seen changes the keeper's signature; the synced view then holds its goal and Journals, and no member", () => {
    const { sim, state, ctx, watched } = setUp(3);
    sim.state.tick = sim.state.invasion.dueTick - 1;
    for (let i = 0; i < 5; i++) sim.step(); // the party walks in, unseen (INV-69)
    const keeper = watched[0]!;
    const partyId = sim.state.invasion.partyId;
    const members = [...sim.state.parties[partyId]!.memberIds];
    const step = (): boolean => stepKeeper(sim, state, ctx, keeper);
    step();
    expect(step()).toBe(false);
    expect(revealedToKeeper(sim).size).toBe(0);
    expect(held(keeper.view, state).parties).toEqual([]);
    sim.state.parties[partyId]!.spotted = true;
    expect(step()).toBe(true);
    expect(step()).toBe(false);
    const now = held(keeper.view, state);
    expect(now.parties).toEqual([partyId]);
    expect(now.journals).toEqual(members);
    expect(now.units.filter((id) => members.includes(id))).toEqual([]);
  });

  it("a member leaving its party (partyId becoming \"\") changes the keeper's signature, and the synced view then holds that unit", () => {
    const { sim, state, ctx, watched } = setUp(3);
    sim.state.tick = sim.state.invasion.dueTick - 1;
    for (let i = 0; i < 5; i++) sim.step();
    const keeper = watched[0]!;
    const member = sim.state.parties[sim.state.invasion.partyId]!.memberIds[0]!;
    const step = (): boolean => stepKeeper(sim, state, ctx, keeper);
    step();
    expect(step()).toBe(false);
    expect(held(keeper.view, state).units.includes(member)).toBe(false);
    sim.state.units[member]!.partyId = "";
    markUnit(sim, member); // a write outside a tick marks what it writes (sim/changes.ts)
    expect(step()).toBe(true);
    expect(held(keeper.view, state).units.includes(member)).toBe(true);
  });

  it("answers true on its first call and for an adventurer whenever the unit marks are not given, false while nothing changed", () => {
    const { sim, state, ctx } = setUp(1);
    const keeper = new ViewSignature();
    expect(keeper.changed(state, ctx, { kind: "keeper" }, structureVersion)).toBe(true);
    expect(keeper.changed(state, ctx, { kind: "keeper" }, structureVersion)).toBe(false);
    sim.step();
    projectState(state, sim, 1);
    ctx.invalidate();
    expect(keeper.changed(state, ctx, { kind: "keeper" }, structureVersion)).toBe(false);
    const adventurer = new ViewSignature();
    expect(adventurer.changed(state, ctx, { kind: "adventurer", unitId: "1" }, structureVersion)).toBe(true);
    expect(adventurer.changed(state, ctx, { kind: "adventurer", unitId: "1" }, structureVersion)).toBe(true);
  });
});

describe("StepViewContext", () => {
  it("computes the revealed set afresh after invalidate, in the same Set, with revealedToKeeper's ids in order", () => {
    const { sim, ctx } = setUp(3);
    sim.state.tick = sim.state.invasion.dueTick - 1;
    const first = ctx.revealed;
    expect([...first]).toEqual([]);
    let seen = 0;
    for (let step = 0; step < 3000 && seen === 0; step++) {
      sim.step();
      ctx.invalidate();
      expect([...ctx.revealed]).toEqual([...revealedToKeeper(sim)]);
      seen = ctx.revealed.size;
    }
    expect(seen).toBeGreaterThan(0);
    expect(ctx.revealed).toBe(first);
  });

  it("issue 20 part 2: invalidateUnlessSame keeps the revealed set only while no unit was marked (projection.ts unitsUnchanged), and it always equals revealedToKeeper", () => {
    const { sim, state, ctx } = setUp(3);
    sim.state.tick = sim.state.invasion.dueTick - 1;
    projectState(state, sim, 1);
    let kept = 0, computed = 0, seenMax = 0;
    for (let step = 0; step < 1500; step++) {
      sim.step();
      projectState(state, sim, 1);
      const same = unitsUnchanged(state);
      ctx.invalidateUnlessSame(same);
      if (same) kept++; else computed++;
      expect([...ctx.revealed]).toEqual([...revealedToKeeper(sim)]);
      seenMax = Math.max(seenMax, ctx.revealed.size);
    }
    expect({ kept, computed, seenMax }).toEqual({ kept: 1404, computed: 96, seenMax: 1 }); // 96 steps moved or changed a unit
  });
});

describe("viewerKey", () => {
  it("is `keeper`, `all`, or `adventurer:<unitId>`, following a viewer whose unit changes", () => {
    expect(viewerKey({ kind: "keeper" })).toBe("keeper");
    expect(viewerKey({ kind: "all" })).toBe("all");
    const viewer: { kind: "adventurer"; unitId: string } = { kind: "adventurer", unitId: "12" };
    expect(viewerKey(viewer)).toBe("adventurer:12");
    expect(viewerKey(viewer)).toBe("adventurer:12");
    viewer.unitId = "7";
    expect(viewerKey(viewer)).toBe("adventurer:7");
  });
});

describe("syncView maps the core's playerView onto a StateView (issue 15 part 5)", () => {
  it("through an invasion, the keeper's, a see-all spectator's and an adventurer player's views hold exactly the records playerView lists, and keeper-only fields only where it says so", () => {
    const { sim, state, ctx, watched } = setUp(3);
    sim.state.tick = sim.state.invasion.dueTick - 1;
    sim.step();
    projectState(state, sim, 1);
    const heroId = sim.state.parties[sim.state.invasion.partyId]!.memberIds[0]!;
    const hero: Watched = { viewer: { kind: "adventurer", unitId: heroId }, view: new StateView(), signature: new ViewSignature(), last: undefined };
    initView(hero.view, state, hero.viewer);
    const all = [...watched, hero];
    const sorted = (ids: string[]) => [...ids].sort();
    let heroSaw = 0;
    for (let step = 0; step < 1500; step++) {
      sim.step();
      projectState(state, sim, 1);
      ctx.invalidate();
      for (const w of all) {
        syncView(w.view, state, ctx, w.viewer);
        const core = playerView(ctx, w.viewer);
        const h = held(w.view, state);
        expect([w.viewer.kind, sorted(h.units), sorted(h.parts), sorted(h.cables), sorted(h.parties), sorted(h.journals)])
          .toEqual([w.viewer.kind, sorted(core.units), sorted(core.parts), sorted(core.cables), sorted(core.parties), sorted(core.journals)]);
        expect(w.view.hasTag(state as never, KEEPER_VIEW_TAG)).toBe(core.keeperFields);
        if (w === hero) heroSaw = Math.max(heroSaw, h.units.length);
      }
    }
    expect(heroSaw).toBeGreaterThan(1); // the hero saw its companions or the keeper's units on the way
  });
});

/** Per tagged collection, the ids of the entries `view` holds with the keeper-only tag. */
function tagged(view: StateView, state: DungeonState): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const collection of KEEPER_TAGGED_COLLECTIONS) {
    const ids: string[] = [];
    (state[collection] as unknown as { forEach(cb: (v: object, k: string) => void): void }).forEach((entry, id) => {
      if (view.hasTag(entry as never, KEEPER_VIEW_TAG)) ids.push(id);
    });
    out[collection] = ids;
  }
  return out;
}

describe("syncChangedView (issue 20 part 2: a view re-syncs only the collections that changed)", () => {
  it("keeper and see-all views synced only on a signature change, and then only over the changed collections, hold exactly the entries and tags of views fully synced every step, with a keeper building through an invasion", () => {
    const { sim, state, ctx, watched } = setUp(3);
    sim.state.tick = sim.state.invasion.dueTick - 200;
    const reference = watched.map((w) => {
      const view = new StateView();
      initView(view, state, w.viewer);
      syncView(view, state, lazyContext(sim), w.viewer);
      return view;
    });
    const rand = new BotRandom(9);
    let partial = 0;
    let full = 0;
    let idle = 0;
    let accepted = 0;
    for (let step = 0; step < 1200; step++) {
      if (step % 5 === 0 && applyKeeperBotAction(sim, state, rand)) accepted++;
      sim.step();
      projectState(state, sim, 1);
      ctx.invalidate();
      watched.forEach((w, i) => {
        if (w.signature.changed(state, ctx, w.viewer, structureVersion)) {
          if (w.signature.everything) full++;
          else { partial++; expect(w.signature.dirty.size).toBeGreaterThan(0); }
          syncChangedView(w.view, state, ctx, w.viewer, w.signature);
        } else {
          idle++;
          expect(w.signature.dirty.size).toBe(0);
        }
        const ref = reference[i]!;
        syncView(ref, state, ctx, w.viewer);
        expect([w.viewer.kind, held(w.view, state), tagged(w.view, state)]).toEqual([w.viewer.kind, held(ref, state), tagged(ref, state)]);
      });
    }
    // The run covers all three paths: structure changes alone (the keeper's parts and cables),
    // changes of what the keeper's units, parties and Journals depend on, and steps with none.
    expect(accepted).toBeGreaterThan(20);
    expect(partial).toBeGreaterThan(10);
    expect(full).toBeGreaterThan(2);
    expect(idle).toBeGreaterThan(1000);
  });

  it("names the changed collections: a part placed dirties parts only; nothing changed, nothing dirty", () => {
    const { sim, state, ctx, watched } = setUp(1);
    const keeper = watched[0]!;
    const step = (): boolean => { sim.step(); projectState(state, sim, 1); ctx.invalidate(); return keeper.signature.changed(state, ctx, keeper.viewer, structureVersion); };
    step();
    expect(step()).toBe(false);
    expect([keeper.signature.everything, [...keeper.signature.dirty]]).toEqual([false, []]);
    const floor = sim.state.map.tiles.indexOf(".");
    const w = sim.state.map.width;
    expect(sim.apply({ type: "placePart", kind: "pressurePlate", x: floor % w, y: Math.floor(floor / w) }).ok).toBe(true);
    expect(step()).toBe(true);
    expect([keeper.signature.everything, [...keeper.signature.dirty]]).toEqual([false, ["parts"]]);
    syncChangedView(keeper.view, state, ctx, keeper.viewer, keeper.signature);
    expect(held(keeper.view, state)).toEqual(wanted(sim, state, keeper.viewer));
  });
});

describe("an adventurer's view follows change (issue 20 part 2)", () => {
  /** Every member of the first party: an adventurer view each, synced as RoomViews.project does, beside a view fully synced every step. */
  function heroes(sim: Simulation, state: DungeonState): (Watched & { reference: StateView })[] {
    return sim.state.parties[sim.state.invasion.partyId]!.memberIds.map((unitId) => {
      const viewer: Viewer = { kind: "adventurer", unitId };
      const view = new StateView();
      const reference = new StateView();
      for (const v of [view, reference]) { initView(v, state, viewer); syncView(v, state, lazyContext(sim), viewer); }
      return { viewer, view, reference, signature: new ViewSignature(), last: undefined };
    });
  }

  it("synced only when its own unit, its party, the tiles, the parts it knows or a marked unit changed, each hero's view holds exactly the entries of a view fully synced every step, through an invasion with a keeper building", () => {
    const { sim, state, ctx } = setUp(3);
    sim.state.tick = sim.state.invasion.dueTick - 1;
    sim.step();
    projectState(state, sim, 1);
    const all = heroes(sim, state);
    const rand = new BotRandom(9);
    const paths = { full: 0, allUnits: 0, units: 0, collections: 0, idle: 0 };
    let knownMax = 0, seenMax = 0;
    for (let step = 0; step < 1500; step++) {
      if (step % 5 === 0) applyKeeperBotAction(sim, state, rand);
      sim.step();
      projectState(state, sim, 1);
      ctx.invalidateUnlessSame(unitsUnchanged(state));
      for (const w of all) {
        if (!w.signature.changed(state, ctx, w.viewer, structureVersion, unitsMarked(state))) paths.idle++;
        else {
          if (w.signature.everything) paths.full++;
          else if (w.signature.dirty.has("units")) paths.allUnits++;
          else if (w.signature.units !== undefined) paths.units++;
          else paths.collections++;
          syncChangedView(w.view, state, ctx, w.viewer, w.signature);
        }
        syncView(w.reference, state, lazyContext(sim), w.viewer);
        const h = held(w.view, state);
        expect([w.viewer, h]).toEqual([w.viewer, held(w.reference, state)]);
        checkView(w.view, state, sim, w.viewer, "hero");
        knownMax = Math.max(knownMax, h.parts.length);
        seenMax = Math.max(seenMax, h.units.length);
      }
    }
    // Every path ran: the first whole sync, all units (a hero moved), marked units only (a hero
    // stood while others moved), other collections only (a part placed), and steps with nothing to do.
    expect({ heroes: all.length, ...paths, knownMax, seenMax }).toEqual({ heroes: 1, full: 1, allUnits: 36, units: 485, collections: 77, idle: 901, knownMax: 0, seenMax: 3 });
  });

  it("the view check (setViewChecks) fails on a view whose signature missed a change: a minion moved into a standing hero's sight, the marks withheld", () => {
    const { sim, state, ctx } = setUp(3);
    sim.state.tick = sim.state.invasion.dueTick - 1;
    sim.step();
    projectState(state, sim, 1);
    const [hero] = heroes(sim, state);
    const me = sim.state.units[(hero!.viewer as { unitId: string }).unitId]!;
    expect(hero!.signature.changed(state, ctx, hero!.viewer, structureVersion, unitsMarked(state))).toBe(true); // the first call
    syncChangedView(hero!.view, state, ctx, hero!.viewer, hero!.signature);
    const minion = Object.values(sim.state.units).find((u) => u.kind === "minion")!;
    expect(held(hero!.view, state).units.includes(minion.id)).toBe(false);
    placeUnit(sim, minion, me.x + 1, me.y); // beside the hero: in sight
    projectState(state, sim, 1);
    expect([...unitsMarked(state)!]).toEqual([minion.id]);
    // Told no unit was marked, the signature sees nothing to do, and the view misses the minion.
    expect(hero!.signature.changed(state, ctx, hero!.viewer, structureVersion, new Set())).toBe(false);
    expect(() => checkView(hero!.view, state, sim, hero!.viewer, "hero")).toThrow(`views: the hero view differs from a full recomputation (a change its ViewSignature missed, rooms/views.ts): units ${minion.id} missing`);
    // Told the marks, it decides that unit again and the view is right.
    placeUnit(sim, minion, me.x + 2, me.y);
    projectState(state, sim, 1);
    expect(hero!.signature.changed(state, ctx, hero!.viewer, structureVersion, unitsMarked(state))).toBe(true);
    expect([hero!.signature.everything, [...hero!.signature.units!]]).toEqual([false, [minion.id]]);
    syncChangedView(hero!.view, state, ctx, hero!.viewer, hero!.signature);
    expect(held(hero!.view, state).units.includes(minion.id)).toBe(true);
    checkView(hero!.view, state, sim, hero!.viewer, "hero");
  });

  it("a part learned (KNOW-04) dirties parts only; the hero's own move, units only; another party, parties only", () => {
    const { sim, state, ctx } = setUp(3);
    const floor = sim.state.map.tiles.indexOf(".");
    const w = sim.state.map.width;
    const placed = sim.apply({ type: "placePart", kind: "pressurePlate", x: floor % w, y: Math.floor(floor / w) });
    expect(placed.ok).toBe(true);
    sim.state.tick = sim.state.invasion.dueTick - 1;
    sim.step();
    projectState(state, sim, 1);
    const [hero] = heroes(sim, state);
    const me = sim.state.units[(hero!.viewer as { unitId: string }).unitId]!;
    hero!.signature.changed(state, ctx, hero!.viewer, structureVersion, unitsMarked(state));
    const partId = Object.keys(sim.state.parts)[0]!;
    learn(sim, me, partId);
    projectState(state, sim, 1);
    expect(hero!.signature.changed(state, ctx, hero!.viewer, structureVersion, unitsMarked(state))).toBe(true);
    expect([hero!.signature.everything, [...hero!.signature.dirty], hero!.signature.units]).toEqual([false, ["parts"], undefined]);
    syncChangedView(hero!.view, state, ctx, hero!.viewer, hero!.signature);
    expect(held(hero!.view, state).parts).toEqual([partId]);
    placeUnit(sim, me, me.x, me.y + 1);
    projectState(state, sim, 1);
    expect(hero!.signature.changed(state, ctx, hero!.viewer, structureVersion, unitsMarked(state))).toBe(true);
    expect([hero!.signature.everything, [...hero!.signature.dirty], hero!.signature.units]).toEqual([false, ["units"], undefined]);
    syncChangedView(hero!.view, state, ctx, hero!.viewer, hero!.signature);
    checkView(hero!.view, state, sim, hero!.viewer, "hero");
    me.partyId = "";
    markUnit(sim, me);
    projectState(state, sim, 1);
    expect(hero!.signature.changed(state, ctx, hero!.viewer, structureVersion, unitsMarked(state))).toBe(true);
    expect([hero!.signature.everything, [...hero!.signature.dirty], [...hero!.signature.units!]]).toEqual([false, ["parties"], [me.id]]);
    syncChangedView(hero!.view, state, ctx, hero!.viewer, hero!.signature);
    expect(held(hero!.view, state).parties).toEqual([]);
    checkView(hero!.view, state, sim, hero!.viewer, "hero");
  });

  it("the structure stamp (issue 20 part 2) changes no answer: with it, every signature answers each step exactly as without it (changed, everything, dirty), and looks no map up on the steps where no mirrored map was added to or removed from", () => {
    const { sim, state, ctx, watched } = setUp(3);
    sim.state.tick = sim.state.invasion.dueTick - 200;
    const plain = watched.map(() => new ViewSignature());
    let lookUps = 0;
    let plainLookUps = 0;
    const counted = (map: object): number | undefined => { lookUps++; return structureVersion(map); };
    const plainCounted = (map: object): number | undefined => { plainLookUps++; return structureVersion(map); };
    const rand = new BotRandom(9);
    const stamps: number[] = []; // each stamp, when it changed
    let changedSteps = 0;
    for (let step = 0; step < 1200; step++) {
      if (step % 5 === 0) applyKeeperBotAction(sim, state, rand);
      sim.step();
      projectState(state, sim, 1);
      ctx.invalidate();
      const marked = unitsMarked(state);
      const stamp = structureStamp(state)!;
      if (stamp !== stamps.at(-1)) stamps.push(stamp);
      watched.forEach((w, i) => {
        const withStamp = w.signature.changed(state, ctx, w.viewer, counted, marked, stamp);
        const without = plain[i]!.changed(state, ctx, w.viewer, plainCounted, marked);
        expect([withStamp, w.signature.everything, [...w.signature.dirty].sort()]).toEqual([without, plain[i]!.everything, [...plain[i]!.dirty].sort()]);
        if (withStamp) { changedSteps++; syncChangedView(w.view, state, ctx, w.viewer, w.signature); }
      });
    }
    // The run adds and removes entries (parts placed, a party arriving), and most steps do not.
    expect(stamps.length).toBeGreaterThan(10);
    expect(changedSteps).toBeGreaterThan(10);
    // Without the stamp, every step looks up every present map of every view; with it, only
    // the steps after a structure change (and the first) do.
    const perStep = plainLookUps / 1200; // the 8 maps the signature follows (views.ts signatureCollections), per view
    expect([perStep, lookUps]).toEqual([watched.length * 8, stamps.length * perStep]);
  });
});
