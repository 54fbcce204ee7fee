import { Transition } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { INDUSTRY_ANIMATION_MS } from './get-started-rules';

/**
 * Animates its content in over 500 ms when mounted, bringing it into view when it was picked (on a
 * phone the list sits below the chooser); key it by industry to replay on each change.
 */
export function IndustryReveal({
  children,
  scrollIntoView,
}: {
  children: ReactNode;
  scrollIntoView: boolean;
}) {
  const [shown, setShown] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  useEffect(() => {
    if (!shown || !scrollIntoView || !ref.current) return;
    const { top } = ref.current.getBoundingClientRect();
    if (top > window.innerHeight * 0.6) ref.current.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [shown, scrollIntoView]);
  return (
    <Transition mounted={shown} transition="fade-up" duration={INDUSTRY_ANIMATION_MS} keepMounted>
      {(style) => (
        <div ref={ref} style={style}>
          {children}
        </div>
      )}
    </Transition>
  );
}
