/**
 * Replay controls (pause, speed, seek) for a replay room (`client.watchReplay`, issue 16): shown
 * only when the watched connection is a {@link ReplayConnection}; the seek bar follows the
 * playback status the room sends.
 */
import { ReplayConnection, type DungeonConnection } from "@malignus/client-sdk";

/** The page's control elements. */
export interface ReplayElements { box: HTMLElement; pause: HTMLButtonElement; speed: HTMLSelectElement; seek: HTMLInputElement }

/** The connection as a replay, or undefined for a live room. */
export function replayControls(connection: DungeonConnection): ReplayConnection | undefined {
  return connection instanceof ReplayConnection ? connection : undefined;
}

/**
 * Shows and wires the controls for `replay` (speed in game minutes per real second, seek in
 * ticks between the replay's start and end), or hides them when undefined. A viewer who does
 * not drive playback has its controls refused by the room; the status then puts them back.
 * @returns a function to call with each drawn tick (the seek bar follows the status instead).
 */
export function bindReplayControls(els: ReplayElements, replay: ReplayConnection | undefined): (tick: number) => void {
  els.box.hidden = replay === undefined;
  if (!replay) return () => {};
  const show = (): void => {
    const s = replay.status;
    if (!s) return;
    els.pause.textContent = s.paused ? "Play" : "Pause";
    els.seek.min = String(s.startTick);
    els.seek.max = String(s.endTick);
    if (document.activeElement !== els.seek) els.seek.value = String(s.tick);
    if (document.activeElement !== els.speed && [...els.speed.options].some((o) => o.value === String(s.speed))) els.speed.value = String(s.speed);
  };
  replay.onStatus(show);
  show();
  els.pause.onclick = () => void (replay.status?.paused ? replay.play() : replay.pause());
  els.speed.onchange = () => void replay.setSpeed(Number(els.speed.value));
  els.seek.onchange = () => void replay.seek(Number(els.seek.value));
  return () => {};
}
