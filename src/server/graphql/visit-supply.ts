import {
  type AtRiskVisit,
  assignVisits,
  type DeskRow,
  decideExtension,
  gradeVisit,
  myOfferSettings,
  myStanding,
  type OfferSettings,
  requestExtension,
  type ShopperCandidate,
  type ShopperStanding,
  saveOfferSettings,
  schedulerDesk,
  shopperStanding,
  shoppersForVisit,
  type VisitHistoryLine,
  visitHistoryOf,
  visitsAtRisk,
} from '../fieldwork/index.js';
import { builder } from './builder.js';

// The supply side (issue 47, h47b): a shopper's standing and offers settings, extensions, QA's grades,
// and the scheduler's desk. Every rule and authorization is in src/server/fieldwork; customers reach none.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const OutcomeCountType = builder.objectRef<{ outcome: string; count: number }>('HoldOutcomeCount').implement({
  fields: (t) => ({ outcome: t.exposeString('outcome'), count: t.exposeInt('count') }),
});

const GradeLineType = builder.objectRef<ShopperStanding['recentGrades'][number]>('VisitGradeLine').implement({
  fields: (t) => ({
    grade: t.exposeInt('grade'),
    reason: t.exposeString('reason'),
    programName: t.exposeString('programName'),
    gradedAt: t.string({ resolve: (g) => g.gradedAt.toISOString() }),
  }),
});

const HoldType = builder.objectRef<ShopperStanding['holds'][number]>('VisitHold').implement({
  description: 'A visit the shopper holds: by when it must be submitted, and its extension.',
  fields: (t) => ({
    evaluationId: t.exposeString('evaluationId'),
    visitId: t.exposeString('visitId'),
    programName: t.exposeString('programName'),
    city: t.exposeString('city'),
    state: t.exposeString('state'),
    dueDate: t.exposeString('dueDate'),
    submitBy: t.exposeString('submitBy', { description: 'The last day (UTC) to submit.' }),
    extensionState: t.exposeString('extensionState', {
      nullable: true,
      description: 'requested | granted | refused; null: none asked for.',
    }),
    extensionDays: t.exposeInt('extensionDays', { nullable: true }),
  }),
});

const StandingType = builder.objectRef<ShopperStanding>('ShopperStanding').implement({
  description: "A shopper's rating and reliability and what they are made of. Never shown to customers.",
  fields: (t) => ({
    rating: t.exposeFloat('rating', {
      nullable: true,
      description: 'Weighted recent average of QA grades, 1-10.',
    }),
    grades: t.exposeInt('grades'),
    reliability: t.exposeFloat('reliability', { nullable: true, description: 'Per cent.' }),
    outcomes: t.exposeInt('outcomes'),
    explanation: t.exposeString('explanation'),
    outcomeCounts: t.field({ type: [OutcomeCountType], resolve: (s) => s.outcomeCounts }),
    recentGrades: t.field({ type: [GradeLineType], resolve: (s) => s.recentGrades }),
    holds: t.field({ type: [HoldType], resolve: (s) => s.holds }),
  }),
});

const OfferSettingsType = builder.objectRef<OfferSettings>('OfferSettings').implement({
  fields: (t) => ({
    receiveOffers: t.exposeBoolean('receiveOffers'),
    radiusMiles: t.exposeInt('radiusMiles'),
    lastOfferedAt: t.string({ nullable: true, resolve: (s) => iso(s.lastOfferedAt) }),
  }),
});

const DeskRowType = builder.objectRef<DeskRow>('SchedulerDeskRow').implement({
  description: 'One program in one region (the location state).',
  fields: (t) => ({
    programId: t.exposeString('programId'),
    programName: t.exposeString('programName'),
    region: t.exposeString('region'),
    open: t.exposeInt('open'),
    accepted: t.exposeInt('accepted'),
    submitted: t.exposeInt('submitted'),
    complete: t.exposeInt('complete'),
    late: t.exposeInt('late'),
    fillRate: t.exposeInt('fillRate', {
      nullable: true,
      description: 'Per cent of the visits due within 14 days (or late) a shopper holds or has done.',
    }),
  }),
});

const AtRiskType = builder.objectRef<AtRiskVisit>('AtRiskVisit').implement({
  fields: (t) => ({
    visitId: t.exposeString('visitId'),
    programName: t.exposeString('programName'),
    locationName: t.exposeString('locationName'),
    city: t.exposeString('city'),
    state: t.exposeString('state'),
    dueDate: t.exposeString('dueDate'),
    held: t.boolean({ resolve: (v) => v.state_ === 'held' }),
    shopperId: t.exposeString('shopperId', { nullable: true }),
    shopperName: t.exposeString('shopperName', { nullable: true }),
    submitBy: t.exposeString('submitBy', { nullable: true }),
    extensionState: t.exposeString('extensionState', { nullable: true }),
    why: t.exposeString('why'),
  }),
});

const CandidateType = builder.objectRef<ShopperCandidate>('ShopperCandidate').implement({
  fields: (t) => ({
    shopperId: t.exposeString('shopperId'),
    name: t.exposeString('name'),
    city: t.exposeString('city', { nullable: true }),
    state: t.exposeString('state', { nullable: true }),
    miles: t.exposeFloat('miles', { nullable: true }),
    rating: t.exposeFloat('rating', { nullable: true }),
    reliability: t.exposeFloat('reliability', { nullable: true }),
    holding: t.exposeInt('holding'),
  }),
});

const HistoryLineType = builder.objectRef<VisitHistoryLine>('VisitHistoryLine').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    action: t.exposeString('action'),
    label: t.exposeString('label'),
    shopperName: t.exposeString('shopperName', { nullable: true }),
    actorName: t.exposeString('actorName', { nullable: true }),
    reason: t.exposeString('reason'),
    at: t.string({ resolve: (l) => l.at.toISOString() }),
  }),
});

