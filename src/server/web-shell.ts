import { readFile } from 'node:fs/promises';
import { brandTextColors } from '../domain/index.js';
import type { BrandRow } from './context.js';

/** What the browser gets about its brand before the first render (no flash of the wrong brand). */
export function publicBrand(b: BrandRow) {
  return {
    _id: b.id,
    shortName: b.shortName,
    name: b.name,
    type: b.type,
    logoUrl: b.logoUrl,
    faviconUrl: b.faviconUrl,
    primaryColor: b.primaryColor,
    secondaryColor: b.secondaryColor,
    headerTextColor: b.headerTextColor,
    footerLinkTextColor: b.footerLinkTextColor,
    // Text colours that read on the brand's colours (WCAG AA), so the page needs no colour arithmetic.
    textColors: brandTextColors(b),
    brandText: b.brandText,
    brandTextImageUrl: b.brandTextImageUrl,
    surveysEnabled: b.surveysEnabled,
    customizationEnabled: b.customizationEnabled,
    usesIncentiveZones: b.usesIncentiveZones,
    requiresCarMake: b.requiresCarMake,
    flowVariant: b.flowVariant,
    unlistedIndustryEmail: b.unlistedIndustryEmail,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside a <script type="application/json"> block: '<' is escaped so it cannot close the tag. */
const jsonForHtml = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * Injects the brand (title, favicon, theme colour, bootstrap JSON) into the built index.html, and
 * modulepreload links for the scripts the page will need (see web-preload.ts).
 */
export function renderShell(
  template: string,
  brand: BrandRow,
  extra: Record<string, unknown> = {},
  preloads: readonly string[] = [],
): string {
  const head = [
    `<title>${escapeHtml(brand.name)}</title>`,
    `<meta name="theme-color" content="${escapeHtml(brand.primaryColor)}">`,
    brand.faviconUrl
      ? `<link rel="icon" href="${escapeHtml(brand.faviconUrl)}">`
      : '<link rel="icon" href="/favicon.svg">',
    `<script type="application/json" id="bootstrap-data">${jsonForHtml({ brand: publicBrand(brand), ...extra })}</script>`,
    ...preloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
  ].join('\n    ');
  return template.replace('<!--app-head-->', head);
}

export async function loadShellTemplate(indexPath: string): Promise<string | null> {
  try {
    return await readFile(indexPath, 'utf8');
  } catch {
    return null;
  }
}
