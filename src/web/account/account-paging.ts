import type { Connection } from '../components/paged-table';

/** Order and payment history load 10 at a time (account-and-reporting 9). */
export const HISTORY_PAGE_SIZE = 10;

/**
 * Load More: the next page's nodes after the ones already shown (a node already there is not
 * repeated), with the next page's pageInfo.
 */
export function appendPage<C extends Connection<unknown>>(
  shown: C,
  next: C,
  key: (node: C['nodes'][number]) => string,
): C {
  const seen = new Set(shown.nodes.map(key));
  return { ...next, nodes: [...shown.nodes, ...next.nodes.filter((n) => !seen.has(key(n)))] };
}
