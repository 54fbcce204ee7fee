import { describe, expect, it } from 'vitest';
import { BRAND_TINT, brandTextColors, tintOf } from './brand-text-colors';
import { contrastRatio } from './color-contrast';

const picks = (p: Partial<Parameters<typeof brandTextColors>[0]>) => ({
  primaryColor: '#1b6ec2',
  secondaryColor: '#12355b',
  headerTextColor: '#ffffff',
  footerLinkTextColor: '#ffffff',
  ...p,
});

describe('tintOf', () => {
  it.each([
    ['#000000', 0, '#000000'],
    ['#000000', 1, '#ffffff'],
    ['#000000', 0.82, '#d1d1d1'],
    ['#ffeb3b', 0.5, '#fff59d'],
  ])('mixes %s with white by %d: %s', (hex, amount, tint) => {
    expect(tintOf(hex, amount)).toBe(tint);
  });
});

describe('brandTextColors', () => {
  it("keeps the admin's colours where they read, and uses the brand colour itself as text", () => {
    expect(brandTextColors(picks({ primaryColor: '#862e9c', headerTextColor: '#FFF' }))).toEqual({
      header: '#ffffff',
      footer: '#ffffff',
      primaryText: '#862e9c',
      secondaryText: '#12355b',
    });
  });

  it('darkens a brand colour as text just enough to read on its light tint too', () => {
    // #1b6ec2 is 5.2:1 on white but under 4.5:1 on its 20% tint (shade 1, under active nav links).
    expect(contrastRatio('#1b6ec2', tintOf('#1b6ec2', BRAND_TINT))).toBeLessThan(4.5);
    expect(brandTextColors(picks({})).primaryText).toBe('#1964b1');
  });

  it('replaces unreadable picks on a light primary (#ffeb3b, white text) by the nearest readable colours', () => {
    const colors = brandTextColors(picks({ primaryColor: '#ffeb3b', secondaryColor: '#fff59d' }));
    expect(colors.header).toBe('#686868');
    expect(contrastRatio(colors.footer, '#fff59d')).toBeGreaterThanOrEqual(4.5);
    for (const background of ['#ffffff', tintOf('#ffeb3b', BRAND_TINT)]) {
      expect(contrastRatio(colors.primaryText, background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(['#ffeb3b', '#2f9e44', '#e8590c', '#1c7ed6', '#000000', '#ffffff', '#f0f'])(
    'gives text that reads at 4.5:1 on primary %s, whatever the text picks',
    (primaryColor) => {
      for (const text of ['#ffffff', '#000000', '#777777', primaryColor]) {
        const colors = brandTextColors(
          picks({
            primaryColor,
            secondaryColor: primaryColor,
            headerTextColor: text,
            footerLinkTextColor: text,
          }),
        );
        for (const onColour of [colors.header, colors.footer]) {
          expect(contrastRatio(onColour, primaryColor)).toBeGreaterThanOrEqual(4.5);
        }
        expect(contrastRatio(colors.primaryText, tintOf(primaryColor, BRAND_TINT))).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    },
  );

  it("uses the database's default colour for a stored colour that is not a hex colour", () => {
    const colors = brandTextColors(picks({ primaryColor: 'blue', headerTextColor: '' }));
    expect(colors.primaryText).toBe(brandTextColors(picks({ primaryColor: '#1c7ed6' })).primaryText);
    expect(colors.header).toBe(brandTextColors(picks({ primaryColor: '#1c7ed6' })).header);
  });
});
