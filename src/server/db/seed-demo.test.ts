import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { performanceStatus, signingText } from '../../domain/index.js';
import { answer, createEvaluation, EvaluationStatus, parseForm } from '../../evaluation/index.js';
import type { BrandRow } from '../context.js';
import { setupTestApp } from '../test/harness.js';
import {
  brands,
  evaluationQuestionScores,
  evaluations,
  formVersions,
  industries,
  questionnaires,
  users,
} from './schema.js';
import { isEmpty, seedDemo } from './seed-demo.js';
import { CHAIN_MANAGERS, CHAIN_REGIONS, REPORTS_DEMO } from './seed-reporting.js';

const t = setupTestApp();

let byShortName: Map<string, BrandRow>;
let wasEmpty: boolean;

beforeAll(async () => {
  await t.resetDb();
  wasEmpty = await isEmpty(t.db);
  await seedDemo(t.db);
  byShortName = new Map((await t.db.select().from(brands)).map((b) => [b.shortName, b]));
});

const brand = (shortName: string) => {
  const b = byShortName.get(shortName);
  if (!b) throw new Error(`The seed has no brand ${shortName}`);
  return b;
};

describe('demo seed', () => {
  it('gives the reporting demo customer 3 programs at 12 locations with 18 months of scored, approved shops', async () => {
    const [customer] = await t.db.select().from(users).where(eq(users.email, REPORTS_DEMO.email));
    const rows = await t.db.select().from(evaluations).where(eq(evaluations.clientId, customer!.id));
    expect(new Set(rows.map((r) => r.uqid)).size).toBe(3);
    expect(new Set(rows.map((r) => r.locationId)).size).toBe(12);
    expect(new Set(rows.map((r) => r.shopDate!.slice(0, 7))).size).toBeGreaterThanOrEqual(17);
    expect(rows.every((r) => r.status === EvaluationStatus.Approved && r.possibleScore! > 0)).toBe(true);
    // The stored question scores add up to each evaluation's total.
    const first = rows[0]!;
    const qs = await t.db
      .select()
      .from(evaluationQuestionScores)
      .where(eq(evaluationQuestionScores.evaluationId, first.id));
    expect(qs.reduce((sum, q) => sum + q.score, 0)).toBeCloseTo(first.score!, 6);
    // Locations fall into all three performance columns.
    const byLocation = new Map<string, [number, number]>();
    for (const r of rows) {
      const [s, p] = byLocation.get(r.locationId!) ?? [0, 0];
      byLocation.set(r.locationId!, [s + r.score!, p + r.possibleScore!]);
    }
    const statuses = new Set([...byLocation.values()].map(([s, p]) => performanceStatus(s / p)));
    expect(statuses).toEqual(new Set(['error', 'warn', 'success']));
  });

  it('runs on an empty database and leaves it non-empty', async () => {
    expect(wasEmpty).toBe(true);
    expect(await isEmpty(t.db)).toBe(false);
  });

  it('creates every brand the spec names, with customer-optix as the one default brand', () => {
    for (const name of [
      'customer-optix',
      'sb1',
      'dunkin',
      'primroseschools',
      'goldenchick',
      'cricketwireless',
      'msm',
      'autopro',
    ]) {
      expect(byShortName.has(name), name).toBe(true);
    }
    const defaults = [...byShortName.values()].filter((b) => b.isDefault).map((b) => b.shortName);
    expect(defaults).toEqual(['customer-optix']);
  });

  it('turns surveys off for sb1, dunkin, primroseschools, goldenchick and cricketwireless only', () => {
    for (const name of ['sb1', 'dunkin', 'primroseschools', 'goldenchick', 'cricketwireless']) {
      expect(brand(name).surveysEnabled, name).toBe(false);
    }
    expect(brand('customer-optix').surveysEnabled).toBe(true);
    expect(brand('msm').surveysEnabled).toBe(true);
  });

  it('turns customization off for cricketwireless', () => {
    expect(brand('cricketwireless').customizationEnabled).toBe(false);
    expect(brand('customer-optix').customizationEnabled).toBe(true);
  });

  it('gives goldenchick incentive zones in all three tiers', () => {
    const gc = brand('goldenchick');
    expect(gc.usesIncentiveZones).toBe(true);
    expect(new Set(gc.incentiveZones.map((z) => z.tier))).toEqual(
      new Set(['non-remote', 'remote', 'ultra-remote']),
    );
    expect(gc.incentiveZones).toContainEqual({ city: 'Dallas', state: 'TX', tier: 'non-remote' });
    expect(brand('customer-optix').usesIncentiveZones).toBe(false);
  });

  it('makes autopro the automotive brand with car makes by tier', () => {
    const ap = brand('autopro');
    expect(ap.requiresCarMake).toBe(true);
    expect(ap.flowVariant).toBe('automotive');
    expect(new Set(ap.carMakes.map((m) => m.tier))).toEqual(
      new Set(['non-premium', 'premium', 'ultra-premium']),
    );
    expect(brand('customer-optix').requiresCarMake).toBe(false);
    expect(brand('customer-optix').flowVariant).toBe('default');
  });

  it('gives msm an unlisted-industry e-mail', () => {
    expect(brand('msm').unlistedIndustryEmail).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(brand('customer-optix').unlistedIndustryEmail).toBeNull();
  });

  it('seeds the default brand’s industries with published questionnaires of both types', async () => {
    const optix = brand('customer-optix');
    const titles = (await t.db.select().from(industries).where(eq(industries.brandId, optix.id))).map(
      (i) => i.title,
    );
    expect(titles).toEqual(
      expect.arrayContaining([
        'Restaurants',
        'Apartments',
        'Retail',
        'Self-Storage',
        'Telephone Services',
        'Automotive',
      ]),
    );
    const qs = await t.db.select().from(questionnaires).where(eq(questionnaires.brandId, optix.id));
    expect(new Set(qs.map((q) => q.type))).toEqual(new Set(['mysteryShop', 'customerSurvey']));
    expect(qs.every((q) => q.published && q.cost > 0)).toBe(true);
    expect(qs.some((q) => q.startupCost > 0)).toBe(true);
    expect(qs.some((q) => q.minimumReimbursement > 0)).toBe(true);
    expect(qs.some((q) => q.sampleLink)).toBe(true);
  });

  it('seeds no customer surveys for brands with surveys off', async () => {
    for (const name of ['sb1', 'dunkin', 'primroseschools', 'goldenchick', 'cricketwireless']) {
      const [row] = await t.db
        .select({ n: count() })
        .from(questionnaires)
        .where(and(eq(questionnaires.brandId, brand(name).id), eq(questionnaires.type, 'customerSurvey')));
      expect(row!.n, name).toBe(0);
    }
  });

  it('links every demo questionnaire to a published form the engine accepts', async () => {
    const qs = await t.db.select().from(questionnaires);
    const versions = await t.db.select().from(formVersions);
    expect(qs.length).toBeGreaterThan(0);
    for (const q of qs) {
      const published = versions.filter((v) => v.formId === q.formId);
      expect(
        published.map((v) => v.version),
        q.title,
      ).toEqual([1]);
      expect(parseForm(published[0]!.definition).ok, q.title).toBe(true);
    }
    const surveyForms = new Set(qs.filter((q) => q.type === 'customerSurvey').map((q) => q.formId));
    for (const formId of surveyForms) {
      const form = parseForm(versions.find((v) => v.formId === formId)!.definition);
      const elements = form.ok ? form.value.sections.flatMap((s) => s.elements) : [];
      expect(elements.find((e) => e.config.isPromoterScore)?.config).toMatchObject({ min: 0, max: 10 });
    }
  });

  it("shows the visit form's upsell follow-up only when an upsell was offered", async () => {
    const [q] = await t.db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.title, 'In-Store Shopping Experience'))
      .limit(1);
    const [version] = await t.db.select().from(formVersions).where(eq(formVersions.formId, q!.formId!));
    const form = parseForm(version!.definition);
    if (!form.ok) throw form.error;
    const start = createEvaluation(form.value);
    expect(start.status.elements['upsell-detail']?.visible).toBe(false);
    const yes = answer(start, 'upsell', 'yes');
    if (!yes.ok) throw yes.error;
    expect(yes.value.status.elements['upsell-detail']?.visible).toBe(true);
  });

  it('lets the demo admin, customer, shopper and reporting customer log in', async () => {
    const adminToken = await t.login('admin@demo.test', 'demo-admin-pass');
    const admin = await t.gql('{ currentUser { email admin } }', {}, { token: adminToken });
    expect(admin.data.currentUser).toEqual({ email: 'admin@demo.test', admin: true });

    const customerToken = await t.login('customer@demo.test', 'demo-customer-pass');
    const customer = await t.gql('{ currentUser { email admin } }', {}, { token: customerToken });
    expect(customer.data.currentUser).toEqual({ email: 'customer@demo.test', admin: false });
    const shopperToken = await t.login('shopper@demo.test', 'demo-shopper-pass');
    const shopper = await t.gql('{ currentUser { email roles } }', {}, { token: shopperToken });
    expect(shopper.data.currentUser).toEqual({ email: 'shopper@demo.test', roles: ['shopper'] });
    await t.login(REPORTS_DEMO.email, REPORTS_DEMO.password);
    expect(await t.db.select({ n: count() }).from(users)).toEqual([{ n: 6 }]);
  });

  it('gives the demo shopper payments: two pending and one paid', async () => {
    const token = await t.login('shopper@demo.test', 'demo-shopper-pass');
    const mine = await t.gql(
      '{ myPayables { lines { status payoutReference } totals { pendingCount paidCount } } }',
      {},
      { token },
    );
    expect(mine.data.myPayables.totals).toEqual({ pendingCount: 2, paidCount: 1 });
    expect(mine.data.myPayables.lines.at(-1)).toEqual({ status: 'paid', payoutReference: 'DEMO-PAYOUT-1' });
  });

  it('makes the reporting customer a chain: three regions with reports, and two managers who each see one', async () => {
    const ownerToken = await t.login(REPORTS_DEMO.email, REPORTS_DEMO.password);
    const regions = await t.gql('{ regions { name locationCount } }', {}, { token: ownerToken });
    expect(regions.data.regions).toEqual(
      Object.keys(CHAIN_REGIONS)
        .sort()
        .map((name) => ({ name, locationCount: 4 })),
    );
    for (const m of CHAIN_MANAGERS) {
      const token = await t.login(m.email, m.password);
      const who = (await t.gql('{ viewer { _id accountId role } regions { name } }', {}, { token })).data;
      expect(who.viewer.role).toBe('manager');
      expect(who.regions).toEqual([{ name: m.region }]);
      const params = { userMakingRequest: who.viewer._id, client: who.viewer.accountId, groupBy: 'month' };
      const signature = (
        await t.gql(
          'mutation ($text: String!) { generateSignature(text: $text) }',
          { text: signingText(params) },
          { token },
        )
      ).data.generateSignature;
      const res = await t.inject({
        method: 'GET',
        url: `/api/summary/shops?${new URLSearchParams({ ...params, signature })}`,
      });
      const names = new Set((res.json() as { name: string }[]).map((r) => r.name));
      expect([...names].sort()).toEqual([...CHAIN_REGIONS[m.region]!].sort());
    }
  });

  it('resolves the seeded brands by subdomain, custom domain and entry path', async () => {
    const shortNameFor = async (opts: Parameters<typeof t.gql>[2]) =>
      (await t.gql('{ currentBrand { shortName } }', {}, opts)).data.currentBrand.shortName;
    expect(await shortNameFor({})).toBe('customer-optix');
    expect(await shortNameFor({ host: 'sb1.localhost' })).toBe('sb1');
    expect(await shortNameFor({ host: 'goldenchick.localhost' })).toBe('goldenchick');
    expect(await shortNameFor({ host: 'autopro.localhost:3000' })).toBe('autopro');
    expect(await shortNameFor({ host: brand('primroseschools').customDomain! })).toBe('primroseschools');
    expect(await shortNameFor({ host: brand('msm').customDomain! })).toBe('msm');
    for (const shortName of ['dunkin', 'cricketwireless']) {
      const entryPath = brand(shortName).entryPath!;
      const visit = await t.inject({ method: 'GET', url: `/${entryPath}` });
      expect(visit.statusCode).toBe(302);
      const cookie = visit.cookies.find((c) => c.name === 'entry_brand')!;
      expect(await shortNameFor({ cookie: { entry_brand: cookie.value } })).toBe(shortName);
    }
  });
});

describe('demo seed on the first day of a year', () => {
  it('has a shop this year for every location and program of the reporting customer (Year to Date is never empty)', async () => {
    await t.resetDb();
    const now = new Date('2027-01-01T00:30:00Z');
    await seedDemo(t.db, { now });
    const [customer] = await t.db.select().from(users).where(eq(users.email, REPORTS_DEMO.email));
    const rows = await t.db.select().from(evaluations).where(eq(evaluations.clientId, customer!.id));
    const pairs = (list: typeof rows) => new Set(list.map((r) => `${r.uqid} ${r.locationId}`));
    const thisYear = rows.filter((r) => r.shopDate! >= '2027-01-01');
    expect(pairs(thisYear)).toEqual(pairs(rows));
    expect(thisYear.every((r) => r.shopDate === '2027-01-01' && r.approvedAt! <= now)).toBe(true);
  });
});
