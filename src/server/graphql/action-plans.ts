import {
  ACTION_PLAN_STATE_LABELS,
  type ActionPlanDisplayState,
  FOLLOW_UP_LABELS,
} from '../../domain/index.js';
import {
  countPlans,
  listPlans,
  openPlan,
  type PlanItemRow,
  type PlanListItem,
  type PlanOpener,
  type PlanView,
  readPlan,
  readProgramQuestions,
  readTrigger,
  resolvePlan,
  returnPlan,
  savePlan,
  saveTrigger,
  submitPlan,
  type TriggerView,
} from '../action-plans/index.js';
import type { AppContext } from '../context.js';
import { builder } from './builder.js';
import { ActionPlanDisplayStateEnum, ActionPlanStateEnum } from './enums.js';

// Action plans (issue 19). Thin resolvers: who may do what is checked in action-plans/plans.ts (a
// manager's plans are those of their locations; a report address opens one plan by its link's key).

const ActionPlanItemType = builder.objectRef<PlanItemRow>('ActionPlanItem').implement({
  fields: (t) => ({
    elementId: t.exposeString('elementId'),
    sectionHeader: t.exposeString('sectionHeader'),
    prompt: t.exposeString('prompt'),
    answer: t.exposeString('answer', { description: "The shopper's answer." }),
    score: t.exposeFloat('score'),
    possibleScore: t.exposeFloat('possibleScore'),
    action: t.exposeString('action'),
    responsible: t.exposeString('responsible'),
    dueDate: t.exposeString('dueDate', { nullable: true, description: 'YYYY-MM-DD' }),
    followUp: t.exposeString('followUp', {
      nullable: true,
      description: 'fixed | still-failing | not-asked, once the next visit is approved',
    }),
    photoName: t.exposeString('photoName', { nullable: true, description: 'The photo evidence file name.' }),
    photoUrl: t.string({
      nullable: true,
      description:
        "The photo evidence's URL, derived from its stored key: a signed link that works for about an hour.",
      resolve: (i, _a, ctx) => (i.photoKey ? ctx.adapters.storage.publicUrl(i.photoKey) : null),
    }),
    followUpLabel: t.string({
      nullable: true,
      resolve: (i) => (i.followUp ? FOLLOW_UP_LABELS[i.followUp] : null),
    }),
  }),
});

const ActionPlanEventType = builder.objectRef<PlanView['events'][number]>('ActionPlanEvent').implement({
  fields: (t) => ({
    kind: t.exposeString('kind', {
      description: 'created | saved | submitted | returned | resolved | overdue | followed-up',
    }),
    actor: t.exposeString('actor'),
    note: t.exposeString('note'),
    at: t.string({ resolve: (e) => e.at.toISOString() }),
  }),
});

/** What a plan's list row and its page share. */
const ActionPlanFieldsType = builder.interfaceRef<PlanListItem>('ActionPlanFields').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    state: t.expose('state', { type: ActionPlanStateEnum }),
    displayState: t.expose('displayState', {
      type: ActionPlanDisplayStateEnum,
      description: 'the state, or overdue',
    }),
    stateLabel: t.string({ resolve: (p) => ACTION_PLAN_STATE_LABELS[p.displayState] }),
    percentage: t.exposeFloat('percentage', { description: "The shop's score, 0 to 100." }),
    followUpPercentage: t.exposeFloat('followUpPercentage', {
      nullable: true,
      description: "The next approved visit's score, once there is one.",
    }),
    shopDate: t.exposeString('shopDate'),
    dueDate: t.exposeString('dueDate'),
    createdAt: t.string({ resolve: (p) => p.createdAt.toISOString() }),
    programId: t.exposeString('programId'),
    programName: t.exposeString('programName'),
    locationId: t.exposeString('locationId', { nullable: true }),
    locationName: t.exposeString('locationName'),
    regionName: t.exposeString('regionName', { nullable: true }),
    questionCount: t.exposeInt('questions'),
    evaluationId: t.exposeString('evaluationId'),
  }),
});

