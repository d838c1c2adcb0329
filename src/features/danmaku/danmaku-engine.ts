/**
 * Draws danmaku on a canvas from the video's clock: the same module runs in the danmaku worker (an
 * OffscreenCanvas) and, where that is missing, on the main thread. Positions are functions of the
 * video's time (danmaku-lanes.ts), so pausing, seeking and the playback rate need nothing of their
 * own: a scroll danmaku crosses in SCROLL_MS of video time, a top or bottom one stays centred for
 * FIXED_MS. The density caps the lanes and how many are on screen. Each danmaku is rendered once
 * into a sprite (text with a dark edge; the viewer's own with a border) and each frame only copies
 * sprites.
 */
import type { DanmakuMode } from '../../../contract/enums.ts';
import { DENSITY, fixedLane, lifeOf, SCROLL_MS, scrollLane, scrollX } from './danmaku-lanes.ts';
import type { DanmakuDensity } from './danmaku-settings.ts';

const PAD_PX = 4;
/** A playing video's reported time within this of the engine's own: no correction (no jitter). */
const CLOCK_SLACK_MS = 30;

export interface EngineItem {
  key: string;
  atMs: number;
  text: string;
  mode: DanmakuMode;
  colour: string;
  mine: boolean;
}

/** The video's clock as last reported: its time at the wall-clock moment `at` (epoch ms). */
export interface ClockState {
  timeMs: number;
  rate: number;
  paused: boolean;
  at: number;
}

export interface EngineOptions {
  density: DanmakuDensity;
  opacity: number;
}

type Surface = OffscreenCanvas | HTMLCanvasElement;
type Context = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

interface Placed {
  item: EngineItem;
  lane: number;
  /** Sprite width in CSS px. */
  width: number;
  sprite: Surface;
}

