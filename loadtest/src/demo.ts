/**
 * The live demo (`npm run demo`, with a server running: `npm start`). Creates a dungeon on the
 * default map with a fixed seed and a fast clock, then:
 * - a keeper bot places a pressure plate and spinning blades in the 1-tile-wide entry corridor
 *   (y = 15, x = 1..12; the portal is at (0,15)), side by side, and wires them with a cable, printing
 *   every command's answer; it sends `resume` whenever the clock pauses on a spotting (INV-79);
 * - a spectator prints each event as it arrives, with the game clock.
 * Exits 0 after the first `invasionEnded`, or 1 with a message after {@link DEMO_TIMEOUT_MS}.
 *
 * Environment: `DEMO_URL` (default ws://127.0.0.1:2567), `DEMO_SEED` (default {@link DEMO_SEED}; not an
 * integer: exit 2 with the usage, like an unknown option).
 */
import { connect, DEFAULT_SERVER_URL, type CommandResult, type DungeonConnection } from "@malignus/client-sdk";
import { formatEvent, formatResult } from "./format.ts";
import { parseCli, runCli } from "../../tools/cli.ts";

/** Seed of the demo dungeon: the same seed gives the same invasion hour and party. */
export const DEMO_SEED = 20_261_129;
/**
 * Game minutes per real second. The first invasion comes on day 2 at a random hour, at most
 * ~47 game hours (2,820 game minutes) after the start: about 19 real seconds at 150.
 */
export const DEMO_TIME_SCALE = 150;
/** The demo gives up after this many real milliseconds. */
export const DEMO_TIMEOUT_MS = 60_000;
/**
 * Entry corridor row of the default map, and where the trap goes on it. Spinning blades hit the
 * tiles within 1 of themselves, so they sit right next to the plate on the side invaders come
 * from: whoever steps on the plate, or stops beside it to defuse it (KNOW-19), is in reach.
 */
const CORRIDOR_Y = 15;
const PLATE_X = 6;
const BLADES_X = 5;

/** The usage of `npm run demo` (`--help`); it takes no options, only the environment. */
export const DEMO_USAGE = `usage: npm run demo   (with a server running: npm start)
Creates a dungeon, sets a trap in its entry corridor and prints the first invasion as it happens.
  DEMO_URL     server (default ${DEFAULT_SERVER_URL})
  DEMO_SEED    dungeon seed (default ${DEMO_SEED})
  -h, --help   print this usage and exit`;

/**
 * `DEMO_SEED`: the dungeon seed, {@link DEMO_SEED} when unset.
 * @throws Error `DEMO_SEED must be an integer, got "<value>"` (runCli then exits 2 with the usage, as for a bad option).
 */
function demoSeed(raw: string | undefined): number {
  if (raw === undefined) return DEMO_SEED;
  const seed = raw.trim() === "" ? Number.NaN : Number(raw);
  if (!Number.isInteger(seed)) throw new Error(`DEMO_SEED must be an integer, got "${raw}"`);
  return seed;
}

const { seed } = runCli("demo", DEMO_USAGE, () => {
  const parsed = parseCli(process.argv.slice(2), {});
  return parsed === "help" ? "help" : { seed: demoSeed(process.env.DEMO_SEED) };
});

const started = Date.now();
const remainingMs = () => Math.max(1, DEMO_TIMEOUT_MS - (Date.now() - started));

