/**
 * Draws a dungeon state on a plain 2D canvas: tiles (walls, floor, water, portals, sanctum,
 * rubble, cover), darkness, lingering effects, cables with their hops, trap parts, doors
 * (open, closed, locked, padlocked), altars, lairs and units (facing, state, wounds).
 *
 * Plain canvas, no 2D library: the map is at most a few thousand square tiles redrawn at the
 * room's 10 patches a second, which `fillRect` does in well under a millisecond; a scene graph
 * (PixiJS and the like) would add a dependency and a WebGL context per tab for nothing here.
 *
 * It draws only what the state holds: the spectator's view decides what is sent (fog), so what
 * is not in the state is simply not drawn.
 *
 * For tests and assistive tools it mirrors what it drew on the canvas element:
 * `data-units` (JSON array of {@link UnitMark}), `data-tick` (the tick of the state drawn, as the
 * caller estimated it: the room syncs `clock.tick` once a game minute) and `data-frames` (how many
 * states it drew).
 */
import type { DungeonState, Unit } from "@malignus/client-sdk";

/** What `data-units` lists per unit: position in tiles, facing in eighths from north, state, harm. */
export interface UnitMark {
  id: string; name: string; kind: string; x: number; y: number; facing: number; state: string;
  /** Wound points (malignus) or hit points lost (d20, d100). */
  harm: number;
}

const TILE_COLOURS: Readonly<Record<string, string>> = {
  "#": "#2b2b33", ".": "#8c8475", "~": "#2f6fa8", P: "#7a4fa0", S: "#a8893a", ":": "#77654d", "=": "#6f6a5a",
};
const UNIT_COLOURS: Readonly<Record<string, string>> = {
  master: "#b04ad6", minion: "#3fae5a", creature: "#e08a2e", adventurer: "#e04848", merchant: "#e8c84a",
};
const EFFECT_COLOURS: Readonly<Record<string, string>> = {
  gas: "rgba(120, 200, 60, 0.45)", web: "rgba(230, 230, 230, 0.5)", terror: "rgba(160, 60, 200, 0.4)", spiders: "rgba(60, 40, 20, 0.5)",
};
/** Smallest and largest tile side on screen, in CSS pixels. */
const MIN_CELL = 6;
const MAX_CELL = 32;

/** Renders {@link DungeonState}s on one canvas, sized to its parent's width. */
export class MapRenderer {
  readonly #canvas: HTMLCanvasElement;
  readonly #ctx: CanvasRenderingContext2D;
  #cell = 16;
  #frames = 0;

  constructor(canvas: HTMLCanvasElement) {
    this.#canvas = canvas;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("this browser has no 2D canvas");
    this.#ctx = ctx;
  }

