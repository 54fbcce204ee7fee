import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The integration files of a vitest worker share their modules (vitest.config.ts: isolate off), which
// is safe only while no file changes a module for the files after it: no module mocks, no spies, no
// stubbed globals or environment, and fake timers always given back. This holds the rule.

const ROOT = path.resolve(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : testFiles(full);
    return name.endsWith('.test.ts') ? [full] : [];
  });
}

/** What would outlive a file in a shared worker. */
const LEAKS = /\bvi\.(mock|doMock|spyOn|stubGlobal|stubEnv|resetModules)\(|process\.env\.\w+\s*=[^=]/;

const integrationFiles = [
  ...testFiles(path.join(ROOT, 'src/server')),
  ...testFiles(path.join(ROOT, 'scripts')),
]
  .filter((file) => !file.includes(`${path.sep}email${path.sep}`) && file !== import.meta.filename)
  .map((file) => [path.relative(ROOT, file), readFileSync(file, 'utf8')] as const);

describe('integration files that share their worker', () => {
  it('are found', () => {
    expect(integrationFiles.length).toBeGreaterThan(50);
  });

  it('mock no module, spy on nothing, and stub no global or environment variable', () => {
    const leaking = integrationFiles.filter(([, source]) => LEAKS.test(source)).map(([file]) => file);
    expect(leaking).toEqual([]);
  });

  it('give the real timers back after each test that fakes them', () => {
    const keeping = integrationFiles
      .filter(([, source]) => source.includes('vi.useFakeTimers('))
      .filter(
        ([, source]) =>
          !/afterEach\(\(\) => vi\.useRealTimers\(\)\)|finally \{\s*vi\.useRealTimers\(\)/.test(source),
      )
      .map(([file]) => file);
    expect(keeping).toEqual([]);
  });
});