/** The first index of `items` (sorted by atMs) with atMs ≥ `ms`. */
function firstFrom(items: readonly EngineItem[], ms: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (items[middle]!.atMs < ms) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class DanmakuEngine {
  private items: EngineItem[] = [];
  private readonly placed = new Map<string, Placed>();
  /** Danmaku that found no lane when their time came: they are not drawn late. */
  private readonly skipped = new Map<string, number>();
  private clock: ClockState = { timeMs: 0, rate: 1, paused: true, at: 0 };
  private options: EngineOptions = { density: 'medium', opacity: 1 };
  private width = 0;
  private height = 0;
  private dpr = 1;
  private fontPx = 20;
  private laneHeight = 26;
  private lastTime = -1;
  private dirty = true;
  private shownChanged = false;
  private readonly context: Context;

  constructor(
    private readonly canvas: Surface,
    private readonly makeSurface: (width: number, height: number) => Surface,
  ) {
    this.context = canvas.getContext('2d') as Context;
  }

  resize(width: number, height: number, dpr: number): void {
    if (width === this.width && height === this.height && dpr === this.dpr) return;
    this.width = width;
    this.height = height;
    this.dpr = dpr;
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    this.fontPx = Math.round(Math.max(14, Math.min(25, height / 12, width / 42)));
    this.laneHeight = Math.round(this.fontPx * 1.3);
    this.reset(); // sprites and lanes depend on the size
  }

  setItems(items: readonly EngineItem[]): void {
    this.items = [...items];
    const keys = new Set(items.map((item) => item.key));
    for (const key of this.placed.keys()) {
      if (!keys.has(key)) {
        this.placed.delete(key);
        this.shownChanged = true;
      }
    }
    this.dirty = true;
  }

  setOptions(options: EngineOptions): void {
    const relayout = options.density !== this.options.density;
    this.options = options;
    if (relayout) this.reset();
    this.dirty = true;
  }

  /** A new report of the video's clock; small drifts of a playing video are ignored (no jitter). */
  setClock(next: ClockState, seeked = false): void {
    const now = this.clock;
    const drift = Math.abs(this.timeAt(next.at) - next.timeMs);
    const same = now.paused === next.paused && now.rate === next.rate;
    if (!seeked && same && !next.paused && drift < CLOCK_SLACK_MS) return;
    this.clock = { ...next };
    if (seeked) this.reset();
    this.dirty = true;
  }

  timeAt(at: number): number {
    const { timeMs, rate, paused } = this.clock;
    return paused ? timeMs : timeMs + Math.max(0, at - this.clock.at) * rate;
  }

  /** The keys drawn now. */
  shown(): string[] {
    return [...this.placed.keys()];
  }

  /** Whether the drawn set changed since the last call. */
  takeShownChange(): boolean {
    const changed = this.shownChanged;
    this.shownChanged = false;
    return changed;
  }

  /** Draws the frame for wall-clock `at`; false when nothing had to be drawn (paused, unchanged). */
  frame(at: number): boolean {
    const time = this.timeAt(at);
    if (this.lastTime >= 0 && (time < this.lastTime - 250 || time > this.lastTime + 3_000)) this.reset();
    if (time === this.lastTime && !this.dirty) return false;
    this.lastTime = time;
    this.dirty = false;
    this.retire(time);
    this.admit(time);
    this.draw(time);
    return true;
  }

  private reset(): void {
    if (this.placed.size) this.shownChanged = true;
    this.placed.clear();
    this.skipped.clear();
    this.lastTime = -1;
    this.dirty = true;
  }

  private retire(time: number): void {
    for (const [key, placed] of this.placed) {
      const { atMs, mode } = placed.item;
      if (time >= atMs + lifeOf(mode) || time < atMs) {
        this.placed.delete(key);
        this.shownChanged = true;
      }
    }
    for (const [key, atMs] of this.skipped) if (time >= atMs + SCROLL_MS || time < atMs) this.skipped.delete(key);
  }

  private admit(time: number): void {
    const density = DENSITY[this.options.density];
    const lanes = Math.max(1, Math.floor((this.height * density.laneShare) / this.laneHeight));
    for (let index = firstFrom(this.items, time - SCROLL_MS); index < this.items.length; index++) {
      const item = this.items[index]!;
      if (item.atMs > time) break;
      if (time >= item.atMs + lifeOf(item.mode) || this.placed.has(item.key) || this.skipped.has(item.key)) continue;
      if (this.placed.size >= density.max) {
        this.skipped.set(item.key, item.atMs);
        continue;
      }
      const sprite = this.render(item);
      const width = sprite.width / this.dpr;
      const lane =
        item.mode === 'scroll'
          ? scrollLane(this.placed.values(), { item, width }, lanes, this.width, density.overlap)
          : fixedLane(this.placed.values(), item.mode, lanes, density.overlap);
      if (lane < 0) this.skipped.set(item.key, item.atMs);
      else {
        this.placed.set(item.key, { item, lane, width, sprite });
        this.shownChanged = true;
      }
    }
  }

  private render(item: EngineItem): Surface {
    const font = `600 ${this.fontPx}px "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif`;
    this.context.font = font;
    const textWidth = Math.ceil(this.context.measureText(item.text).width);
    const width = textWidth + PAD_PX * 2;
    const sprite = this.makeSurface(Math.ceil(width * this.dpr), Math.ceil(this.laneHeight * this.dpr));
    const context = sprite.getContext('2d') as Context;
    context.scale(this.dpr, this.dpr);
    context.font = font;
    context.textBaseline = 'middle';
    context.lineJoin = 'round';
    context.lineWidth = Math.max(2, this.fontPx / 8);
    context.strokeStyle = 'rgb(0 0 0 / 72%)';
    context.fillStyle = item.colour;
    const middle = this.laneHeight / 2;
    context.strokeText(item.text, PAD_PX, middle);
    context.fillText(item.text, PAD_PX, middle);
    if (item.mine) {
      context.lineWidth = 1.5;
      context.strokeStyle = '#ffffff';
      context.strokeRect(1, 1, width - 2, this.laneHeight - 2);
    }
    return sprite;
  }

  private draw(time: number): void {
    const context = this.context;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, this.canvas.width, this.canvas.height);
    context.globalAlpha = this.options.opacity;
    for (const placed of this.placed.values()) {
      const { item, lane, width } = placed;
      const x = item.mode === 'scroll' ? scrollX(placed, time, this.width) : (this.width - width) / 2;
      const y = item.mode === 'bottom' ? this.height - (lane + 1) * this.laneHeight : lane * this.laneHeight;
      context.drawImage(placed.sprite, Math.round(x * this.dpr), Math.round(y * this.dpr));
    }
    context.globalAlpha = 1;
  }
}
