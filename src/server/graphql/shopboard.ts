import { AppError } from '../errors.js';
import {
  addCertification,
  type CertificationView,
  listCertifications,
  listShopboard,
  myShopperProfile,
  SHOPBOARD_SORTS,
  type ShopboardItem,
  type ShopboardPage,
  type ShopperProfile,
  type ShopperRulesView,
  saveShopperRules,
  setShopperCertification,
  shopperRulesOf,
  updateShopperProfile,
} from '../fieldwork/index.js';
import { builder } from './builder.js';

// The shopboard (issue 47): open visits near a shopper, who may take which, and the admin's rules.
// Every rule is checked in src/server/fieldwork (shopboard.ts, take-rules.ts, shopper-rules.ts).

const ShopboardSortEnum = builder.enumType('ShopboardSort', { values: SHOPBOARD_SORTS });

const ShopboardItemType = builder.objectRef<ShopboardItem>('ShopboardItem').implement({
  description:
    'An open visit on the shopboard: the area (city, compass direction, a point to about a kilometre), never the street address before accepting.',
  fields: (t) => ({
    _id: t.exposeString('id'),
    questionnaireTitle: t.exposeString('questionnaireTitle'),
    locationName: t.exposeString('locationName'),
    city: t.exposeString('city'),
    state: t.exposeString('state'),
    distanceMiles: t.exposeFloat('distanceMiles'),
    direction: t.exposeString('direction', {
      description: 'N, NE, E ... from the origin; empty when at it.',
    }),
    areaLatitude: t.exposeFloat('areaLatitude'),
    areaLongitude: t.exposeFloat('areaLongitude'),
    earliestDate: t.exposeString('earliestDate', { description: 'YYYY-MM-DD' }),
    dueDate: t.exposeString('dueDate', { description: 'YYYY-MM-DD' }),
    fee: t.exposeInt('fee', { description: 'Shopper fee, cents.' }),
    reimbursement: t.exposeInt('reimbursement', { description: 'Reimbursement, cents.' }),
    questionCount: t.exposeInt('questionCount'),
    estimatedMinutes: t.exposeInt('estimatedMinutes'),
  }),
});

const ShopboardPageType = builder.objectRef<ShopboardPage>('ShopboardPage').implement({
  fields: (t) => ({
    items: t.field({ type: [ShopboardItemType], resolve: (p) => p.items }),
    hasMore: t.exposeBoolean('hasMore'),
    offset: t.exposeInt('offset'),
    radiusMiles: t.exposeFloat('radiusMiles'),
    origin: t.exposeString('origin', { description: 'home | current' }),
  }),
});

const ShopperProfileType = builder.objectRef<ShopperProfile>('ShopperProfile').implement({
  fields: (t) => ({
    line1: t.exposeString('line1'),
    city: t.exposeString('city'),
    state: t.exposeString('state'),
    postalCode: t.exposeString('postalCode'),
    gender: t.exposeString('gender', { nullable: true }),
    birthYear: t.exposeInt('birthYear', { nullable: true }),
    hasCar: t.exposeBoolean('hasCar'),
    homePlaced: t.exposeBoolean('homePlaced'),
    pointPrecision: t.exposeString('pointPrecision', { nullable: true }),
    shopperRating: t.exposeFloat('shopperRating', { nullable: true }),
  }),
});

const ShopperProfileInput = builder.inputType('ShopperProfileInput', {
  fields: (t) => ({
    line1: t.string(),
    city: t.string(),
    state: t.string(),
    postalCode: t.string(),
    gender: t.string(),
    birthYear: t.int(),
    hasCar: t.boolean(),
  }),
});

const ShopperRulesType = builder.objectRef<ShopperRulesView>('ShopperRules').implement({
  description: "A questionnaire's shopper requirements and rotation rules.",
  fields: (t) => ({
    qid: t.exposeString('qid'),
    minAge: t.exposeInt('minAge', { nullable: true }),
    maxAge: t.exposeInt('maxAge', { nullable: true }),
    gender: t.exposeString('gender', { nullable: true }),
    requiresCar: t.exposeBoolean('requiresCar'),
    certificationId: t.exposeString('certificationId', { nullable: true }),
    minRating: t.exposeFloat('minRating', { nullable: true }),
    locationGapDays: t.exposeInt('locationGapDays', { nullable: true }),
    maxVisitsPerCycle: t.exposeInt('maxVisitsPerCycle', { nullable: true }),
  }),
});

const ShopperRulesInput = builder.inputType('ShopperRulesInput', {
  fields: (t) => ({
    minAge: t.int(),
    maxAge: t.int(),
    gender: t.string(),
    requiresCar: t.boolean(),
    certificationId: t.string(),
    minRating: t.float(),
    locationGapDays: t.int(),
    maxVisitsPerCycle: t.int(),
  }),
});

