import { describe, expect, it } from 'vitest';
import {
  contrastCheck,
  contrastRatio,
  formatContrastRatio,
  normalizeHexColor,
  parseHexColor,
  readableTextOn,
  relativeLuminance,
  toHexColor,
} from './color-contrast';

describe('parseHexColor', () => {
  it.each([
    ['#ffffff', { r: 255, g: 255, b: 255 }],
    ['#1B6EC2', { r: 27, g: 110, b: 194 }],
    ['#fa0', { r: 255, g: 170, b: 0 }],
    [' #000 ', { r: 0, g: 0, b: 0 }],
  ])('reads %s', (hex, rgb) => {
    expect(parseHexColor(hex)).toEqual(rgb);
  });

  it.each(['', 'ffffff', '#ffff', '#gggggg', 'red', '#1234567', 'rgb(0,0,0)'])('refuses %j', (hex) => {
    expect(parseHexColor(hex)).toBeNull();
  });

  it('writes colours back as lower-case #rrggbb, and normalizes short ones', () => {
    expect(toHexColor({ r: 27, g: 110, b: 194 })).toBe('#1b6ec2');
    expect(toHexColor({ r: 300, g: -4, b: 9.6 })).toBe('#ff000a');
    expect(normalizeHexColor('#FA0')).toBe('#ffaa00');
    expect(normalizeHexColor('#12')).toBeNull();
  });
});

describe('relativeLuminance', () => {
  it.each([
    ['#000000', 0],
    ['#ffffff', 1],
    ['#ff0000', 0.2126],
    ['#00ff00', 0.7152],
    ['#0000ff', 0.0722],
    ['#808080', 0.2159], // 128/255 = 0.502 is above the 0.04045 knee, so gamma-expanded
    ['#0a0a0a', 0.003035], // 10/255 = 0.039 is below it: the linear segment, c / 12.92
  ])('of %s is %d', (hex, luminance) => {
    expect(relativeLuminance(hex)).toBeCloseTo(luminance, 4);
  });
});

describe('contrastRatio (WCAG 2.1)', () => {
  it.each([
    ['#ffffff', '#767676', 4.54],
    ['#868e96', '#ffffff', 3.32], // Mantine's dimmed text on white
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#ffffff', '#1b6ec2', 5.18],
    ['#ffffff', '#1c7ed6', 4.2],
    ['#ffffff', '#ffeb3b', 1.22],
    ['#fff3b0', '#7b2cbf', 6.33],
    ['#1a1a1a', '#f59f00', 8.16],
  ])('%s on %s is %d:1', (fg, bg, ratio) => {
    expect(contrastRatio(fg, bg)).toBeCloseTo(ratio, 2);
  });

  it('is the same whichever colour comes first', () => {
    expect(contrastRatio('#ffeb3b', '#12355b')).toBe(contrastRatio('#12355b', '#ffeb3b'));
  });

  it('refuses a colour that is not hex', () => {
    expect(() => contrastRatio('white', '#000')).toThrow("'white' is not a hex colour");
  });
});

describe('readableTextOn', () => {
  it.each([
    ['#ffffff', '#1b6ec2'],
    ['#fff3b0', '#7b2cbf'],
    ['#1a1a1a', '#f59f00'],
    ['#ffffff', '#767676'],
  ])('keeps %s on %s, which reaches 4.5:1', (preferred, background) => {
    expect(readableTextOn(background, preferred)).toBe(preferred);
  });

  it('without a preferred colour gives black or white, whichever contrasts more', () => {
    expect(readableTextOn('#ffeb3b')).toBe('#000000');
    expect(readableTextOn('#1c7ed6')).toBe('#000000');
    expect(readableTextOn('#12355b')).toBe('#ffffff');
    expect(readableTextOn('#1b6ec2', 'not a colour')).toBe('#ffffff');
  });

  it.each([
    // preferred, background, suggestion: white has no hue, so it darkens to grey
    ['#ffffff', '#ffeb3b', '#686868'],
    ['#ffffff', '#2f9e44', '#242424'],
    ['#868e96', '#ffffff', '#6f7780'],
    // lightened when only lighter colours can reach 4.5:1
    ['#555555', '#000000', '#757575'],
  ])('turns %s on %s into the nearest colour that passes, %s', (preferred, background, suggestion) => {
    const readable = readableTextOn(background, preferred);
    expect(readable).toBe(suggestion);
    expect(contrastRatio(readable, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('stops at the first grey that passes: one step closer to white fails', () => {
    const grey = readableTextOn('#ffeb3b', '#ffffff');
    const channel = parseHexColor(grey)?.r ?? 0;
    const lighter = toHexColor({ r: channel + 1, g: channel + 1, b: channel + 1 });
    expect(contrastRatio(grey, '#ffeb3b')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(lighter, '#ffeb3b')).toBeLessThan(4.5);
  });

  it('keeps the hue of a coloured pick: a yellow text on white becomes a dark yellow', () => {
    const readable = readableTextOn('#ffffff', '#ffeb3b');
    const { r, g, b } = parseHexColor(readable) ?? { r: 0, g: 0, b: 0 };
    expect(contrastRatio(readable, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(b).toBe(0); // still yellow: red and green high, no blue
    expect(r / g).toBeCloseTo(255 / 235, 1);
  });

  it.each(['#000000', '#777777', '#ffeb3b', '#12355b', '#f0f', '#1c7ed6', '#ffffff'])(
    'always reaches 4.5:1 on %s, whatever the preferred colour',
    (background) => {
      for (const preferred of ['#ffffff', '#000000', '#888888', '#ff0000', '#ffeb3b', '#12355b']) {
        expect(contrastRatio(readableTextOn(background, preferred), background)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});

describe('contrastCheck', () => {
  it('passes a pair at or above 4.5:1 with no suggestion', () => {
    const check = contrastCheck('#ffffff', '#767676');
    expect(check).toEqual({ ratio: expect.closeTo(4.54, 2), ok: true, suggestion: null });
  });

  it('fails a pair below 4.5:1 and suggests the nearest colour that passes', () => {
    expect(contrastCheck('#ffffff', '#ffeb3b')).toEqual({
      ratio: expect.closeTo(1.22, 2),
      ok: false,
      suggestion: '#686868',
    });
  });

  it('has nothing to say while a colour is not yet a hex colour', () => {
    expect(contrastCheck('#ff', '#ffffff')).toBeNull();
    expect(contrastCheck('#ffffff', '')).toBeNull();
  });
});

describe('formatContrastRatio', () => {
  it.each([
    [21, '21.0:1'],
    [4.54, '4.5:1'],
    [4.4999, '4.4:1'],
    [3.32, '3.3:1'],
    [1, '1.0:1'],
  ])('shows %d as %s', (ratio, text) => {
    expect(formatContrastRatio(ratio)).toBe(text);
  });
});
