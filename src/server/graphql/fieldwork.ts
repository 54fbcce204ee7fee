import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { type ProofFlagLevel, uploadFolder } from '../../domain/index.js';
import {
  documentForReader,
  EvaluationStatus,
  evaluationStatusName,
  percentage,
  reportedElementIds,
  reportForReader,
  score,
} from '../../evaluation/index.js';
import type { AppContext } from '../context.js';
import { evaluationEvents, locations, shops, surveyLinks, visits } from '../db/schema.js';
import { fileAnswersToUrls } from '../fieldwork/file-answers.js';
import {
  acceptVisit,
  approveEvaluation,
  checkIn,
  checkOut,
  claimNextEvaluation,
  commentOnElement,
  type EvaluationRow,
  findSurvey,
  formOfVersion,
  isStaff,
  listMyEvaluations,
  listOpenVisits,
  listQaQueue,
  loadEngineEvaluation,
  type OpenVisit,
  type ProgramSummary,
  type ProofLimits,
  programSummary,
  proofOf,
  type QrSurvey,
  qrSurvey,
  readableEvaluation,
  readerOf,
  registerShopper,
  rejectEvaluation,
  releaseEvaluation,
  reviewerNameOf,
  type StoredEvaluation,
  saveEvaluationAnswers,
  sharedShopReport,
  startReview,
  submitEvaluation,
  submitSurveyResponse,
  type VisitProof,
  viewerRoleOf,
} from '../fieldwork/index.js';
import { limitRequest, RATE_LIMITED_REQUESTS } from '../rate-limit.js';
import { locationScopeOf } from '../team/index.js';
import { AuthPayloadType, startSession } from './accounts.js';
import { builder } from './builder.js';
import { ProofFlagLevelEnum } from './enums.js';

// Fieldwork: the evaluator app (shoppers), the QA queue (employees, proofers, admins), reports of
// approved evaluations for their customer, and public surveys. Every rule is checked in src/server/fieldwork.

const OpenVisitType = builder.objectRef<OpenVisit>('OpenVisit').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    dueDate: t.exposeString('dueDate', { description: 'YYYY-MM-DD' }),
    status: t.exposeInt('status'),
    questionnaireTitle: t.exposeString('questionnaireTitle'),
    locationName: t.exposeString('locationName'),
    address: t.exposeString('address'),
    city: t.exposeString('city'),
    state: t.exposeString('state'),
    reimbursement: t.exposeInt('reimbursement', { description: 'Cents.' }),
  }),
});

type EvaluationEventRow = typeof evaluationEvents.$inferSelect;
const EvaluationEventType = builder.objectRef<EvaluationEventRow>('EvaluationEvent').implement({
  fields: (t) => ({
    fromStatus: t.exposeInt('fromStatus', { nullable: true }),
    toStatus: t.exposeInt('toStatus'),
    toStatusName: t.string({ resolve: (e) => evaluationStatusName(e.toStatus) ?? String(e.toStatus) }),
    userId: t.exposeString('userId', { nullable: true }),
    comment: t.exposeString('comment', { nullable: true }),
    createdAt: t.string({ resolve: (e) => e.createdAt.toISOString() }),
  }),
});

/**
 * Per-row results shared by the Evaluation fields of one response: a list asks for programName,
 * locationName, address and dueDate of each row, and for completion and report; each is worked out once.
 */
const subjects = new WeakMap<EvaluationRow, ReturnType<typeof loadSubject>>();
const engineViews = new WeakMap<EvaluationRow, ReturnType<typeof loadEngineEvaluation>>();
function subjectOf(ctx: AppContext, row: EvaluationRow) {
  const hit = subjects.get(row) ?? loadSubject(ctx, row);
  subjects.set(row, hit);
  return hit;
}
/** The engine evaluation as readers see it: photos and recordings as URLs derived from their keys. */
async function loadReadableEvaluation(ctx: AppContext, row: EvaluationRow) {
  const e = await loadEngineEvaluation(ctx.db, row);
  return {
    ...e,
    answers: fileAnswersToUrls(e.form, e.answers, uploadFolder('evaluations', row.id), toUrl(ctx)),
  };
}
const toUrl = (ctx: AppContext) => (key: string) => ctx.adapters.storage.publicUrl(key);
function engineViewOf(ctx: AppContext, row: EvaluationRow) {
  const hit = engineViews.get(row) ?? loadReadableEvaluation(ctx, row);
  engineViews.set(row, hit);
  return hit;
}

