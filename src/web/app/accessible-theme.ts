import type { CSSVariablesResolver, MantineThemeComponents } from '@mantine/core';
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
/** Mantine's cssVariablesResolver (a MantineProvider prop): merged over Mantine's own variables. */
/**
 * Each palette the product writes text, badges or alerts in (the brand's are left to the brand; pink,
 * indigo and lime appear only as chart lines at fixed shades) as [text shade, filled-hover shade]:
 * the first shade from 6 on that is at least STATUS_TEXT_RATIO (5.3:1) on white and 4.5:1 on its light tint over gray.2, found by
 * accessible-colors.ts and kept here as data so the first page does not search for it.
 */
export const READABLE_SHADES: Readonly<Record<string, readonly [string, string]>> = {
  gray: ['#495057', '#42484e'],
  red: ['#bd2727', '#aa2323'],
  grape: ['#862e9c', '#79298c'],
  violet: ['#6741d9', '#5d3bc3'],
  blue: ['#1864ab', '#165a9a'],
  cyan: ['#0b6e7f', '#0a6372'],
  teal: ['#087451', '#076849'],
  green: ['#237536', '#206931'],
  yellow: ['#9e5100', '#8e4900'],
  orange: ['#b13e0f', '#9f380e'],
};

export const accessibleCssVariables: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-placeholder': PLACEHOLDER,
    '--mantine-color-error': 'var(--mantine-color-red-text)',
  };
  for (const [name, [shade, hover]] of Object.entries(READABLE_SHADES)) {
    light[`--mantine-color-${name}-text`] = shade;
    light[`--mantine-color-${name}-filled`] = shade;
    light[`--mantine-color-${name}-filled-hover`] = hover;
    light[`--mantine-color-${name}-light-color`] = shade;
    light[`--mantine-color-${name}-outline`] = shade;
  }
  return { variables: {}, light, dark: {} };
};

/**
 * Theme component defaults for WCAG, so every use gets them: links inside a sentence are underlined
 * (see the CSS module), and Mantine's icon-only buttons get a name (the close button of alerts,
 * modals and notifications; the pagination arrows and the colour input's eye dropper are named where
 * they are used, on pages the first page does not load), and sideways-scrolling tables take focus. Plain entries
 * rather than Component.extend, so the first page does not load those components.
 */
const OPTIONS_VIEWPORT = { tabIndex: 0, role: 'group' };

const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

export const ACCESSIBLE_COMPONENTS: MantineThemeComponents = {
  Anchor: { classNames: { root: classes.inlineLink } },
  CloseButton: { defaultProps: { 'aria-label': 'Close' } },
  // A table wider than the screen scrolls sideways: its scroll area takes focus, so arrow keys can
  // scroll it even when the table holds no link or button (axe: scrollable-region-focusable), and its
  // scrollbar shows whenever it overflows (Mantine's default shows it on hover, which a phone has not:
  // the columns past the edge looked cut off), below the table rather than over its last row.
  TableScrollContainer: {
    defaultProps: {
      scrollAreaProps: { type: 'auto', offsetScrollbars: 'present', viewportProps: { tabIndex: 0 } },
    },
  },
  // The same for a select's list of options when it is longer than its dropdown: the options are
  // reached with the arrow keys from the field, and the scrolling list itself takes focus too. Inside
  // role=listbox a focusable element must be an option or a group of them (axe: aria-required-children),
  // so the scrolling viewport is the group that holds the options.
  Select: { defaultProps: { scrollAreaProps: { viewportProps: OPTIONS_VIEWPORT } } },
  MultiSelect: { defaultProps: { scrollAreaProps: { viewportProps: OPTIONS_VIEWPORT } } },
  Autocomplete: { defaultProps: { scrollAreaProps: { viewportProps: OPTIONS_VIEWPORT } } },
  // A menu holds only menu items: Mantine's focus placeholder (a bare div[tabindex]) inside role=menu
  // breaks that (axe: aria-required-children); without it the first item takes the focus, as menus do.
  Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  // A calendar's arrows are icon-only buttons: named, in every picker (its month heading is named by its
  // own text, which an aria-label would hide: axe's label-content-name-mismatch).
  DateInput: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
  DatePickerInput: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
  DatePicker: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
};
