import { VisuallyHidden } from '@mantine/core';

/**
 * A polite live region for screen readers, always in the page so that each change of its text is
 * announced (a region that appears together with its text often is not): upload progress and the
 * like, where the screen shows a bar or a spinner.
 */
export function LiveStatus({ text }: { text: string }) {
  return (
    <VisuallyHidden role="status" aria-live="polite">
      {text}
    </VisuallyHidden>
  );
}