/** What an evaluation is about: its program, location and (for visits) due date. */
async function loadSubject(ctx: AppContext, row: EvaluationRow) {
  if (row.visitId) {
    const [r] = await ctx.db
      .select({
        programName: shops.questionnaireTitle,
        locationName: locations.name,
        address: locations.formattedAddress,
        dueDate: visits.dueDate,
      })
      .from(visits)
      .innerJoin(shops, eq(shops.id, visits.shopId))
      .innerJoin(locations, eq(locations.id, visits.locationId))
      .where(eq(visits.id, row.visitId))
      .limit(1);
    if (r) return r;
  }
  if (row.surveyLinkId) {
    const [r] = await ctx.db
      .select({
        programName: shops.questionnaireTitle,
        locationName: locations.name,
        address: locations.formattedAddress,
      })
      .from(surveyLinks)
      .innerJoin(locations, eq(locations.id, surveyLinks.locationId))
      .leftJoin(shops, eq(shops.id, surveyLinks.shopId))
      .where(eq(surveyLinks.id, row.surveyLinkId))
      .limit(1);
    if (r) return { ...r, programName: r.programName ?? 'Customer Survey', dueDate: null };
  }
  return { programName: '', locationName: '', address: null, dueDate: null };
}

/** The visit proof of a row for this caller (null unless its shopper or QA staff), once per response. */
const proofs = new WeakMap<EvaluationRow, Promise<VisitProof | null>>();
function proofFor(ctx: AppContext, row: EvaluationRow) {
  const hit = proofs.get(row) ?? proofOf(ctx.db, ctx.user, row);
  proofs.set(row, hit);
  return hit;
}
const proofPart =
  <K extends keyof VisitProof>(key: K) =>
  async (e: EvaluationRow, _a: unknown, ctx: AppContext): Promise<VisitProof[K] | null> =>
    (await proofFor(ctx, e))?.[key] ?? null;
const limitsOf = (ctx: AppContext): ProofLimits => ({
  maxDistanceM: ctx.config.VISIT_MAX_DISTANCE_M,
  minMinutes: ctx.config.VISIT_MIN_MINUTES,
});

const ProofFlagType = builder
  .objectRef<{ code: string; level: ProofFlagLevel; message: string }>('ProofFlag')
  .implement({
    description: "Something about the visit's check-in and check-out for QA to look at.",
    fields: (t) => ({
      code: t.exposeString('code', {
        description: 'no-check-in, no-check-out, too-far, too-short or no-coordinates.',
      }),
      level: t.expose('level', { type: ProofFlagLevelEnum }),
      message: t.exposeString('message'),
    }),
  });

/** Who the caller is to this evaluation (its shopper, QA staff or the customer's side): what they may see. */
const readerIn = (ctx: AppContext, e: EvaluationRow) =>
  readerOf(ctx.user, e, { apiKey: ctx.apiKey !== null });

/** Resolvers the Evaluation and SharedShopReport types share. */
const percentOf = (e: EvaluationRow) =>
  e.score == null || e.possibleScore == null ? null : percentage(e.score, e.possibleScore);
const subjectPart =
  <K extends keyof Awaited<ReturnType<typeof loadSubject>>>(key: K) =>
  async (e: EvaluationRow, _a: unknown, ctx: AppContext) =>
    (await subjectOf(ctx, e))[key];

