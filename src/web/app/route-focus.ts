import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its heading (a lazy chunk, its first query). */
const WAIT_FOR_HEADING_MS = 3000;
const cameFromThisSite = () => {
  try {
    return document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
};

/** Once per page load, not per mount: layouts remount as the visitor moves between areas. */
let firstLoad = true;

/**
 * After a navigation inside the app (not the first page load), moves the focus to the new page's main
 * heading, so keyboard and screen-reader users start reading the new page (each wizard step, each
 * account page) instead of staying on the button they pressed on the last one (WCAG 2.4.3). The
 * heading gets tabindex=-1: focusable by script, not a tab stop. A link to an anchor (#id) keeps its
 * own target. Steps that reload the page (Get Started to Customize, Checkout to Thanks) count too.
 */
export function useFocusHeadingOnNavigate() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change.
  useEffect(() => {
    if (firstLoad) {
      firstLoad = false;
      // A page load the app itself made (a step that reloads the page) moves on like any other step;
      // a page opened from elsewhere starts at the top, where the skip link is.
      if (!cameFromThisSite()) return;
    }
    if (hash) return;
    const before = document.activeElement;
    const deadline = Date.now() + WAIT_FOR_HEADING_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let focused: HTMLElement | null = null;
    let steady = 0;
    // The new page may still be arriving (a lazy chunk, the old page kept on screen meanwhile), so
    // the heading is watched for a moment: focused again if it was replaced, left once it stays.
    const focusHeading = () => {
      const active = document.activeElement;
      const stillOurs =
        active === document.body || active === before || (focused !== null && active === focused);
      if (!stillOurs) return; // the visitor moved the focus on their own: leave it there
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading && heading === focused && active === heading) steady++;
      else if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        focused = heading;
        steady = 0;
      }
      if (steady < 4 && Date.now() < deadline) timer = setTimeout(focusHeading, 50);
    };
    focusHeading();
    return () => clearTimeout(timer);
  }, [pathname]);
}
