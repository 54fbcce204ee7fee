import { DEFAULT_THEME, getContrastColor, type MantineTheme, mergeMantineTheme, toRgba } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { brandTextColors, contrastRatio, tintOf, toHexColor } from '../../domain';
import { type PublicBrand, readBootstrapBrand, themeFor } from './brand';
import { brandCssVariables, brandSegmentedControl } from './brand-colors';

/** A brand as the server sends it: its picks and the text colours derived from them. */
function brandWith(colours: Partial<PublicBrand>): PublicBrand {
  const brand = { ...readBootstrapBrand(), ...colours };
  return { ...brand, textColors: brandTextColors(brand) };
}
const fullTheme = (brand: PublicBrand): MantineTheme => mergeMantineTheme(DEFAULT_THEME, themeFor(brand));

/** The variant colours Mantine gives a component of this colour (Button, Badge, ActionIcon...). */
const variant = (theme: MantineTheme, color: string, name: string) =>
  theme.variantColorResolver({ color, theme, variant: name });

/** The colour SegmentedControl writes on its active brand-coloured label (Mantine's own function). */
function segmentedLabel(theme: MantineTheme): string {
  const { autoContrast } = theme.components.SegmentedControl?.defaultProps ?? {};
  const label = getContrastColor({ color: 'brand', theme, autoContrast });
  return label === 'var(--mantine-color-black)' ? '#000000' : '#ffffff';
}

/** A colour as Mantine writes it (a hex or rgba value, or a var() of a shade) as '#rrggbb'. */
function hexOf(theme: MantineTheme, value: string): string {
  const shade = /^var\(--mantine-color-(\w+)-(\d|filled|filled-hover)\)$/.exec(value);
  const index = { filled: 6, 'filled-hover': 7 }[shade?.[2] ?? ''] ?? Number(shade?.[2]);
  const colour = shade ? (theme.colors[shade[1] as string]?.[index] ?? value) : value;
  return toHexColor(toRgba(colour));
}

/** White and the light brand tints text sits on: shade 0 and Mantine's light variant hover (12%). */
const lightBackgrounds = (theme: MantineTheme, name: string) => [
  '#ffffff',
  hexOf(theme, theme.colors[name]?.[0] ?? ''),
  tintOf(hexOf(theme, theme.colors[name]?.[6] ?? ''), 0.88),
];

describe('the theme of a brand with a light primary colour (#ffeb3b, white header text)', () => {
  const primary = '#ffeb3b';
  const theme = fullTheme(
    brandWith({
      primaryColor: primary,
      secondaryColor: '#fff59d',
      headerTextColor: '#ffffff',
      footerLinkTextColor: '#ffffff',
    }),
  );

  it('keeps the filled shade the brand colour itself', () => {
    expect(theme.colors.brand?.[6]).toBe(primary);
  });

  it.each(['brand', 'brand.6', 'brand.4', 'accent'])(
    'labels filled buttons and badges of %s readably, also on hover',
    (color) => {
      const { color: text, background, hover } = variant(theme, color, 'filled');
      expect(contrastRatio(text, hexOf(theme, background))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, hexOf(theme, hover))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['light', 'outline', 'subtle'])('darkens the brand colours as the text of %s buttons', (name) => {
    for (const colour of ['brand', 'accent']) {
      const { color } = variant(theme, colour, name);
      for (const background of lightBackgrounds(theme, colour)) {
        expect(contrastRatio(color, background)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("labels a brand-coloured SegmentedControl's active segment readably", () => {
    expect(theme.components.SegmentedControl).toBe(brandSegmentedControl);
    expect(contrastRatio(segmentedLabel(theme), primary)).toBeGreaterThanOrEqual(4.5);
  });

  it('sets links, brand-coloured text and text on the primary colour to readable colours', () => {
    const light: Record<string, string> = brandCssVariables(theme).light;
    for (const name of [
      '--mantine-color-anchor',
      '--mantine-color-brand-text',
      '--mantine-color-brand-outline',
    ]) {
      for (const background of lightBackgrounds(theme, 'brand')) {
        expect(contrastRatio(light[name] ?? '', background)).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(contrastRatio(light['--mantine-primary-color-contrast'] ?? '', primary)).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});

describe.each(['#2f9e44', '#e8590c', '#1c7ed6', '#1b6ec2', '#777777'])(
  'the theme of primary %s',
  (primary) => {
    const theme = fullTheme(brandWith({ primaryColor: primary }));

    it('labels filled buttons, the primary contrast colour and segmented controls at 4.5:1 or more', () => {
      const light: Record<string, string> = brandCssVariables(theme).light;
      const labels = [
        variant(theme, 'brand', 'filled').color,
        light['--mantine-primary-color-contrast'] ?? '',
        segmentedLabel(theme),
      ];
      for (const label of labels) expect(contrastRatio(label, primary)).toBeGreaterThanOrEqual(4.5);
    });
  },
);

describe('the theme of a brand whose colours already read well', () => {
  const theme = fullTheme(brandWith({ primaryColor: '#12355b', secondaryColor: '#0b1f36' }));

  it('keeps white labels and Mantine’s own backgrounds on a dark primary', () => {
    expect(variant(theme, 'brand', 'filled')).toMatchObject({
      color: '#ffffff',
      background: 'var(--mantine-color-brand-filled)',
      hover: 'var(--mantine-color-brand-filled-hover)',
    });
  });

  it('uses the brand colour itself for links', () => {
    expect(brandCssVariables(theme).light['--mantine-color-anchor' as never]).toBe('#12355b');
  });

  it("leaves other colours to Mantine's defaults", () => {
    expect(variant(theme, 'red', 'filled')).toEqual(
      variant(mergeMantineTheme(DEFAULT_THEME, {}), 'red', 'filled'),
    );
  });
});

describe('the brand used when the page has none', () => {
  it('carries the text colours the server would derive for it', () => {
    const fallback = readBootstrapBrand();
    expect(fallback.textColors).toEqual(brandTextColors(fallback));
  });
});