/** What the shared link of a report shows: the report and what it is about, nothing of the fieldwork. */
const SharedShopReportType = builder.objectRef<EvaluationRow>('SharedShopReport').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    report: t.field({
      type: 'JSON',
      description: "The scored report as customers see it: elements reported 'never' are left out.",
      resolve: async (e, _a, ctx) => reportForReader('customer', score(await engineViewOf(ctx, e))),
    }),
    percentage: t.int({ nullable: true, resolve: percentOf }),
    programName: t.string({ resolve: subjectPart('programName') }),
    locationName: t.string({ resolve: subjectPart('locationName') }),
    address: t.string({ nullable: true, resolve: subjectPart('address') }),
    shopDate: t.exposeString('shopDate', { nullable: true }),
    approvedAt: t.string({ nullable: true, resolve: (e) => e.approvedAt?.toISOString() ?? null }),
  }),
});

const EvaluationType = builder.objectRef<EvaluationRow>('Evaluation').implement({
  description: 'A filled-in form: a visit evaluation or a survey response.',
  fields: (t) => ({
    _id: t.exposeString('id'),
    status: t.exposeInt('status'),
    version: t.exposeInt('version', {
      description: 'Goes up on every change of the document; a save names the version it was made on.',
    }),
    statusName: t.string({ resolve: (e) => evaluationStatusName(e.status) ?? String(e.status) }),
    isSurvey: t.exposeBoolean('isSurvey'),
    formVersionId: t.exposeString('formVersionId'),
    form: t.field({
      type: 'JSON',
      description: 'The published form version this evaluation started on (src/evaluation Form).',
      resolve: (e, _a, ctx) => formOfVersion(ctx.db, e.formVersionId),
    }),
    document: t.field({
      type: 'JSON',
      description:
        "Answers, proofing comments, positions and context; rebuild with the engine. Photo and recording answers are URLs derived from their stored keys. The customer's side gets the location, the shop and the reported answers only: nothing of the shopper and none of QA's notes (src/evaluation/readers.ts).",
      resolve: async (e, _a, ctx) => {
        const stored = e.document as StoredEvaluation;
        const form = await formOfVersion(ctx.db, e.formVersionId);
        const answers = fileAnswersToUrls(
          form,
          stored.answers ?? {},
          uploadFolder('evaluations', e.id),
          toUrl(ctx),
        );
        const reader = readerIn(ctx, e);
        const reported =
          reader === 'customer' ? reportedElementIds(score(await engineViewOf(ctx, e))) : new Set<string>();
        return documentForReader(reader, { ...stored, answers }, reported);
      },
    }),
    completion: t.field({
      type: 'JSON',
      description: "The engine's completion summary as the server sees it.",
      resolve: async (e, _a, ctx) => (await engineViewOf(ctx, e)).status.completion,
    }),
    report: t.field({
      type: 'JSON',
      nullable: true,
      description:
        "The scored report model: for approved evaluations, and for QA staff at any time. The customer's side gets no element reported 'never'.",
      resolve: async (e, _a, ctx) =>
        e.status === EvaluationStatus.Approved || isStaff(ctx.user)
          ? reportForReader(readerIn(ctx, e), score(await engineViewOf(ctx, e)))
          : null,
    }),
    percentage: t.int({ nullable: true, resolve: percentOf }),
    programName: t.string({ resolve: subjectPart('programName') }),
    locationName: t.string({ resolve: subjectPart('locationName') }),
    address: t.string({ nullable: true, resolve: subjectPart('address') }),
    dueDate: t.string({ nullable: true, resolve: subjectPart('dueDate') }),
    shopDate: t.exposeString('shopDate', { nullable: true }),
    submittedAt: t.string({ nullable: true, resolve: (e) => e.submittedAt?.toISOString() ?? null }),
    approvedAt: t.string({ nullable: true, resolve: (e) => e.approvedAt?.toISOString() ?? null }),
    events: t.field({
      type: [EvaluationEventType],
      description: 'Status changes, oldest first (for the shopper and QA staff).',
      resolve: async (e, _a, ctx) =>
        readerIn(ctx, e) !== 'customer'
          ? ctx.db
              .select()
              .from(evaluationEvents)
              .where(eq(evaluationEvents.evaluationId, e.id))
              .orderBy(asc(evaluationEvents.createdAt))
          : [],
    }),
    checkInAt: t.string({
      nullable: true,
      description:
        'Visit proof (its shopper and QA staff only, null for others): when the shopper checked in.',
      resolve: async (e, a, ctx) => (await proofPart('checkInAt')(e, a, ctx))?.toISOString() ?? null,
    }),
    checkOutAt: t.string({
      nullable: true,
      description: 'Visit proof: when the shopper checked out.',
      resolve: async (e, a, ctx) => (await proofPart('checkOutAt')(e, a, ctx))?.toISOString() ?? null,
    }),
    checkInLatitude: t.float({ nullable: true, resolve: proofPart('checkInLatitude') }),
    checkInLongitude: t.float({ nullable: true, resolve: proofPart('checkInLongitude') }),
    checkInAccuracyMeters: t.float({ nullable: true, resolve: proofPart('checkInAccuracyMeters') }),
    locationLatitude: t.float({
      nullable: true,
      description: "Visit proof: the location's geocoded point, to show beside the check-in.",
      resolve: proofPart('locationLatitude'),
    }),
    locationLongitude: t.float({ nullable: true, resolve: proofPart('locationLongitude') }),
    distanceMeters: t.int({
      nullable: true,
      description: "Visit proof: metres from the check-in to the location's geocoded point.",
      resolve: proofPart('distanceMeters'),
    }),
    durationMinutes: t.int({
      nullable: true,
      description: 'Visit proof: whole minutes from check-in to check-out.',
      resolve: proofPart('durationMinutes'),
    }),
    locationHasCoordinates: t.boolean({
      nullable: true,
      description: 'Visit proof: whether the location has map coordinates to measure the distance to.',
      resolve: proofPart('locationHasCoordinates'),
    }),
    proofFlags: t.field({
      type: [ProofFlagType],
      nullable: true,
      description: 'Visit proof: flags and notes for QA.',
      resolve: proofPart('flags'),
    }),
    reviewerName: t.string({
      nullable: true,
      description: 'QA staff only: the proofer holding the review, while it is in review.',
      resolve: (e, _a, ctx) =>
        isStaff(ctx.user) && e.status === EvaluationStatus.Reviewing ? reviewerNameOf(ctx.db, e) : null,
    }),
    reviewClaimedAt: t.string({
      nullable: true,
      description: 'QA staff only: since when the reviewer holds the review.',
      resolve: (e, _a, ctx) => (isStaff(ctx.user) ? (e.reviewClaimedAt?.toISOString() ?? null) : null),
    }),
    reviewedByMe: t.boolean({
      description: 'Whether the caller holds the review (while it is in review).',
      resolve: (e, _a, ctx) =>
        !!ctx.user && e.status === EvaluationStatus.Reviewing && e.reviewerId === ctx.user.id,
    }),
    viewerRole: t.string({
      description:
        "The engine role to rebuild this evaluation with for the caller: 'shopper' (its shopper), 'proofer' or 'employee' (QA staff), or 'customer' (the account, its team and its API keys).",
      resolve: (e, _a, ctx) => viewerRoleOf(readerIn(ctx, e), ctx.user),
    }),
  }),
});

