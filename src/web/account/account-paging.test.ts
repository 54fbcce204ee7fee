import { describe, expect, it } from 'vitest';
import { appendPage } from './account-paging';

const page = (ids: string[], hasNextPage: boolean, endCursor: string | null) => ({
  pageInfo: { hasNextPage, endCursor },
  nodes: ids.map((id) => ({ id })),
});

describe('appendPage', () => {
  it('adds the next page after the rows already shown and takes its page info', () => {
    const merged = appendPage(page(['a', 'b'], true, 'b'), page(['c'], false, 'c'), (n) => n.id);
    expect(merged.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(merged.pageInfo).toEqual({ hasNextPage: false, endCursor: 'c' });
  });

  it('does not repeat a row that is already shown', () => {
    const merged = appendPage(page(['a', 'b'], true, 'b'), page(['b', 'c'], true, 'c'), (n) => n.id);
    expect(merged.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c']);
  });
});