const CertificationType = builder.objectRef<CertificationView>('Certification').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    holders: t.exposeInt('holders'),
  }),
});

const CertificationInput = builder.inputType('CertificationInput', {
  fields: (t) => ({ name: t.string(), description: t.string() }),
});

builder.queryFields((t) => ({
  shopboard: t.field({
    type: ShopboardPageType,
    description:
      "Open visits the shopper qualifies for within radiusMiles (default 25, at most 250) of their home, or of latitude/longitude when given (the browser's position: used for this query, never stored). Shoppers only.",
    authScopes: { loggedIn: true },
    args: {
      radiusMiles: t.arg.float(),
      latitude: t.arg.float(),
      longitude: t.arg.float(),
      dueFrom: t.arg.string({ description: 'YYYY-MM-DD' }),
      dueTo: t.arg.string({ description: 'YYYY-MM-DD' }),
      minPay: t.arg.int({ description: 'Fee plus reimbursement at least this, cents.' }),
      sort: t.arg({ type: ShopboardSortEnum }),
      offset: t.arg.int(),
      limit: t.arg.int({ description: 'At most 50; 20 when left out.' }),
    },
    resolve: (_r, a, ctx) => {
      if ((a.latitude == null) !== (a.longitude == null)) {
        const field = a.latitude == null ? 'latitude' : 'longitude';
        const message = 'Give both latitude and longitude of your current location, or neither.';
        throw new AppError('BAD_USER_INPUT', message, [{ field, message }]);
      }
      return listShopboard(ctx.db, {
        user: ctx.user,
        near:
          a.latitude != null && a.longitude != null ? { latitude: a.latitude, longitude: a.longitude } : null,
        radiusMiles: a.radiusMiles,
        dueFrom: a.dueFrom,
        dueTo: a.dueTo,
        minPay: a.minPay,
        sort: a.sort,
        offset: a.offset,
        limit: a.limit,
        now: new Date(),
      });
    },
  }),
  myShopperProfile: t.field({
    type: ShopperProfileType,
    description: "The shopper's own profile: home address, car, and the rating they have.",
    authScopes: { loggedIn: true },
    resolve: (_r, _a, ctx) => myShopperProfile(ctx.db, ctx.user),
  }),
  questionnaireShopperRules: t.field({
    type: ShopperRulesType,
    description: "A questionnaire's shopper requirements and rotation rules (admins).",
    authScopes: { admin: true },
    args: { qid: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => shopperRulesOf(ctx.db, ctx.user, a.qid),
  }),
  certifications: t.field({
    type: [CertificationType],
    description: 'The shopper certifications admins defined (admins).',
    authScopes: { admin: true },
    resolve: (_r, _a, ctx) => listCertifications(ctx.db, ctx.user),
  }),
}));

builder.mutationFields((t) => ({
  updateShopperProfile: t.field({
    type: ShopperProfileType,
    description: "The shopper's profile; the home address is geocoded again.",
    authScopes: { loggedIn: true },
    args: { input: t.arg({ type: ShopperProfileInput, required: true }) },
    resolve: (_r, a, ctx) =>
      updateShopperProfile(
        ctx.db,
        { user: ctx.user, geocoding: ctx.adapters.geocoding, now: new Date() },
        { ...a.input },
      ),
  }),
  saveQuestionnaireShopperRules: t.field({
    type: ShopperRulesType,
    description:
      "Sets a questionnaire's shopper requirements and rotation rules (admins); null clears a rule.",
    authScopes: { admin: true },
    args: {
      qid: t.arg.string({ required: true }),
      input: t.arg({ type: ShopperRulesInput, required: true }),
    },
    resolve: (_r, a, ctx) =>
      saveShopperRules(ctx.db, ctx.user, { qid: a.qid, input: { ...a.input }, now: new Date() }),
  }),
  addCertification: t.field({
    type: CertificationType,
    description: 'Defines a shopper certification (admins).',
    authScopes: { admin: true },
    args: { input: t.arg({ type: CertificationInput, required: true }) },
    resolve: (_r, a, ctx) => addCertification(ctx.db, ctx.user, { ...a.input }),
  }),
  setShopperCertification: t.field({
    type: CertificationType,
    description: 'Grants (held: true) or withdraws a certification of the shopper with this e-mail (admins).',
    authScopes: { admin: true },
    args: {
      email: t.arg.string({ required: true }),
      certificationId: t.arg.string({ required: true }),
      held: t.arg.boolean({ required: true }),
    },
    resolve: (_r, a, ctx) =>
      setShopperCertification(ctx.db, ctx.user, {
        email: a.email,
        certificationId: a.certificationId,
        held: a.held,
      }),
  }),
}));
