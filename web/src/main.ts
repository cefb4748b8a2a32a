/**
 * The watch page (served at /watch/ by the game server): lists the dungeons, and watches the one
 * picked (`#/dungeon/<roomId>` in the address, so a link opens it straight away). Talks only to
 * the server it was loaded from, through the client SDK, as a spectator.
 */
import { connect, type DungeonConnection } from "@malignus/client-sdk";
import { LIST_REFRESH_MS, fetchLists, fetchStoredDungeon, showLive, showStored, watchFailure } from "./lobby.ts";
import { ServerLink } from "./status.ts";
import { DungeonWatch } from "./watcher.ts";

const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
};

const wsScheme = location.protocol === "https:" ? "wss:" : "ws:";
const client = connect(`${wsScheme}//${location.host}`);
const link = new ServerLink($("status"), client.httpUrl);
const lobby = $("lobby");
const watchSection = $("watch");
/** The "no live dungeon" note: shown only when the live list is empty. */
const note = $<HTMLParagraphElement>("live-empty");
/** Why the last watch or replay ended or could not start: shown whatever the lists hold, until the next one is opened. */
const lobbyError = $<HTMLParagraphElement>("lobby-error");
const els = {
  title: $("watch-title"), clock: $("clock"), invasion: $("invasion"), canvas: $<HTMLCanvasElement>("map"),
  log: $<HTMLOListElement>("log"), roster: $<HTMLUListElement>("roster"),
  replay: { box: $("replay-controls"), pause: $<HTMLButtonElement>("replay-pause"), speed: $<HTMLSelectElement>("replay-speed"), seek: $<HTMLInputElement>("replay-seek") },
};

let watch: DungeonWatch | undefined;
let refresh: ReturnType<typeof setTimeout> | undefined;
/** Plays a stored dungeon's replay (the server's replay room, issue 16). */
const watchReplay = (dungeonId: string): Promise<DungeonConnection> => client.watchReplay(dungeonId);

async function refreshLists(): Promise<readonly string[] | undefined> {
  clearTimeout(refresh);
  try {
    const lists = await fetchLists(client.httpUrl);
    if (link.state === "offline") link.show("back");
    showLive($("live-list"), note, lists.live, (roomId) => { location.hash = `#/dungeon/${roomId}`; });
    showStored($("stored"), $("stored-list"), lists.stored, (id) => void openReplay(id));
    return lists.live.map((d) => d.roomId);
  } catch {
    link.lost();
    return undefined;
  } finally {
    if (!lobby.hidden) refresh = setTimeout(() => void refreshLists(), LIST_REFRESH_MS);
  }
}

/** Shows the lobby, with `message` in its error line and, with `replayOf`, a button playing that dungeon's replay. */
function showLobby(message?: string, replayOf?: string): void {
  watchSection.hidden = true;
  lobby.hidden = false;
  if (message) {
    lobbyError.textContent = message;
    if (replayOf !== undefined) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.dungeonId = replayOf;
      button.textContent = "watch its replay";
      button.onclick = () => void openReplay(replayOf);
      lobbyError.append(" ", button);
    }
    lobbyError.hidden = false;
  }
  void refreshLists();
}

async function stopWatching(): Promise<void> {
  const current = watch;
  watch = undefined;
  await current?.close();
}

/** Leaves the lobby for the watch view; the lobby's last error is cleared (a new attempt). */
function enterWatch(): void {
  clearTimeout(refresh);
  lobbyError.hidden = true;
  lobbyError.textContent = "";
}

async function openRoom(roomId: string): Promise<void> {
  await stopWatching();
  enterWatch();
  lobby.hidden = true;
  watchSection.hidden = false;
  const mine = new DungeonWatch(els, link);
  watch = mine;
  try {
    await mine.open(client, roomId, (why) => {
      if (watch !== mine) return;
      watch = undefined;
      history.replaceState(null, "", location.pathname);
      showLobby(why);
    });
  } catch (err) {
    if (watch === mine) watch = undefined;
    history.replaceState(null, "", location.pathname);
    // A stale link to a dungeon that went resting: say so and offer its replay, as the lobby does.
    const failure = watchFailure(roomId, err instanceof Error ? err.message : String(err), await fetchStoredDungeon(client.httpUrl, roomId));
    showLobby(failure.message, failure.replayOf);
  }
}

async function openReplay(dungeonId: string): Promise<void> {
  await stopWatching();
  enterWatch();
  lobby.hidden = true;
  watchSection.hidden = false;
  const mine = new DungeonWatch(els, link);
  watch = mine;
  try {
    await mine.open(client, `replay of ${dungeonId}`, (why) => { if (watch === mine) { watch = undefined; showLobby(why); } }, () => watchReplay(dungeonId));
  } catch (err) {
    if (watch === mine) watch = undefined;
    showLobby(`Could not play the replay of ${dungeonId}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function route(): void {
  const match = /^#\/dungeon\/(.+)$/.exec(location.hash);
  if (match?.[1]) void openRoom(decodeURIComponent(match[1]));
  else void stopWatching().then(() => showLobby());
}

link.onBack(() => {
  void (async () => {
    const live = await refreshLists();
    if (live && watch) await watch.serverBack(live);
  })();
});
$("back").addEventListener("click", () => { location.hash = ""; });
window.addEventListener("hashchange", route);
route();
