import { eq } from 'drizzle-orm';
import type { NextBilling, TeamPermission } from '../../domain/index.js';
import { invoiceStatus, invoiceStatusLabel, mayChangeAccountEmail } from '../../domain/index.js';
import {
  cancelActiveShop,
  type InvoiceLineRow,
  type InvoiceWithLines,
  listInvoices,
  listOrders,
  listPlacedShops,
  loadInvoice,
  loadNextBilling,
  type OrderSummary,
  type PageInfo,
  removeLocationFromAccount,
  reorder,
  saveAccountInfo,
  saveDefaultCard,
  saveEmailPreferences,
} from '../account/index.js';
import { recordAdminView } from '../audit/index.js';
import type { AppContext, UserRow } from '../context.js';
import { users } from '../db/schema.js';
import { notAuthorized, notLoggedIn } from '../errors.js';
import { callerMay, teamRoleOf } from '../team/index.js';
import { builder } from './builder.js';
import { InvoiceStatusEnum, ShopStatusEnum } from './enums.js';
import { LocationRef, OrderRef, ShopRef } from './refs.js';
import { PaymentCardType, UserType } from './users.js';

/** The logged-in caller (the loggedIn scope has already refused anonymous calls). */
function caller(ctx: AppContext): UserRow {
  if (!ctx.user) throw notLoggedIn();
  return ctx.user;
}

/**
 * A User's private lists are for that user and admins (only they are ever handed a User, too); on a
 * team, for members whose role may see them (`permission`).
 */
function mayViewUser(ctx: AppContext, user: UserRow, permission: TeamPermission): void {
  if (!ctx.user) throw notLoggedIn();
  if (!ctx.user.admin && ctx.user.id !== user.id) throw notAuthorized();
  if (!callerMay(ctx, permission)) throw notAuthorized();
}

export const PageInfoType = builder.objectRef<PageInfo>('PageInfo').implement({
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage'),
    endCursor: t.exposeString('endCursor', { nullable: true }),
  }),
});

const OrderSummaryType = builder.objectRef<OrderSummary>('OrderSummary').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    orderNumber: t.exposeInt('orderNumber'),
    orderDate: t.string({ nullable: true, resolve: (o) => o.orderDate?.toISOString() ?? null }),
    amount: t.exposeInt('amount', { nullable: true, description: 'Cents.' }),
  }),
});

const OrderConnectionType = builder
  .objectRef<{ pageInfo: PageInfo; nodes: OrderSummary[] }>('OrderConnection')
  .implement({
    fields: (t) => ({
      pageInfo: t.field({ type: PageInfoType, resolve: (c) => c.pageInfo }),
      nodes: t.field({ type: [OrderSummaryType], resolve: (c) => c.nodes }),
    }),
  });

const InvoiceLineType = builder.objectRef<InvoiceLineRow>('InvoiceLine').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    amount: t.exposeInt('amount', { description: 'Cents.' }),
    description: t.exposeString('description'),
  }),
});

const InvoiceType = builder.objectRef<InvoiceWithLines>('Invoice').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    date: t.string({ resolve: (i) => i.date.toISOString() }),
    amount: t.exposeInt('amount', { description: 'Cents.' }),
    attempted: t.exposeBoolean('attempted'),
    paid: t.exposeBoolean('paid'),
    closed: t.exposeBoolean('closed'),
    nextPaymentAttempt: t.string({
      nullable: true,
      resolve: (i) => i.nextPaymentAttempt?.toISOString() ?? null,
    }),
    receiptNumber: t.exposeString('receiptNumber', { nullable: true }),
    status: t.field({ type: InvoiceStatusEnum, resolve: (i) => invoiceStatus(i) }),
    statusLabel: t.string({
      description: "'Paid', 'Error Processing Payment' or 'Unpaid'.",
      resolve: (i) => invoiceStatusLabel(i),
    }),
    failureMessage: t.exposeString('failureMessage', { nullable: true }),
    invoiceLines: t.field({ type: [InvoiceLineType], resolve: (i) => i.lines }),
    uid: t.exposeString('uid'),
  }),
});

const InvoiceConnectionType = builder
  .objectRef<{ pageInfo: PageInfo; nodes: InvoiceWithLines[] }>('InvoiceConnection')
  .implement({
    fields: (t) => ({
      pageInfo: t.field({ type: PageInfoType, resolve: (c) => c.pageInfo }),
      nodes: t.field({ type: [InvoiceType], resolve: (c) => c.nodes }),
    }),
  });

const NextBillingType = builder.objectRef<NextBilling>('NextBilling').implement({
  fields: (t) => ({
    monthValue: t.exposeInt('monthValue'),
    monthDisplay: t.exposeString('monthDisplay'),
    yearDisplay: t.exposeString('yearDisplay'),
    chargeDateDisplay: t.exposeString('chargeDateDisplay'),
    value: t.exposeInt('value', { description: 'Cents.' }),
    displayValue: t.exposeString('displayValue'),
    numWeeks: t.exposeInt('numWeeks'),
  }),
});