  /** Tile side in CSS pixels for a map of `width` × `height` tiles in the parent's box. */
  #fit(width: number, height: number): number {
    const box = this.#canvas.parentElement;
    const across = (box?.clientWidth ?? 640) / Math.max(1, width);
    const down = (Math.max(240, window.innerHeight * 0.7)) / Math.max(1, height);
    return Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor(Math.min(across, down))));
  }

  /**
   * Draws `state` and updates the canvas' data attributes.
   * @param tick the state's tick (ticks since day 1, 00:00), for `data-tick`: the SDK's
   *   `estimateTick` of its clock, which the room syncs only once a game minute.
   */
  draw(state: DungeonState, tick: number): void {
    const { width, height } = state;
    if (width === 0 || height === 0) return;
    const cell = this.#fit(width, height);
    const ratio = window.devicePixelRatio || 1;
    if (cell !== this.#cell || this.#canvas.width !== Math.round(width * cell * ratio)) {
      this.#cell = cell;
      this.#canvas.width = Math.round(width * cell * ratio);
      this.#canvas.height = Math.round(height * cell * ratio);
      this.#canvas.style.width = `${width * cell}px`;
      this.#canvas.style.height = `${height * cell}px`;
    }
    const ctx = this.#ctx;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    this.#tiles(state);
    this.#effects(state);
    this.#cables(state);
    this.#parts(state);
    this.#doors(state);
    this.#markers(state);
    const marks = this.#units(state);
    this.#frames++;
    this.#canvas.dataset.units = JSON.stringify(marks);
    this.#canvas.dataset.tick = String(tick);
    this.#canvas.dataset.frames = String(this.#frames);
  }

  #tiles(state: DungeonState): void {
    const ctx = this.#ctx;
    const c = this.#cell;
    const tiles = state.tiles; // the map rows joined (the state carries them as `tileRows`): read once
    for (let y = 0; y < state.height; y++) {
      for (let x = 0; x < state.width; x++) {
        const i = y * state.width + x;
        const tile = tiles[i] ?? "#";
        ctx.fillStyle = TILE_COLOURS[tile] ?? "#ff00ff";
        ctx.fillRect(x * c, y * c, c, c);
        if (tile === ":" || tile === "=") {
          ctx.fillStyle = "rgba(0,0,0,0.25)";
          ctx.fillRect(x * c + c * 0.2, y * c + c * 0.55, c * 0.25, c * 0.2);
          ctx.fillRect(x * c + c * 0.55, y * c + c * 0.25, c * 0.2, c * 0.2);
        }
        if (state.dark[i] === "1" && tile !== "#") {
          ctx.fillStyle = "rgba(5, 5, 20, 0.55)"; // darkness (KNOW-14): the floor shows, dimmed
          ctx.fillRect(x * c, y * c, c, c);
        }
      }
    }
  }

  #effects(state: DungeonState): void {
    const c = this.#cell;
    state.effects?.forEach((effect) => {
      this.#ctx.fillStyle = EFFECT_COLOURS[effect.kind] ?? "rgba(255,255,255,0.3)";
      for (let i = 0; i + 1 < effect.tiles.length; i += 2) {
        this.#ctx.fillRect((effect.tiles[i] ?? 0) * c, (effect.tiles[i + 1] ?? 0) * c, c, c);
      }
    });
  }

  #cables(state: DungeonState): void {
    const ctx = this.#ctx;
    const c = this.#cell;
    const mid = (v: number) => v * c + c / 2;
    ctx.lineWidth = Math.max(1.5, c / 8);
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    state.cables?.forEach((cable) => {
      const p = cable.path;
      if (p.length < 2) return;
      ctx.strokeStyle = "#d6c23a";
      ctx.beginPath();
      ctx.moveTo(mid(p[0] ?? 0), mid(p[1] ?? 0));
      for (let i = 2; i + 1 < p.length; i += 2) ctx.lineTo(mid(p[i] ?? 0), mid(p[i + 1] ?? 0));
      ctx.stroke();
      // A hop: the cable bridges another on that tile (TRAP-23), drawn as a bump.
      for (let i = 0; i + 1 < cable.hops.length; i += 2) {
        ctx.beginPath();
        ctx.arc(mid(cable.hops[i] ?? 0), mid(cable.hops[i + 1] ?? 0), c * 0.3, Math.PI, 0);
        ctx.strokeStyle = "#fff1a0";
        ctx.stroke();
      }
    });
  }

  #parts(state: DungeonState): void {
    const ctx = this.#ctx;
    const c = this.#cell;
    state.parts?.forEach((part) => {
      const x = part.x * c;
      const y = part.y * c;
      ctx.fillStyle = part.role === "trigger" ? "#4fc3d9" : part.role === "timer" ? "#c9c9c9" : "#d94f4f";
      ctx.setLineDash(part.built ? [] : [2, 2]); // a construction site is drawn dashed
      ctx.strokeStyle = "#111";
      ctx.lineWidth = 1;
      ctx.beginPath();
      if (part.role === "trigger") ctx.arc(x + c / 2, y + c / 2, c * 0.3, 0, Math.PI * 2);
      else if (part.role === "timer") { ctx.moveTo(x + c / 2, y + c * 0.15); ctx.lineTo(x + c * 0.85, y + c / 2); ctx.lineTo(x + c / 2, y + c * 0.85); ctx.lineTo(x + c * 0.15, y + c / 2); ctx.closePath(); }
      else ctx.rect(x + c * 0.2, y + c * 0.2, c * 0.6, c * 0.6);
      if (part.built) ctx.fill();
      ctx.stroke();
      ctx.setLineDash([]);
      if (c >= 12) {
        ctx.fillStyle = "#111";
        ctx.font = `bold ${Math.floor(c * 0.45)}px sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(part.kind.charAt(0).toUpperCase(), x + c / 2, y + c / 2 + 1);
      }
      if (part.expired) this.#crossedOutDart(x, y);
    });
  }

  /**
   * TRAP-50: the crossed-out dart icon (icône de fléchette barrée) of a part whose 2 days ran out,
   * over its tile whose top-left corner is (`x`, `y`) in CSS pixels: a dart from the lower left
   * (0.2, 0.8 of a tile) to the upper right (0.8, 0.2) with a head, struck through from the upper
   * left (0.2, 0.2) to the lower right (0.8, 0.8).
   */
  #crossedOutDart(x: number, y: number): void {
    const ctx = this.#ctx;
    const c = this.#cell;
    ctx.lineWidth = Math.max(1, c / 12);
    ctx.strokeStyle = "#f4e04d";
    ctx.beginPath();
    ctx.moveTo(x + c * 0.2, y + c * 0.8); // the dart's shaft
    ctx.lineTo(x + c * 0.8, y + c * 0.2);
    ctx.moveTo(x + c * 0.55, y + c * 0.2); // its head
    ctx.lineTo(x + c * 0.8, y + c * 0.2);
    ctx.lineTo(x + c * 0.8, y + c * 0.45);
    ctx.stroke();
    ctx.strokeStyle = "#ff2020";
    ctx.beginPath();
    ctx.moveTo(x + c * 0.2, y + c * 0.2); // the bar across it
    ctx.lineTo(x + c * 0.8, y + c * 0.8);
    ctx.stroke();
    ctx.lineWidth = 1;
  }

  #doors(state: DungeonState): void {
    const ctx = this.#ctx;
    const c = this.#cell;
    state.doors?.forEach((door) => {
      const x = door.x * c;
      const y = door.y * c;
      ctx.fillStyle = door.open || door.brokenIn ? "rgba(120, 72, 30, 0.35)" : "#7a4a1e";
      ctx.fillRect(x + 1, y + 1, c - 2, c - 2);
      ctx.strokeStyle = door.locked ? "#e33" : "#3b220c";
      ctx.lineWidth = door.locked ? 2 : 1;
      ctx.strokeRect(x + 1, y + 1, c - 2, c - 2);
      if (door.hasPadlock) {
        // Padlock: a small body and shackle, solid when built, outlined while a site.
        ctx.fillStyle = door.padlockBuilt ? "#e0c040" : "rgba(224, 192, 64, 0.3)";
        ctx.fillRect(x + c * 0.55, y + c * 0.55, c * 0.35, c * 0.3);
        ctx.beginPath();
        ctx.arc(x + c * 0.725, y + c * 0.55, c * 0.12, Math.PI, 0);
        ctx.strokeStyle = "#e0c040";
        ctx.stroke();
      }
    });
  }

  #markers(state: DungeonState): void {
    const ctx = this.#ctx;
    const c = this.#cell;
    state.lairs?.forEach((lair) => {
      ctx.strokeStyle = "rgba(224, 138, 46, 0.8)";
      ctx.setLineDash([3, 2]);
      ctx.strokeRect(lair.x * c, lair.y * c, lair.width * c, lair.height * c);
      ctx.setLineDash([]);
    });
    state.altars?.forEach((altar) => {
      ctx.fillStyle = "#f2f2f2";
      ctx.fillRect(altar.x * c + c * 0.25, altar.y * c + c * 0.1, c * 0.5, c * 0.8);
      ctx.fillStyle = "#b04ad6";
      ctx.fillRect(altar.x * c + c * 0.35, altar.y * c + c * 0.2, c * 0.3, c * 0.3);
    });
  }

  #units(state: DungeonState): UnitMark[] {
    const ctx = this.#ctx;
    const c = this.#cell;
    const marks: UnitMark[] = [];
    state.units?.forEach((unit: Unit) => {
      const harm = unit.harmModel === "hitPoints" ? Math.max(0, unit.maxHp - unit.hp) : unit.woundPoints;
      marks.push({ id: unit.id, name: unit.name, kind: unit.kind, x: unit.x, y: unit.y, facing: unit.facing, state: unit.state, harm });
      if (unit.state === "left" || unit.carriedBy) return;
      const size = Math.max(1, unit.space) * c;
      const cx = unit.x * c + size / 2;
      const cy = unit.y * c + size / 2;
      const down = unit.state === "dead" || unit.state === "unconscious" || unit.state === "captured";
      ctx.globalAlpha = down ? 0.5 : 1;
      ctx.fillStyle = UNIT_COLOURS[unit.kind] ?? "#ddd";
      ctx.beginPath();
      ctx.arc(cx, cy, size * 0.36, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = unit.state === "fighting" ? "#fff" : "#111";
      ctx.lineWidth = unit.state === "fighting" ? 2 : 1;
      ctx.stroke();
      // Facing: 0 = north, clockwise in eighths (CMB-10): a tick from the centre.
      const angle = (unit.facing * Math.PI) / 4;
      ctx.beginPath();
      ctx.moveTo(cx, cy);
      ctx.lineTo(cx + Math.sin(angle) * size * 0.5, cy - Math.cos(angle) * size * 0.5);
      ctx.strokeStyle = "#111";
      ctx.lineWidth = Math.max(1.5, c / 8);
      ctx.stroke();
      if (unit.state === "dead") {
        ctx.strokeStyle = "#000";
        ctx.beginPath();
        ctx.moveTo(cx - size * 0.25, cy - size * 0.25); ctx.lineTo(cx + size * 0.25, cy + size * 0.25);
        ctx.moveTo(cx + size * 0.25, cy - size * 0.25); ctx.lineTo(cx - size * 0.25, cy + size * 0.25);
        ctx.stroke();
      }
      ctx.globalAlpha = 1;
      // Wounds: a bar under the unit, red part = harm taken (of 10 wound points, or of max HP).
      const max = unit.harmModel === "hitPoints" ? Math.max(1, unit.maxHp) : 10;
      if (harm > 0) {
        ctx.fillStyle = "#222";
        ctx.fillRect(unit.x * c + 1, unit.y * c + size - 3, size - 2, 3);
        ctx.fillStyle = "#ff3b3b";
        ctx.fillRect(unit.x * c + 1, unit.y * c + size - 3, (size - 2) * Math.min(1, harm / max), 3);
      }
    });
    return marks;
  }
}
