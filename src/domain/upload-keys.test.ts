import { describe, expect, it } from 'vitest';
import {
  isBundledAsset,
  isUploadKeyIn,
  keyOfFileReference,
  originalFileName,
  parseUploadKey,
} from './upload-keys';

const FOLDER = 'customQuestionnaires/order1';
const localUrl = (key: string) => `/s3/uploads/${key}`;
const cdnUrl = (key: string) => `https://cdn.example.com/files/${key}`;

describe('parseUploadKey', () => {
  it('splits a signed key into its folder, owner and original file name', () => {
    expect(parseUploadKey('customQuestionnaires/order1/Ab3xYz_our_form.v2.pdf')).toEqual({
      key: 'customQuestionnaires/order1/Ab3xYz_our_form.v2.pdf',
      kind: 'customQuestionnaires',
      ownerId: 'order1',
      folder: 'customQuestionnaires/order1',
      fileName: 'our_form.v2.pdf',
    });
    expect(parseUploadKey('brands/b-1/k_logo.png')?.kind).toBe('brands');
    expect(parseUploadKey('evaluations/e_1/k_call.mp3')?.ownerId).toBe('e_1');
  });

  it.each([
    ['the finding’s path', '../../etc/passwd'],
    ['a climbing name', 'customQuestionnaires/order1/../../etc/passwd'],
    ['dots inside the name', 'customQuestionnaires/order1/k_a..pdf'],
    ['a leading slash', '/customQuestionnaires/order1/k_a.pdf'],
    ['a backslash', 'customQuestionnaires/order1/k_a\\b.pdf'],
    ['a control character', 'customQuestionnaires/order1/k_a\n.pdf'],
    ['a NUL', 'customQuestionnaires/order1/k_a\u0000.pdf'],
    ['a space', 'customQuestionnaires/order1/k_a b.pdf'],
    ['an unknown folder kind', 'secrets/order1/k_a.pdf'],
    ['a nested folder', 'customQuestionnaires/order1/x/k_a.pdf'],
    ['no folder id', 'customQuestionnaires/k_a.pdf'],
    ['no stored-name id', 'customQuestionnaires/order1/_a.pdf'],
    ['no underscore in the stored name', 'customQuestionnaires/order1/a.pdf'],
    ['a URL', 'https://evil.example/customQuestionnaires/order1/k_a.pdf'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an empty string', ''],
    ['too long', `customQuestionnaires/order1/k_${'a'.repeat(300)}.pdf`],
    ['not a string', 42],
    ['null', null],
  ])('refuses %s', (_label, key) => {
    expect(parseUploadKey(key)).toBeNull();
  });
});

describe('isUploadKeyIn', () => {
  it('takes a key of exactly that folder only', () => {
    expect(isUploadKeyIn('customQuestionnaires/order1/k_a.pdf', FOLDER)).toBe(true);
    expect(isUploadKeyIn('customQuestionnaires/order2/k_a.pdf', FOLDER)).toBe(false);
    expect(isUploadKeyIn('customQuestionnaires/order10/k_a.pdf', FOLDER)).toBe(false);
    expect(isUploadKeyIn('brands/order1/k_a.pdf', FOLDER)).toBe(false);
  });
});

describe('keyOfFileReference', () => {
  const key = 'brands/b1/Xy7_logo.png';

  it.each([
    ['the key itself', key, localUrl],
    ['the local public URL', `/s3/uploads/${key}`, localUrl],
    ['the bucket / CDN public URL', `https://cdn.example.com/files/${key}`, cdnUrl],
    // A private file's URL is a signed link; only the key is kept, so its query is not compared.
    ['a signed link', `/s3/uploads/${key}?expires=1800000000&sig=ab12`, localUrl],
  ])('names the key for %s', (_label, value, publicUrl) => {
    expect(keyOfFileReference(value, 'brands/b1', publicUrl)).toBe(key);
  });

  it.each([
    ['an external site with the same path', `https://evil.example/s3/uploads/${key}`],
    ['an external site with the folder in its path', `https://evil.example/${key}`],
    ['a protocol-relative URL', `//evil.example/s3/uploads/${key}`],
    ['a javascript: URL', `javascript:alert(1)//s3/uploads/${key}`],
    ['another brand’s folder', '/s3/uploads/brands/b2/Xy7_logo.png'],
    ['an encoded climb', '/s3/uploads/brands/b1/%2E%2E%2F..%2Fetc%2Fpasswd'],
    ['a malformed escape', '/s3/uploads/brands/b1/Xy7_%E0%A4%A.png'],
    ['an empty string', ''],
    ['not a string', { url: key }],
  ])('refuses %s', (_label, value) => {
    expect(keyOfFileReference(value, 'brands/b1', localUrl)).toBeNull();
  });

  it('refuses a local URL when the storage serves from elsewhere', () => {
    expect(keyOfFileReference(`/s3/uploads/${key}`, 'brands/b1', cdnUrl)).toBeNull();
  });
});

describe('originalFileName', () => {
  it('is the part after the first underscore of the stored name', () => {
    expect(originalFileName('Ab3_our_form.pdf')).toBe('our_form.pdf');
    expect(originalFileName('plain.pdf')).toBe('plain.pdf');
  });
});

describe('isBundledAsset', () => {
  it.each([
    ['/brands/dunkin.svg', true],
    ['/samples/storefront.svg', true],
    ['/samples/demo-call.wav', true],
    ['/brands/../secret.svg', false],
    ['/assets/app.js', false],
    ['//evil.example/brands/x.svg', false],
    ['https://evil.example/brands/x.svg', false],
    ['/brands/x.svg?x=1', false],
    ['/brands/x.html', false],
  ])('%s is a bundled file: %s', (value, expected) => {
    expect(isBundledAsset(value)).toBe(expected);
  });
});