const PublicSurveyType = builder
  .objectRef<{
    surveyCode: string;
    programName: string;
    locationName: string;
    address: string;
    form: unknown;
  }>('PublicSurvey')
  .implement({
    fields: (t) => ({
      surveyCode: t.exposeString('surveyCode'),
      programName: t.exposeString('programName'),
      locationName: t.exposeString('locationName'),
      address: t.exposeString('address'),
      form: t.field({ type: 'JSON', resolve: (s) => s.form }),
    }),
  });

const QrSurveyType = builder.objectRef<QrSurvey>('SurveyQrPage').implement({
  description: "What the account's QR page shows of a survey link.",
  fields: (t) => ({
    surveyCode: t.exposeString('surveyCode'),
    programName: t.exposeString('programName'),
    locationName: t.exposeString('locationName'),
    address: t.exposeString('address'),
  }),
});

const QuestionSummaryType = builder
  .objectRef<ProgramSummary['questions'][number]>('SurveyQuestionSummary')
  .implement({
    fields: (t) => ({
      prompt: t.exposeString('prompt'),
      averagePercentage: t.exposeInt('averagePercentage'),
      answers: t.exposeInt('answers'),
    }),
  });

const ProgramSummaryType = builder.objectRef<ProgramSummary>('SurveyProgramSummary').implement({
  fields: (t) => ({
    programName: t.exposeString('programName'),
    locationName: t.exposeString('locationName'),
    address: t.exposeString('address'),
    responses: t.exposeInt('responses'),
    averagePercentage: t.exposeInt('averagePercentage', { nullable: true }),
    lastResponseAt: t.string({ nullable: true, resolve: (s) => s.lastResponseAt?.toISOString() ?? null }),
    questions: t.field({ type: [QuestionSummaryType], resolve: (s) => s.questions }),
  }),
});

