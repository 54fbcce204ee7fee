import { and, asc, eq, isNull } from 'drizzle-orm';
import type { QuestionnaireType as TQuestionnaireType } from '../../domain/types.js';
import { publishedIndustries } from '../catalogue/published-industries.js';
import { industries, questionnaires } from '../db/schema.js';
import type { QuestionnaireRow } from '../orders/order-graph.js';
import { builder } from './builder.js';
import { QuestionnaireTypeEnum } from './enums.js';

type IndustryRow = typeof industries.$inferSelect;

export const QuestionnaireType = builder.objectRef<QuestionnaireRow>('Questionnaire').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    title: t.exposeString('title'),
    type: t.field({ type: QuestionnaireTypeEnum, resolve: (q) => q.type as TQuestionnaireType }),
    sampleLink: t.exposeString('sampleLink', { nullable: true }),
    cost: t.exposeInt('cost', { description: 'Price per shop (or per survey period), cents.' }),
    startupCost: t.exposeInt('startupCost', { description: 'Cents.' }),
    minimumReimbursement: t.exposeInt('minimumReimbursement', { description: 'Cents.' }),
    shopperFee: t.exposeInt('shopperFee', {
      description: 'Paid to the shopper per approved visit on top of the reimbursement, cents (admins).',
      authScopes: { admin: true },
    }),
    showReimbursement: t.exposeBoolean('showReimbursement'),
    monthsPurchased: t.exposeInt('monthsPurchased'),
    isCustom: t.exposeBoolean('isCustom'),
    published: t.exposeBoolean('published'),
    industryId: t.exposeString('industryId'),
    brandId: t.exposeString('brandId'),
    formId: t.exposeString('formId', {
      nullable: true,
      description: 'The evaluation form fieldwork fills in (admins).',
      authScopes: { admin: true },
    }),
    industry: t.field({
      type: IndustryType,
      nullable: true,
      resolve: async (q, _a, ctx) =>
        (await ctx.db.select().from(industries).where(eq(industries.id, q.industryId)).limit(1))[0] ?? null,
    }),
  }),
});

export const IndustryType = builder.objectRef<IndustryRow & { _questionnaires?: QuestionnaireRow[] }>(
  'Industry',
);
IndustryType.implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    title: t.exposeString('title'),
    published: t.exposeBoolean('published'),
    brandId: t.exposeString('brandId'),
    questionnaires: t.field({
      type: [QuestionnaireType],
      description:
        'The questionnaires (published ones, or all for the admin), optionally of one type; includeCustom: false leaves out the custom ones (isCustom).',
      args: {
        type: t.arg({ type: QuestionnaireTypeEnum }),
        includeCustom: t.arg.boolean({ defaultValue: true }),
      },
      resolve: async (i, a, ctx) => {
        const list =
          i._questionnaires ??
          (await ctx.db
            .select()
            .from(questionnaires)
            .where(
              and(
                eq(questionnaires.industryId, i.id),
                eq(questionnaires.published, true),
                isNull(questionnaires.removedAt),
              ),
            )
            .orderBy(asc(questionnaires.title)));
        return list.filter(
          (q) => (!a.type || q.type === a.type) && (a.includeCustom !== false || !q.isCustom),
        );
      },
    }),
  }),
});

builder.queryFields((t) => ({
  publishedIndustries: t.field({
    type: [IndustryType],
    description:
      "Published industries with published questionnaires (the current brand's unless brandId is given).",
    args: { brandId: t.arg.string() },
    resolve: (_r, a, ctx) => publishedIndustries(ctx.db, a.brandId ?? ctx.brand.id),
  }),
}));
