import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { executedRows, jsonRowDecoder } from '../db/json-rows.js';
import { readCache } from '../db/read-cache.js';
import { industries, questionnaires } from '../db/schema.js';
import type { QuestionnaireRow } from '../orders/order-graph.js';

type IndustryRow = typeof industries.$inferSelect;

const decodeIndustry = jsonRowDecoder(industries);
const decodeQuestionnaire = jsonRowDecoder(questionnaires);

/**
 * How long a process keeps a brand's published catalogue. An admin's change through this process shows
 * at the next request (catalogueChanged); a change made by another instance shows within this time.
 */
export const CATALOGUE_CACHE_MS = 5_000;

type PublishedIndustry = IndustryRow & { _questionnaires: QuestionnaireRow[] };
const cache = readCache<string, PublishedIndustry[]>(CATALOGUE_CACHE_MS);

/** Call after industries or questionnaires were written (after the commit): the next request reads anew. */
export const catalogueChanged = (): void => cache.changed();

/**
 * Published industries of a brand that have at least one published questionnaire, with those
 * questionnaires (every visitor's first call, kept for CATALOGUE_CACHE_MS): industries by sort order
 * and title, questionnaires by creation and title.
 */
export function publishedIndustries(db: Db, brandId: string): Promise<PublishedIndustry[]> {
  return cache.get(db, brandId, () => readPublishedIndustries(db, brandId));
}

/** The read behind publishedIndustries, in one query. */
async function readPublishedIndustries(db: Db, brandId: string): Promise<PublishedIndustry[]> {
  const rows = executedRows<{ industry: Record<string, unknown>; questionnaires: Record<string, unknown>[] }>(
    await db.execute(sql`
      select to_json(i) as industry, q.list as questionnaires
      from industries i
      cross join lateral (
        select json_agg(q order by q.created_at, q.title) as list
        from questionnaires q
        where q.industry_id = i.id and q.published and q.removed_at is null) q
      where i.brand_id = ${brandId} and i.published and i.removed_at is null and q.list is not null
      order by i.sort_order, i.title`),
  );
  return rows.map((r) => ({
    ...decodeIndustry(r.industry),
    _questionnaires: r.questionnaires.map(decodeQuestionnaire),
  }));
}
