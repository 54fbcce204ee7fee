import { and, asc, eq, isNull, max } from 'drizzle-orm';
import { createZQuestionnaireInput, QUESTIONNAIRE_INPUT_FIELDS, ZIndustryInput } from '../../domain/index.js';
import { catalogueChanged } from '../catalogue/published-industries.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import { brands, forms, industries, questionnaires } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import type { QuestionnaireRow } from '../orders/order-graph.js';

export const MSG_INDUSTRY_NOT_FOUND = 'Industry not found.';
export const MSG_QUESTIONNAIRE_NOT_FOUND = 'Questionnaire not found.';
export const MSG_FORM_NOT_FOUND = 'Evaluation form not found.';

const notFound = (field: string, message: string) => new AppError('NOT_FOUND', message, [{ field, message }]);

/** A catalogue write, with the storefront's cached catalogue dropped once it has committed. */
async function changing<T>(write: Promise<T>): Promise<T> {
  const result = await write;
  catalogueChanged();
  return result;
}

type IndustryRow = typeof industries.$inferSelect;

/** A brand's industries for the admin (published or not, removed ones left out), each with all its questionnaires. */
export async function brandCatalogue(db: Db, brandId: string) {
  const rows = await db
    .select()
    .from(industries)
    .where(and(eq(industries.brandId, brandId), isNull(industries.removedAt)))
    .orderBy(asc(industries.sortOrder), asc(industries.title));
  const qs = await db
    .select()
    .from(questionnaires)
    .where(and(eq(questionnaires.brandId, brandId), isNull(questionnaires.removedAt)))
    .orderBy(asc(questionnaires.createdAt), asc(questionnaires.title));
  return rows.map((r) => ({ ...r, _questionnaires: qs.filter((q) => q.industryId === r.id) }));
}

/** addIndustry(title, brandId): added last, published. */
export async function addIndustry(db: Db, raw: unknown): Promise<IndustryRow> {
  const input = parseInput(ZIndustryInput, raw);
  return changing(
    inTransaction(db, async (tx) => {
      const [brand] = await tx
        .select({ id: brands.id })
        .from(brands)
        .where(eq(brands.id, input.brandId))
        .limit(1);
      if (!brand) throw notFound('brandId', 'Brand not found.');
      const [last] = await tx
        .select({ n: max(industries.sortOrder) })
        .from(industries)
        .where(eq(industries.brandId, brand.id));
      const [row] = await tx
        .insert(industries)
        .values({ id: newId(), brandId: brand.id, title: input.title, sortOrder: (last?.n ?? 0) + 1 })
        .returning();
      return row!;
    }),
  );
}

async function liveIndustry(db: Db, id: string): Promise<IndustryRow> {
  const [row] = await db
    .select()
    .from(industries)
    .where(and(eq(industries.id, id), isNull(industries.removedAt)))
    .limit(1);
  if (!row) throw notFound('_id', MSG_INDUSTRY_NOT_FOUND);
  return row;
}

/** toggleIndustryPublish(_id, published): the page sends the opposite of the current value. */
export async function setIndustryPublished(db: Db, id: string, published: boolean): Promise<IndustryRow> {
  await liveIndustry(db, id);
  const [row] = await changing(
    db.update(industries).set({ published, updatedAt: new Date() }).where(eq(industries.id, id)).returning(),
  );
  return row!;
}

/**
 * removeIndustry: a soft delete of the industry and its questionnaires. They leave the storefront and
 * the admin lists, while completed orders keep pointing at them, so their history stays intact.
 */
export async function removeIndustry(db: Db, id: string): Promise<IndustryRow> {
  return changing(
    inTransaction(db, async (tx) => {
      await liveIndustry(tx, id);
      const now = new Date();
      await tx
        .update(questionnaires)
        .set({ removedAt: now, updatedAt: now })
        .where(and(eq(questionnaires.industryId, id), isNull(questionnaires.removedAt)));
      const [row] = await tx
        .update(industries)
        .set({ removedAt: now, updatedAt: now })
        .where(eq(industries.id, id))
        .returning();
      return row!;
    }),
  );
}

export async function loadQuestionnaire(db: Db, id: string): Promise<QuestionnaireRow | null> {
  const [row] = await db
    .select()
    .from(questionnaires)
    .where(and(eq(questionnaires.id, id), isNull(questionnaires.removedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * An edit's input with the fields it leaves out taken from the saved questionnaire: an edit changes
 * what it names (an API client sending only a new cost keeps the rest), and an explicit null clears a
 * field as before.
 */
function withSavedFields<T extends Record<string, unknown>>(input: T, saved: QuestionnaireRow): T {
  const merged: Record<string, unknown> = { ...input };
  for (const key of [...QUESTIONNAIRE_INPUT_FIELDS, 'formId'] as const)
    if (merged[key] === undefined) merged[key] = saved[key];
  return merged as T;
}

/**
 * addEditQuestionnaire(_id?, input): checked against the shared questionnaire schema with the brand's
 * industries; the evaluation form, when given, must exist.
 */
export async function saveQuestionnaire(
  db: Db,
  opts: { id?: string | null; input: Record<string, unknown> & { formId?: string | null } },
): Promise<QuestionnaireRow> {
  return changing(
    inTransaction(db, async (tx) => {
      const existing = opts.id ? await loadQuestionnaire(tx, opts.id) : null;
      if (opts.id && !existing) throw notFound('_id', MSG_QUESTIONNAIRE_NOT_FOUND);
      const given = existing ? withSavedFields(opts.input, existing) : opts.input;
      const brandId = typeof given.brandId === 'string' ? given.brandId : '';
      const industryRows = brandId
        ? await tx
            .select({ id: industries.id })
            .from(industries)
            .where(and(eq(industries.brandId, brandId), isNull(industries.removedAt)))
        : [];
      const input = parseInput(
        createZQuestionnaireInput({ brandIndustryIds: industryRows.map((r) => r.id) }),
        given,
      );
      if (existing && existing.brandId !== input.brandId) {
        const message = 'A questionnaire cannot move to another brand.';
        throw new AppError('BAD_USER_INPUT', message, [{ field: 'brandId', message }]);
      }
      const formId = given.formId || null;
      if (formId) {
        const [form] = await tx.select({ id: forms.id }).from(forms).where(eq(forms.id, formId)).limit(1);
        if (!form)
          throw new AppError('BAD_USER_INPUT', MSG_FORM_NOT_FOUND, [
            { field: 'formId', message: MSG_FORM_NOT_FOUND },
          ]);
      }
      const values = { ...input, formId };
      if (existing) {
        const [row] = await tx
          .update(questionnaires)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(questionnaires.id, existing.id))
          .returning();
        return row!;
      }
      const [row] = await tx
        .insert(questionnaires)
        .values({ id: newId(), ...values })
        .returning();
      return row!;
    }),
  );
}

/** removeQuestionnaire: a soft delete, so completed orders that bought it keep their history. */
export async function removeQuestionnaire(db: Db, id: string): Promise<QuestionnaireRow> {
  const existing = await loadQuestionnaire(db, id);
  if (!existing) throw notFound('_id', MSG_QUESTIONNAIRE_NOT_FOUND);
  const now = new Date();
  const [row] = await changing(
    db
      .update(questionnaires)
      .set({ removedAt: now, updatedAt: now })
      .where(eq(questionnaires.id, id))
      .returning(),
  );
  return row!;
}
