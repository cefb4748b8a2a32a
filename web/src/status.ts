/**
 * The connection banner and the server watch: says plainly when the server cannot be reached
 * and when it is back, polling `GET /health` once a second meanwhile.
 */

/** What the banner says: nothing (online), lost, reconnecting to a dungeon, or back. */
export type LinkState = "online" | "offline" | "reconnecting" | "back";

/** The banner's sentences, one per state (tests read them from the page). */
export const STATUS_TEXT: Readonly<Record<Exclude<LinkState, "online">, string>> = {
  offline: "Lost contact with the server. Retrying every second…",
  reconnecting: "Connection dropped. Reconnecting to the dungeon…",
  back: "The server is back.",
};

/** How often the server is polled while it is away, in real milliseconds. */
export const HEALTH_POLL_MS = 1000;
/** How long "The server is back." stays up, in real milliseconds. */
const BACK_SHOWN_MS = 8000;

/**
 * Shows {@link STATUS_TEXT} in the `#status` element (its `data-state` attribute says which),
 * and while the server is away polls `<base>/health` until it answers, then calls the
 * `onBack` listeners once.
 */
export class ServerLink {
  readonly #el: HTMLElement;
  readonly #base: string;
  readonly #backListeners = new Set<() => void>();
  #state: LinkState = "online";
  #poll: ReturnType<typeof setTimeout> | undefined;
  #hide: ReturnType<typeof setTimeout> | undefined;

  /** @param base the server's HTTP base URL, no trailing slash. */
  constructor(el: HTMLElement, base: string) {
    this.#el = el;
    this.#base = base;
  }

  /** The state shown now. */
  get state(): LinkState {
    return this.#state;
  }

  /** Calls `listener` each time the server answers again after being away. */
  onBack(listener: () => void): void {
    this.#backListeners.add(listener);
  }

  /** Shows `state`; `offline` starts the health polling. */
  show(state: LinkState): void {
    clearTimeout(this.#hide);
    this.#state = state;
    this.#el.dataset.state = state;
    if (state === "online") {
      this.#el.hidden = true;
      this.#el.textContent = "";
      return;
    }
    this.#el.hidden = false;
    this.#el.textContent = STATUS_TEXT[state];
    if (state === "offline") this.#startPolling();
    if (state === "back") this.#hide = setTimeout(() => this.show("online"), BACK_SHOWN_MS);
  }

  /** The server could not be reached (a failed fetch, a dropped socket): show it and poll. */
  lost(): void {
    if (this.#state !== "offline") this.show("offline");
  }

  #startPolling(): void {
    if (this.#poll !== undefined) return;
    const tick = async () => {
      const up = await fetch(`${this.#base}/health`, { cache: "no-store" }).then((r) => r.ok, () => false);
      if (!up) {
        this.#poll = setTimeout(tick, HEALTH_POLL_MS);
        return;
      }
      this.#poll = undefined;
      this.show("back");
      for (const listener of this.#backListeners) listener();
    };
    this.#poll = setTimeout(tick, HEALTH_POLL_MS);
  }
}
