import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

// The layer and cycle rules of `npm run lint` (.dependency-cruiser.cjs, docs/architecture.md), run on
// small planted trees: each rule must fail on the import it forbids, and a tree that points down passes.

const ROOT = path.resolve(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration;
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (path -> its imports) under a fresh folder and cruises it with the project's rules. */
async function violationsOf(files: Record<string, string[]>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'layers-'));
  made.push(dir);
  for (const [file, imports] of Object.entries(files)) {
    const full = path.join(dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    const lines = imports.map((to, i) => {
      const rel = path.relative(path.dirname(file), to).replace(/\.ts$/, '');
      return `import * as m${i} from '${rel.startsWith('.') ? rel : `./${rel}`}';\nexport const u${i} = m${i};`;
    });
    writeFileSync(full, `${lines.join('\n')}\nexport const here = 1;\n`);
  }
  const result = await cruise(['src'], {
    baseDir: dir,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
    tsPreCompilationDeps: true,
  });
  if (typeof result.output === 'string') throw new Error('expected a cruise result');
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

describe('the layer rules', () => {
  it('pass a tree whose imports point down: composition -> interface -> feature -> platform', async () => {
    expect(
      await violationsOf({
        'src/server/main.ts': ['src/server/graphql/schema.ts', 'src/server/wiring/subscribers.ts'],
        'src/server/wiring/subscribers.ts': ['src/server/webhooks/index.ts'],
        'src/server/graphql/schema.ts': ['src/server/fieldwork/index.ts'],
        'src/server/fieldwork/index.ts': ['src/server/events/index.ts', 'src/domain/index.ts'],
        'src/server/webhooks/index.ts': ['src/server/events/index.ts'],
        'src/server/events/index.ts': ['src/server/db/client.ts'],
        'src/server/db/client.ts': [],
        'src/domain/index.ts': [],
      }),
    ).toEqual([]);
  });

  it('fail a platform module that imports a feature (the job queue importing fieldwork)', async () => {
    expect(
      await violationsOf({
        'src/server/jobs/index.ts': ['src/server/fieldwork/index.ts'],
        'src/server/fieldwork/index.ts': [],
      }),
    ).toEqual(['platform-points-down: src/server/jobs/index.ts -> src/server/fieldwork/index.ts']);
  });

  it('fail a feature that imports graphql or the composition root', async () => {
    expect(
      await violationsOf({
        'src/server/payables/index.ts': ['src/server/graphql/schema.ts', 'src/server/wiring/subscribers.ts'],
        'src/server/graphql/schema.ts': [],
        'src/server/wiring/subscribers.ts': [],
      }),
    ).toEqual([
      'features-point-down: src/server/payables/index.ts -> src/server/graphql/schema.ts',
      'features-point-down: src/server/payables/index.ts -> src/server/wiring/subscribers.ts',
    ]);
  });

  it('fail an interface that imports the composition root, and the domain importing the server', async () => {
    expect(
      await violationsOf({
        'src/server/graphql/schema.ts': ['src/server/app.ts'],
        'src/server/app.ts': [],
        'src/domain/pricing.ts': ['src/server/db/client.ts'],
        'src/server/db/client.ts': [],
      }),
    ).toEqual([
      'domain-is-pure: src/domain/pricing.ts -> src/server/db/client.ts',
      'interfaces-point-down: src/server/graphql/schema.ts -> src/server/app.ts',
    ]);
  });

  it('fail a cycle, even inside one feature', async () => {
    const found = await violationsOf({
      'src/server/action-plans/plans.ts': ['src/server/action-plans/notify-plans.ts'],
      'src/server/action-plans/notify-plans.ts': ['src/server/action-plans/plans.ts'],
    });
    expect(found).toContain(
      'no-circular: src/server/action-plans/notify-plans.ts -> src/server/action-plans/plans.ts',
    );
  });
});
