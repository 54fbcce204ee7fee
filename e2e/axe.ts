import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';

/** WCAG 2.1 A and AA, the level the product promises (issue 15). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** How long the page must be still (no DOM change, no finite animation running) before a scan. */
const QUIET_MS = 300;
/** A page that never settles (a spinner that stays) is scanned anyway after this long. */
const SETTLE_CAP_MS = 4_000;
const PHONE_MAX_WIDTH = 600;

/**
 * The route a URL belongs to: its path with ids (hex object ids, uuids, numbers, tokens) replaced, plus
 * "phone" when the viewport is narrow, as the layout differs. One scan per route and test keeps the
 * check affordable: a journey that comes back to the dashboard five times is scanned there once.
 */
export function routeOf(url: string, viewportWidth: number | undefined): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!parsed.protocol.startsWith('http')) return null;
  const path = parsed.pathname
    .split('/')
    .map((segment) =>
      /^[0-9a-f]{24}$|^[0-9a-f-]{36}$|^\d+$|^[A-Za-z0-9_-]{20,}$/i.test(segment) ? ':id' : segment,
    )
    .join('/');
  const phone = viewportWidth !== undefined && viewportWidth < PHONE_MAX_WIDTH ? ' (phone)' : '';
  return `${parsed.host}${path}${phone}`;
}

/** Resolves once the page has been still for QUIET_MS, or after SETTLE_CAP_MS. Runs in the page. */
function settle({ quietMs, capMs }: { quietMs: number; capMs: number }): Promise<void> {
  return new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    const observer = new MutationObserver(() => {
      last = performance.now();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const tick = () => {
      const now = performance.now();
      const animating = document.getAnimations().some((a) => a.playState === 'running');
      if (animating || document.readyState !== 'complete') last = now;
      if (now - last >= quietMs || now - start >= capMs) {
        observer.disconnect();
        resolve();
      } else setTimeout(tick, 50);
    };
    setTimeout(tick, 50);
  });
}

type Finding = { route: string; line: string };

/**
 * Runs axe on every page of the test's browser contexts (its own, and those it opens with
 * browser.newContext) once per route, after each navigation, including same-document history
 * changes, once the page has settled; and at the end on each open page whose route was not scanned
 * yet. Collects the serious and critical violations as one line per rule and route.
 */
export class AxeWatch {
  private readonly scanned = new Set<string>();
  private readonly findings: Finding[] = [];
  private readonly chains = new Map<Page, Promise<void>>();
  private readonly contexts = new Set<BrowserContext>();
  private restoreBrowser: (() => void) | undefined;
  private readonly errors: string[] = [];

  watchContext(context: BrowserContext) {
    if (this.contexts.has(context)) return;
    this.contexts.add(context);
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  /** Tests that open their own contexts (several users at once) are covered too. */
  watchBrowser(browser: Browser) {
    const original = browser.newContext;
    browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
      const context = await original.apply(browser, args);
      this.watchContext(context);
      return context;
    };
    this.restoreBrowser = () => {
      browser.newContext = original;
    };
  }

  private watchPage(page: Page) {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.enqueue(page);
    });
  }

  /** Scans run one after another per page; a scan cut short by a navigation leaves the route unscanned. */
  private enqueue(page: Page) {
    const previous = this.chains.get(page) ?? Promise.resolve();
    const next = previous
      .then(() => this.scan(page))
      .catch((error: Error) => {
        // The page went away under the scan (a navigation, a closed page): the next scan covers it.
        if (!/destroyed|closed|navigat|detached/i.test(error.message)) this.errors.push(error.message);
      });
    this.chains.set(page, next);
  }

  private async scan(page: Page) {
    if (page.isClosed()) return;
    const route = routeOf(page.url(), page.viewportSize()?.width);
    if (!route || this.scanned.has(route)) return;
    await page.evaluate(settle, { quietMs: QUIET_MS, capMs: SETTLE_CAP_MS });
    const url = page.url();
    if (routeOf(url, page.viewportSize()?.width) !== route || this.scanned.has(route)) return;
    // Legacy mode runs axe in the page itself; the default would open a blank page per scan.
    const results = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
    // A navigation during the scan means it saw two pages: discard it, the route stays to be scanned.
    if (page.url() !== url) return;
    this.scanned.add(route);
    for (const violation of results.violations) {
      if (!FAILING_IMPACTS.has(violation.impact ?? '')) continue;
      const targets = violation.nodes.map((node) => node.target.join(' '));
      const example = violation.nodes[0]?.any[0]?.message ?? violation.help;
      const shown =
        targets.slice(0, 6).join(' | ') + (targets.length > 6 ? ` | +${targets.length - 6} more` : '');
      this.findings.push({
        route,
        line: `${violation.id} [${violation.impact}] ${targets.length}x on ${url}: ${shown} (${example})`,
      });
    }
  }

  /** Waits for pending scans, then scans each open page whose route was not scanned yet. */
  async finish(): Promise<string[]> {
    this.restoreBrowser?.();
    await Promise.all(this.chains.values());
    for (const context of this.contexts) {
      for (const page of context.pages()) this.enqueue(page);
    }
    await Promise.all(this.chains.values());
    return [...this.findings.map((finding) => finding.line), ...this.errors.map((e) => `axe failed: ${e}`)];
  }
}
