/**
 * Runs before every test file (vitest.config.ts `setupFiles`): turns on the debug checks that
 * catch a missed change mark in the simulation, which production leaves off for speed.
 * - traps/network.ts `setWiringChecks`: the wiring revision changed whenever parts, cables or
 *   doors were added, removed or moved.
 * - rooms/projection.ts `setProjectionChecks`: a projection that reuses a collection's record
 *   list finds the same records as a walk of the collection.
 * - sim/world/unitIndex.ts `setUnitIndexChecks`: the units-by-tile index agrees with every unit's
 *   position whenever it is asked (a move inside a tick went through `placeUnit`).
 * - sim/changes.ts `setChangeChecks`: every record a tick or an input added, changed or removed
 *   was marked for the projection.
 * - rooms/views.ts `setViewChecks`: after each room step, every view a room keeps holds what a
 *   full recomputation of its viewer's rules gives (a view skipped or partly synced wrongly).
 */
import { setWiringChecks } from "../src/sim/traps/network.ts";
import { setProjectionChecks } from "../src/rooms/projection.ts";
import { setUnitIndexChecks } from "../src/sim/world/unitIndex.ts";
import { setChangeChecks } from "../src/sim/changes.ts";
import { setViewChecks } from "../src/rooms/views.ts";

setWiringChecks(true);
setProjectionChecks(true);
setUnitIndexChecks(true);
setChangeChecks(true);
setViewChecks(true);
