import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MSG_BENCHMARK_NOT_ENOUGH } from '../../domain/index.js';
import { EvaluationStatus } from '../../evaluation/index.js';
import { people } from '../account/test-fixtures.js';
import { newId } from '../db/ids.js';
import {
  benchmarkRollupRuns,
  benchmarkScoreDays,
  evaluations,
  formVersions,
  locations,
  userQuestionnaires,
  users,
} from '../db/schema.js';
import { rollUpScores } from '../fieldwork/evaluation-store.js';
import { queueDueRuns } from '../jobs/scheduler.js';
import { managerOf } from '../team/test-fixtures.js';
import { publish, VISIT_FORM } from '../test/fieldwork-fixtures.js';
import { setupTestApp } from '../test/harness.js';
import { type Catalogue, catalogue, placedOrderOf } from '../test/order-wizard.js';
import { rollupBenchmarks } from './benchmarks.js';

// Benchmarks (issue 48) on both databases: the nightly rollup (and its schedule), the thresholds of
// 5 other accounts and 50 shops, bands only (nothing of another account), the opt-out, and who sees what.
const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let locationId: string;
let uqid: string;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  await publish(t, VISIT_FORM, [c.shop.id]);
  await placedOrderOf(t, c, p.alice.token);
  [{ id: locationId }] = (await t.db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.uid, p.alice.user.id))) as [{ id: string }];
  [{ id: uqid }] = (await t.db
    .select({ id: userQuestionnaires.id })
    .from(userQuestionnaires)
    .where(and(eq(userQuestionnaires.uid, p.alice.user.id), eq(userQuestionnaires.qid, c.shop.id)))) as [
    { id: string },
  ];
});

/** Alice's approved shops of the program at her location, scoring `percents`, in February 2026. */
async function aliceShops(percents: number[]) {
  const [version] = await t.db.select({ id: formVersions.id }).from(formVersions).limit(1);
  const ids = percents.map(() => newId());
  await t.db.insert(evaluations).values(
    percents.map((pct, i) => ({
      id: ids[i]!,
      formVersionId: version!.id,
      document: {},
      status: EvaluationStatus.Approved,
      score: pct,
      possibleScore: 100,
      clientId: p.alice.user.id,
      uqid,
      locationId,
      shopDate: `2026-02-${String(i + 1).padStart(2, '0')}`,
      approvedAt: new Date(Date.UTC(2026, 1, i + 1)),
    })),
  );
  // As approval does: the reports' rollups (the account's own figures are read from shop_score_days).
  await rollUpScores(t.db, inArray(evaluations.id, ids));
}

/** Other accounts' rollup rows: `accounts` accounts with `shops` shops each at `percent`. */
async function others(accounts: number, shops: number, percent: number, industryId = c.shop.industryId) {
  await t.db.insert(benchmarkScoreDays).values(
    Array.from({ length: accounts }, (_, i) => ({
      industryId,
      questionnaireType: 'mysteryShop',
      shopDate: '2026-02-10',
      accountId: `acct-${percent}-${i}`,
      percent,
      shops,
    })),
  );
}

const BENCH = `query ($f: BenchmarkFilter!) { benchmarks(filter: $f) { programId programName industry questionnaireType available message account { label topPercent } location { label topPercent } } }`;
const RANGE = { startDate: '2026-01-01', endDate: '2026-03-31' };

async function bench(token: string | undefined, f: Record<string, unknown> = {}) {
  const res = await t.gql(BENCH, { f: { ...RANGE, ...f } }, { token });
  return res;
}
async function benchOk(token: string, f: Record<string, unknown> = {}) {
  const res = await bench(token, f);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.benchmarks as {
    available: boolean;
    message: string | null;
    account: { label: string; topPercent: number | null } | null;
    location: { label: string } | null;
    industry: string;
  }[];
}

describe('thresholds and anonymity', () => {
  it('needs 5 other accounts and 50 shops; then tells a band, never the others’ figures', async () => {
    await aliceShops([90, 92, 88]);
    // 4 accounts (80 shops): not enough.
    await others(4, 20, 70);
    let [b] = await benchOk(p.alice.token);
    expect(b).toMatchObject({
      available: false,
      message: MSG_BENCHMARK_NOT_ENOUGH,
      account: null,
      industry: 'Restaurants',
    });
    // 5 accounts but 49 shops: not enough.
    await t.db.delete(benchmarkScoreDays);
    await others(4, 10, 70);
    await others(1, 9, 95);
    [b] = await benchOk(p.alice.token);
    expect(b?.available).toBe(false);
    // 5 accounts and 50 shops: alice's 90 % beats the 40 at 70 %, not the 10 at 95 %: top 25 %.
    await t.db.delete(benchmarkScoreDays);
    await others(4, 10, 70);
    await others(1, 10, 95);
    [b] = await benchOk(p.alice.token);
    expect(b).toMatchObject({
      available: true,
      message: null,
      account: { label: 'Top 25 %', topPercent: 25 },
    });
    const [withLocation] = await benchOk(p.alice.token, { locationId });
    expect(withLocation?.location).toEqual({ label: 'Top 25 %', topPercent: 25 });
    // By the names the Performance Summary filters with.
    const [named] = await benchOk(p.alice.token, { programName: 'Dine-In', locationName: 'Main Street' });
    expect(named?.location).toEqual({ label: 'Top 25 %', topPercent: 25 });
    expect(await benchOk(p.alice.token, { programName: 'Drive-Thru' })).toEqual([]);
    // Only the band: no other account's id, count or score anywhere in the answer.
    const text = JSON.stringify((await bench(p.alice.token, { locationId })).data);
    for (const leak of ['acct-', '"70"', '95', '"shops"', 'accounts']) expect(text).not.toContain(leak);
  });

  it('the account’s own shops never count as another account, and another industry does not count', async () => {
    await aliceShops([90]);
    await others(4, 20, 70);
    await others(3, 20, 70, c.otherBrandShop.industryId);
    await rollupBenchmarks(t.db);
    // Alice's own rollup row is there, but she is not a fifth account for herself, nor are the others'.
    expect(
      await t.db.select().from(benchmarkScoreDays).where(eq(benchmarkScoreDays.accountId, p.alice.user.id)),
    ).toHaveLength(1);
    const [b] = await benchOk(p.alice.token);
    expect(b).toMatchObject({ available: false, account: null });
  });

  it('bottom half when most others score more', async () => {
    await aliceShops([60]);
    await others(5, 10, 80);
    const [b] = await benchOk(p.alice.token);
    expect(b?.account).toEqual({ label: 'Bottom 50 %', topPercent: null });
  });
});

