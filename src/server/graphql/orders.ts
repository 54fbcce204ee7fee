import { count, eq } from 'drizzle-orm';
import { formatMoney } from '../../domain/index.js';
import type { FrequencyPeriod, QuestionnaireType as TQuestionnaireType } from '../../domain/types.js';
import { saveShop } from '../account/index.js';
import { recordAdminView } from '../audit/index.js';
import type { AppContext } from '../context.js';
import { orderLocations, orders, users } from '../db/schema.js';
import { notAuthorized } from '../errors.js';
import { customUploadView } from '../file-references.js';
import { findOrder, mayReadOrder } from '../orders/cart-access.js';
import { removeUserQuestionnaire, saveUserQuestionnaire } from '../orders/customize.js';
import {
  findOrderGraph,
  loadOrderGraph,
  type OrderRow,
  orderInitialDue,
  shopDue,
} from '../orders/order-graph.js';
import { modifyOrderQuestionnaires, startOrder } from '../orders/start-order.js';
import { copyShopsToAllOrderLocations, removeCartShop } from '../shops/cart-shops.js';
import { builder } from './builder.js';
import { QuestionnaireType } from './catalogue.js';
import {
  FrequencyPeriodEnum,
  OrderStatusEnum,
  QuestionnaireTypeEnum,
  type ShopStatus,
  ShopStatusEnum,
} from './enums.js';
import { MoneyType } from './money.js';
import { LocationRef, OrderRef, ShopRef, UserQuestionnaireRef } from './refs.js';
import { UserType } from './users.js';

const CustomQuestionType = builder
  .objectRef<{
    question: string;
    type: string;
    multipleChoiceOptions: string[];
    allowMultipleSelections: boolean;
  }>('CustomQuestion')
  .implement({
    fields: (t) => ({
      question: t.exposeString('question'),
      type: t.exposeString('type'),
      multipleChoiceOptions: t.exposeStringList('multipleChoiceOptions'),
      allowMultipleSelections: t.exposeBoolean('allowMultipleSelections'),
    }),
  });

const CustomUploadType = builder
  .objectRef<{ fileKey: string; publicUrl: string; fileName: string }>('CustomUpload')
  .implement({
    fields: (t) => ({
      fileKey: t.exposeString('fileKey'),
      publicUrl: t.exposeString('publicUrl', {
        description:
          'Where the file is read: a signed link that works for about an hour, derived from fileKey.',
      }),
      fileName: t.exposeString('fileName'),
    }),
  });

UserQuestionnaireRef.implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    oid: t.exposeString('oid'),
    qid: t.exposeString('qid'),
    questionnaire: t.field({ type: QuestionnaireType, resolve: (uq) => uq.questionnaire }),
    customUpload: t.field({
      type: CustomUploadType,
      nullable: true,
      description: 'The file name and public URL are derived from the key on the server.',
      resolve: (uq, _a, ctx) => customUploadView(ctx.adapters.storage, uq.customUpload),
    }),
    additionalComments: t.exposeString('additionalComments'),
    customQuestions: t.field({ type: [CustomQuestionType], resolve: (uq) => uq.customQuestions }),
  }),
});

ShopRef.implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    oid: t.exposeString('oid'),
    locationId: t.exposeString('locationId'),
    qid: t.exposeString('qid'),
    uqid: t.exposeString('uqid'),
    status: t.field({ type: ShopStatusEnum, resolve: (s) => s.status as ShopStatus }),
    recurring: t.exposeBoolean('recurring'),
    startDate: t.exposeString('startDate', { description: 'YYYY-MM-DD (UTC).' }),
    totalQuantity: t.exposeInt('totalQuantity'),
    frequencyQuantity: t.exposeInt('frequencyQuantity'),
    frequencyPeriod: t.field({
      type: FrequencyPeriodEnum,
      resolve: (s) => s.frequencyPeriod as FrequencyPeriod,
    }),
    reimbursement: t.exposeInt('reimbursement', { description: 'Shopper reimbursement per shop, cents.' }),
    cost: t.exposeInt('cost', { description: 'Price per shop, cents.' }),
    paidThrough: t.exposeString('paidThrough', { nullable: true }),
    questionnaireTitle: t.exposeString('questionnaireTitle'),
    questionnaireType: t.field({
      type: QuestionnaireTypeEnum,
      resolve: (s) => s.questionnaireType as TQuestionnaireType,
    }),
    questionnaire: t.field({
      type: QuestionnaireType,
      nullable: true,
      resolve: (s) => s.questionnaire ?? null,
    }),
    initialDue: t.field({
      type: MoneyType,
      description: 'What this shop adds to the amount due at checkout.',
      resolve: (s) => shopDue(s, s.state, s.questionnaire, new Date()),
    }),
  }),
});

