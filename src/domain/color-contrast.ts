// WCAG 2.1 colour contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio) for brand colours that
// admins pick: the ratio of a text colour on a background, and the nearest readable colour when the
// pick falls short of AA for normal text (4.5:1).

export const AA_TEXT_CONTRAST = 4.5;

export type Rgb = { r: number; g: number; b: number };

const BLACK = '#000000';
const WHITE = '#ffffff';
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#rgb' or '#rrggbb' (any case, surrounding spaces allowed) to 0-255 channels; anything else is null. */
export function parseHexColor(hex: string): Rgb | null {
  const m = HEX.exec(hex.trim());
  if (!m?.[1]) return null;
  const digits = m[1].length === 3 ? [...m[1]].map((d) => d + d).join('') : m[1];
  const n = Number.parseInt(digits, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/** '#rrggbb' in lower case (channels are rounded and clamped to 0-255). */
export function toHexColor({ r, g, b }: Rgb): string {
  const byte = (c: number) => Math.min(255, Math.max(0, Math.round(c)));
  return `#${[r, g, b].map((c) => byte(c).toString(16).padStart(2, '0')).join('')}`;
}

/** A hex colour as '#rrggbb', or null when it is not one. */
export const normalizeHexColor = (hex: string): string | null => {
  const rgb = parseHexColor(hex);
  return rgb ? toHexColor(rgb) : null;
};

function mustParse(hex: string): Rgb {
  const rgb = parseHexColor(hex);
  if (!rgb) throw new RangeError(`'${hex}' is not a hex colour such as #1a2b3c.`);
  return rgb;
}

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(colour: string | Rgb): number {
  const { r, g, b } = typeof colour === 'string' ? mustParse(colour) : colour;
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours, 1 to 21, the same whichever comes first. */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const [l1, l2] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

type Hsl = { h: number; s: number; l: number };

function toHsl({ r, g, b }: Rgb): Hsl {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === rn ? ((gn - bn) / d + 6) % 6 : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return { h: h * 60, s, l };
}

function fromHsl({ h, s, l }: Hsl): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const sector = Math.floor(h / 60) % 6;
  const [r, g, b] = [
    [c, x, 0],
    [x, c, 0],
    [0, c, x],
    [0, x, c],
    [x, 0, c],
    [c, 0, x],
  ][sector] as [number, number, number];
  return { r: (r + m) * 255, g: (g + m) * 255, b: (b + m) * 255 };
}

/**
 * The colour closest to `from` on the way to black (target 0) or white (target 1), keeping its hue and
 * saturation, whose hex value reaches AA on `background`; null when even black or white does not.
 * Luminance only grows with lightness, so the passing stretch is one interval ending at the target.
 */
function nearestPassing(from: Hsl, target: 0 | 1, background: Rgb): { hex: string; distance: number } | null {
  const at = (t: number) => toHexColor(fromHsl({ ...from, l: from.l + (target - from.l) * t }));
  const passes = (t: number) => contrastRatio(at(t), background) >= AA_TEXT_CONTRAST;
  if (!passes(1)) return null;
  let [lo, hi] = [0, 1];
  for (let i = 0; i < 30; i += 1) {
    const mid = (lo + hi) / 2;
    if (passes(mid)) hi = mid;
    else lo = mid;
  }
  return { hex: at(hi), distance: Math.abs(target - from.l) * hi };
}

/**
 * A text colour readable on `background` (AA, 4.5:1): `preferred` itself when it reaches 4.5:1,
 * otherwise the nearest colour to it that does, darkened or lightened along its own hue; without a
 * (valid) preferred colour, black or white, whichever contrasts more.
 */
export function readableTextOn(background: string, preferred?: string | null): string {
  const bg = mustParse(background);
  const blackOrWhite = contrastRatio(BLACK, bg) >= contrastRatio(WHITE, bg) ? BLACK : WHITE;
  const wanted = preferred ? parseHexColor(preferred) : null;
  if (!wanted) return blackOrWhite;
  if (contrastRatio(wanted, bg) >= AA_TEXT_CONTRAST) return toHexColor(wanted);
  const hsl = toHsl(wanted);
  const candidates = [nearestPassing(hsl, 0, bg), nearestPassing(hsl, 1, bg)].filter((c) => c !== null);
  candidates.sort((a, b) => a.distance - b.distance);
  return candidates[0]?.hex ?? blackOrWhite;
}

export type ContrastCheck = {
  /** The WCAG contrast ratio, 1 to 21. */
  ratio: number;
  /** Whether it reaches AA for normal text (4.5:1). */
  ok: boolean;
  /** When it does not: the nearest colour to `foreground` that does (see readableTextOn). */
  suggestion: string | null;
};

/** The contrast of a text colour on a background, with a suggestion when below AA; null if either is not a hex colour. */
export function contrastCheck(foreground: string, background: string): ContrastCheck | null {
  const fg = parseHexColor(foreground);
  if (!fg || !parseHexColor(background)) return null;
  const ratio = contrastRatio(fg, background);
  const ok = ratio >= AA_TEXT_CONTRAST;
  return { ratio, ok, suggestion: ok ? null : readableTextOn(background, foreground) };
}

/** A ratio as WCAG tools show it, cut (not rounded) to one decimal so 4.49 never reads as 4.5: '4.4:1'. */
export const formatContrastRatio = (ratio: number): string => `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
