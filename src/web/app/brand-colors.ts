import {
  type CSSVariablesResolver,
  defaultVariantColorsResolver,
  isLightColor,
  type MantineTheme,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';
import type { BrandTextColors } from '../../domain';
import { accessibleCssVariables } from './accessible-theme';

// Admins pick the brand colours, so every text colour on one (or that is one, on white) is derived
// to reach WCAG AA, 4.5:1, whatever the pick. The server derives those that need the search for the
// nearest readable colour (domain/brand-text-colors) and sends them with the brand; themeFor puts
// them in theme.other. Labels on a brand colour are black or white, worked out here.

/** The brand's theme colours (brand.tsx) and which derived colour is each one's own hue as text. */
const TEXT_OF = { brand: 'primaryText', accent: 'secondaryText' } as const satisfies Record<
  string,
  keyof BrandTextColors
>;
type BrandColourName = keyof typeof TEXT_OF;
/** The shade filled components use (theme.primaryShade): the brand colour itself. */
const FILLED_SHADE = 6;

/**
 * The relative luminance where black and white text contrast equally (both 4.58:1, just above AA):
 * below it white reads better, above it black. Mantine's luminance is WCAG's.
 */
const BLACK_WHITE_CROSSOVER = 0.179;

/** Black or white, whichever contrasts more with the colour (always 4.5:1 or more). */
export const labelOn = (colour: string) =>
  isLightColor(colour, BLACK_WHITE_CROSSOVER) ? '#000000' : '#ffffff';

export const textColorsOf = (theme: MantineTheme): BrandTextColors => theme.other.textColors;

function brandColour(color: string, theme: MantineTheme) {
  const parsed = parseThemeColor({ color, theme });
  const name = parsed.color as BrandColourName;
  return parsed.isThemeColor && Object.hasOwn(TEXT_OF, name) ? { ...parsed, name } : null;
}

/**
 * Mantine's colours per variant, with readable text for the brand colours: filled labels black or
 * white by contrast (hovering lightens rather than darkens under black text, so it stays readable),
 * and the colour itself as text on light backgrounds darkened until it reads.
 */
export const brandVariantColorResolver: VariantColorsResolver = (input) => {
  const color = input.color ?? input.theme.primaryColor;
  const resolved = defaultVariantColorsResolver({ ...input, color });
  const brand = brandColour(color, input.theme);
  if (!brand) return resolved;
  if (input.variant === 'filled') {
    const label = labelOn(brand.value);
    if (label === '#ffffff') return { ...resolved, color: label };
    const lighter = Math.max((brand.shade ?? FILLED_SHADE) - 1, 0);
    return { ...resolved, color: label, hover: `var(--mantine-color-${brand.name}-${lighter})` };
  }
  if (input.variant === 'light' || input.variant === 'outline' || input.variant === 'subtle') {
    return { ...resolved, color: textColorsOf(input.theme)[TEXT_OF[brand.name]] };
  }
  return resolved;
};

/**
 * SegmentedControl writes its active label's colour on each label (white, or with autoContrast black or
 * white by the theme's luminanceThreshold): with autoContrast and the theme's threshold at the WCAG
 * crossover (see brandThemeColors), the label is labelOn's choice for any segment colour.
 */
export const brandSegmentedControl = { defaultProps: { autoContrast: true } };

/** Theme settings for colours picked at run time: Mantine's autoContrast uses the WCAG crossover. */
export const brandThemeColors = { luminanceThreshold: BLACK_WHITE_CROSSOVER } as const;

/**
 * CSS variables Mantine reads for the brand colours as text (links, `c="brand"`, light and outline
 * variants) and for text on the primary colour (`--mantine-primary-color-contrast`). Pass to
 * MantineProvider's cssVariablesResolver; Mantine merges it over its defaults.
 */
export const brandCssVariables: CSSVariablesResolver = (theme) => {
  const text = textColorsOf(theme);
  const light: Record<string, string> = {
    // The neutral and status colours (accessible-theme.ts); the brand's own below.
    ...accessibleCssVariables(theme).light,
    '--mantine-primary-color-contrast': labelOn(parseThemeColor({ color: theme.primaryColor, theme }).value),
    '--mantine-color-anchor': text.primaryText,
  };
  for (const [name, field] of Object.entries(TEXT_OF)) {
    light[`--mantine-color-${name}-text`] = text[field];
    light[`--mantine-color-${name}-light-color`] = text[field];
    light[`--mantine-color-${name}-outline`] = text[field];
  }
  return { variables: {}, light, dark: {} };
};