const InitialDueType = builder
  .objectRef<{ value: number; shops: number; startupCosts: number }>('InitialDue')
  .implement({
    fields: (t) => ({
      value: t.exposeInt('value', { description: 'Cents.' }),
      displayValue: t.field({ type: 'String', resolve: (d) => formatMoney(d.value) }),
      shops: t.field({ type: MoneyType, resolve: (d) => d.shops }),
      startupCosts: t.field({ type: MoneyType, resolve: (d) => d.startupCosts }),
    }),
  });

OrderRef.implement({
  fields: (t) => ({
    _id: t.string({ resolve: (g) => g.order.id }),
    orderNumber: t.int({ resolve: (g) => g.order.orderNumber }),
    status: t.field({ type: OrderStatusEnum, resolve: (g) => g.order.status as 'CART' | 'COMPLETE' }),
    uid: t.string({ nullable: true, resolve: (g) => g.order.uid }),
    brandId: t.string({ resolve: (g) => g.order.brandId }),
    serviceKeys: t.stringList({ resolve: (g) => g.order.serviceKeys }),
    referralCode: t.string({ nullable: true, resolve: (g) => g.order.referralCode }),
    orderDate: t.string({ nullable: true, resolve: (g) => g.order.orderDate?.toISOString() ?? null }),
    amount: t.int({
      nullable: true,
      description: 'Charged at checkout, cents.',
      resolve: (g) => g.order.amount,
    }),
    updatedAt: t.string({ resolve: (g) => g.order.updatedAt.toISOString() }),
    locations: t.field({ type: [LocationRef], resolve: (g) => g.locations }),
    hasLocations: t.boolean({ resolve: (g) => g.locations.length > 0 }),
    userQuestionnaires: t.field({ type: [UserQuestionnaireRef], resolve: (g) => g.userQuestionnaires }),
    initialDue: t.field({
      type: InitialDueType,
      description: 'The amount due at checkout, computed on the server by the pricing rules.',
      resolve: (g) => orderInitialDue(g, new Date()),
    }),
    user: t.field({
      type: UserType,
      nullable: true,
      resolve: async (g, _a, ctx) => {
        if (!g.order.uid) return null;
        if (ctx.user?.id === g.order.uid) return ctx.user;
        return (await ctx.db.select().from(users).where(eq(users.id, g.order.uid)).limit(1))[0] ?? null;
      },
    }),
  }),
});

builder.queryFields((t) => ({
  order: t.field({
    type: OrderRef,
    nullable: true,
    description:
      'A cart by its id (the capability), or a placed order by id or number for its owner or an admin.',
    args: { _id: t.arg.string(), orderNumber: t.arg.int() },
    resolve: async (_r, a, ctx) => {
      // By id, the order and its graph come in one query; by number, the graph after the order.
      let graph = a._id ? await findOrderGraph(ctx.db, a._id) : null;
      if (!a._id && a.orderNumber != null) {
        const [byNumber] = await ctx.db
          .select()
          .from(orders)
          .where(eq(orders.orderNumber, a.orderNumber))
          .limit(1);
        graph = byNumber ? await loadOrderGraph(ctx.db, byNumber) : null;
      }
      const order = graph?.order;
      if (!graph || !order) return null;
      if (a._id && a.orderNumber != null && order.orderNumber !== a.orderNumber) return null;
      // A cart's capability is its unguessable id; order numbers count up, so by number only its owner or an admin.
      const ownerOrAdmin = ctx.user?.admin || (order.uid !== null && order.uid === ctx.user?.id);
      if (!a._id && order.status === 'CART' && !ownerOrAdmin) return null;
      if (!mayReadOrder(order, ctx.user)) {
        if (!ctx.user && order.status !== 'CART') return null;
        throw notAuthorized();
      }
      if (order.status !== 'CART')
        await recordAdminView(ctx.db, ctx, {
          userId: order.uid,
          subject: { type: 'order', id: order.id, label: order.orderNumber ? `#${order.orderNumber}` : null },
        });
      return graph;
    },
  }),
  nextLocationID: t.string({
    description: "The next default location name: one more than the order's location count.",
    args: { oid: t.arg.string() },
    resolve: async (_r, a, ctx) => {
      if (!a.oid) return '1';
      const order = await findOrder(ctx.db, a.oid);
      if (!order || !mayReadOrder(order, ctx.user)) return '1';
      const [row] = await ctx.db
        .select({ n: count() })
        .from(orderLocations)
        .where(eq(orderLocations.oid, a.oid));
      return String((row?.n ?? 0) + 1);
    },
  }),
}));

