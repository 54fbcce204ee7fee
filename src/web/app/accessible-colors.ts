import { DEFAULT_THEME, darken, type MantineColorsTuple, toRgba } from '@mantine/core';
import { AA_TEXT_CONTRAST, contrastRatio, toHexColor } from '../../domain/color-contrast';

// How the theme's readable status shades are found (accessible-theme.ts keeps the results, so the
// first page carries a table instead of this search; accessible-theme.test.ts checks they agree).

/**
 * A status colour used as text is at least 5.3:1 on white, which keeps it above 4.5:1 on the pale
 * backgrounds it sits on (gray.0, gray.1, a brand's tint); as a filled background, white text on it
 * gets the same 5.3:1. On its own light tint over a grey panel it needs more: see readableShade (an
 * orange light badge on gray.2 was 4.34:1 with 5.3:1 alone).
 */
export const STATUS_TEXT_RATIO = 5.3;
/** Palettes left to the brand: their text colours are derived from the brand's own colours. */
const BRAND_PALETTES = new Set(['brand', 'accent', 'dark']);

const hex = (color: string) => toHexColor(toRgba(color));

/** `color` at `opacity` over `background`, as Mantine paints its light variant (alpha 0.1). */
export function over(background: string, color: string, opacity: number): string {
  const [fg, bg] = [toRgba(color), toRgba(background)];
  const mix = (c: 'r' | 'g' | 'b') => fg[c] * opacity + bg[c] * (1 - opacity);
  return toHexColor({ r: mix('r'), g: mix('g'), b: mix('b') });
}

/** The darkest panel a light badge or alert sits on. */
const PANEL = DEFAULT_THEME.colors.gray[2];

/**
 * The first shade from 6 on that reaches STATUS_TEXT_RATIO on white and 4.5:1 on its own light tint
 * over the darkest grey panel (gray.2), else shade 9 darkened in small steps until it does.
 */
export function readableShade(palette: MantineColorsTuple): string {
  const tint = over(PANEL, palette[6], 0.1);
  const reads = (shade: string) =>
    contrastRatio(shade, '#ffffff') >= STATUS_TEXT_RATIO && contrastRatio(shade, tint) >= AA_TEXT_CONTRAST;
  const found = palette.slice(6).find(reads);
  if (found) return found;
  let shade = palette[9];
  while (!reads(shade)) shade = hex(darken(shade, 0.02));
  return shade;
}

/** The readable text shade and its hover shade of each palette but the brand's, as the theme keeps them. */
export function readableShades(colors: Record<string, MantineColorsTuple | undefined>) {
  const out: Record<string, readonly [string, string]> = {};
  for (const [name, palette] of Object.entries(colors)) {
    if (BRAND_PALETTES.has(name) || !palette) continue;
    const shade = readableShade(palette);
    out[name] = [shade, hex(darken(shade, 0.1))];
  }
  return out;
}
