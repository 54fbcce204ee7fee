import { useLocation, useSearchParams } from 'react-router';
import { safeReturnUrl } from './admin-links';

/**
 * A details page's way back: returnUrl and returnText from the query string (a shared or reloaded
 * link keeps it), else from the navigation state; only ever to a page of the admin area.
 */
export function useReturnLink(): { url: string; text: string } | null {
  const [params] = useSearchParams();
  const state = (useLocation().state ?? null) as { returnUrl?: unknown; returnText?: unknown } | null;
  const fromQuery = safeReturnUrl(params.get('returnUrl'));
  if (fromQuery) return { url: fromQuery, text: params.get('returnText') || 'Return' };
  const fromState = typeof state?.returnUrl === 'string' ? safeReturnUrl(state.returnUrl) : null;
  if (fromState) {
    return { url: fromState, text: typeof state?.returnText === 'string' ? state.returnText : 'Return' };
  }
  return null;
}