function fail(message: string): never {
  console.error(`demo: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const url = process.env.DEMO_URL ?? DEFAULT_SERVER_URL;

  const watchdog = setTimeout(
    () => fail(`no invasionEnded within ${DEMO_TIMEOUT_MS / 1000} s; giving up`),
    DEMO_TIMEOUT_MS,
  );

  const client = connect(url);
  console.log(`demo: server ${url}, seed ${seed}, timeScale ${DEMO_TIME_SCALE} game minutes per second`);
  let keeper: DungeonConnection;
  try {
    keeper = await client.createDungeon({ seed, timeScale: DEMO_TIME_SCALE, pauseOnSpot: true, startPaused: true, spectatorsSeeAll: true }, { name: "demo keeper" });
  } catch (err) {
    fail(`could not create a dungeon at ${url} (is the server running? \`npm start\`): ${(err as Error).message ?? err}`);
  }
  const spectator = await client.spectate(keeper.roomId, "demo spectator");
  console.log(`demo: dungeon ${keeper.roomId} created; keeper and spectator joined`);

  const nameOf = (id: string) => {
    const unit = spectator.state.units?.get(id);
    if (unit?.name) return unit.name;
    const part = spectator.state.parts?.get(id);
    return part ? `${part.kind} #${id}` : undefined;
  };
  // The demo shows the first invasion: printing stops at its invasionEnded. Events come a patch
  // (one room step, 100 ms) at a time, so the later events of that patch (the next party setting
  // out, the hour) would otherwise print before waitForEvent below resumes.
  let printing = true;
  const stopPrinting = spectator.onEvent((event) => {
    if (!printing) return;
    console.log(formatEvent(event, nameOf));
    if (event.type === "invasionEnded") printing = false;
  });

  const ask = async (label: string, answer: Promise<CommandResult>) => {
    const result = await answer;
    console.log(`keeper: ${label} → ${formatResult(result)}`);
    return result;
  };

  await ask(`placePart pressurePlate (${PLATE_X},${CORRIDOR_Y})`,
    keeper.placePart({ kind: "pressurePlate", x: PLATE_X, y: CORRIDOR_Y }));
  await ask(`placePart spinningBlades (${BLADES_X},${CORRIDOR_Y})`,
    keeper.placePart({ kind: "spinningBlades", x: BLADES_X, y: CORRIDOR_Y }));
  const path = [{ x: PLATE_X, y: CORRIDOR_Y }, { x: BLADES_X, y: CORRIDOR_Y }];
  await ask(`wire (${PLATE_X},${CORRIDOR_Y})→(${BLADES_X},${CORRIDOR_Y})`, keeper.wire({ path }));
  // The dungeon was created paused: everything above applied at tick 0, so the seed replays.
  await ask("resume (start the clock)", keeper.resume());
  // From now on, resume whenever the clock pauses on a spotting (INV-79), until the keeper sees the
  // first invasion end: a later spotting (the next party, in the same patch) is not the demo's, and a
  // resume still unanswered when the keeper leaves would fail ("connection closed") after the bye.
  let resuming = true;
  const resumes: Promise<unknown>[] = [];
  const stopEnd = keeper.onEvent("invasionEnded", () => { resuming = false; });
  const stopResume = keeper.onEvent("paused", (e) => {
    if (!resuming || e.reason !== "party spotted") return; // the creation pause was lifted above
    resumes.push(ask("resume", keeper.resume()).catch((err: unknown) => console.error(`keeper: resume failed: ${String(err)}`)));
  });

  const ended = await spectator.waitForEvent("invasionEnded", undefined, remainingMs()).catch((err: unknown) => {
    fail(err instanceof Error ? err.message : String(err));
  });
  clearTimeout(watchdog);
  stopPrinting();
  // The keeper's own stream may still be short of the end: wait for it (the spectator saw it, so it
  // comes), then for every resume it sent to be answered, before saying bye and leaving.
  if (resuming) await keeper.waitForEvent("invasionEnded", undefined, remainingMs()).catch(() => undefined);
  resuming = false;
  stopResume();
  stopEnd();
  await Promise.allSettled(resumes);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`demo: invasion ${ended.invasionNumber} ended after ${seconds} real seconds (seed ${seed}); bye`);
  await Promise.allSettled([spectator.leave(), keeper.leave()]);
  process.exit(0);
}

main().catch((err: unknown) => fail(err instanceof Error ? err.stack ?? err.message : String(err)));
