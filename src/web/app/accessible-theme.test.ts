import { DEFAULT_THEME, mergeMantineTheme, toRgba } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  accessibleCssVariables,
  combineCssVariables,
  contrastRatio,
  DIMMED,
  PLACEHOLDER,
  readableShade,
  STATUS_TEXT_RATIO,
} from './accessible-theme';
import { readBootstrapBrand, shadesOf, themeFor } from './brand';

const AA_TEXT = 4.5;
const WHITE = '#ffffff';
const { gray } = DEFAULT_THEME.colors;

/** `color` at `opacity` over white, as Mantine's light variant (alpha 0.1) is painted. */
function overWhite(color: string, opacity: number): string {
  const { r, g, b } = toRgba(color);
  const mix = (c: number) => Math.round(c * opacity + 255 * (1 - opacity));
  return `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`;
}

function hue(color: string): number {
  const { r, g, b } = toRgba(color);
  const [max, min] = [Math.max(r, g, b), Math.min(r, g, b)];
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

// The demo brands' primary colours, and black, the darkest tint brand.0 can be.
const BRAND_PRIMARIES = ['#1b6ec2', '#2f9e44', '#e8590c', '#862e9c', '#f59f00', '#000000', '#ff0000'];

describe('contrastRatio (WCAG 2.x)', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#868e96', '#ffffff', 3.32],
    ['#767676', '#ffffff', 4.54],
  ])('%s on %s is %s:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 2);
  });
});

describe('dimmed and placeholder text', () => {
  it.each([WHITE, gray[0], gray[1]])('dimmed reaches 4.5:1 on %s', (background) => {
    expect(contrastRatio(DIMMED, background)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(BRAND_PRIMARIES)('dimmed reaches 4.5:1 on the selected card tint (brand.0) of %s', (primary) => {
    expect(contrastRatio(DIMMED, shadesOf(primary)[0])).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('placeholders reach 4.5:1 on white and stay lighter than dimmed text', () => {
    expect(contrastRatio(PLACEHOLDER, WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(PLACEHOLDER, WHITE)).toBeLessThan(contrastRatio(DIMMED, WHITE));
  });
});

describe('status colours', () => {
  const palettes = Object.entries(DEFAULT_THEME.colors).filter(([name]) => name !== 'dark');

  it.each(palettes)('%s as text reaches 4.5:1 on white, gray.1 and its own light tint', (_, palette) => {
    const text = readableShade(palette);
    expect(contrastRatio(text, WHITE)).toBeGreaterThanOrEqual(STATUS_TEXT_RATIO);
    expect(contrastRatio(text, gray[1])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(text, overWhite(palette[6], 0.1))).toBeGreaterThanOrEqual(AA_TEXT);
    // A filled badge or button: white text on the same shade.
    expect(contrastRatio(WHITE, text)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('keeps Mantine shades that already pass, and only darkens the ones that do not', () => {
    expect(readableShade(DEFAULT_THEME.colors.red)).toBe('#c92a2a'); // red.9
    expect(readableShade(DEFAULT_THEME.colors.blue)).toBe('#1864ab'); // blue.9
    expect(readableShade(DEFAULT_THEME.colors.violet)).toBe('#7048e8'); // violet.7
    // green.9 is 4.37:1: darkened beyond Mantine's palette.
    expect(DEFAULT_THEME.colors.green).not.toContain(readableShade(DEFAULT_THEME.colors.green));
  });

  // The score classes (spec: red under 80%, orange under 90%, green above; reports: red, blue, green).
  it.each([
    ['red', 345, 15],
    ['orange', 15, 40],
    ['green', 100, 150],
    ['blue', 200, 225],
  ] as const)('%s still reads as %s (hue within %s to %s degrees)', (name, from, to) => {
    const h = hue(readableShade(DEFAULT_THEME.colors[name]));
    expect(from < to ? h >= from && h <= to : h >= from || h <= to).toBe(true);
  });
});

describe('accessibleCssVariables', () => {
  const theme = mergeMantineTheme(DEFAULT_THEME, themeFor(readBootstrapBrand()));
  const { light } = accessibleCssVariables(theme);

  it('sets dimmed, placeholder, error and the status colours for text, light badges and filled', () => {
    expect(light['--mantine-color-dimmed']).toBe(DIMMED);
    expect(light['--mantine-color-placeholder']).toBe(PLACEHOLDER);
    expect(light['--mantine-color-error']).toBe('var(--mantine-color-red-text)');
    for (const key of ['text', 'filled', 'light-color', 'outline']) {
      expect(light[`--mantine-color-green-${key}`]).toBe(readableShade(theme.colors.green));
    }
  });

  it('leaves the brand palettes to the brand colour rules', () => {
    expect(Object.keys(light).filter((key) => /-(brand|accent)-/.test(key))).toEqual([]);
  });
});

describe('combineCssVariables', () => {
  it('merges the resolvers, the later one winning on a shared variable', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, themeFor(readBootstrapBrand()));
    const brandOnly = () => ({
      variables: { '--x': '1' },
      light: { '--mantine-color-anchor': '#123456', '--mantine-color-dimmed': '#000000' },
      dark: {},
    });
    const { variables, light } = combineCssVariables(accessibleCssVariables, brandOnly)(theme);
    expect(variables).toEqual({ '--x': '1' });
    expect(light['--mantine-color-anchor']).toBe('#123456');
    expect(light['--mantine-color-dimmed']).toBe('#000000');
    expect(light['--mantine-color-red-text']).toBe(readableShade(theme.colors.red));
  });
});
