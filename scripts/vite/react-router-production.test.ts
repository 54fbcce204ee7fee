import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import viteConfig, { REACT_ROUTER_PRODUCTION } from '../../vite.config.js';

type ConfigFn = (env: { command: 'build' | 'serve'; mode: string; isSsrBuild?: boolean }) => {
  resolve?: { alias?: { find: RegExp; replacement: string }[] };
  ssr?: { noExternal?: RegExp[] };
};
const config = viteConfig as unknown as ConfigFn;

describe('React Router in a build', () => {
  it('is its production copy, which has the dev warnings off (the package exports only the other)', () => {
    const source = readFileSync(REACT_ROUTER_PRODUCTION, 'utf8');
    // index.mjs re-exports its chunks; the flag lives in one of them.
    const chunks = [...source.matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map((m) => m[1]!);
    const code = chunks
      .map((c) => readFileSync(REACT_ROUTER_PRODUCTION.replace('index.mjs', c), 'utf8'))
      .join();
    expect(code).toContain('var ENABLE_DEV_WARNINGS = false;');
    expect(code).not.toContain('var ENABLE_DEV_WARNINGS = true;');
  });

  it('is aliased for the browser build and the server render, and not while developing', () => {
    for (const isSsrBuild of [false, true]) {
      const built = config({ command: 'build', mode: 'production', isSsrBuild });
      const alias = built.resolve?.alias?.find((a) => a.find.test('react-router'));
      expect(alias?.replacement).toBe(REACT_ROUTER_PRODUCTION);
      expect(alias?.find.test('react-router/dom')).toBe(false);
      // The server render bundles it, or Node's resolution would load the development copy.
      expect(built.ssr?.noExternal?.some((r) => r.test('react-router'))).toBe(true);
    }
    const served = config({ command: 'serve', mode: 'development' });
    expect(served.resolve?.alias?.some((a) => a.find.test('react-router'))).toBeFalsy();
  });
});
