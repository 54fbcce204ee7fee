import { brandBackgrounds, brandTextColors, isBundledAsset } from '../../domain/index.js';
import type { StorageAdapter } from '../adapters/storage.js';
import type { BrandRow } from '../context.js';
import { brandImageUrl } from '../file-references.js';

/** What an e-mail shows of its brand: resolved once per brand, then handed to every template. */
export type EmailBrand = {
  name: string;
  /** Absolute URL of a logo every mail client displays (PNG, JPEG or GIF); null shows the name instead. */
  logoUrl: string | null;
  /** The header's and buttons' background. */
  primaryColor: string;
  /** Text on the primary colour: the brand's header text colour, made readable (WCAG AA) if it is not. */
  onPrimary: string;
  /** The footer's background. */
  secondaryColor: string;
  /** Text and links on the secondary colour: the brand's footer link colour, made readable. */
  onSecondary: string;
  /** Links on the white card: the primary colour, darkened until it reads. */
  link: string;
};

export type EmailBrandSource = Pick<
  BrandRow,
  'id' | 'name' | 'logoUrl' | 'primaryColor' | 'secondaryColor' | 'headerTextColor' | 'footerLinkTextColor'
>;

/**
 * Gmail and Outlook show neither SVG nor WebP images, so a logo is used only as PNG, JPEG or GIF. The
 * bundled logos are SVG for the storefront, each with a PNG rendition beside it (scripts/brand-logo-pngs.ts).
 */
const MAIL_SAFE_IMAGE = /\.(png|jpe?g|gif)$/i;

/** The brand's logo as an absolute URL that mail clients display, or null. */
export function emailLogoUrl(
  storage: StorageAdapter,
  brand: EmailBrandSource,
  origin: string,
): string | null {
  const url = brandImageUrl(storage, brand, 'logoUrl');
  if (!url) return null;
  const raster = isBundledAsset(url) ? url.replace(/\.svg$/, '.png') : url;
  const absolute = new URL(raster, `${origin}/`);
  return MAIL_SAFE_IMAGE.test(absolute.pathname) ? absolute.href : null;
}

/**
 * Worked out brands, by everything they are made of: the colour contrast work took a fifth of a
 * checkout's e-mail time, and a brand changes far less often than it sends mail. Emptied when full.
 */
const emailBrands = new WeakMap<StorageAdapter, Map<string, EmailBrand>>();
const EMAIL_BRANDS_KEPT = 1000;

/** The brand as e-mails show it, for links under `origin` (the brand's site, or PUBLIC_URL). */
export function emailBrandOf(
  brand: EmailBrandSource,
  opts: { origin: string; storage: StorageAdapter },
): EmailBrand {
  const key = [
    brand.id,
    brand.name,
    brand.logoUrl,
    brand.primaryColor,
    brand.secondaryColor,
    brand.headerTextColor,
    brand.footerLinkTextColor,
    opts.origin,
  ].join('\u0000');
  let known = emailBrands.get(opts.storage);
  if (!known) {
    known = new Map();
    emailBrands.set(opts.storage, known);
  }
  const kept = known.get(key);
  if (kept) return kept;
  const { primary, secondary } = brandBackgrounds(brand);
  const text = brandTextColors(brand);
  const made: EmailBrand = {
    name: brand.name,
    logoUrl: emailLogoUrl(opts.storage, brand, opts.origin),
    primaryColor: primary,
    onPrimary: text.header,
    secondaryColor: secondary,
    onSecondary: text.footer,
    link: text.primaryText,
  };
  if (known.size >= EMAIL_BRANDS_KEPT) known.clear();
  known.set(key, made);
  return made;
}