const ShopperRegisterInput = builder.inputType('ShopperRegisterInput', {
  fields: (t) => ({
    email: t.string(),
    password: t.string(),
    firstName: t.string(),
    lastName: t.string(),
    phone: t.string(),
    city: t.string(),
    state: t.string(),
    gender: t.string(),
    birthYear: t.int(),
    line1: t.string({ description: 'Home street address; placed by the geocoder for the shopboard.' }),
    postalCode: t.string(),
    hasCar: t.boolean(),
  }),
});

/** The browser's survey respondent id: an HttpOnly cookie, so one browser answers a survey once. */
const RESPONDENT_COOKIE = 'survey_respondent';
function respondentOf(ctx: AppContext): string {
  const existing = ctx.req.cookies[RESPONDENT_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{16,64}$/.test(existing)) return existing;
  const id = randomBytes(18).toString('base64url');
  ctx.reply.setCookie(RESPONDENT_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.production,
    path: '/',
    maxAge: 365 * 86_400,
  });
  return id;
}

builder.queryFields((t) => ({
  openVisits: t.field({
    type: [OpenVisitType],
    description:
      "Open visits for shoppers, soonest due first; the shopper's state unless another is asked for.",
    authScopes: { loggedIn: true },
    args: { state: t.arg.string(), city: t.arg.string() },
    resolve: (_r, a, ctx) => listOpenVisits(ctx.db, { user: ctx.user, state: a.state, city: a.city }),
  }),
  myEvaluations: t.field({
    type: [EvaluationType],
    authScopes: { loggedIn: true },
    resolve: (_r, _a, ctx) => listMyEvaluations(ctx.db, ctx.user),
  }),
  qaQueue: t.field({
    type: [EvaluationType],
    description: 'Submitted and in-review evaluations, for employees, proofers and admins.',
    authScopes: { loggedIn: true },
    resolve: (_r, _a, ctx) => listQaQueue(ctx.db, ctx.user),
  }),
  evaluation: t.field({
    type: EvaluationType,
    description: 'For its shopper and QA staff; for its customer once approved.',
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) =>
      readableEvaluation(ctx.db, ctx.user, a._id, await locationScopeOf(ctx.db, ctx)),
  }),
  sharedShopReport: t.field({
    type: SharedShopReportType,
    nullable: true,
    description:
      "An approved shop's report by its shared link (the 'report ready' e-mail of a guest or a location's report address); no login. Null until approved.",
    args: { _id: t.arg.string({ required: true }), key: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      sharedShopReport(ctx.db, { secret: ctx.config.appSecret, id: a._id, key: a.key }),
  }),
  survey: t.field({
    type: PublicSurveyType,
    nullable: true,
    description: 'A survey by its code, for anyone holding the link; null when unknown or ended.',
    args: { surveyCode: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const s = await findSurvey(ctx.db, a.surveyCode);
      return s && { ...s, form: s.form };
    },
  }),
  surveyQrPage: t.field({
    type: QrSurveyType,
    nullable: true,
    description:
      "The QR page's survey link: the account's (in admin mode, the customer clientId's), of program programId; a manager's only at their locations. Null when unknown, ended or of another program.",
    authScopes: { loggedIn: true },
    args: {
      programId: t.arg.string({ required: true }),
      surveyCode: t.arg.string({ required: true }),
      clientId: t.arg.string(),
    },
    resolve: async (_r, a, ctx) =>
      qrSurvey(ctx.db, {
        user: ctx.user,
        programId: a.programId,
        code: a.surveyCode,
        clientId: a.clientId,
        scope: await locationScopeOf(ctx.db, ctx),
      }),
  }),
  surveyProgramSummary: t.field({
    type: ProgramSummaryType,
    nullable: true,
    description: "A survey program's response summary at one location, for its customer and admins.",
    authScopes: { loggedIn: true },
    args: { surveyCode: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) =>
      // A report across responses: from the read replica, which may lag (docs/read-replica.md).
      programSummary(ctx.readDb, ctx.user, a.surveyCode, await locationScopeOf(ctx.db, ctx)),
  }),
}));