const ActionPlanSummaryType = builder.objectRef<PlanListItem>('ActionPlanSummary').implement({
  interfaces: [ActionPlanFieldsType],
  isTypeOf: (p) => !('items' in (p as object)),
});

const ActionPlanType = builder.objectRef<PlanView>('ActionPlan').implement({
  interfaces: [ActionPlanFieldsType],
  isTypeOf: (p) => 'items' in (p as object),
  fields: (t) => ({
    followUpEvaluationId: t.exposeString('followUpEvaluationId', { nullable: true }),
    shopperComment: t.exposeString('shopperComment'),
    items: t.field({ type: [ActionPlanItemType], resolve: (p) => p.items }),
    events: t.field({ type: [ActionPlanEventType], resolve: (p) => p.events }),
    mayEdit: t.exposeBoolean('mayEdit', {
      description: 'Open or returned: its answers can be changed and submitted.',
    }),
    mayReview: t.exposeBoolean('mayReview', { description: 'The caller may return or resolve it now.' }),
    viaLink: t.exposeBoolean('viaLink', { description: "Opened by a report address's link." }),
  }),
});

const ActionPlanCountsType = builder
  .objectRef<Record<ActionPlanDisplayState, number> & { total: number }>('ActionPlanCounts')
  .implement({
    fields: (t) => ({
      open: t.exposeInt('open'),
      submitted: t.exposeInt('submitted'),
      returned: t.exposeInt('returned'),
      resolved: t.exposeInt('resolved'),
      overdue: t.exposeInt('overdue'),
      total: t.exposeInt('total'),
    }),
  });

const ProgramQuestionType = builder
  .objectRef<{ elementId: string; prompt: string; sectionHeader: string }>('ProgramQuestion')
  .implement({
    fields: (t) => ({
      elementId: t.exposeString('elementId'),
      prompt: t.exposeString('prompt'),
      sectionHeader: t.exposeString('sectionHeader'),
    }),
  });

const ActionPlanTriggerType = builder.objectRef<TriggerView>('ActionPlanTrigger').implement({
  fields: (t) => ({
    programId: t.exposeString('programId'),
    belowPercent: t.exposeInt('belowPercent', { nullable: true }),
    questionIds: t.exposeStringList('questionIds'),
    isDefault: t.exposeBoolean('isDefault'),
    questions: t.field({
      type: [ProgramQuestionType],
      description: "The program's scored questions, to choose from.",
      resolve: (tr, _a, ctx) => readProgramQuestions(ctx.db, ctx, tr.programId),
    }),
  }),
});

const FilterInput = builder.inputType('ActionPlanFilter', {
  fields: (t) => ({
    state: t.field({ type: ActionPlanDisplayStateEnum }),
    regionId: t.string(),
    locationId: t.string(),
    programId: t.string(),
  }),
});

const ItemInput = builder.inputType('ActionPlanItemInput', {
  fields: (t) => ({
    elementId: t.string({ required: true }),
    action: t.string(),
    responsible: t.string(),
    dueDate: t.string({ description: 'YYYY-MM-DD' }),
    photoKey: t.string({
      description:
        'A key /s3/sign gave for folder actionPlans/{plan id}; null removes the photo, absent keeps it.',
    }),
  }),
});

const TriggerInput = builder.inputType('ActionPlanTriggerInput', {
  fields: (t) => ({
    programId: t.string({ required: true }),
    belowPercent: t.int({ description: 'Below this percent a shop creates a plan; null: not by score.' }),
    questionIds: t.stringList({ required: true }),
  }),
});

const filterOf = (
  f:
    | ({ state?: ActionPlanDisplayState | null } & Record<string, string | null | undefined>)
    | null
    | undefined,
) => ({ ...f, state: f?.state ?? null });

