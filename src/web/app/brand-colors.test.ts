import { DEFAULT_THEME, type MantineTheme, mergeMantineTheme, toRgba } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, toHexColor } from '../../domain';
import { type PublicBrand, readBootstrapBrand, themeFor } from './brand';
import { brandCssVariables, brandSegmentedControl, brandTextColours } from './brand-colors';

const brandWith = (colours: Partial<PublicBrand>): PublicBrand => ({ ...readBootstrapBrand(), ...colours });
const fullTheme = (brand: PublicBrand): MantineTheme => mergeMantineTheme(DEFAULT_THEME, themeFor(brand));

/** The variant colours Mantine gives a component of this colour (Button, Badge, ActionIcon...). */
const variant = (theme: MantineTheme, color: string, name: string) =>
  theme.variantColorResolver({ color, theme, variant: name });

/** A colour as Mantine's resolver writes it (a hex or rgba value, or a var() of a shade) as '#rrggbb'. */
function hexOf(theme: MantineTheme, value: string): string {
  const shade = /^var\(--mantine-color-(\w+)-(\d|filled|filled-hover)\)$/.exec(value);
  const index = { filled: 6, 'filled-hover': 7 }[shade?.[2] ?? ''] ?? Number(shade?.[2]);
  const colour = shade ? (theme.colors[shade[1] as string]?.[index] ?? value) : value;
  return toHexColor(toRgba(colour));
}

describe('the theme of a brand with a light primary colour (#ffeb3b, white header text)', () => {
  const brand = brandWith({
    primaryColor: '#ffeb3b',
    secondaryColor: '#fff59d',
    headerTextColor: '#ffffff',
    footerLinkTextColor: '#ffffff',
  });
  const theme = fullTheme(brand);
  const primary = '#ffeb3b';
  const white = '#ffffff';

  it('keeps the filled shade the brand colour itself', () => {
    expect(theme.colors.brand?.[6]).toBe(primary);
  });

  it('derives header text and footer links that reach 4.5:1 instead of the unreadable white', () => {
    const colours = brandTextColours(brand);
    expect(contrastRatio(white, primary)).toBeLessThan(4.5);
    expect(colours.headerText).not.toBe(white);
    expect(contrastRatio(colours.headerText, primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colours.footerLink, '#fff59d')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colours.buttonText, primary)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['brand', 'brand.6', 'accent'])(
    'labels filled buttons and badges of %s readably, also on hover',
    (color) => {
      const { color: text, background, hover } = variant(theme, color, 'filled');
      expect(contrastRatio(text, hexOf(theme, background))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, hexOf(theme, hover))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['light', 'outline', 'subtle'])('darkens the brand colour as the text of %s buttons', (name) => {
    const { color } = variant(theme, 'brand', name);
    for (const background of [white, theme.colors.brand?.[0], theme.colors.brand?.[1]]) {
      expect(contrastRatio(color, hexOf(theme, background ?? ''))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("labels a brand-coloured SegmentedControl's active segment readably", () => {
    const vars = theme.components.SegmentedControl?.vars?.(theme, { color: 'brand', data: [] }, {});
    const label = (vars?.root as Record<string, string> | undefined)?.['--sc-label-color'] ?? '';
    expect(theme.components.SegmentedControl).toBe(brandSegmentedControl);
    expect(contrastRatio(label, primary)).toBeGreaterThanOrEqual(4.5);
  });

  it('sets links, brand-coloured text and text on the primary colour to readable colours', () => {
    const light: Record<string, string> = brandCssVariables(theme).light;
    for (const name of [
      '--mantine-color-anchor',
      '--mantine-color-brand-text',
      '--mantine-color-brand-outline',
    ]) {
      expect(contrastRatio(light[name] ?? '', white)).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(light[name] ?? '', hexOf(theme, theme.colors.brand?.[0] ?? '')),
      ).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(light['--mantine-primary-color-contrast'] ?? '', primary)).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});

describe('the theme of a brand whose colours already read well', () => {
  const brand = brandWith({
    primaryColor: '#12355b',
    secondaryColor: '#0b1f36',
    headerTextColor: '#fff3b0',
    footerLinkTextColor: '#ffffff',
  });
  const theme = fullTheme(brand);

  it("keeps the admin's header and footer colours and white button labels", () => {
    expect(brandTextColours(brand)).toEqual({
      headerText: '#fff3b0',
      buttonText: '#ffffff',
      footerLink: '#ffffff',
    });
    expect(variant(theme, 'brand', 'filled')).toMatchObject({
      color: '#ffffff',
      background: 'var(--mantine-color-brand-filled)',
      hover: 'var(--mantine-color-brand-filled-hover)',
    });
  });

  it('uses the brand colour itself for links', () => {
    expect(brandCssVariables(theme).light['--mantine-color-anchor']).toBe('#12355b');
  });

  it("leaves other colours to Mantine's defaults", () => {
    expect(variant(theme, 'red', 'filled')).toEqual({
      ...variant(mergeMantineTheme(DEFAULT_THEME, {}), 'red', 'filled'),
    });
  });
});
