import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from '@playwright/test';

/** WCAG 2.1 A and AA, the level the product promises (issue 15). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** How long the page must be still (no DOM change, no animation) before it is scanned. */
const QUIET_MS = 250;
/** A page that never settles (a spinner that stays) is scanned anyway after this long. */
const SETTLE_CAP_MS = 1_500;
const PHONE_MAX_WIDTH = 600;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/**
 * axe-core (650 KB) wrapped in a function the scanner calls before a document's first scan: every
 * document still gets it through the init script (no page script, so the app's CSP is no obstacle), but
 * V8 only pre-parses a function it does not call, so the documents that scan nothing (a route already
 * scanned in this test, a redirect, a login passed through: about a third of them) no longer compile
 * and run axe's setup. What is scanned, and how, is unchanged.
 */
const AXE_LOADER = `window.__axeLoad = function () {\n${AXE_SOURCE}\n};`;

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
      /^[0-9a-f]{24}$|^[0-9a-f-]{36}$|^\d+$|^[A-Za-z0-9_-]{12,}$/i.test(segment) && /\d/.test(segment)
        ? ':id'
        : segment,
    )
    .join('/');
  const phone = viewportWidth !== undefined && viewportWidth < PHONE_MAX_WIDTH ? ' (phone)' : '';
  return `${parsed.host}${path}${phone}`;
}

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; message: string }[];
};

/**
 * Runs in every top-level document of a watched context (an init script, next to axe-core). Once the
 * page has been still for QUIET_MS after its URL changed (a load or a same-document route change),
 * it asks the test whether that route still needs a scan, runs axe, and reports the violations. It
 * runs in the page, not from the test, so a journey that moves on quickly is still covered: a scan
 * takes no round trips. A page that never settles (a spinner, a journey typing on) is scanned after
 * SETTLE_CAP_MS. A scan during which the page changed is retried (see scan). A scan cut short by a
 * full page load does not count: its route is given back, to be scanned at its next visit. A scan that
 * failed fails the test (axe's error is reported as a violation; AxeWatch.finish).
 */
