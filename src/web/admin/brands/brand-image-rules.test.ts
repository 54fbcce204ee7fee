import { describe, expect, it } from 'vitest';
import { brandTypeLabel } from './brand-form-values';
import {
  IMAGE_SLOTS,
  imageFileProblem,
  imageType,
  nameWithExtension,
  squareProblem,
} from './brand-image-rules';

const slot = (field: string) => IMAGE_SLOTS.find((s) => s.field === field)!;
const file = (name: string, type: string, size = 100) => ({ name, type, size });

describe('brand images', () => {
  it('takes PNG or ICO as the favicon and refuses other images', () => {
    expect(imageFileProblem(slot('faviconUrl'), file('f.png', 'image/png'))).toBeNull();
    expect(imageFileProblem(slot('faviconUrl'), file('f.ico', 'image/x-icon'))).toBeNull();
    expect(imageFileProblem(slot('faviconUrl'), file('f.jpg', 'image/jpeg'))).toBe(
      'The Favicon must be a PNG or ICO image.',
    );
  });

  it('takes any web image as the logo, up to 2 MB', () => {
    expect(imageFileProblem(slot('logoUrl'), file('l.webp', 'image/webp'))).toBeNull();
    expect(imageFileProblem(slot('logoUrl'), file('l.pdf', 'application/pdf'))).toBe(
      'The Logo must be a PNG, JPEG, GIF or WebP image.',
    );
    expect(imageFileProblem(slot('logoUrl'), file('l.png', 'image/png', 2 * 1024 * 1024 + 1))).toBe(
      'The Logo must be 2 MB or smaller.',
    );
    expect(imageFileProblem(slot('logoUrl'), file('l.png', 'image/png', 0))).toBe('The file is empty.');
  });

  it('reads the type from the name when the browser gives none', () => {
    expect(imageType(file('favicon.ICO', ''))).toBe('image/x-icon');
    expect(imageType(file('logo', ''))).toBe('');
  });

  it('accepts only square favicons', () => {
    expect(squareProblem(32, 32)).toBeNull();
    expect(squareProblem(64, 32)).toBe('The Favicon must be square; this image is 64x32 pixels.');
    expect(squareProblem(0, 0)).not.toBeNull();
  });

  it('adds the extension of the type to the signed name when it is missing', () => {
    expect(nameWithExtension('logo', 'image/png')).toBe('logo.png');
    expect(nameWithExtension('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(nameWithExtension('icon.ico', 'image/x-icon')).toBe('icon.ico');
  });

  it('names brand types in words', () => {
    expect(brandTypeLabel('ENTRY_PATH')).toBe('Entry Path');
    expect(brandTypeLabel('CUSTOM_SUBDOMAIN')).toBe('Custom Subdomain');
    expect(brandTypeLabel('CUSTOM_DOMAIN')).toBe('Custom Domain');
    expect(brandTypeLabel('AUTHENTICATED')).toBe('Authenticated');
  });
});
