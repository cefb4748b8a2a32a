/**
 * Replay controls (pause, speed, seek), shown only when the connection offers them: the replay
 * rooms of durable dungeons (issue 16, `client.watchReplay`) are being built alongside this page,
 * so the page checks for the methods instead of assuming them.
 */

/** What a replay connection is expected to offer; every member is checked before use. */
export interface ReplayControls {
  pause(): Promise<unknown>;
  play(): Promise<unknown>;
  /** Playback speed, a multiple of real time (1 = as recorded). */
  setSpeed(speed: number): Promise<unknown>;
  /** Jumps to a tick of the recording. */
  seek(tick: number): Promise<unknown>;
  /** Last tick of the recording, when known. */
  readonly lengthTicks?: number;
}

/** The connection's replay controls, or undefined when it is a live room (or the API differs). */
export function replayControls(connection: unknown): ReplayControls | undefined {
  const c = connection as Partial<ReplayControls> | null;
  if (!c || typeof c !== "object") return undefined;
  const all = [c.pause, c.play, c.setSpeed, c.seek].every((f) => typeof f === "function");
  return all ? (c as ReplayControls) : undefined;
}

/** The page's control elements. */
export interface ReplayElements { box: HTMLElement; pause: HTMLButtonElement; speed: HTMLSelectElement; seek: HTMLInputElement }

/**
 * Shows and wires the controls for `controls`, or hides them when undefined.
 * @returns a function that updates the seek bar to the tick being shown.
 */
export function bindReplayControls(els: ReplayElements, controls: ReplayControls | undefined): (tick: number) => void {
  els.box.hidden = controls === undefined;
  if (!controls) return () => {};
  let paused = false;
  els.pause.onclick = () => {
    paused = !paused;
    els.pause.textContent = paused ? "Play" : "Pause";
    void (paused ? controls.pause() : controls.play());
  };
  els.speed.onchange = () => void controls.setSpeed(Number(els.speed.value));
  els.seek.onchange = () => void controls.seek(Number(els.seek.value));
  return (tick) => {
    const length = controls.lengthTicks ?? Math.max(tick, Number(els.seek.max));
    els.seek.max = String(length);
    if (document.activeElement !== els.seek) els.seek.value = String(tick);
  };
}