const AssignResultType = builder
  .objectRef<{ visitIds: string[]; evaluationIds: string[] }>('AssignVisitsResult')
  .implement({
    fields: (t) => ({
      visitIds: t.exposeStringList('visitIds'),
      evaluationIds: t.exposeStringList('evaluationIds'),
    }),
  });

builder.queryFields((t) => ({
  myStanding: t.field({
    type: StandingType,
    description: "The shopper's own rating, reliability, recent grades and visits held with their deadlines.",
    authScopes: { loggedIn: true },
    resolve: (_r, _a, ctx) => myStanding(ctx.db, { user: ctx.user }),
  }),
  shopperStanding: t.field({
    type: StandingType,
    description: 'QA staff and schedulers: a shopper’s standing.',
    authScopes: { loggedIn: true },
    args: { shopperId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => shopperStanding(ctx.db, { user: ctx.user, shopperId: a.shopperId }),
  }),
  myOfferSettings: t.field({
    type: OfferSettingsType,
    authScopes: { loggedIn: true },
    resolve: (_r, _a, ctx) => myOfferSettings(ctx.db, { user: ctx.user }),
  }),
  schedulerDesk: t.field({
    type: [DeskRowType],
    description: 'Schedulers and admins: counts and fill rate per program and region.',
    authScopes: { loggedIn: true },
    resolve: (_r, _a, ctx) => schedulerDesk(ctx.db, { user: ctx.user, now: new Date() }),
  }),
  visitsAtRisk: t.field({
    type: [AtRiskType],
    authScopes: { loggedIn: true },
    args: { limit: t.arg.int() },
    resolve: (_r, a, ctx) =>
      visitsAtRisk(ctx.db, { user: ctx.user, now: new Date(), limit: a.limit ?? undefined }),
  }),
  shoppersForVisit: t.field({
    type: [CandidateType],
    description: 'Schedulers: shoppers near a visit (miles), best rated first; or by name or e-mail.',
    authScopes: { loggedIn: true },
    args: {
      visitId: t.arg.string({ required: true }),
      maxMiles: t.arg.int(),
      search: t.arg.string(),
    },
    resolve: (_r, a, ctx) =>
      shoppersForVisit(ctx.db, {
        user: ctx.user,
        visitId: a.visitId,
        maxMiles: a.maxMiles,
        search: a.search,
        now: new Date(),
      }),
  }),
  visitHistory: t.field({
    type: [HistoryLineType],
    description: 'Schedulers: who held the visit, when, and why it changed hands.',
    authScopes: { loggedIn: true },
    args: { visitId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => visitHistoryOf(ctx.db, { user: ctx.user, visitId: a.visitId }),
  }),
}));

builder.mutationFields((t) => ({
  saveOfferSettings: t.field({
    type: OfferSettingsType,
    authScopes: { loggedIn: true },
    args: {
      receiveOffers: t.arg.boolean({ required: true }),
      radiusMiles: t.arg.int({ required: true }),
    },
    resolve: (_r, a, ctx) =>
      saveOfferSettings(ctx.db, {
        user: ctx.user,
        receiveOffers: a.receiveOffers,
        radiusMiles: a.radiusMiles,
      }),
  }),
  requestVisitExtension: t.field({
    type: 'Boolean',
    description: 'A shopper asks once for more days to submit a visit they hold.',
    authScopes: { loggedIn: true },
    args: {
      evaluationId: t.arg.string({ required: true }),
      days: t.arg.int({ required: true }),
      reason: t.arg.string({ required: true }),
    },
    resolve: async (_r, a, ctx) => {
      await requestExtension(ctx.db, { user: ctx.user, ...a, now: new Date() });
      return true;
    },
  }),
  decideVisitExtension: t.field({
    type: 'Boolean',
    description: 'Schedulers: grant (optionally another number of days) or refuse an extension.',
    authScopes: { loggedIn: true },
    args: {
      visitId: t.arg.string({ required: true }),
      grant: t.arg.boolean({ required: true }),
      days: t.arg.int(),
      reason: t.arg.string(),
    },
    resolve: async (_r, a, ctx) => {
      await decideExtension(ctx.db, {
        user: ctx.user,
        visitId: a.visitId,
        grant: a.grant,
        days: a.days,
        reason: a.reason ?? '',
        now: new Date(),
      });
      return true;
    },
  }),
  gradeVisit: t.field({
    type: 'Boolean',
    description: 'QA grades an approved visit 1-10 with the reason (or grades it again).',
    authScopes: { loggedIn: true },
    args: {
      evaluationId: t.arg.string({ required: true }),
      grade: t.arg.int({ required: true }),
      reason: t.arg.string({ required: true }),
    },
    resolve: async (_r, a, ctx) => {
      await gradeVisit(ctx.db, { user: ctx.user, ...a, now: new Date() });
      return true;
    },
  }),
  assignVisits: t.field({
    type: AssignResultType,
    description:
      'Schedulers: give visits to a chosen shopper (taken back from their holders), or back to the board without shopperId.',
    authScopes: { loggedIn: true },
    args: {
      visitIds: t.arg.stringList({ required: true }),
      shopperId: t.arg.string(),
      reason: t.arg.string({ required: true }),
    },
    resolve: (_r, a, ctx) =>
      assignVisits(ctx.db, {
        user: ctx.user,
        visitIds: a.visitIds,
        shopperId: a.shopperId ?? null,
        reason: a.reason,
        now: new Date(),
      }),
  }),
}));
