import { describe, expect, it } from 'vitest';
import { renderedCookies } from './cookies';

describe('renderedCookies', () => {
  it('keeps only the order cookies a page reads: a session or other cookie never reaches the page', () => {
    const header =
      'sid=s3cr3t; orderId=o-1; theme=dark; orderServices=%7B%22oid%22%3A%22o-1%22%7D; xorderId=nope';
    expect(renderedCookies(header)).toBe('orderId=o-1; orderServices=%7B%22oid%22%3A%22o-1%22%7D');
  });

  it('is empty without them', () => {
    expect(renderedCookies('')).toBe('');
    expect(renderedCookies('sid=s3cr3t')).toBe('');
  });
});
