import { DEFAULT_THEME, mergeMantineTheme, toRgba } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio as hexContrast } from '../../domain/color-contrast';
import { over, readableShade, readableShades, STATUS_TEXT_RATIO } from './accessible-colors';
import { accessibleCssVariables, DIMMED, PLACEHOLDER, READABLE_SHADES } from './accessible-theme';
import { readBootstrapBrand, shadesOf, themeFor } from './brand';
import { brandCssVariables } from './brand-colors';

const AA_TEXT = 4.5;
/** The WCAG ratio of any two CSS colours (Mantine's tints are rgba()). */
const contrastRatio = (a: string, b: string) => hexContrast(toRgba(a), toRgba(b));
const WHITE = '#ffffff';
const { gray } = DEFAULT_THEME.colors;

const overWhite = (color: string, opacity: number) => over(WHITE, color, opacity);

function hue(color: string): number {
  const { r, g, b } = toRgba(color);
  const [max, min] = [Math.max(r, g, b), Math.min(r, g, b)];
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

// The demo brands' primary colours, and black, the darkest tint brand.0 can be.
const BRAND_PRIMARIES = ['#1b6ec2', '#2f9e44', '#e8590c', '#862e9c', '#f59f00', '#000000', '#ff0000'];

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
    // A light badge on a grey panel: the tint over gray.2 (orange's was 4.34:1 before this rule).
    expect(contrastRatio(text, over(gray[2], palette[6], 0.1))).toBeGreaterThanOrEqual(AA_TEXT);
    // A filled badge or button: white text on the same shade.
    expect(contrastRatio(WHITE, text)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('keeps Mantine shades that already pass, and only darkens the ones that do not', () => {
    expect(readableShade(DEFAULT_THEME.colors.blue)).toBe('#1864ab'); // blue.9
    expect(readableShade(DEFAULT_THEME.colors.violet)).toBe('#6741d9'); // violet.8
    // red.9 is 4.4:1 on its tint over gray.2 and green.9 4.37:1 on white: darkened beyond Mantine's palette.
    expect(DEFAULT_THEME.colors.red).not.toContain(readableShade(DEFAULT_THEME.colors.red));
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

describe('READABLE_SHADES', () => {
  it('is what the search finds, for every palette the product writes text, badges or alerts in', () => {
    const found = readableShades(mergeMantineTheme(DEFAULT_THEME, themeFor(readBootstrapBrand())).colors);
    for (const [name, shades] of Object.entries(READABLE_SHADES)) expect(shades).toEqual(found[name]);
    expect(Object.keys(READABLE_SHADES).sort()).toEqual(
      ['blue', 'cyan', 'grape', 'gray', 'green', 'orange', 'red', 'teal', 'violet', 'yellow'].sort(),
    );
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
      expect(light[`--mantine-color-green-${key}`]).toBe(READABLE_SHADES.green![0]);
    }
  });

  it('leaves the brand palettes to the brand colour rules', () => {
    expect(Object.keys(light).filter((key) => /-(brand|accent)-/.test(key))).toEqual([]);
  });
});

describe('the resolver MantineProvider gets', () => {
  it('holds the neutral and status colours, and the brand’s own over them', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, themeFor(readBootstrapBrand()));
    const { light } = brandCssVariables(theme);
    expect(light['--mantine-color-dimmed']).toBe(DIMMED);
    expect(light['--mantine-color-red-text']).toBe(READABLE_SHADES.red![0]);
    expect(light['--mantine-color-anchor']).toBeDefined();
  });
});
