import { describe, expect, it } from 'vitest';
import {
  apiKeyAllows,
  apiKeyFromAuthorization,
  apiKeyPrefix,
  bearerToken,
  isApiKey,
  MSG_API_KEY_NAME_REQUIRED,
  MSG_API_KEY_SCOPES_REQUIRED,
  MSG_API_KEY_UNKNOWN_SCOPE,
  shouldMarkApiKeyUsed,
  ZCreateApiKeyInput,
} from './api-keys';

const KEY = `sk_live_AbC1${'x'.repeat(39)}`;

describe('the API key format', () => {
  it.each([
    [KEY, true],
    [`sk_live_${'Z9'.repeat(21)}a`, true],
    [`${KEY}x`, false],
    [KEY.slice(0, -1), false],
    [`sk_test_${'x'.repeat(43)}`, false],
    [`sk_live_${'x'.repeat(42)}-`, false],
    [`sk_live_${'x'.repeat(42)}_`, false],
    ['', false],
    ['AbC1xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', false],
  ])('recognises %j as a key: %s', (text, expected) => {
    expect(isApiKey(text)).toBe(expected);
  });

  it('shows sk_live_ and the first four random characters', () => {
    expect(apiKeyPrefix(KEY)).toBe('sk_live_AbC1');
  });

  it.each([
    [`Bearer ${KEY}`, KEY],
    [`Bearer ${KEY}  `, KEY],
    ['Bearer some-session-token', null],
    [`bearer ${KEY}`, KEY],
    [`BEARER\t${KEY}`, KEY],
    [`Basic ${KEY}`, null],
    [`Bearer${KEY}`, null],
    [KEY, null],
    [undefined, null],
  ])('reads the key of the Authorization header %j', (header, expected) => {
    expect(apiKeyFromAuthorization(header)).toBe(expected);
  });

  it.each([
    ['Bearer abc.def', 'abc.def'],
    ['bearer abc.def', 'abc.def'],
    ['BeArEr   abc.def  ', 'abc.def'],
    ['Bearer ', null],
    ['Bearer', null],
    ['Bearerabc', null],
    ['Basic abc', null],
    ['', null],
    [null, null],
  ])('reads the bearer token of %j, the scheme in any case (RFC 9110)', (header, expected) => {
    expect(bearerToken(header)).toBe(expected);
  });
});

describe('scopes', () => {
  it('lets a key do only what its scopes name', () => {
    expect(apiKeyAllows(['reporting:read'], 'reporting:read')).toBe(true);
    expect(apiKeyAllows([], 'reporting:read')).toBe(false);
    expect(apiKeyAllows(['orders:read'], 'reporting:read')).toBe(false);
  });
});

describe('the last-used mark', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it.each([
    [null, true],
    [new Date('2026-11-26T11:59:30Z'), false],
    [new Date('2026-11-26T11:59:00Z'), true],
    [new Date('2026-11-25T12:00:00Z'), true],
  ])('after a use at %s is written again: %s', (last, expected) => {
    expect(shouldMarkApiKeyUsed(last, now)).toBe(expected);
  });
});

describe('ZCreateApiKeyInput', () => {
  const issues = (input: unknown) => {
    const r = ZCreateApiKeyInput.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('gives a key reporting:read by default and trims the name', () => {
    expect(ZCreateApiKeyInput.parse({ name: '  Power BI ' })).toEqual({
      name: 'Power BI',
      scopes: ['reporting:read'],
    });
  });

  it('keeps each scope once', () => {
    expect(
      ZCreateApiKeyInput.parse({ name: 'x', scopes: ['reporting:read', 'reporting:read'] }).scopes,
    ).toEqual(['reporting:read']);
  });

  it.each([
    [{ name: '' }, [['name', MSG_API_KEY_NAME_REQUIRED]]],
    [{ name: '   ' }, [['name', MSG_API_KEY_NAME_REQUIRED]]],
    [{ name: 'x'.repeat(101) }, [['name', 'Name cannot exceed 100 characters.']]],
    [{ name: 'a\nb' }, [['name', 'Name must be a single line.']]],
    [{ name: 'x', scopes: [] }, [['scopes', MSG_API_KEY_SCOPES_REQUIRED]]],
    [{ name: 'x', scopes: ['orders:write'] }, [['scopes.0', MSG_API_KEY_UNKNOWN_SCOPE]]],
  ])('refuses %j naming the field', (input, expected) => {
    expect(issues(input)).toEqual(expected);
  });
});