builder.objectFields(UserType, (t) => ({
  nextBilling: t.field({
    type: NextBillingType,
    nullable: true,
    description: 'The next charge of the active recurring shops; null when there are none.',
    resolve: (u, _a, ctx) => {
      mayViewUser(ctx, u, 'billing');
      return loadNextBilling(ctx.db, { uid: u.id, today: new Date() });
    },
  }),
  shops: t.field({
    type: [ShopRef],
    description: 'Placed shops, optionally of one status (e.g. ACTIVE).',
    args: { status: t.arg({ type: ShopStatusEnum }) },
    resolve: (u, a, ctx) => {
      mayViewUser(ctx, u, 'order');
      return listPlacedShops(ctx.db, { uid: u.id, status: a.status });
    },
  }),
  orders: t.field({
    type: OrderConnectionType,
    description: 'Placed (COMPLETE) orders, newest first.',
    args: { first: t.arg.int({ defaultValue: 10 }), after: t.arg.string() },
    resolve: (u, a, ctx) => {
      mayViewUser(ctx, u, 'order');
      return listOrders(ctx.db, { uid: u.id, first: a.first, after: a.after });
    },
  }),
  invoices: t.field({
    type: InvoiceConnectionType,
    description: 'Listed invoices (paid or attempted), newest first.',
    args: { first: t.arg.int({ defaultValue: 10 }), after: t.arg.string() },
    resolve: (u, a, ctx) => {
      mayViewUser(ctx, u, 'billing');
      return listInvoices(ctx.db, { uid: u.id, first: a.first, after: a.after });
    },
  }),
}));

builder.queryFields((t) => ({
  invoice: t.field({
    type: InvoiceType,
    nullable: true,
    description: 'An invoice for its owner or an admin; null when not found.',
    authScopes: { loggedIn: true },
    args: { invoiceId: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const invoice = await loadInvoice(ctx.db, { user: caller(ctx), invoiceId: a.invoiceId });
      if (invoice)
        await recordAdminView(ctx.db, ctx, {
          userId: invoice.uid,
          subject: { type: 'invoice', id: invoice.id },
        });
      return invoice;
    },
  }),
  user: t.field({
    type: UserType,
    nullable: true,
    description: 'Any user, for admins.',
    authScopes: { admin: true },
    args: { uid: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const [row] = await ctx.db.select().from(users).where(eq(users.id, a.uid)).limit(1);
      // A platform admin reading a customer in admin mode is on that customer's audit log: for a
      // team member's login, the log of the account it acts for (its owner reads it there).
      if (row)
        await recordAdminView(ctx.db, ctx, {
          userId: row.id,
          subject: { type: 'account', id: row.id, label: row.email },
        });
      return row ?? null;
    },
  }),
}));

const AccountProfileInput = builder.inputType('AccountProfileInput', {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    businessName: t.string(),
    phone: t.string(),
    additionalEmails: t.string(),
  }),
});

const AccountInfoInput = builder.inputType('AccountInfoInput', {
  fields: (t) => ({ email: t.string(), profile: t.field({ type: AccountProfileInput }) }),
});

const EmailPreferencesInput = builder.inputType('EmailPreferencesInput', {
  fields: (t) => ({
    receiveMarketing: t.boolean(),
    receiveShopScheduled: t.boolean(),
    receiveShopQA: t.boolean(),
    receiveShopComplete: t.boolean(),
    receiveSurveyComplete: t.boolean(),
    receiveAsDigest: t.boolean(),
    receiveActionPlans: t.boolean({ description: 'Absent: the stored choice stays.' }),
    receiveScoreAlerts: t.boolean({ description: 'Absent: the stored choice stays.' }),
  }),
});

builder.mutationFields((t) => ({
  saveAccountInfo: t.field({
    type: UserType,
    authScopes: { loggedIn: true },
    args: { input: t.arg({ type: AccountInfoInput, required: true }) },
    resolve: (_r, a, ctx) => {
      const role = teamRoleOf(ctx);
      return saveAccountInfo(ctx.db, {
        user: caller(ctx),
        input: a.input,
        mayChangeEmail: role !== null && mayChangeAccountEmail(role),
      });
    },
  }),
  saveDefaultCard: t.field({
    type: PaymentCardType,
    authScopes: { loggedIn: true },
    args: { stripeToken: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      saveDefaultCard(ctx.db, {
        user: caller(ctx),
        payments: ctx.adapters.payments,
        stripeToken: a.stripeToken,
        actor: ctx,
      }),
  }),
  saveEmailPreferences: t.field({
    type: UserType,
    authScopes: { loggedIn: true },
    args: { input: t.arg({ type: EmailPreferencesInput, required: true }) },
    description: "The caller's own preferences (a team member's, not the account's).",
    resolve: (_r, a, ctx) =>
      saveEmailPreferences(ctx.db, {
        user: ctx.person ?? caller(ctx),
        input: a.input,
        audit: { actor: ctx, accountId: caller(ctx).id },
      }),
  }),
  removeLocationFromAccount: t.field({
    type: LocationRef,
    description: 'Hides a saved location; its active shops keep running until cancelled.',
    authScopes: { loggedIn: true },
    args: { locationId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      removeLocationFromAccount(ctx.db, { user: caller(ctx), locationId: a.locationId }),
  }),
  cancelActiveShop: t.field({
    type: ShopRef,
    description: 'Cancels an active shop: it is never billed again.',
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      cancelActiveShop(ctx.db, { user: caller(ctx), id: a._id, now: new Date(), actor: ctx }),
  }),
  reorder: t.field({
    type: OrderRef,
    description: "Copies the caller's placed order into a new cart of theirs.",
    authScopes: { loggedIn: true },
    args: { oid: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => reorder(ctx.db, { user: caller(ctx), oid: a.oid, today: new Date() }),
  }),
}));
