/**
 * The compositions of the generated artwork, as SVG fragments: a landscape at dusk, a night city,
 * Bauhaus shapes, layered waves, a light burst and bokeh. Every size is relative to the canvas, so
 * one scene serves a 2:3 poster, a 16:9 cover, a wide banner or a square avatar. No text anywhere
 * (the machine may have no CJK fonts); the client lays titles over the images.
 */
import { mix, type Palette } from './art-palettes.ts';
import type { Rng } from './prng.ts';

export interface SceneContext {
  w: number;
  h: number;
  rng: Rng;
  p: Palette;
}

export interface SceneParts {
  defs: string;
  body: string;
}

export type Scene = (ctx: SceneContext) => SceneParts;

const n = (value: number): string => value.toFixed(1);

/** A mountain ridge across the canvas as a closed path down to the bottom edge. */
function ridge({ w, h, rng }: SceneContext, baseY: number, roughness: number): string {
  const steps = rng.int(7, 13);
  let d = `M0,${n(h)} L0,${n(baseY + rng.float(-1, 1) * roughness)}`;
  for (let i = 1; i <= steps; i++) {
    const x = (w * i) / steps;
    const peak = rng.chance(0.35) ? -rng.float(1, 1.7) : rng.float(-1, 1);
    d += ` L${n(x - (w / steps) * rng.float(0.2, 0.5))},${n(baseY + peak * roughness)} L${n(x)},${n(baseY + rng.float(-0.5, 0.8) * roughness)}`;
  }
  return `${d} L${n(w)},${n(h)} Z`;
}

/** A soft round glow (radial gradient): cheaper to render than a blur filter. */
const glowDef = (id: string, color: string, opacity = 1): string =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/>` +
  `<stop offset="0.6" stop-color="${color}" stop-opacity="${opacity * 0.8}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;

/** A straight beam of light with soft edges: a band whose gradient fades out on both sides. */
const beamDef = (id: string, color: string): string =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${color}" stop-opacity="0"/>` +
  `<stop offset="0.5" stop-color="${color}" stop-opacity="1"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></linearGradient>`;

/** Outline of a standing person, 1 unit tall, feet at y = 0, centred on x = 0 (arms down, legs apart). */
const PERSON = [
  [-0.04, -0.8],
  [-0.15, -0.75],
  [-0.18, -0.68],
  [-0.165, -0.42],
  [-0.125, -0.42],
  [-0.115, -0.6],
  [-0.1, -0.42],
  [-0.09, 0],
  [-0.025, 0],
  [0, -0.36],
  [0.025, 0],
  [0.09, 0],
  [0.1, -0.42],
  [0.115, -0.6],
  [0.125, -0.42],
  [0.165, -0.42],
  [0.18, -0.68],
  [0.15, -0.75],
  [0.04, -0.8],
] as const;

/** A standing figure, feet at (x, y), `size` tall. */
function figure(x: number, y: number, size: number, color: string): string {
  const d = PERSON.map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${n(x + px * size)},${n(y + py * size)}`).join(' ');
  return `<g fill="${color}"><circle cx="${n(x)}" cy="${n(y - size * 0.88)}" r="${n(size * 0.085)}"/><path d="${d} Z"/></g>`;
}

function stars({ w, rng, p }: SceneContext, count: number, maxY: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${n(rng.float(0, w))}" cy="${n(rng.float(0, maxY))}" r="${n(rng.float(0.4, 1.6) * (w / 500))}" fill="${p[4]}" opacity="${rng.float(0.3, 0.9).toFixed(2)}"/>`;
  }
  return out;
}

const horizon: Scene = (ctx) => {
  const { w, h, rng, p } = ctx;
  const night = rng.chance(0.4);
  const sunX = w * rng.float(0.25, 0.75);
  const sunY = h * rng.float(0.28, 0.45);
  const sunR = Math.min(w, h) * rng.float(0.1, 0.18);
  const defs =
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p[0]}"/>` +
    `<stop offset="0.55" stop-color="${p[1]}"/><stop offset="1" stop-color="${mix(p[2], p[1], night ? 0.7 : 0.25)}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="${p[3]}" stop-opacity="0.75"/><stop offset="1" stop-color="${p[3]}" stop-opacity="0"/></radialGradient>`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  if (night) body += stars(ctx, rng.int(40, 90), h * 0.5);
  body += `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR * 3)}" fill="url(#glow)"/>`;
  body += `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR)}" fill="${night ? p[4] : mix(p[3], p[4], 0.4)}"/>`;
  const layers = rng.int(3, 5);
  for (let i = 0; i < layers; i++) {
    const baseY = h * (0.5 + (i * 0.4) / layers);
    body += `<path d="${ridge(ctx, baseY, h * 0.07)}" fill="${mix(p[1], p[0], 0.25 + (0.75 * i) / (layers - 1))}"/>`;
  }
  if (rng.chance(0.6))
    body += figure(w * rng.float(0.3, 0.7), h * 0.93, h * rng.float(0.08, 0.14), mix(p[0], '#000000', 0.5));
  return { defs, body };
};