builder.mutationFields((t) => ({
  registerShopper: t.field({
    type: AuthPayloadType,
    description:
      "The evaluator app's sign-up; logs the shopper in. Limited per IP, with the customers' sign-ups (RATE_LIMITED with retryAfter in seconds).",
    args: { input: t.arg({ type: ShopperRegisterInput, required: true }) },
    resolve: async (_r, a, ctx) => {
      await limitRequest(ctx, RATE_LIMITED_REQUESTS.signUp(ctx.ip));
      return startSession(
        ctx,
        await registerShopper(ctx.db, {
          input: a.input,
          brandId: ctx.brand.id,
          geocoding: ctx.adapters.geocoding,
        }),
      );
    },
  }),
  acceptVisit: t.field({
    type: EvaluationType,
    authScopes: { loggedIn: true },
    args: { visitId: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const id = await acceptVisit(ctx.db, {
        user: ctx.user,
        visitId: a.visitId,
        now: new Date(),
      });
      return readableEvaluation(ctx.db, ctx.user, id);
    },
  }),
  saveEvaluation: t.field({
    type: EvaluationType,
    description:
      'Saves answers ({elementId: value}, null clears) through the engine; nothing is saved if one is bad.',
    authScopes: { loggedIn: true },
    args: {
      _id: t.arg.string({ required: true }),
      answers: t.arg({ type: 'JSON', required: true }),
      currentSectionId: t.arg.string(),
      baseVersion: t.arg.int({
        description:
          "The evaluation's version the answers were changed on; another version refuses the save (CONFLICT). Left out: no check.",
      }),
      photoTakenAt: t.arg({
        type: 'JSON',
        description: 'When the photos in answers were taken: {elementId: ISO date-time}.',
      }),
    },
    resolve: (_r, a, ctx) =>
      saveEvaluationAnswers(ctx.db, {
        user: ctx.user,
        id: a._id,
        answers:
          a.answers && typeof a.answers === 'object' && !Array.isArray(a.answers)
            ? (a.answers as Record<string, unknown>)
            : {},
        currentSectionId: a.currentSectionId,
        baseVersion: a.baseVersion,
        photoTakenAt:
          a.photoTakenAt && typeof a.photoTakenAt === 'object' && !Array.isArray(a.photoTakenAt)
            ? (a.photoTakenAt as Record<string, unknown>)
            : null,
        now: new Date(),
        storage: ctx.adapters.storage,
      }),
  }),
  submitEvaluation: t.field({
    type: EvaluationType,
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      submitEvaluation(ctx.db, {
        user: ctx.user,
        id: a._id,
        now: new Date(),
        proofLimits: limitsOf(ctx),
      }),
  }),
  checkIn: t.field({
    type: EvaluationType,
    description:
      "The shopper checks in at the visit with the browser's position; the time is the server's. Once.",
    authScopes: { loggedIn: true },
    args: {
      _id: t.arg.string({ required: true }),
      latitude: t.arg.float({ required: true }),
      longitude: t.arg.float({ required: true }),
      accuracy: t.arg.float({ description: 'Metres, as the browser reports it.' }),
    },
    resolve: (_r, a, ctx) =>
      checkIn(ctx.db, {
        user: ctx.user,
        id: a._id,
        position: { latitude: a.latitude, longitude: a.longitude, accuracy: a.accuracy },
        now: new Date(),
        limits: limitsOf(ctx),
      }),
  }),
  checkOut: t.field({
    type: EvaluationType,
    description: "The shopper checks out after checking in; the time is the server's. Once.",
    authScopes: { loggedIn: true },
    args: {
      _id: t.arg.string({ required: true }),
      latitude: t.arg.float({ required: true }),
      longitude: t.arg.float({ required: true }),
      accuracy: t.arg.float({ description: 'Metres, as the browser reports it.' }),
    },
    resolve: (_r, a, ctx) =>
      checkOut(ctx.db, {
        user: ctx.user,
        id: a._id,
        position: { latitude: a.latitude, longitude: a.longitude, accuracy: a.accuracy },
        now: new Date(),
        limits: limitsOf(ctx),
      }),
  }),
  claimNextEvaluation: t.field({
    type: EvaluationType,
    nullable: true,
    description:
      "QA staff: takes the first unclaimed submitted evaluation in the queue's order for review; null when none is left.",
    authScopes: { loggedIn: true },
    resolve: (_r, _a, ctx) => claimNextEvaluation(ctx.db, { user: ctx.user, now: new Date() }),
  }),
  releaseEvaluation: t.field({
    type: EvaluationType,
    description: 'The shopper gives the visit back before submitting; it opens for other shoppers.',
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => releaseEvaluation(ctx.db, { user: ctx.user, id: a._id, now: new Date() }),
  }),
  startReview: t.field({
    type: EvaluationType,
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => startReview(ctx.db, { user: ctx.user, id: a._id, now: new Date() }),
  }),
  setProofingComment: t.field({
    type: EvaluationType,
    authScopes: { loggedIn: true },
    args: {
      _id: t.arg.string({ required: true }),
      elementId: t.arg.string({ required: true }),
      comment: t.arg.string({ required: true }),
    },
    resolve: (_r, a, ctx) =>
      commentOnElement(ctx.db, {
        user: ctx.user,
        id: a._id,
        elementId: a.elementId,
        comment: a.comment,
        now: new Date(),
      }),
  }),
  rejectEvaluation: t.field({
    type: EvaluationType,
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }), comment: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      rejectEvaluation(ctx.db, {
        user: ctx.user,
        id: a._id,
        comment: a.comment,
        now: new Date(),
      }),
  }),
  approveEvaluation: t.field({
    type: EvaluationType,
    description:
      "Approves a reviewed evaluation; `grade` (1-10) with `gradeReason` grades the shopper's visit.",
    authScopes: { loggedIn: true },
    args: {
      _id: t.arg.string({ required: true }),
      grade: t.arg.int(),
      gradeReason: t.arg.string(),
    },
    resolve: (_r, a, ctx) =>
      approveEvaluation(ctx.db, {
        user: ctx.user,
        id: a._id,
        grade: a.grade != null || a.gradeReason ? { grade: a.grade ?? 0, reason: a.gradeReason ?? '' } : null,
        now: new Date(),
        origin: ctx.origin,
      }),
  }),
  submitSurveyResponse: t.boolean({
    description: 'One public survey response (no account). Once per browser; rate-limited per IP.',
    args: { surveyCode: t.arg.string({ required: true }), answers: t.arg({ type: 'JSON', required: true }) },
    resolve: async (_r, a, ctx) => {
      await submitSurveyResponse(ctx.db, {
        code: a.surveyCode,
        answers:
          a.answers && typeof a.answers === 'object' && !Array.isArray(a.answers)
            ? (a.answers as Record<string, unknown>)
            : {},
        respondent: respondentOf(ctx),
        ip: ctx.ip,
        now: new Date(),
      });
      return true;
    },
  }),
}));
