import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_CACHE_MS } from '../catalogue/published-industries.js';
import { questionnaires } from '../db/schema.js';
import { createBrand, createIndustry, createQuestionnaire, setupTestApp } from '../test/harness.js';

const t = setupTestApp();
beforeEach(() => t.resetDb());

const PUBLISHED = 'query { publishedIndustries { title questionnaires { title cost } } }';

describe('publishedIndustries', () => {
  it("lists the brand's published industries in sort order with their published questionnaires", async () => {
    const brand = await createBrand(t.db, { isDefault: true });
    const other = await createBrand(t.db);
    const ind = (title: string, over: Record<string, unknown> = {}) =>
      createIndustry(t.db, { brandId: brand.id, title, published: true, ...over });
    const q = (industryId: string, title: string, over: Record<string, unknown> = {}) =>
      createQuestionnaire(t.db, { brandId: brand.id, industryId, title, published: true, ...over });

    const retail = await ind('Retail', { sortOrder: 2 });
    const dining = await ind('Dining', { sortOrder: 1 });
    const auto = await ind('Auto', { sortOrder: 2 });
    const empty = await ind('Only drafts', { sortOrder: 0 });
    const hidden = await ind('Unpublished', { published: false });
    const gone = await ind('Removed', { removedAt: new Date() });
    await q(retail.id, 'Store Visit', { createdAt: new Date('2026-01-02') });
    await q(retail.id, 'Phone Call', { createdAt: new Date('2026-01-01') });
    await q(retail.id, 'Draft', { published: false });
    await q(retail.id, 'Retired', { removedAt: new Date() });
    await q(dining.id, 'Dine-In');
    await q(auto.id, 'Service Bay');
    await q(empty.id, 'Draft only', { published: false });
    await q(hidden.id, 'Hidden');
    await q(gone.id, 'Gone');
    const foreign = await createIndustry(t.db, { brandId: other.id, title: 'Elsewhere', published: true });
    await createQuestionnaire(t.db, { brandId: other.id, industryId: foreign.id, published: true });

    const res = await t.gql(PUBLISHED);
    expect(res.errors).toBeUndefined();
    expect(res.data.publishedIndustries).toEqual([
      { title: 'Dining', questionnaires: [{ title: 'Dine-In', cost: 9500 }] },
      { title: 'Auto', questionnaires: [{ title: 'Service Bay', cost: 9500 }] },
      {
        title: 'Retail',
        questionnaires: [
          { title: 'Phone Call', cost: 9500 },
          { title: 'Store Visit', cost: 9500 },
        ],
      },
    ]);
  });
});

describe('questionnaires(includeCustom)', () => {
  it('lists custom questionnaires unless includeCustom is false (the admin spec asks for them with true)', async () => {
    const brand = await createBrand(t.db, { isDefault: true });
    const industry = await createIndustry(t.db, { brandId: brand.id, title: 'Dining', published: true });
    for (const [title, isCustom] of [
      ['Dine-In', false],
      ['Upload My Own Questionnaire', true],
    ] as const) {
      await createQuestionnaire(t.db, {
        brandId: brand.id,
        industryId: industry.id,
        title,
        isCustom,
        published: true,
      });
    }
    const titles = async (args: string) =>
      (
        await t.gql(`{ publishedIndustries { questionnaires${args} { title } } }`)
      ).data.publishedIndustries[0].questionnaires.map((q: { title: string }) => q.title);
    expect(await titles('')).toEqual(['Dine-In', 'Upload My Own Questionnaire']);
    expect(await titles('(includeCustom: true)')).toEqual(['Dine-In', 'Upload My Own Questionnaire']);
    expect(await titles('(includeCustom: false)')).toEqual(['Dine-In']);
  });
});

describe('the published catalogue kept in memory', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a change made by another instance within CATALOGUE_CACHE_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const brand = await createBrand(t.db, { isDefault: true });
    const industry = await createIndustry(t.db, { brandId: brand.id, title: 'Dining', published: true });
    const q = await createQuestionnaire(t.db, {
      brandId: brand.id,
      industryId: industry.id,
      title: 'Dine-In',
      published: true,
    });
    const listed = async () => (await t.gql(PUBLISHED)).data.publishedIndustries;
    expect(await listed()).toEqual([{ title: 'Dining', questionnaires: [{ title: 'Dine-In', cost: 9500 }] }]);
    // Another instance reprices the questionnaire: this one still serves what it read...
    await t.db.update(questionnaires).set({ cost: 12000 }).where(eq(questionnaires.id, q.id));
    expect((await listed())[0].questionnaires[0].cost).toBe(9500);
    // ...until its copy is CATALOGUE_CACHE_MS old.
    vi.setSystemTime(Date.now() + CATALOGUE_CACHE_MS);
    expect((await listed())[0].questionnaires[0].cost).toBe(12000);
  });

  it("keeps each brand's catalogue apart, and an unknown brand id lists nothing", async () => {
    const brand = await createBrand(t.db, { isDefault: true });
    const other = await createBrand(t.db);
    for (const b of [brand, other]) {
      const industry = await createIndustry(t.db, {
        brandId: b.id,
        title: `${b.shortName} industry`,
        published: true,
      });
      await createQuestionnaire(t.db, {
        brandId: b.id,
        industryId: industry.id,
        title: 'Visit',
        published: true,
      });
    }
    const of = async (brandId?: string) =>
      (
        await t.gql('query ($b: String) { publishedIndustries(brandId: $b) { title } }', { b: brandId })
      ).data.publishedIndustries.map((i: { title: string }) => i.title);
    expect(await of()).toEqual([`${brand.shortName} industry`]);
    expect(await of(other.id)).toEqual([`${other.shortName} industry`]);
    expect(await of('no-such-brand')).toEqual([]);
    expect(await of()).toEqual([`${brand.shortName} industry`]);
  });
});
