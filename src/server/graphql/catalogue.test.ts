import { beforeEach, describe, expect, it } from 'vitest';
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
