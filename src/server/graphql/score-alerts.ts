import { SCORE_ALERT_REASON_LABELS } from '../../domain/index.js';
import {
  type BenchmarkBandView,
  type BenchmarkSettings,
  type BenchmarkView,
  readBenchmarkSettings,
  readBenchmarks,
  setBenchmarkContribution,
} from '../benchmarks/index.js';
import {
  acknowledgeScoreAlert,
  listScoreAlerts,
  readScoreAlertRule,
  type ScoreAlertRuleView,
  type ScoreAlertView,
  saveScoreAlertRule,
} from '../score-alerts/index.js';
import { builder } from './builder.js';

// Score alerts and benchmarks (issue 48). Thin resolvers: who may do what, and a manager's scope, are
// checked in score-alerts/ and benchmarks/.

const ScoreAlertType = builder.objectRef<ScoreAlertView>('ScoreAlert').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    evaluationId: t.exposeString('evaluationId', { description: "The shop's report." }),
    programId: t.exposeString('programId'),
    programName: t.exposeString('programName'),
    locationId: t.exposeString('locationId', { nullable: true }),
    locationName: t.exposeString('locationName'),
    shopDate: t.exposeString('shopDate', { nullable: true, description: 'YYYY-MM-DD' }),
    percentage: t.exposeFloat('percentage', { description: "The shop's score, 0 to 100." }),
    trailingAverage: t.exposeFloat('trailingAverage', {
      nullable: true,
      description: "The location's average of its previous shops on the program (the rule's last N).",
    }),
    reason: t.exposeString('reason', { description: 'below | drop | below-and-drop' }),
    reasonLabel: t.string({ resolve: (a) => SCORE_ALERT_REASON_LABELS[a.reason] }),
    belowPercent: t.exposeInt('belowPercent', { nullable: true }),
    dropPoints: t.exposeInt('dropPoints', { nullable: true }),
    trailingShops: t.exposeInt('trailingShops'),
    actionPlanId: t.exposeString('actionPlanId', {
      nullable: true,
      description: "The action plan the program's trigger made for the same shop, if any.",
    }),
    createdAt: t.string({ resolve: (a) => a.createdAt.toISOString() }),
    acknowledgedAt: t.string({ nullable: true, resolve: (a) => a.acknowledgedAt?.toISOString() ?? null }),
    acknowledgedBy: t.exposeString('acknowledgedBy', { nullable: true }),
  }),
});

const ScoreAlertRuleType = builder.objectRef<ScoreAlertRuleView>('ScoreAlertRule').implement({
  fields: (t) => ({
    programId: t.exposeString('programId'),
    belowPercent: t.exposeInt('belowPercent', { nullable: true }),
    dropPoints: t.exposeInt('dropPoints', { nullable: true }),
    trailingShops: t.exposeInt('trailingShops'),
    isSet: t.exposeBoolean('isSet', { description: 'False: the program raises no alerts.' }),
  }),
});

const ScoreAlertRuleInput = builder.inputType('ScoreAlertRuleInput', {
  fields: (t) => ({
    programId: t.string({ required: true }),
    belowPercent: t.int({ description: 'Alert below this percent; null: not by the line.' }),
    dropPoints: t.int({ description: 'Alert on a drop of more than these points; null: not by a drop.' }),
    trailingShops: t.int({ required: true, description: 'The trailing average takes the last N shops.' }),
  }),
});

const BenchmarkBandType = builder.objectRef<BenchmarkBandView>('BenchmarkBand').implement({
  fields: (t) => ({
    label: t.exposeString('label', { description: 'Top 10 %, Top 25 %, Top 50 % or Bottom 50 %.' }),
    topPercent: t.exposeInt('topPercent', { nullable: true }),
  }),
});

const BenchmarkType = builder.objectRef<BenchmarkView>('Benchmark').implement({
  description:
    "Where the caller's score stands among other accounts' approved shops of the same industry and questionnaire type: a band only, never their figures.",
  fields: (t) => ({
    programId: t.exposeString('programId'),
    programName: t.exposeString('programName'),
    industry: t.exposeString('industry'),
    questionnaireType: t.exposeString('questionnaireType'),
    account: t.field({ type: BenchmarkBandType, nullable: true, resolve: (b) => b.account }),
    location: t.field({ type: BenchmarkBandType, nullable: true, resolve: (b) => b.location }),
    available: t.exposeBoolean('available'),
    message: t.exposeString('message', { nullable: true }),
  }),
});

const BenchmarkSettingsType = builder.objectRef<BenchmarkSettings>('BenchmarkSettings').implement({
  fields: (t) => ({
    contributes: t.exposeBoolean('contributes'),
    lastRollupAt: t.string({ nullable: true, resolve: (s) => s.lastRollupAt?.toISOString() ?? null }),
  }),
});

const BenchmarkFilterInput = builder.inputType('BenchmarkFilter', {
  fields: (t) => ({
    startDate: t.string({ required: true, description: 'YYYY-MM-DD' }),
    endDate: t.string({ required: true, description: 'YYYY-MM-DD' }),
    programId: t.string(),
    locationId: t.string(),
    programName: t.string({ description: 'The program as the Performance Summary names it.' }),
    locationName: t.string({ description: 'The location as the Performance Summary names it.' }),
  }),
});

builder.queryFields((t) => ({
  scoreAlerts: t.field({
    type: [ScoreAlertType],
    description: "The account's score alerts (a manager's: of their locations), newest first.",
    authScopes: { loggedIn: true },
    args: { includeAcknowledged: t.arg.boolean(), first: t.arg.int() },
    resolve: (_r, a, ctx) =>
      listScoreAlerts(ctx.db, ctx, {
        includeAcknowledged: a.includeAcknowledged ?? false,
        limit: a.first ?? 20,
      }),
  }),
  scoreAlertRule: t.field({
    type: ScoreAlertRuleType,
    description: "When a program's approved shops raise a score alert (owner and admins).",
    authScopes: { loggedIn: true },
    args: { programId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => readScoreAlertRule(ctx.db, ctx, a.programId),
  }),
  benchmarks: t.field({
    type: [BenchmarkType],
    description: "The caller's programs' benchmarks over the range (from the nightly rollup).",
    authScopes: { loggedIn: true },
    args: { filter: t.arg({ type: BenchmarkFilterInput, required: true }) },
    resolve: (_r, a, ctx) => readBenchmarks(ctx.db, ctx, a.filter),
  }),
  benchmarkSettings: t.field({
    type: BenchmarkSettingsType,
    authScopes: { loggedIn: true },
    resolve: (_r, _a, ctx) => readBenchmarkSettings(ctx.db, ctx),
  }),
}));

builder.mutationFields((t) => ({
  acknowledgeScoreAlert: t.field({
    type: ScoreAlertType,
    description: 'Marks a score alert seen: it leaves the dashboard.',
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => acknowledgeScoreAlert(ctx.db, ctx, a._id, new Date()),
  }),
  saveScoreAlertRule: t.field({
    type: ScoreAlertRuleType,
    authScopes: { loggedIn: true },
    args: { input: t.arg({ type: ScoreAlertRuleInput, required: true }) },
    resolve: (_r, a, ctx) => saveScoreAlertRule(ctx.db, ctx, a.input),
  }),
  setBenchmarkContribution: t.field({
    type: BenchmarkSettingsType,
    description: "Whether the account's approved shops count, anonymously, in other accounts' benchmarks.",
    authScopes: { loggedIn: true },
    args: { contribute: t.arg.boolean({ required: true }) },
    resolve: (_r, a, ctx) => setBenchmarkContribution(ctx.db, ctx, a.contribute),
  }),
}));
