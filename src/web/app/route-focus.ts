import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Once per page load, not per mount: layouts remount as the visitor moves between areas. */
let firstLoad = true;

/**
 * How the visitor last used the page: a key press (Tab, Enter, Space, arrows) or a pointer (mouse,
 * touch, pen); null before either. Listened for from the first page, before the navigation it starts.
 */
let lastInput: 'keyboard' | 'pointer' | null = null;
let listening = false;

function listenForInput() {
  if (listening) return;
  listening = true;
  document.addEventListener(
    'keydown',
    (e) => {
      if (!e.metaKey && !e.ctrlKey && !e.altKey) lastInput = 'keyboard';
    },
    true,
  );
  document.addEventListener('pointerdown', () => (lastInput = 'pointer'), true);
}

const cameFromThisSite = () => {
  try {
    return document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
};

/**
 * After a navigation inside the app, moves the focus to the new page's main heading, so keyboard and
 * screen-reader users start reading the new page (each wizard step, each account page) instead of
 * staying on the button they pressed on the last one (WCAG 2.4.3). Steps that reload the page (Get
 * Started to Customize, Checkout to Thanks) count too; a page opened from elsewhere starts at the
 * top, where the skip link is; a link to an anchor (#id) keeps its own target. The heading shows a
 * focus ring only when a key press led there: never after a click or a tap, nor on a page load. The
 * work is loaded with the first navigation (focus-heading.ts), not with the first page.
 */
export function useFocusHeadingOnNavigate() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change.
  useEffect(() => {
    listenForInput();
    if (firstLoad) {
      firstLoad = false;
      if (!cameFromThisSite()) return;
    }
    if (hash) return;
    const before = document.activeElement;
    const ring = lastInput === 'keyboard';
    let cancel: (() => void) | undefined;
    let cancelled = false;
    void import('./focus-heading').then((m) => {
      if (!cancelled) cancel = m.focusNewHeading(before, ring);
    });
    return () => {
      cancelled = true;
      cancel?.();
    };
  }, [pathname]);
}