const city: Scene = (ctx) => {
  const { w, h, rng, p } = ctx;
  const ground = h * 0.86;
  const top = mix(p[0], '#000000', 0.35);
  const defs =
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${mix(p[1], p[0], 0.3)}"/></linearGradient>` +
    glowDef('moonGlow', p[4], 0.35) +
    beamDef('beam', p[2]);
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>` + stars(ctx, rng.int(20, 50), h * 0.4);
  const moonR = Math.min(w, h) * rng.float(0.07, 0.12);
  const moonX = w * rng.float(0.2, 0.8);
  body += `<circle cx="${n(moonX)}" cy="${n(h * 0.2)}" r="${n(moonR * 2.4)}" fill="url(#moonGlow)"/>`;
  body += `<circle cx="${n(moonX)}" cy="${n(h * 0.2)}" r="${n(moonR)}" fill="${p[4]}"/>`;
  for (let beam = 0; beam < rng.int(2, 3); beam++) {
    body += `<rect x="${n(w * rng.float(0, 0.85))}" y="${n(-h * 0.2)}" width="${n(w * 0.09)}" height="${n(h * 1.4)}" fill="url(#beam)" opacity="0.3" transform="rotate(${n(rng.float(-25, 25))} ${n(w / 2)} ${n(h / 2)})"/>`;
  }
  for (const [layer, color] of [
    [0, mix(top, p[1], 0.35)],
    [1, mix(p[0], '#000000', 0.65)],
  ] as const) {
    let x = -rng.float(0, w * 0.05);
    while (x < w) {
      const bw = w * rng.float(0.07, 0.15);
      const bh = h * (layer === 0 ? rng.float(0.3, 0.6) : rng.float(0.15, 0.42));
      body += `<rect x="${n(x)}" y="${n(ground - bh)}" width="${n(bw)}" height="${n(bh)}" fill="${color}"/>`;
      if (layer === 1) {
        const cell = w / 70;
        for (let wy = ground - bh + cell; wy < ground - cell * 2; wy += cell * 2.2) {
          for (let wx = x + cell; wx < x + bw - cell; wx += cell * 1.8) {
            if (rng.chance(0.3))
              body += `<rect x="${n(wx)}" y="${n(wy)}" width="${n(cell)}" height="${n(cell * 1.2)}" fill="${p[3]}" opacity="0.85"/>`;
          }
        }
      }
      x += bw + w * rng.float(0, 0.02);
    }
  }
  body += `<rect y="${n(ground)}" width="${w}" height="${n(h - ground)}" fill="${mix(p[0], '#000000', 0.75)}"/>`;
  return { defs, body };
};

/** One grid cell of the Bauhaus pattern: a background tile and a shape anchored in it. */
function bauhausCell(x: number, y: number, s: number, bg: string, fg: string, kind: number, turn: number): string {
  const c = (dx: number, dy: number) => `${n(x + dx * s)},${n(y + dy * s)}`;
  let shape: string;
  if (kind === 0) shape = `<path d="M${c(0, 0)} L${c(1, 0)} A${n(s)},${n(s)} 0 0 1 ${c(0, 1)} Z" fill="${fg}"/>`;
  else if (kind === 1) shape = `<circle cx="${n(x + s / 2)}" cy="${n(y + s / 2)}" r="${n(s * 0.36)}" fill="${fg}"/>`;
  else if (kind === 2) shape = `<path d="M${c(0, 1)} A${n(s / 2)},${n(s / 2)} 0 0 1 ${c(1, 1)} Z" fill="${fg}"/>`;
  else if (kind === 3) shape = `<path d="M${c(0, 0)} L${c(1, 0)} L${c(0, 1)} Z" fill="${fg}"/>`;
  else
    shape = `<circle cx="${n(x + s / 2)}" cy="${n(y + s / 2)}" r="${n(s * 0.3)}" fill="none" stroke="${fg}" stroke-width="${n(s * 0.12)}"/>`;
  return `<g transform="rotate(${turn * 90} ${n(x + s / 2)} ${n(y + s / 2)})"><rect x="${n(x)}" y="${n(y)}" width="${n(s + 0.5)}" height="${n(s + 0.5)}" fill="${bg}"/>${shape}</g>`;
}

const bauhaus: Scene = ({ w, h, rng, p }) => {
  const cols = w >= h ? rng.int(5, 7) : rng.int(3, 4);
  const s = w / cols;
  const rows = Math.ceil(h / s);
  const colors = [p[0], p[1], p[2], p[3], p[4]];
  let body = '';
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const [bg, fg] = rng.sample(colors, 2);
      body += bauhausCell(col * s, row * s, s, bg!, fg!, rng.int(0, 4), rng.int(0, 3));
    }
  }
  return { defs: '', body };
};

const waves: Scene = (ctx) => {
  const { w, h, rng, p } = ctx;
  const defs = `<linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p[4]}"/><stop offset="1" stop-color="${p[3]}"/></linearGradient>`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += `<circle cx="${n(w * rng.float(0.2, 0.8))}" cy="${n(h * rng.float(0.15, 0.3))}" r="${n(Math.min(w, h) * rng.float(0.08, 0.15))}" fill="${p[2]}"/>`;
  const bands = rng.int(6, 9);
  for (let i = 0; i < bands; i++) {
    const baseY = h * (0.35 + (0.6 * i) / bands);
    const amp = h * rng.float(0.015, 0.05);
    const freq = (Math.PI * 2 * rng.float(1, 2.5)) / w;
    const phase = rng.float(0, Math.PI * 2);
    let d = `M0,${n(h)}`;
    for (let x = 0; x <= w; x += w / 40) d += ` L${n(x)},${n(baseY + amp * Math.sin(x * freq + phase))}`;
    body += `<path d="${d} L${n(w)},${n(h)} Z" fill="${mix(p[2], p[0], i / (bands - 1))}" opacity="0.92"/>`;
  }
  return { defs, body };
};

