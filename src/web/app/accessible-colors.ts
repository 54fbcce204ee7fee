import { darken, luminance, type MantineColorsTuple, toRgba } from '@mantine/core';

// How the theme's readable status shades are found (accessible-theme.ts keeps the results, so the
// first page carries a table instead of this search; accessible-theme.test.ts checks they agree).

/**
 * A status colour used as text is at least 5.3:1 on white, which keeps it above 4.5:1 on the pale
 * backgrounds it sits on (its own light tint in light badges and alerts, gray.0, gray.1); as a filled
 * background, white text on it gets the same 5.3:1.
 */
export const STATUS_TEXT_RATIO = 5.3;
/** Palettes left to the brand: their text colours are derived from the brand's own colours. */
const BRAND_PALETTES = new Set(['brand', 'accent', 'dark']);

export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** The first shade from 6 on that reaches STATUS_TEXT_RATIO on white, else shade 9 darkened until it does. */
export function readableShade(palette: MantineColorsTuple): string {
  const found = palette.slice(6).find((shade) => contrastRatio(shade, '#ffffff') >= STATUS_TEXT_RATIO);
  if (found) return found;
  let shade = palette[9];
  while (contrastRatio(shade, '#ffffff') < STATUS_TEXT_RATIO) shade = darken(shade, 0.04);
  return shade;
}

const hex = (color: string) => {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
};

/** The readable text shade and its hover shade of each palette but the brand's, as the theme keeps them. */
export function readableShades(colors: Record<string, MantineColorsTuple | undefined>) {
  const out: Record<string, readonly [string, string]> = {};
  for (const [name, palette] of Object.entries(colors)) {
    if (BRAND_PALETTES.has(name) || !palette) continue;
    const shade = readableShade(palette);
    out[name] = [hex(shade), hex(darken(shade, 0.1))];
  }
  return out;
}