describe('the nightly rollup and the opt-out', () => {
  it('the others’ figures are read once per rollup: a new rollup, or an opt-out, is read at the next call', async () => {
    await aliceShops([90]);
    await others(5, 10, 70);
    // No rollup has run: nothing is kept, the rows are read as they are.
    expect((await benchOk(p.alice.token))[0]?.available).toBe(true);
    // The rollup rebuilds from the approved shops: the rows written above are gone, and the next call
    // reads the new rollup, not what the last call saw.
    const run = await rollupBenchmarks(t.db);
    expect((await benchOk(p.alice.token))[0]?.available).toBe(false);
    // An opt-out removes the account's rows and changes the rollup's version (its row count).
    await t.gql(
      'mutation { setBenchmarkContribution(contribute: false) { contributes } }',
      {},
      {
        token: p.alice.token,
      },
    );
    const [after] = await t.db.select().from(benchmarkRollupRuns);
    expect(after?.rows).toBe(run.rows - 1);
  });

  it('rolls approved shops up per day and whole percent; an opted-out account is left out and its rows go at once', async () => {
    await aliceShops([90, 90, 71.6]);
    const run = await rollupBenchmarks(t.db);
    // Per month: February's two shops at 90 % are one row.
    expect(run.rows).toBe(2);
    const rows = await t.db.select().from(benchmarkScoreDays);
    expect(rows.map((r) => [r.accountId, r.percent, r.shops, r.questionnaireType]).sort()).toEqual([
      [p.alice.user.id, 72, 1, 'mysteryShop'],
      [p.alice.user.id, 90, 2, 'mysteryShop'],
    ]);
    const SET = `mutation ($on: Boolean!) { setBenchmarkContribution(contribute: $on) { contributes lastRollupAt } }`;
    const manager = await managerOf(t, p.alice.user.id, 'mia@example.test', [locationId]);
    for (const token of [manager.token, undefined]) {
      const res = await t.gql(SET, { on: false }, { token });
      expect(res.errors?.[0]?.message).toMatch(/Not Authorized|logged in/i);
    }
    const SETTINGS = '{ benchmarkSettings { contributes lastRollupAt } }';
    for (const token of [manager.token, undefined])
      expect((await t.gql(SETTINGS, {}, { token })).errors?.[0]?.message).toMatch(
        /Not Authorized|logged in/i,
      );
    const settings = await t.gql(SETTINGS, {}, { token: p.alice.token });
    expect(settings.data.benchmarkSettings).toMatchObject({
      contributes: true,
      lastRollupAt: expect.any(String),
    });
    const res = await t.gql(SET, { on: false }, { token: p.alice.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.setBenchmarkContribution.contributes).toBe(false);
    expect(await t.db.select().from(benchmarkScoreDays)).toEqual([]);
    await rollupBenchmarks(t.db);
    expect(await t.db.select().from(benchmarkScoreDays)).toEqual([]);
    const [alice] = await t.db.select().from(users).where(eq(users.id, p.alice.user.id));
    expect(alice?.benchmarkOptOut).toBe(true);
    // Back in: the next rollup counts her again.
    await t.gql(SET, { on: true }, { token: p.alice.token });
    expect((await rollupBenchmarks(t.db)).rows).toBe(2);
  });

  it('is queued nightly by the scheduler and run by the job queue', async () => {
    await aliceShops([80]);
    const queued = await queueDueRuns(
      t.db,
      [{ job: 'benchmark-rollup', at: '02:30' }],
      new Date('2026-03-01T02:31:00Z'),
    );
    expect(queued).toEqual(['schedule:benchmark-rollup:2026-03-01']);
    await t.drainJobs();
    expect(await t.db.select().from(benchmarkScoreDays)).toHaveLength(1);
  });
});

describe('who sees what', () => {
  it('a manager sees only their locations’ programs; another customer none of Alice’s; anonymous callers are refused', async () => {
    await aliceShops([90]);
    await others(5, 10, 70);
    const mine = await managerOf(t, p.alice.user.id, 'mia@example.test', [locationId]);
    const elsewhere = await managerOf(t, p.alice.user.id, 'otto@example.test', []);
    expect(await benchOk(mine.token)).toHaveLength(1);
    expect(await benchOk(elsewhere.token)).toEqual([]);
    expect(await benchOk(elsewhere.token, { locationId })).toEqual([]);
    expect(await benchOk(p.bob.token)).toEqual([]);
    expect((await bench(undefined)).errors?.[0]?.message).toMatch(/logged in/i);
    const bad = await bench(p.alice.token, { startDate: '01/01/2026' });
    expect(bad.errors?.[0]).toMatchObject({ extensions: { field: 'startDate' } });
  });
});
