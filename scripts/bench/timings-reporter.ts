import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * A vitest reporter that writes, for each test file of each project, where its time went: vitest's own
 * diagnostic (import, setup files, the file's hooks and tests) and the sum of its tests' durations, so
 * `scripts/bench/test-timings.ts` can print the slowest files and their setup share. The file goes to
 * $TEST_TIMINGS_VITEST (default test-timings/vitest.json). Used next to the default reporter:
 *
 *   npx vitest run --reporter=default --reporter=./scripts/bench/timings-reporter.ts
 */

export type ModuleTiming = {
  project: string;
  file: string;
  /** Wall clock, ms since the epoch, as this reporter saw the file start and end. */
  startedAt: number;
  endedAt: number;
  /** vitest: importing the environment, the runner, the setup files, the test file itself. */
  environmentSetupMs: number;
  prepareMs: number;
  setupMs: number;
  collectMs: number;
  /** vitest: the file's tests and hooks (beforeAll/afterAll included). */
  runMs: number;
  /** The sum of the tests' own durations (each with its beforeEach/afterEach hooks). */
  testsMs: number;
  tests: { passed: number; failed: number; skipped: number };
};

export type VitestTimings = { startedAt: number; endedAt: number; modules: ModuleTiming[] };

export default class TimingsReporter implements Reporter {
  private startedAt = Date.now();
  private starts = new Map<string, number>();
  private modules: ModuleTiming[] = [];
  private root = process.cwd();

  onTestRunStart(): void {
    this.startedAt = Date.now();
  }

  onTestModuleStart(module: TestModule): void {
    this.starts.set(`${module.project.name}\0${module.moduleId}`, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const tests = { passed: 0, failed: 0, skipped: 0 };
    let testsMs = 0;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') tests.passed++;
      else if (state === 'failed') tests.failed++;
      else tests.skipped++;
      testsMs += test.diagnostic()?.duration ?? 0;
    }
    const endedAt = Date.now();
    this.modules.push({
      project: module.project.name,
      file: path.relative(this.root, module.moduleId),
      startedAt: this.starts.get(`${module.project.name}\0${module.moduleId}`) ?? endedAt,
      endedAt,
      environmentSetupMs: d.environmentSetupDuration,
      prepareMs: d.prepareDuration,
      setupMs: d.setupDuration,
      collectMs: d.collectDuration,
      runMs: d.duration,
      testsMs,
      tests,
    });
  }

  onTestRunEnd(): void {
    const out = process.env.TEST_TIMINGS_VITEST ?? path.join('test-timings', 'vitest.json');
    mkdirSync(path.dirname(out), { recursive: true });
    const timings: VitestTimings = { startedAt: this.startedAt, endedAt: Date.now(), modules: this.modules };
    writeFileSync(out, `${JSON.stringify(timings, null, 1)}\n`);
  }
}
