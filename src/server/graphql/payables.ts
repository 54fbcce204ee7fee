import { type PayableTotals, payableLineStatus } from '../../domain/index.js';
import {
  createPayoutToken,
  listMyPayables,
  listPayables,
  listPayoutBatches,
  markPayablesPaid,
  type PayableView,
  payoutCsvUrl,
  requireAdmin,
} from '../payables/index.js';
import { builder } from './builder.js';
import { PayableStatusEnum } from './enums.js';
import { MoneyType } from './money.js';

// Shopper payments: a shopper reads their own payable lines; platform admins list them by shopper and
// date, mark a batch paid and download a batch's CSV. Amounts are Money (cents with display text).

const PayableType = builder.objectRef<PayableView>('Payable').implement({
  description: 'What a shopper is owed for one approved visit (as it was at approval).',
  fields: (t) => ({
    _id: t.exposeString('id'),
    evaluationId: t.exposeString('evaluationId'),
    shopperId: t.exposeString('shopperId'),
    shopperName: t.string({ description: 'Admins only.', resolve: (p) => p.shopperName ?? '' }),
    shopperEmail: t.string({ description: 'Admins only.', resolve: (p) => p.shopperEmail ?? '' }),
    programName: t.exposeString('programName'),
    locationName: t.exposeString('locationName'),
    shopDate: t.exposeString('shopDate', { nullable: true }),
    approvedAt: t.string({ resolve: (p) => p.approvedAt.toISOString() }),
    reimbursement: t.field({ type: MoneyType, resolve: (p) => p.reimbursement }),
    fee: t.field({ type: MoneyType, description: "The questionnaire's shopper fee.", resolve: (p) => p.fee }),
    total: t.field({ type: MoneyType, resolve: (p) => p.total }),
    status: t.field({ type: PayableStatusEnum, resolve: payableLineStatus }),
    batchId: t.exposeString('batchId', { nullable: true }),
    payoutReference: t.exposeString('payoutReference', { nullable: true }),
    paidOn: t.exposeString('paidOn', { nullable: true }),
  }),
});

const PayableTotalsType = builder.objectRef<PayableTotals>('PayableTotals').implement({
  fields: (t) => ({
    pending: t.field({ type: MoneyType, resolve: (x) => x.pending }),
    paid: t.field({ type: MoneyType, resolve: (x) => x.paid }),
    pendingCount: t.exposeInt('pendingCount'),
    paidCount: t.exposeInt('paidCount'),
  }),
});

type PayableList = { lines: PayableView[]; totals: PayableTotals; truncated?: boolean };

const PayableListType = builder.objectRef<PayableList>('PayableList').implement({
  fields: (t) => ({
    lines: t.field({ type: [PayableType], resolve: (x) => x.lines }),
    totals: t.field({ type: PayableTotalsType, resolve: (x) => x.totals }),
    truncated: t.boolean({
      description: 'More lines match than are returned (1,000); narrow the filters.',
      resolve: (x) => x.truncated ?? false,
    }),
  }),
});

type BatchView = {
  id: string;
  reference: string;
  paidOn: string;
  total: number;
  createdAt: Date;
  createdByEmail: string | null;
  lineCount: number;
};

const PayoutBatchType = builder.objectRef<BatchView>('PayoutBatch').implement({
  description: 'Lines an admin marked paid together, with the payout reference and the day paid.',
  fields: (t) => ({
    _id: t.exposeString('id'),
    reference: t.exposeString('reference'),
    paidOn: t.exposeString('paidOn'),
    total: t.field({ type: MoneyType, resolve: (b) => b.total }),
    lineCount: t.exposeInt('lineCount'),
    createdByEmail: t.exposeString('createdByEmail', { nullable: true }),
    createdAt: t.string({ resolve: (b) => b.createdAt.toISOString() }),
  }),
});

const PayoutCsvLinkType = builder.objectRef<{ url: string; expiresAt: Date }>('PayoutCsvLink').implement({
  fields: (t) => ({
    url: t.exposeString('url'),
    expiresAt: t.string({ resolve: (l) => l.expiresAt.toISOString() }),
  }),
});

builder.queryFields((t) => ({
  myPayables: t.field({
    type: PayableListType,
    description: "The logged-in shopper's own payable lines, newest first, with pending and paid totals.",
    authScopes: { loggedIn: true },
    resolve: (_r, _a, ctx) => listMyPayables(ctx.db, ctx.user),
  }),
  payables: t.field({
    type: PayableListType,
    description:
      'Admins: payable lines by shopper. Filters: a shopper (id, or words of the name or e-mail), approved between from and to (YYYY-MM-DD, inclusive), status pending (default), paid or all.',
    authScopes: { admin: true },
    args: {
      shopperId: t.arg.string(),
      shopperSearch: t.arg.string(),
      from: t.arg.string(),
      to: t.arg.string(),
      status: t.arg.string(),
    },
    resolve: (_r, a, ctx) => listPayables(ctx.db, ctx.user, a),
  }),
  payoutBatches: t.field({
    type: [PayoutBatchType],
    description: 'Admins: payout batches, newest first (the last 200).',
    authScopes: { admin: true },
    resolve: (_r, _a, ctx) => listPayoutBatches(ctx.db, ctx.user),
  }),
}));

builder.mutationFields((t) => ({
  markPayablesPaid: t.field({
    type: PayoutBatchType,
    description:
      'Admins: marks pending lines paid as one payout batch (reference required; paidOn YYYY-MM-DD, not in the future). A line already paid refuses the whole batch.',
    authScopes: { admin: true },
    args: {
      payableIds: t.arg.stringList({ required: true }),
      reference: t.arg.string({ required: true }),
      paidOn: t.arg.string({ required: true }),
    },
    resolve: (_r, a, ctx) =>
      markPayablesPaid(ctx.db, {
        user: ctx.user,
        payableIds: a.payableIds,
        reference: a.reference,
        paidOn: a.paidOn,
        now: new Date(),
      }),
  }),
  createPayoutCsvLink: t.field({
    type: PayoutCsvLinkType,
    description:
      "Admins: a link to download a payout batch's CSV, valid for 5 minutes and for that batch only.",
    authScopes: { admin: true },
    args: { batchId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => {
      const admin = requireAdmin(ctx.user);
      const { token, expiresAt } = createPayoutToken(ctx.config.appSecret, {
        uid: admin.id,
        batchId: a.batchId,
        now: Date.now(),
      });
      return { url: payoutCsvUrl(a.batchId, token), expiresAt };
    },
  }),
}));
