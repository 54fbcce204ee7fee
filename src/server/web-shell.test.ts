import { describe, expect, it } from 'vitest';
import type { BrandRow } from './context.js';
import { isEvaluatorPath, publicBrand, renderShell } from './web-shell.js';

const brand = (colours: Partial<BrandRow>) =>
  ({
    id: 'b1',
    shortName: 'sunny',
    name: 'Sunny',
    primaryColor: '#ffeb3b',
    secondaryColor: '#12355b',
    headerTextColor: '#ffffff',
    footerLinkTextColor: '#ffffff',
    faviconUrl: null,
    ...colours,
  }) as BrandRow;

describe('the brand the page starts with', () => {
  it('carries text colours that read on its colours: a readable grey for white header text on yellow', () => {
    expect(publicBrand(brand({})).textColors).toEqual({
      header: '#686868',
      footer: '#ffffff',
      primaryText: expect.stringMatching(/^#[0-9a-f]{6}$/),
      secondaryText: '#12355b',
    });
  });

  it('is embedded in the HTML shell with them', () => {
    const html = renderShell('<head><!--app-head--></head>', brand({ headerTextColor: '#1a1a1a' }));
    const json = /<script type="application\/json" id="bootstrap-data">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? '{}').brand.textColors.header).toBe('#1a1a1a');
  });
});

describe('the evaluator app pages', () => {
  it('link the web app manifest; other pages do not', () => {
    expect(isEvaluatorPath('/evaluator')).toBe(true);
    expect(isEvaluatorPath('/evaluator/evaluations/e1')).toBe(true);
    expect(isEvaluatorPath('/evaluators')).toBe(false);
    expect(isEvaluatorPath('/industry')).toBe(false);
    const page = renderShell('<head><!--app-head--></head>', brand({}), { installable: true });
    expect(page).toContain('<link rel="manifest" href="/evaluator/manifest.webmanifest">');
    expect(page).toContain('<meta name="theme-color" content="#ffeb3b">');
    expect(renderShell('<head><!--app-head--></head>', brand({}))).not.toContain('rel="manifest"');
  });
});
