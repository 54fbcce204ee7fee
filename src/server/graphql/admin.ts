import {
  type AdminOrderRow,
  addIndustry,
  associateBrandToUser,
  brandCatalogue,
  type CustomerWithBrand,
  createBrand,
  createExportToken,
  isExportType,
  listCompletedOrders,
  listCustomers,
  loadQuestionnaire,
  removeBrand,
  removeIndustry,
  removeQuestionnaire,
  saveQuestionnaire,
  setIndustryPublished,
  updateBrand,
} from '../admin/index.js';
import type { Page } from '../db/page.js';
import { AppError, notLoggedIn } from '../errors.js';
import { PageInfoType } from './account.js';
import { BrandType } from './brands.js';
import { builder } from './builder.js';
import { IndustryType, QuestionnaireType } from './catalogue.js';
import { BrandTypeEnum, OrderStatusEnum, QuestionnaireTypeEnum } from './enums.js';
import { UserType } from './users.js';

// The admin area's API (admin-and-evaluation 2, 7). Every field here is for admins only.
const admin = { admin: true } as const;

const UserConnectionType = builder.objectRef<Page<CustomerWithBrand>>('UserConnection').implement({
  fields: (t) => ({
    pageInfo: t.field({ type: PageInfoType, resolve: (c) => c.pageInfo }),
    nodes: t.field({ type: [UserType], resolve: (c) => c.nodes }),
  }),
});

const AdminOrderType = builder.objectRef<AdminOrderRow>('AdminOrder').implement({
  description: 'A completed order as listed in the admin orders list.',
  fields: (t) => ({
    _id: t.exposeString('id'),
    orderNumber: t.exposeInt('orderNumber'),
    orderDate: t.string({ nullable: true, resolve: (o) => o.orderDate?.toISOString() ?? null }),
    amount: t.exposeInt('amount', { nullable: true, description: 'Cents.' }),
    businessName: t.exposeString('businessName'),
    email: t.exposeString('email'),
    brandName: t.exposeString('brandName'),
  }),
});

const AdminOrderConnectionType = builder.objectRef<Page<AdminOrderRow>>('AdminOrderConnection').implement({
  fields: (t) => ({
    pageInfo: t.field({ type: PageInfoType, resolve: (c) => c.pageInfo }),
    nodes: t.field({ type: [AdminOrderType], resolve: (c) => c.nodes }),
  }),
});

const ExportLinkType = builder.objectRef<{ url: string; expiresAt: Date }>('ExportLink').implement({
  fields: (t) => ({
    url: t.exposeString('url'),
    expiresAt: t.string({ resolve: (l) => l.expiresAt.toISOString() }),
  }),
});

const IncentiveZoneInput = builder.inputType('IncentiveZoneInput', {
  fields: (t) => ({ city: t.string(), state: t.string(), tier: t.string() }),
});
const CarMakeInput = builder.inputType('CarMakeInput', {
  fields: (t) => ({ make: t.string(), tier: t.string() }),
});

/** createBrand / updateBrand input; restrictCMS is never accepted (it is set only in the database). */
const BrandInput = builder.inputType('BrandInput', {
  fields: (t) => ({
    shortName: t.string(),
    name: t.string(),
    type: t.field({ type: BrandTypeEnum }),
    subdomain: t.string(),
    customDomain: t.string(),
    entryPath: t.string(),
    logoUrl: t.string(),
    faviconUrl: t.string(),
    primaryColor: t.string(),
    secondaryColor: t.string(),
    headerTextColor: t.string(),
    footerLinkTextColor: t.string(),
    brandText: t.string(),
    brandTextImageUrl: t.string(),
    orderNotificationEmails: t.string(),
    surveysEnabled: t.boolean(),
    customizationEnabled: t.boolean(),
    usesIncentiveZones: t.boolean(),
    requiresCarMake: t.boolean(),
    flowVariant: t.string(),
    unlistedIndustryEmail: t.string(),
    incentiveZones: t.field({ type: [IncentiveZoneInput] }),
    carMakes: t.field({ type: [CarMakeInput] }),
  }),
});

const QuestionnaireInput = builder.inputType('QuestionnaireInput', {
  fields: (t) => ({
    title: t.string(),
    type: t.field({ type: QuestionnaireTypeEnum }),
    industryId: t.string(),
    brandId: t.string(),
    sampleLink: t.string(),
    minimumReimbursement: t.int({ description: 'Cents.' }),
    shopperFee: t.int({
      description: 'Paid to the shopper per approved visit on top of the reimbursement, cents.',
    }),
    monthsPurchased: t.int(),
    cost: t.int({ description: 'Cents.' }),
    startupCost: t.int({ description: 'Cents.' }),
    published: t.boolean(),
    showReimbursement: t.boolean(),
    isCustom: t.boolean(),
    formId: t.string({ description: 'The evaluation form of the form builder that fieldwork fills in.' }),
  }),
});