function scanner({ quietMs, capMs, tags }: { quietMs: number; capMs: number; tags: string[] }) {
  type Axe = {
    run: (
      context: Document,
      options: object,
    ) => Promise<{
      violations: {
        id: string;
        impact?: string | null;
        help: string;
        nodes: { target: unknown[]; any: { message: string }[]; all: { message: string }[] }[];
      }[];
    }>;
  };
  type Bindings = {
    axe?: Axe;
    __axeLoad: () => void;
    __axeWanted: (href: string) => Promise<boolean>;
    __axeRelease: (href: string) => Promise<void>;
    __axeReport: (href: string, movedTo: string | null, violations: Violation[]) => Promise<void>;
    __axeScanNow: () => Promise<void>;
  };
  const w = window as unknown as Window & Bindings;
  if (w.top !== w) return;
  let lastChange = performance.now();
  let handledHref = '';
  let hrefSince = performance.now();
  let running: Promise<void> | null = null;
  new MutationObserver(() => {
    lastChange = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });

  const attempts = new Map<string, number>();
  /** Per URL, the "rule target" pairs an earlier scan saw while the page was changing. */
  const earlier = new Map<string, Set<string>>();
  const scan = async (href: string) => {
    if (!(await w.__axeWanted(href))) return;
    if (!w.axe) w.__axeLoad();
    const axe = w.axe;
    if (!axe) throw new Error('axe-core did not load');
    const started = performance.now();
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    let violations: Violation[] = results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        message: (n.any[0] ?? n.all[0])?.message ?? '',
      })),
    }));
    // The journey went on during the scan (the DOM changed, a transition ran, the route changed):
    // axe may have seen half-faded text. Give the route back, to be scanned when the page is still
    // again. After the third try, only what two tries in a row saw counts.
    const changed =
      lastChange > started ||
      location.href !== href ||
      document.getAnimations().some((a) => a.playState === 'running');
    const tries = (attempts.get(href) ?? 0) + 1;
    attempts.set(href, tries);
    if (changed) {
      const before = earlier.get(href);
      earlier.set(href, new Set(violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target}`))));
      if (tries < 3) {
        handledHref = '';
        await w.__axeRelease(href);
        return;
      }
      violations = violations
        .map((v) => ({ ...v, nodes: v.nodes.filter((n) => before?.has(`${v.id} ${n.target}`)) }))
        .filter((v) => v.nodes.length > 0);
    }
    const movedTo = location.href === href ? null : location.href;
    await w.__axeReport(href, movedTo, violations);
  };

  const run = (href: string) => {
    handledHref = href;
    running = scan(href)
      .catch((error: unknown) =>
        // axe itself failed: say so, as a violation, rather than pass unchecked.
        w.__axeReport(href, null, [{ id: 'axe-error', impact: 'critical', help: String(error), nodes: [] }]),
      )
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  };

  const tick = () => {
    const now = performance.now();
    const href = location.href;
    if (href !== handledHref && !running && document.readyState === 'complete') {
      if (document.getAnimations().some((a) => a.playState === 'running')) lastChange = now;
      if (hrefSince > lastChange) lastChange = hrefSince;
      if (now - lastChange >= quietMs || now - hrefSince >= capMs) void run(href);
    }
  };
  let seenHref = location.href;
  setInterval(() => {
    if (location.href !== seenHref) {
      seenHref = location.href;
      hrefSince = performance.now();
    }
    tick();
  }, 50);
  // At the end of a test: scan the page as it is now, if its route is still open.
  w.__axeScanNow = async () => {
    await running;
    if (location.href !== handledHref) await run(location.href);
  };
}

/**
 * Watches every page of the test's browser contexts (its own, and those it opens with
 * browser.newContext) and collects the serious and critical violations axe finds, one scan per route.
 */
export class AxeWatch {
  /** Routes scanned (or being scanned) in this test. */
  private readonly claimed = new Set<string>();
  /** Routes claimed whose scan has not reported yet, with the page scanning each. */
  private readonly pending = new Map<string, Page>();
  private readonly findings: string[] = [];
  private readonly contexts = new Set<BrowserContext>();
  private restoreBrowser: (() => void) | undefined;

  async watchContext(context: BrowserContext) {
    if (this.contexts.has(context)) return;
    this.contexts.add(context);
    const routeFor = (page: Page, href: string) => routeOf(href, page.viewportSize()?.width);
    await context.exposeBinding('__axeWanted', ({ page }, href: string) => {
      // A page scans one route at a time: a scan of this page still pending was its previous
      // document's, cut short by a full load. Its route was not scanned: give it back.
      for (const [claimedRoute, scanning] of this.pending) {
        if (scanning !== page) continue;
        this.pending.delete(claimedRoute);
        this.claimed.delete(claimedRoute);
      }
      const route = routeFor(page, href);
      if (!route || this.claimed.has(route)) return false;
      this.claimed.add(route);
      this.pending.set(route, page);
      return true;
    });
    await context.exposeBinding('__axeRelease', ({ page }, href: string) => {
      const route = routeFor(page, href);
      if (!route) return;
      this.claimed.delete(route);
      this.pending.delete(route);
    });
    await context.exposeBinding(
      '__axeReport',
      ({ page }, href: string, movedTo: string | null, violations: Violation[]) => {
        const route = routeFor(page, href);
        if (route) this.pending.delete(route);
        const where = movedTo ? `${href} (moved on to ${movedTo} during the scan)` : href;
        for (const v of violations) {
          if (!FAILING_IMPACTS.has(v.impact ?? '')) continue;
          const targets = v.nodes.map((node) => node.target);
          const shown =
            targets.slice(0, 6).join(' | ') + (targets.length > 6 ? ` | +${targets.length - 6} more` : '');
          const example = v.nodes[0]?.message || v.help;
          this.findings.push(`${v.id} [${v.impact}] ${targets.length}x on ${where}: ${shown} (${example})`);
        }
      },
    );
    await context.addInitScript(
      `${AXE_LOADER}\n;(${scanner.toString()})(${JSON.stringify({ quietMs: QUIET_MS, capMs: SETTLE_CAP_MS, tags: TAGS })});`,
    );
  }

  /** Tests that open their own contexts (several users at once) are covered too. */
  watchBrowser(browser: Browser) {
    const original = browser.newContext;
    browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
      const context = await original.apply(browser, args);
      await this.watchContext(context);
      return context;
    };
    this.restoreBrowser = () => {
      browser.newContext = original;
    };
  }

  /**
   * Scans each open page whose route is still open, then returns the findings. A page that could not be
   * scanned at the end is one.
   */
  async finish(): Promise<string[]> {
    this.restoreBrowser?.();
    const pages = [...this.contexts].flatMap((context) => context.pages());
    await Promise.all(
      pages.map((page) =>
        page
          .evaluate(() => (window as unknown as { __axeScanNow?: () => Promise<void> }).__axeScanNow?.())
          .catch((error: unknown) => {
            if (!page.isClosed()) this.findings.push(`axe-not-run on ${page.url()}: ${String(error)}`);
          }),
      ),
    );
    return this.findings;
  }
}