const openerOf = (ctx: AppContext, key: string | null | undefined): PlanOpener =>
  key ? { key, secret: ctx.config.appSecret } : { caller: ctx };

const changeDeps = () => ({ now: new Date() });

builder.queryFields((t) => ({
  actionPlans: t.field({
    type: [ActionPlanSummaryType],
    description: "The account's action plans (a manager's: of their locations), most urgent first.",
    authScopes: { loggedIn: true },
    args: { filter: t.arg({ type: FilterInput }), first: t.arg.int(), offset: t.arg.int() },
    resolve: (_r, a, ctx) =>
      listPlans(
        ctx.db,
        ctx,
        { ...filterOf(a.filter), limit: a.first ?? 50, offset: a.offset ?? 0 },
        new Date(),
      ),
  }),
  actionPlanCounts: t.field({
    type: ActionPlanCountsType,
    authScopes: { loggedIn: true },
    args: { filter: t.arg({ type: FilterInput }) },
    resolve: (_r, a, ctx) => countPlans(ctx.db, ctx, { ...filterOf(a.filter), state: null }, new Date()),
  }),
  actionPlan: t.field({
    type: ActionPlanType,
    description: "One plan: for the account's people, or for a report address with its link's key.",
    args: { _id: t.arg.string({ required: true }), key: t.arg.string() },
    resolve: async (_r, a, ctx) =>
      readPlan(ctx.db, await openPlan(ctx.db, openerOf(ctx, a.key), a._id), new Date()),
  }),
  actionPlanTrigger: t.field({
    type: ActionPlanTriggerType,
    description: "When a program's shops create action plans (owner and admins).",
    authScopes: { loggedIn: true },
    args: { programId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => readTrigger(ctx.db, ctx, a.programId),
  }),
}));

builder.mutationFields((t) => ({
  saveActionPlan: t.field({
    type: ActionPlanType,
    description: "Saves answers to a plan's questions without submitting it.",
    args: {
      _id: t.arg.string({ required: true }),
      key: t.arg.string(),
      items: t.arg({ type: [ItemInput], required: true }),
    },
    resolve: async (_r, a, ctx) => {
      const deps = changeDeps();
      const access = await savePlan(ctx.db, openerOf(ctx, a.key), a._id, a.items, deps);
      return readPlan(ctx.db, access, deps.now);
    },
  }),
  submitActionPlan: t.field({
    type: ActionPlanType,
    description: 'Saves the answers given and submits the plan for review.',
    args: {
      _id: t.arg.string({ required: true }),
      key: t.arg.string(),
      items: t.arg({ type: [ItemInput] }),
    },
    resolve: async (_r, a, ctx) => {
      const deps = changeDeps();
      const access = await submitPlan(ctx.db, openerOf(ctx, a.key), a._id, a.items ?? [], deps);
      return readPlan(ctx.db, access, deps.now);
    },
  }),
  returnActionPlan: t.field({
    type: ActionPlanType,
    description: 'Returns a submitted plan for more work, with a note (owner and admins).',
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }), note: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const deps = changeDeps();
      const access = await returnPlan(ctx.db, { caller: ctx }, a._id, a.note, deps);
      return readPlan(ctx.db, access, deps.now);
    },
  }),
  resolveActionPlan: t.field({
    type: ActionPlanType,
    description: 'Resolves a submitted plan (owner and admins).',
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }), note: t.arg.string() },
    resolve: async (_r, a, ctx) => {
      const deps = changeDeps();
      const access = await resolvePlan(ctx.db, { caller: ctx }, a._id, a.note ?? null, deps);
      return readPlan(ctx.db, access, deps.now);
    },
  }),
  saveActionPlanTrigger: t.field({
    type: ActionPlanTriggerType,
    authScopes: { loggedIn: true },
    args: { input: t.arg({ type: TriggerInput, required: true }) },
    resolve: (_r, a, ctx) => saveTrigger(ctx.db, ctx, a.input),
  }),
}));
