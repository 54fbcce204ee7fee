/** How long a new page may take to show its heading (a lazy chunk, its first query). */
const WAIT_FOR_HEADING_MS = 3000;

/**
 * Moves the focus to the page's main heading (tabindex=-1: focusable by script, not a tab stop). The
 * new page may still be arriving (a lazy chunk, the old page kept on screen meanwhile), so the
 * heading is watched for a moment: focused again if it was replaced, left once it stays. If the
 * visitor moves the focus on their own meanwhile, it stays where they put it. `ring`: whether the
 * heading shows the focus ring (data-focus-ring; accessible-theme.module.css). Returns a cancel.
 */
export function focusNewHeading(before: Element | null, ring: boolean): () => void {
  const deadline = Date.now() + WAIT_FOR_HEADING_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let focused: HTMLElement | null = null;
  let steady = 0;
  const step = () => {
    const active = document.activeElement;
    const stillOurs =
      active === document.body || active === before || (focused !== null && active === focused);
    if (!stillOurs) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading && heading === focused && active === heading) steady++;
    else if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.toggleAttribute('data-focus-ring', ring);
      heading.focus({ preventScroll: true });
      focused = heading;
      steady = 0;
    }
    if (steady < 4 && Date.now() < deadline) timer = setTimeout(step, 50);
  };
  step();
  return () => clearTimeout(timer);
}