builder.queryFields((t) => ({
  users: t.field({
    type: UserConnectionType,
    description: 'Customers, newest first, 25 a page; the searches match part of the name or business name.',
    authScopes: admin,
    args: {
      first: t.arg.int(),
      after: t.arg.string(),
      nameSearch: t.arg.string(),
      businessNameSearch: t.arg.string(),
    },
    resolve: (_r, a, ctx) => listCustomers(ctx.db, a),
  }),
  orders: t.field({
    type: AdminOrderConnectionType,
    description: 'Placed orders, newest first, 25 a page. Only COMPLETE orders are listed.',
    authScopes: admin,
    args: {
      status: t.arg({ type: OrderStatusEnum, defaultValue: 'COMPLETE' }),
      first: t.arg.int(),
      after: t.arg.string(),
    },
    resolve: (_r, a, ctx) => {
      if (a.status !== 'COMPLETE') {
        const message = 'Only COMPLETE orders can be listed.';
        throw new AppError('BAD_USER_INPUT', message, [{ field: 'status', message }]);
      }
      return listCompletedOrders(ctx.db, a);
    },
  }),
  industries: t.field({
    type: [IndustryType],
    description: "A brand's industries for the admin: published or not, each with all its questionnaires.",
    authScopes: admin,
    args: { brandId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => brandCatalogue(ctx.db, a.brandId),
  }),
  questionnaire: t.field({
    type: QuestionnaireType,
    nullable: true,
    authScopes: admin,
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => loadQuestionnaire(ctx.db, a._id),
  }),
}));

builder.mutationFields((t) => ({
  addIndustry: t.field({
    type: IndustryType,
    authScopes: admin,
    args: { title: t.arg.string(), brandId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => addIndustry(ctx.db, a),
  }),
  removeIndustry: t.field({
    type: IndustryType,
    description: 'Takes the industry and its questionnaires off the storefront; placed orders keep them.',
    authScopes: admin,
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => removeIndustry(ctx.db, a._id),
  }),
  toggleIndustryPublish: t.field({
    type: IndustryType,
    authScopes: admin,
    args: { _id: t.arg.string({ required: true }), published: t.arg.boolean({ required: true }) },
    resolve: (_r, a, ctx) => setIndustryPublished(ctx.db, a._id, a.published),
  }),
  addEditQuestionnaire: t.field({
    type: QuestionnaireType,
    description:
      'Adds a questionnaire, or with _id edits one: an edit changes the fields its input names; a field left out keeps its saved value, and null clears it.',
    authScopes: admin,
    args: { _id: t.arg.string(), input: t.arg({ type: QuestionnaireInput, required: true }) },
    resolve: (_r, a, ctx) => saveQuestionnaire(ctx.db, { id: a._id, input: { ...a.input } }),
  }),
  removeQuestionnaire: t.field({
    type: QuestionnaireType,
    description: 'Takes the questionnaire off the storefront; placed orders keep it.',
    authScopes: admin,
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => removeQuestionnaire(ctx.db, a._id),
  }),
  createBrand: t.field({
    type: BrandType,
    authScopes: admin,
    args: { input: t.arg({ type: BrandInput, required: true }) },
    resolve: (_r, a, ctx) => createBrand(ctx.db, a.input),
  }),
  updateBrand: t.field({
    type: BrandType,
    authScopes: admin,
    args: { _id: t.arg.string({ required: true }), input: t.arg({ type: BrandInput, required: true }) },
    resolve: (_r, a, ctx) => updateBrand(ctx.db, a._id, a.input, ctx.adapters.storage),
  }),
  removeBrand: t.field({
    type: BrandType,
    authScopes: admin,
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => removeBrand(ctx.db, a._id),
  }),
  associateBrandToUser: t.field({
    type: UserType,
    authScopes: admin,
    args: { uid: t.arg.string({ required: true }), brandId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => associateBrandToUser(ctx.db, { ...a, actor: ctx }),
  }),
  createExportLink: t.field({
    type: ExportLinkType,
    description:
      'A link to download customers or orders as CSV, valid for 5 minutes and for that export only.',
    authScopes: admin,
    args: { type: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => {
      if (!ctx.user) throw notLoggedIn();
      if (!isExportType(a.type)) {
        const message = 'Export type must be customers or orders.';
        throw new AppError('BAD_USER_INPUT', message, [{ field: 'type', message }]);
      }
      const { token, expiresAt } = createExportToken(ctx.config.appSecret, {
        uid: ctx.user.id,
        type: a.type,
        now: Date.now(),
      });
      return { url: `/admin/export/${a.type}?token=${encodeURIComponent(token)}`, expiresAt };
    },
  }),
}));
