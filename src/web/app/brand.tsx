import { createTheme, darken, lighten, type MantineColorsTuple } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';
import type { BrandTextColors } from '../../domain';
import { ACCESSIBLE_COMPONENTS } from './accessible-theme';
import { brandSegmentedControl, brandThemeColors, brandVariantColorResolver } from './brand-colors';

/** The brand as the server bootstraps it into the page (see server/web-shell.ts). */
export type PublicBrand = {
  _id: string;
  shortName: string;
  name: string;
  type: string;
  logoUrl: string | null;
  faviconUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  headerTextColor: string;
  footerLinkTextColor: string;
  /** Text colours that read on the colours above (WCAG AA), derived by the server. */
  textColors: BrandTextColors;
  brandText: string | null;
  brandTextImageUrl: string | null;
  surveysEnabled: boolean;
  customizationEnabled: boolean;
  usesIncentiveZones: boolean;
  requiresCarMake: boolean;
  flowVariant: 'default' | 'automotive' | string;
  unlistedIndustryEmail: string | null;
};

const FALLBACK: PublicBrand = {
  _id: '',
  shortName: 'customer-optix',
  name: 'Customer Optix',
  type: 'AUTHENTICATED',
  logoUrl: null,
  faviconUrl: null,
  primaryColor: '#1b6ec2',
  secondaryColor: '#12355b',
  headerTextColor: '#ffffff',
  footerLinkTextColor: '#ffffff',
  textColors: { header: '#ffffff', footer: '#ffffff', primaryText: '#1964b1', secondaryText: '#12355b' },
  brandText: null,
  brandTextImageUrl: null,
  surveysEnabled: true,
  customizationEnabled: true,
  usesIncentiveZones: false,
  requiresCarMake: false,
  flowVariant: 'default',
  unlistedIndustryEmail: null,
};

/** What the server writes into the page before any script runs (see server/web-shell.ts). */
type Bootstrap = { brand?: Partial<PublicBrand>; apollo?: unknown; cookies?: string };

function readBootstrap(): Bootstrap {
  const el = typeof document !== 'undefined' ? document.getElementById('bootstrap-data') : null;
  if (!el?.textContent) return {};
  try {
    return JSON.parse(el.textContent) as Bootstrap;
  } catch {
    return {};
  }
}

export function readBootstrapBrand(): PublicBrand {
  return { ...FALLBACK, ...readBootstrap().brand };
}

/** The cookies a server-rendered page was made with (those pages read: app/cookies.ts), or ''. */
export function readBootstrapCookies(): string {
  return readBootstrap().cookies ?? '';
}

/** The GraphQL answers a server-rendered page was made from (null when the page was not rendered). */
export function readBootstrapApolloState<T>(): T | null {
  return (readBootstrap().apollo as T | undefined) ?? null;
}

const HEX = /^#(?:[0-9a-f]{3}){1,2}$/i;

/** Ten shades around the brand colour, the form Mantine's theme wants (index 6 is the colour itself). */
export function shadesOf(hex: string): MantineColorsTuple {
  const c = HEX.test(hex) ? hex : FALLBACK.primaryColor;
  return [
    lighten(c, 0.92),
    lighten(c, 0.82),
    lighten(c, 0.66),
    lighten(c, 0.5),
    lighten(c, 0.34),
    lighten(c, 0.16),
    c,
    darken(c, 0.12),
    darken(c, 0.24),
    darken(c, 0.36),
  ];
}

/**
 * Themes by the brand colours they are made of: the browser renders with one brand, the server renders
 * pages of a handful, and a theme is costly to build (ten shades of two colours), so each is built once.
 */
const themes = new Map<string, ReturnType<typeof createTheme>>();

export function themeFor(brand: PublicBrand) {
  const key = JSON.stringify([brand.primaryColor, brand.secondaryColor, brand.textColors]);
  let theme = themes.get(key);
  if (!theme) {
    // Brands are few; a server that meets more colours than that starts over rather than keep them all.
    if (themes.size >= 100) themes.clear();
    theme = buildTheme(brand);
    themes.set(key, theme);
  }
  return theme;
}

function buildTheme(brand: PublicBrand) {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    // Modals, menus and collapses appear without motion for visitors who ask their system for less.
    respectReducedMotion: true,
    variantColorResolver: brandVariantColorResolver,
    ...brandThemeColors,
    colors: { brand: shadesOf(brand.primaryColor), accent: shadesOf(brand.secondaryColor) },
    other: { textColors: brand.textColors },
    fontFamily: 'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    headings: {
      fontFamily:
        'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    },
    defaultRadius: 'md',
    components: {
      ...ACCESSIBLE_COMPONENTS,
      Button: { defaultProps: { radius: 'md' } },
      Paper: { defaultProps: { radius: 'md' } },
      SegmentedControl: brandSegmentedControl,
    },
  });
}

const BrandContext = createContext<PublicBrand>(FALLBACK);

export function BrandProvider({ brand, children }: { brand: PublicBrand; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

export const useBrand = () => useContext(BrandContext);
