import {
  Anchor,
  type CSSVariablesResolver,
  darken,
  luminance,
  type MantineColorsTuple,
  type MantineThemeComponents,
} from '@mantine/core';
import classes from './accessible-theme.module.css';

/**
 * WCAG 2.1 AA for the theme's neutral and status colours (issue 15). Mantine's defaults are pale:
 * dimmed text (gray.6, #868e96) is 3.32:1 on white and under 3:1 on the brand's light tint, and the
 * filled shade (6) of red, orange and green is under 3.3:1 as text and under white badge text. Text
 * needs 4.5:1; these variables bring every such use up to it at the source, whatever the page.
 * Only the light scheme, the one the product uses. The brand's own palettes are not touched here.
 */

/** Secondary text: 6.1:1 on white, at least 5.1:1 on gray.0/gray.1 and on any brand's brand.0 tint. */
export const DIMMED = '#5c636a';
/** Placeholders: lighter than dimmed so they don't read as a value, still 4.5:1 on white. */
export const PLACEHOLDER = '#687078';
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

/** Mantine's cssVariablesResolver (a MantineProvider prop): merged over Mantine's own variables. */
export const accessibleCssVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-placeholder': PLACEHOLDER,
  };
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (BRAND_PALETTES.has(name) || !palette) continue;
    const shade = readableShade(palette);
    light[`--mantine-color-${name}-text`] = shade;
    light[`--mantine-color-${name}-filled`] = shade;
    light[`--mantine-color-${name}-filled-hover`] = darken(shade, 0.1);
    light[`--mantine-color-${name}-light-color`] = shade;
    light[`--mantine-color-${name}-outline`] = shade;
  }
  light['--mantine-color-error'] = 'var(--mantine-color-red-text)';
  return { variables: {}, light, dark: {} };
};

/**
 * Several resolvers as one (MantineProvider takes one): later ones win on the same variable. Lets
 * the brand colours' resolver and this one sit side by side, as their variables do not overlap.
 */
export function combineCssVariables(...resolvers: CSSVariablesResolver[]): CSSVariablesResolver {
  return (theme) => {
    const results = resolvers.map((resolve) => resolve(theme));
    return {
      variables: Object.assign({}, ...results.map((r) => r.variables)),
      light: Object.assign({}, ...results.map((r) => r.light)),
      dark: Object.assign({}, ...results.map((r) => r.dark)),
    };
  };
}

const PAGINATION_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/**
 * Theme component defaults for WCAG, so every use gets them: links inside a sentence are underlined
 * (see the CSS module), and Mantine's icon-only buttons get a name (the close button of alerts,
 * modals and notifications, the pagination arrows, the colour input's eye dropper). Plain entries
 * rather than Component.extend, so the first page does not load those components.
 */
export const ACCESSIBLE_COMPONENTS: MantineThemeComponents = {
  Anchor: Anchor.extend({ classNames: { root: classes.inlineLink } }),
  CloseButton: { defaultProps: { 'aria-label': 'Close' } },
  ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } } },
  Pagination: {
    defaultProps: {
      getControlProps: (control: keyof typeof PAGINATION_LABELS) => ({
        'aria-label': PAGINATION_LABELS[control],
      }),
    },
  },
};