const UserQuestionnaireInput = builder.inputType('UserQuestionnaireInput', {
  fields: (t) => ({
    customQuestions: t.field({ type: [CustomQuestionInput] }),
    additionalComments: t.string(),
    customUpload: t.field({ type: CustomUploadInput }),
  }),
});
const CustomQuestionInput = builder.inputType('CustomQuestionInput', {
  fields: (t) => ({
    question: t.string(),
    type: t.string(),
    multipleChoiceOptions: t.stringList(),
    allowMultipleSelections: t.boolean(),
  }),
});
const CustomUploadInput = builder.inputType('CustomUploadInput', {
  description: 'The file by the key /s3/sign returned for this order’s folder.',
  fields: (t) => ({
    fileKey: t.string(),
    publicUrl: t.string({ description: 'Ignored: the server derives it from fileKey.' }),
    fileName: t.string({ description: 'Ignored: the server derives it from fileKey.' }),
  }),
});

const ShopInput = builder.inputType('ShopInput', {
  fields: (t) => ({
    oid: t.string(),
    locationId: t.string(),
    qid: t.string(),
    uqid: t.string(),
    recurring: t.boolean(),
    startDate: t.string({ description: 'YYYY-MM-DD' }),
    totalQuantity: t.int(),
    frequencyQuantity: t.int(),
    frequencyPeriod: t.field({ type: FrequencyPeriodEnum }),
    reimbursement: t.int({ description: 'Cents.' }),
  }),
});

const graphOf = (ctx: AppContext, order: OrderRow) => loadOrderGraph(ctx.db, order);

builder.mutationFields((t) => ({
  startOrder: t.field({
    type: OrderRef,
    args: {
      oid: t.arg.string(),
      qids: t.arg.stringList({ required: true }),
      serviceKeys: t.arg.stringList(),
    },
    resolve: (_r, a, ctx) =>
      startOrder(ctx.db, {
        user: ctx.user,
        brandId: ctx.brand.id,
        oid: a.oid,
        qids: a.qids,
        serviceKeys: a.serviceKeys,
      }),
  }),
  modifyOrderQuestionnaires: t.field({
    type: OrderRef,
    args: {
      oid: t.arg.string({ required: true }),
      qids: t.arg.stringList({ required: true }),
      qType: t.arg.string({ required: true }),
    },
    resolve: (_r, a, ctx) =>
      modifyOrderQuestionnaires(ctx.db, { user: ctx.user, oid: a.oid, qids: a.qids, qType: a.qType }),
  }),
  saveUserQuestionnaire: t.field({
    type: UserQuestionnaireRef,
    args: {
      _id: t.arg.string({ required: true }),
      input: t.arg({ type: UserQuestionnaireInput, required: true }),
    },
    resolve: (_r, a, ctx) =>
      saveUserQuestionnaire(ctx.db, { user: ctx.user, brand: ctx.brand, id: a._id, input: a.input }),
  }),
  removeUserQuestionnaire: t.field({
    type: OrderRef,
    args: { oid: t.arg.string({ required: true }), uqid: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) =>
      graphOf(ctx, await removeUserQuestionnaire(ctx.db, { user: ctx.user, oid: a.oid, uqid: a.uqid })),
  }),
  saveShop: t.field({
    type: ShopRef,
    description:
      'Creates or updates a cart shop; on an active shop (Recurring Orders) changes only frequencyPeriod, frequencyQuantity and reimbursement, from the next billing month.',
    args: { _id: t.arg.string(), input: t.arg({ type: ShopInput, required: true }) },
    resolve: (_r, a, ctx) =>
      saveShop(ctx.db, { user: ctx.user, id: a._id, input: { ...a.input }, today: new Date(), actor: ctx }),
  }),
  removeCartShop: t.field({
    type: ShopRef,
    args: { _id: t.arg.string({ required: true }), oid: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => removeCartShop(ctx.db, { user: ctx.user, id: a._id, oid: a.oid }),
  }),
  copyShopsToAllOrderLocations: t.field({
    type: OrderRef,
    args: {
      shopIds: t.arg.stringList({ required: true }),
      oid: t.arg.string({ required: true }),
      qType: t.arg.string(),
    },
    resolve: async (_r, a, ctx) =>
      graphOf(ctx, await copyShopsToAllOrderLocations(ctx.db, { user: ctx.user, input: a })),
  }),
}));