const rays: Scene = (ctx) => {
  const { w, h, rng, p } = ctx;
  const cx = w * rng.float(0.35, 0.65);
  const cy = h * rng.float(0.3, 0.5);
  const defs =
    `<radialGradient id="burst" cx="${n(cx / w)}" cy="${n(cy / h)}" r="0.8"><stop offset="0" stop-color="${p[3]}"/>` +
    `<stop offset="0.35" stop-color="${p[2]}"/><stop offset="1" stop-color="${p[0]}"/></radialGradient>`;
  let body = `<rect width="${w}" height="${h}" fill="url(#burst)"/>`;
  const count = rng.int(14, 26);
  const reach = Math.hypot(w, h);
  for (let i = 0; i < count; i++) {
    const a = (Math.PI * 2 * i) / count + rng.float(-0.05, 0.05);
    const spread = rng.float(0.03, 0.08);
    const x1 = cx + Math.cos(a - spread) * reach;
    const y1 = cy + Math.sin(a - spread) * reach;
    const x2 = cx + Math.cos(a + spread) * reach;
    const y2 = cy + Math.sin(a + spread) * reach;
    body += `<path d="M${n(cx)},${n(cy)} L${n(x1)},${n(y1)} L${n(x2)},${n(y2)} Z" fill="${p[4]}" opacity="${rng.float(0.05, 0.16).toFixed(2)}"/>`;
  }
  const r = Math.min(w, h) * rng.float(0.12, 0.2);
  body += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${p[4]}" stroke-width="${n(r * 0.06)}" opacity="0.7"/>`;
  body += `<path d="${ridge(ctx, h * 0.88, h * 0.02)}" fill="${mix(p[0], '#000000', 0.4)}"/>`;
  body += figure(cx, h * 0.9, h * rng.float(0.14, 0.22), mix(p[0], '#000000', 0.4));
  return { defs, body };
};

const bokeh: Scene = (ctx) => {
  const { w, h, rng, p } = ctx;
  const unit = Math.min(w, h);
  const defs =
    `<linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(p[0], '#000000', 0.2)}"/><stop offset="1" stop-color="${p[1]}"/></linearGradient>` +
    glowDef('b0', p[2]) +
    glowDef('b1', p[3]) +
    glowDef('b2', p[4]) +
    beamDef('streak', p[3]);
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += `<rect x="${n(w * 0.3)}" y="${n(-h * 0.5)}" width="${n(w * 0.4)}" height="${n(h * 2)}" fill="url(#streak)" opacity="0.3" transform="rotate(${n(rng.float(25, 60))} ${n(w / 2)} ${n(h / 2)})"/>`;
  for (let i = 0; i < rng.int(30, 55); i++) {
    const near = rng.chance(0.35);
    body +=
      `<circle cx="${n(rng.float(0, w))}" cy="${n(rng.float(0, h))}" r="${n(unit * (near ? rng.float(0.06, 0.14) : rng.float(0.015, 0.05)))}" ` +
      `fill="url(#b${rng.int(0, 2)})" opacity="${rng.float(near ? 0.2 : 0.45, near ? 0.45 : 0.9).toFixed(2)}"/>`;
  }
  return { defs, body };
};

export const SCENES = { horizon, city, bauhaus, waves, rays, bokeh } as const;
export type SceneName = keyof typeof SCENES;
