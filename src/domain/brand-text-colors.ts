import { normalizeHexColor, parseHexColor, readableTextOn, toHexColor } from './color-contrast';

// The text colours a storefront shows on (and in) its brand colours, derived from the admin's picks
// so that each reaches WCAG AA (4.5:1) whatever was picked. The server sends them with the brand, so
// the first page needs none of the arithmetic.

/** The brand colour as the database defaults it (schema.ts), for a colour that is not a hex colour. */
const DEFAULTS = {
  primaryColor: '#1c7ed6',
  secondaryColor: '#495057',
  headerTextColor: '#ffffff',
  footerLinkTextColor: '#ffffff',
} as const;

/**
 * The darkest light tint of a brand colour that brand-coloured text sits on: 20% of the colour over
 * white, which covers the theme's shade 1 (18%) under active nav links and light buttons' hover, and
 * Mantine's light variant (10%, 12% on hover).
 */
export const BRAND_TINT = 0.8;

export type BrandColorPicks = {
  primaryColor: string;
  secondaryColor: string;
  headerTextColor: string;
  footerLinkTextColor: string;
};

export type BrandTextColors = {
  /** Header text and links on the primary colour: the admin's pick when readable, else the nearest that is. */
  header: string;
  /** Footer text and links on the secondary colour: the admin's pick when readable, else the nearest that is. */
  footer: string;
  /** The primary colour as text (links, outlines) on white and its light tints, darkened until it reads. */
  primaryText: string;
  /** The secondary colour as text on white and its light tints, darkened until it reads. */
  secondaryText: string;
};

/** A colour mixed with white: 0 is the colour, 1 is white. */
export function tintOf(hex: string, amount: number): string {
  const rgb = parseHexColor(hex);
  if (!rgb) throw new RangeError(`'${hex}' is not a hex colour such as #1a2b3c.`);
  const mix = (c: number) => c + (255 - c) * amount;
  return toHexColor({ r: mix(rgb.r), g: mix(rgb.g), b: mix(rgb.b) });
}

/** The colour as text on white and on its own light tint. */
const asTextOnTints = (colour: string) => readableTextOn(tintOf(colour, BRAND_TINT), colour);

const pickOf = (picks: Partial<BrandColorPicks>, field: keyof BrandColorPicks) =>
  normalizeHexColor(picks[field] ?? '') ?? DEFAULTS[field];

/** The brand's primary and secondary colours as '#rrggbb' (the database default for one that is not a hex colour). */
export const brandBackgrounds = (picks: Pick<BrandColorPicks, 'primaryColor' | 'secondaryColor'>) => ({
  primary: pickOf(picks, 'primaryColor'),
  secondary: pickOf(picks, 'secondaryColor'),
});

export function brandTextColors(picks: BrandColorPicks): BrandTextColors {
  const pick = (field: keyof BrandColorPicks) => pickOf(picks, field);
  const { primary, secondary } = brandBackgrounds(picks);
  return {
    header: readableTextOn(primary, pick('headerTextColor')),
    footer: readableTextOn(secondary, pick('footerLinkTextColor')),
    primaryText: asTextOnTints(primary),
    secondaryText: asTextOnTints(secondary),
  };
}
