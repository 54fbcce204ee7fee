import { describe, expect, it } from 'vitest';
import { parseEmailList, zEmailList } from './additional-emails';
import { fieldErrors } from './field-errors';

describe('comma-separated e-mail lists', () => {
  it.each([
    { text: '', list: [] },
    { text: ' a@x.com ', list: ['a@x.com'] },
    { text: 'a@x.com,b@y.com', list: ['a@x.com', 'b@y.com'] },
    { text: 'a@x.com, , b@y.com,', list: ['a@x.com', 'b@y.com'] },
  ])('splits $text into $list', ({ text, list }) => {
    expect(parseEmailList(text)).toEqual(list);
  });

  it('stores the list normalised and treats null as empty', () => {
    expect(zEmailList('Emails').parse('a@x.com,b@y.com')).toBe('a@x.com, b@y.com');
    expect(zEmailList('Emails').parse(null)).toBe('');
  });

  it('names every invalid entry', () => {
    const r = zEmailList('Emails').safeParse('bad, a@x.com, worse');
    expect(r.success ? [] : fieldErrors(r.error).map((e) => e.message)).toEqual([
      'Emails: "bad" is not a valid email address.',
      'Emails: "worse" is not a valid email address.',
    ]);
  });
});
