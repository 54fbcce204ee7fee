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

/** What goes into the page besides the brand: the scripts and stylesheets it needs, and its server render. */
export type ShellParts = {
  /** More bootstrap data (the server render's GraphQL answers go here as `apollo`). */
  extra?: Record<string, unknown>;
  /** Scripts the page needs (see web-preload.ts): modulepreload links, or for a rendered page a list the entry preloads once it is painted. */
  preloads?: readonly string[];
  /** Stylesheets of the rendered route, linked before the first paint. */
  stylesheets?: readonly string[];
  /** The server-rendered page, inside <div id="root">. */
  body?: string;
  /** The server render's resource hints (preloads), trusted markup for the head. */
  hints?: string;
  /** The evaluator app's pages link its web app manifest (installable, docs/offline-evaluator.md). */
  installable?: boolean;
};

/** /evaluator and its pages: the installable, offline-capable evaluator app. */
export const isEvaluatorPath = (pathname: string) => /^\/evaluator(?:\/|$)/.test(pathname);

/**
 * Injects the brand (title, favicon, theme colour, bootstrap JSON) into the built index.html, with
 * modulepreload links for the scripts the page will need (see web-preload.ts) and, for a page the
 * server renders (web-render.ts), its stylesheets and markup.
 */
export function renderShell(template: string, brand: BrandRow, parts: ShellParts = {}): string {
  const rendered = parts.body !== undefined && parts.body !== '';
  // A rendered page is painted from its HTML and stylesheets, and its scripts only take it over
  // afterwards: the entry asks for them once the page is painted (main.tsx), so that on a slow
  // connection they do not compete with what the first paint needs. Other pages announce them at once.
  const bootstrap = {
    brand: publicBrand(brand),
    ...parts.extra,
    ...(rendered && parts.preloads?.length ? { preload: parts.preloads } : {}),
  };
  const head = [
    `<title>${escapeHtml(brand.name)}</title>`,
    `<meta name="theme-color" content="${escapeHtml(brand.primaryColor)}">`,
    brand.faviconUrl
      ? `<link rel="icon" href="${escapeHtml(brand.faviconUrl)}">`
      : '<link rel="icon" href="/favicon.svg">',
    ...(parts.installable
      ? [
          '<link rel="manifest" href="/evaluator/manifest.webmanifest">',
          '<link rel="apple-touch-icon" href="/evaluator/icon-192.png">',
        ]
      : []),
    `<script type="application/json" id="bootstrap-data">${jsonForHtml(bootstrap)}</script>`,
  ].join('\n    ');
  // At the end of the head, after the entry's own stylesheets (index.html): first the route's stylesheets
  // (as its script would add them), then the render's hints, then the scripts, so that on a connection
  // limit (six per host on HTTP/1.1) what the first paint waits for is asked for first.
  const tail = [
    ...(parts.stylesheets ?? []).map(
      (href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`,
    ),
    ...(parts.hints ? [parts.hints] : []),
    ...(rendered ? [] : (parts.preloads ?? [])).map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
    ),
  ]
    .map((line) => `  ${line}\n  `)
    .join('');
  // Replaced by functions: a `$` in the brand's texts or the page must not be read as a pattern.
  return (
    template
      .replace('<!--app-head-->', () => head)
      .replace('</head>', () => `${tail}</head>`)
      // A rendered page is inert until the app has taken it over (main.tsx): a tap or a form sent before
      // then would be lost, or go to the server as a plain form.
      .replace('<div id="root"></div>', () =>
        rendered ? `<div id="root" inert>${parts.body}</div>` : '<div id="root"></div>',
      )
  );
}

export async function loadShellTemplate(indexPath: string): Promise<string | null> {
  try {
    return await readFile(indexPath, 'utf8');
  } catch {
    return null;
  }
}
