import {
  type CSSVariablesResolver,
  defaultVariantColorsResolver,
  type MantineTheme,
  parseThemeColor,
  toRgba,
  type VariantColorsResolver,
} from '@mantine/core';
import { normalizeHexColor, readableTextOn as readableTextOnUncached, toHexColor } from '../../domain';

// Admins pick the brand colours, so every text colour that sits on one (or is one, on white) is
// derived from the colours themselves with the WCAG rule in domain/color-contrast: whatever the pick,
// it stays at 4.5:1 or more.

/** The theme colours built from the brand's (see brand.tsx): primary and secondary. */
const BRAND_THEME_COLOURS = ['brand', 'accent'] as const;
/** The shade filled components use (theme.primaryShade): the brand colour itself. */
const FILLED_SHADE = 6;
/** The darkest light tint text sits on (light variant hover, selected cards on 'brand.0'/'brand.1'). */
const TINT_SHADE = 1;

export type BrandColourPicks = {
  primaryColor: string;
  secondaryColor: string;
  headerTextColor: string;
  footerLinkTextColor: string;
};

export type BrandTextColours = {
  /** Header text and links on the primary colour: the admin's pick when readable, else the nearest that is. */
  headerText: string;
  /** Labels of filled buttons and badges on the primary colour: black or white, whichever reads better. */
  buttonText: string;
  /** Footer text and links on the secondary colour: the admin's pick when readable, else the nearest that is. */
  footerLink: string;
};

// Components ask on every render; a brand has a handful of colour pairs, so remember the answers.
const answers = new Map<string, string>();
function readableTextOn(background: string, preferred?: string): string {
  const key = `${background} ${preferred ?? ''}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = readableTextOnUncached(background, preferred);
    answers.set(key, answer);
  }
  return answer;
}

const hexOr = (value: string, fallback: string) => normalizeHexColor(value) ?? fallback;

/** The text colours the storefront uses on the brand's colours (an unreadable colour is never shown). */
export function brandTextColours(brand: BrandColourPicks): BrandTextColours {
  const primary = hexOr(brand.primaryColor, '#1b6ec2');
  const secondary = hexOr(brand.secondaryColor, '#12355b');
  return {
    headerText: readableTextOn(primary, brand.headerTextColor),
    buttonText: readableTextOn(primary),
    footerLink: readableTextOn(secondary, brand.footerLinkTextColor),
  };
}

/** A shade as '#rrggbb' (Mantine's lighten and darken write 'rgba(...)'). */
const hexOfShade = (colour: string | undefined, fallback: string) =>
  colour ? toHexColor(toRgba(colour)) : fallback;

/** A theme colour's own hue as text on white and on its light tints (links, outline and light variants). */
const textOnTints = (shades: readonly string[]) =>
  readableTextOn(hexOfShade(shades[TINT_SHADE], '#ffffff'), hexOfShade(shades[FILLED_SHADE], '#000000'));

/**
 * Mantine's colours per variant, with readable text for the brand colours: filled labels black or
 * white by contrast (hovering lightens rather than darkens under black text, so it stays readable),
 * and the colour used as text on light backgrounds darkened until it reads.
 */
export const brandVariantColorResolver: VariantColorsResolver = (input) => {
  const colour = input.color ?? input.theme.primaryColor;
  const resolved = defaultVariantColorsResolver({ ...input, color: colour });
  const parsed = parseThemeColor({ color: colour, theme: input.theme });
  const name = parsed.color as (typeof BRAND_THEME_COLOURS)[number];
  if (!parsed.isThemeColor || !BRAND_THEME_COLOURS.includes(name)) return resolved;
  if (input.variant === 'filled') {
    const color = readableTextOn(hexOfShade(parsed.value, '#000000'));
    if (color === '#ffffff') return { ...resolved, color };
    const lighter = Math.max((parsed.shade ?? FILLED_SHADE) - 1, 0);
    return { ...resolved, color, hover: `var(--mantine-color-${name}-${lighter})` };
  }
  if (input.variant === 'light' || input.variant === 'outline' || input.variant === 'subtle') {
    return { ...resolved, color: textOnTints(input.theme.colors[name] ?? []) };
  }
  return resolved;
};

/**
 * SegmentedControl's active label on a brand colour (Mantine writes white there unless autoContrast).
 * A plain theme entry rather than SegmentedControl.extend, so the first page does not load the component.
 */
export const brandSegmentedControl = {
  vars: (theme: MantineTheme, { color }: { color?: string }) => {
    const parsed = color ? parseThemeColor({ color, theme }) : null;
    const isBrand = parsed?.isThemeColor && BRAND_THEME_COLOURS.includes(parsed.color as 'brand');
    // Set by Mantine's own resolver but missing from its typed variables, hence the plain record.
    const root: Record<string, string> = isBrand
      ? { '--sc-label-color': readableTextOn(hexOfShade(parsed.value, '#000000')) }
      : {};
    return { root };
  },
};

/**
 * CSS variables Mantine reads for the brand colours as text (links, `c="brand"`, light and outline
 * variants) and for text on the primary colour (`--mantine-primary-color-contrast`). Pass to
 * MantineProvider's cssVariablesResolver; Mantine merges it over its defaults.
 */
export function brandCssVariables(theme: MantineTheme): ReturnType<CSSVariablesResolver> {
  const light: Record<string, string> = {
    '--mantine-primary-color-contrast': readableTextOn(
      hexOfShade(theme.colors.brand?.[FILLED_SHADE], '#1b6ec2'),
    ),
    '--mantine-color-anchor': textOnTints(theme.colors.brand ?? []),
  };
  for (const name of BRAND_THEME_COLOURS) {
    const text = textOnTints(theme.colors[name] ?? []);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-outline`] = text;
  }
  return { variables: {}, light, dark: {} };
}
