import { describe, expect, it } from 'vitest';
import { cacheControlFor, etagOf, matchesIfNoneMatch, shouldPrecompress } from './static-files.js';

describe('how long a file of the built app is kept', () => {
  it.each([
    ['assets/framework-D9wpF8IT.js', 'public, max-age=31536000, immutable'],
    ['assets/index-CqFt084p.css', 'public, max-age=31536000, immutable'],
    ['favicon.svg', 'public, max-age=86400'],
    ['brands/sb1.png', 'public, max-age=86400'],
    ['samples/mystery-shop-report.html', 'private, no-cache'],
    ['index.html', 'private, no-cache'],
    // The evaluator app's service worker: the browser must see a new one at once.
    ['evaluator-sw.js', 'no-cache'],
  ])('%s: %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe('which files the build precompresses', () => {
  it.each([
    ['assets/index-B_JlUYKm.js', true],
    ['assets/index-CqFt084p.css', true],
    ['samples/storefront.svg', true],
    ['samples/customer-survey-report.html', true],
    ['assets/index-B_JlUYKm.js.map', false],
    ['brands/sb1.png', false],
    ['samples/demo-call.wav', false],
  ])('%s: %s', (file, expected) => {
    expect(shouldPrecompress(file)).toBe(expected);
  });
});

describe('If-None-Match', () => {
  const tag = etagOf('<html>page</html>');

  it('matches the tag, weakly, in a list, or as *', () => {
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(tag.replace(/^W\//, ''), tag)).toBe(true);
    expect(matchesIfNoneMatch(`W/"other", ${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
  });

  it('does not match another page, another tag or no header', () => {
    expect(matchesIfNoneMatch(etagOf('<html>other</html>'), tag)).toBe(false);
    expect(matchesIfNoneMatch('W/"x"', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
    expect(matchesIfNoneMatch('', tag)).toBe(false);
  });
});
