// Action plans (issue 19): created when an approved shop trips its program's trigger, filled in by the
// location's people, reviewed by the account's owner or admins, and followed up by the next approved
// shop at the location. The rules are in domain/action-plans.ts; this stores them and checks who may
// do what. Every change is one transaction with its event row and its e-mails (the outbox).
import { and, asc, desc, eq, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type ActionPlanDisplayState,
  type ActionPlanState,
  awaitsAnswer,
  DEFAULT_ACTION_PLAN_TRIGGER,
  displayState,
  followUpOf,
  inFormOrder,
  isUploadKeyIn,
  MAX_UPLOAD_KEY_LENGTH,
  MSG_PLAN_NOT_FOUND,
  MSG_RETURN_NOTE_REQUIRED,
  MSG_TRIGGER_PERCENT,
  MSG_TRIGGER_QUESTION,
  missingForSubmit,
  parseEmailList,
  parseUploadKey,
  planDueDate,
  planQuestions,
  toDateKey,
  transition,
  UPLOAD_RULES,
  uploadFolder,
  zDateKey,
} from '../../domain/index.js';
import { percentage } from '../../evaluation/index.js';
import { safeEqual } from '../auth/tokens.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import {
  actionPlanEvents,
  actionPlanItems,
  actionPlans,
  actionPlanTriggers,
  evaluationQuestionScores,
  evaluations,
  locations,
  questionnaires,
  regions,
  userQuestionnaires,
} from '../db/schema.js';
import { AppError, badInput, notAuthorized, notLoggedIn, parseInput } from '../errors.js';
import { recordEvent } from '../events/index.js';
import { type Caller, managerLocationIds, teamRoleOf } from '../team/index.js';
import { type PlanRow, planLinkKey } from './plan-links.js';

export type { PlanRow } from './plan-links.js';
export type PlanItemRow = typeof actionPlanItems.$inferSelect;

export const MSG_EVIDENCE_PHOTO = 'Upload the photo evidence for this action plan again.';

export const planNotFound = () => new AppError('NOT_FOUND', MSG_PLAN_NOT_FOUND);

// The signed link of a report address and the plan's pages: plan-links.ts (notify-plans.ts needs them).
export { planLinkKey, planLinkUrl, planUrl } from './plan-links.js';

// ---------------------------------------------------------------- who may do what

/** Who acts on a plan: a responder fills in and submits; a reviewer may also return and resolve. */
export type PlanAccess = {
  plan: PlanRow;
  actor: 'responder' | 'reviewer';
  userId: string | null;
  /** As the plan's history shows them. */
  who: string;
};

/** A logged-in caller, or a report address holding the plan's link. */
export type PlanOpener = { caller: Caller } | { key: string; secret: string };

const personName = (p: { firstName: string; lastName: string; email: string }) =>
  `${p.firstName} ${p.lastName}`.trim() || p.email;

/**
 * The plan `planId` as `opener` may act on it: platform admins and the account's owner and admins
 * review; the account's managers who see its location, and a holder of its link, respond. Anyone else:
 * Not Authorized (an unknown id: not found).
 */
export async function openPlan(
  db: Db,
  opener: PlanOpener,
  planId: string,
  opts: { lock?: boolean } = {},
): Promise<PlanAccess> {
  const query = db.select().from(actionPlans).where(eq(actionPlans.id, planId)).limit(1);
  const [plan] = opts.lock ? await query.for('update') : await query;
  if ('key' in opener) {
    if (!plan || !safeEqual(planLinkKey(opener.secret, plan.id), opener.key)) throw planNotFound();
    return { plan, actor: 'responder', userId: null, who: 'Report address (link)' };
  }
  const c = opener.caller;
  if (!c.person || !c.user) throw notLoggedIn();
  if (!plan) throw planNotFound();
  const who = personName(c.person);
  if (c.person.admin) return { plan, actor: 'reviewer', userId: c.person.id, who };
  const role = teamRoleOf(c);
  if (role === null || c.user.id !== plan.accountId) throw notAuthorized();
  if (role !== 'manager') return { plan, actor: 'reviewer', userId: c.person.id, who };
  const mine = await managerLocationIds(db, c.member!.id, plan.accountId);
  if (!plan.locationId || !mine.includes(plan.locationId)) throw notAuthorized();
  return { plan, actor: 'responder', userId: c.person.id, who };
}

export const MSG_EVIDENCE_PHOTO_TYPE = UPLOAD_RULES.actionPlans.typeMessage;

/** Whether `opener` may add photo evidence to plan `planId` now: they may fill it in, and it is open or returned. */
export async function mayAddEvidence(db: Db, planId: string, opener: PlanOpener): Promise<boolean> {
  try {
    const access = await openPlan(db, opener, planId);
    return awaitsAnswer(access.plan.state);
  } catch {
    return false;
  }
}

/** The account whose plans the caller lists, and a manager's locations (null: all of the account's). */
async function listingScope(db: Db, c: Caller): Promise<{ accountId: string; locationIds: string[] | null }> {
  const role = teamRoleOf(c);
  if (!c.person || !c.user) throw notLoggedIn();
  if (role === null) throw notAuthorized();
  if (role !== 'manager' || c.person.admin) return { accountId: c.user.id, locationIds: null };
  return { accountId: c.user.id, locationIds: await managerLocationIds(db, c.member!.id, c.user.id) };
}

// ---------------------------------------------------------------- triggers

export type TriggerView = {
  programId: string;
  belowPercent: number | null;
  questionIds: string[];
  isDefault: boolean;
};

/** The owner or an admin of the account whose program `uqid` is; platform admins for any. */
async function programForSettings(db: Db, c: Caller, uqid: string) {
  if (!c.person || !c.user) throw notLoggedIn();
  const [program] = await db
    .select({ id: userQuestionnaires.id, accountId: userQuestionnaires.uid })
    .from(userQuestionnaires)
    .where(eq(userQuestionnaires.id, uqid))
    .limit(1);
  const role = teamRoleOf(c);
  const mayReview =
    c.person.admin || (role !== null && role !== 'manager' && program?.accountId === c.user.id);
  if (!program || !mayReview) throw notAuthorized();
  return program;
}

async function triggerOf(db: Db, uqid: string): Promise<TriggerView> {
  const [row] = await db.select().from(actionPlanTriggers).where(eq(actionPlanTriggers.uqid, uqid)).limit(1);
  return row
    ? { programId: uqid, belowPercent: row.belowPercent, questionIds: row.questionIds, isDefault: false }
    : { programId: uqid, ...DEFAULT_ACTION_PLAN_TRIGGER, questionIds: [], isDefault: true };
}

/** A program's trigger, for its owner and admins. */
export async function readTrigger(db: Db, c: Caller, uqid: string): Promise<TriggerView> {
  await programForSettings(db, c, uqid);
  return triggerOf(db, uqid);
}

const ZTriggerInput = z.object({
  programId: z.string().min(1).max(64),
  belowPercent: z
    .number({ message: MSG_TRIGGER_PERCENT })
    .int(MSG_TRIGGER_PERCENT)
    .min(1, MSG_TRIGGER_PERCENT)
    .max(100, MSG_TRIGGER_PERCENT)
    .nullable(),
  questionIds: z.array(z.string().min(1).max(200)).max(500),
});

/**
 * Sets when a program's shops create plans. The chosen questions must be scored questions of the
 * program (as its approved shops answered them, or its form's); checked before anything is written.
 */
export async function saveTrigger(db: Db, c: Caller, input: unknown): Promise<TriggerView> {
  const t = parseInput(ZTriggerInput, input);
  await programForSettings(db, c, t.programId);
  const questionIds = [...new Set(t.questionIds)];
  if (questionIds.length) {
    const known = await programQuestions(db, t.programId);
    const ids = new Set(known.map((q) => q.elementId));
    if (questionIds.some((id) => !ids.has(id))) throw badInput('questionIds', MSG_TRIGGER_QUESTION);
  }
  const values = {
    belowPercent: t.belowPercent,
    questionIds,
    updatedAt: new Date(),
    updatedBy: c.person!.id,
  };
  await db
    .insert(actionPlanTriggers)
    .values({ uqid: t.programId, ...values })
    .onConflictDoUpdate({ target: actionPlanTriggers.uqid, set: values });
  return triggerOf(db, t.programId);
}

/** The scored questions of a program, as its approved shops answered them (for choosing triggers). */
export async function programQuestions(db: Db, uqid: string) {
  const rows = await db
    .selectDistinctOn([evaluationQuestionScores.elementId], {
      elementId: evaluationQuestionScores.elementId,
      prompt: evaluationQuestionScores.prompt,
      sectionHeader: evaluationQuestionScores.sectionHeader,
    })
    .from(evaluationQuestionScores)
    .innerJoin(evaluations, eq(evaluations.id, evaluationQuestionScores.evaluationId))
    .where(eq(evaluations.uqid, uqid))
    .orderBy(evaluationQuestionScores.elementId, desc(evaluations.approvedAt));
  return rows;
}

/** The program's questions for the trigger form, for its owner and admins. */
export async function readProgramQuestions(db: Db, c: Caller, uqid: string) {
  await programForSettings(db, c, uqid);
  return programQuestions(db, uqid);
}

// ---------------------------------------------------------------- at approval

/**
 * Called in the transaction that approves a mystery shop: follows up the location's earlier plans on
 * the program, then creates this shop's plan when it trips the program's trigger and tells the
 * location's people.
 */
export async function planAfterApproval(
  tx: Db,
  e: {
    evaluation: typeof evaluations.$inferSelect;
    shopperComment: string;
    programName: string;
    locationName: string;
    /** The form's element ids in the order it asks them: the plan lists its questions so. */
    questionOrder?: readonly string[];
    now: Date;
  },
): Promise<PlanRow | null> {
  const shop = e.evaluation;
  if (shop.isSurvey || !shop.clientId || !shop.uqid || !shop.shopDate) return null;
  const scored = await tx
    .select()
    .from(evaluationQuestionScores)
    .where(eq(evaluationQuestionScores.evaluationId, shop.id))
    .orderBy(asc(evaluationQuestionScores.sectionHeader), asc(evaluationQuestionScores.elementId));
  const questions = inFormOrder(scored, e.questionOrder ?? []);
  await followUp(tx, shop, questions, e.now);
  const listed = planQuestions(await triggerOf(tx, shop.uqid), {
    score: shop.score ?? 0,
    possibleScore: shop.possibleScore ?? 0,
    questions,
  });
  if (!listed) return null;
  const dueDate = planDueDate(e.now);
  const [plan] = await tx
    .insert(actionPlans)
    .values({
      id: newId(),
      accountId: shop.clientId,
      evaluationId: shop.id,
      uqid: shop.uqid,
      locationId: shop.locationId,
      percentage: percentage(shop.score ?? 0, shop.possibleScore ?? 0),
      shopDate: shop.shopDate,
      dueDate,
      shopperComment: e.shopperComment,
      createdAt: e.now,
      updatedAt: e.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!plan) return null;
  await tx.insert(actionPlanItems).values(
    listed.map((q, position) => ({
      planId: plan.id,
      elementId: q.elementId,
      position,
      sectionHeader: q.sectionHeader,
      prompt: q.prompt,
      answer: q.answer,
      score: q.score,
      possibleScore: q.possibleScore,
      dueDate,
    })),
  );
  await record(tx, plan.id, { kind: 'created', userId: null, who: 'System', at: e.now });
  await recordEvent(tx, {
    type: 'plan.created',
    accountId: plan.accountId,
    at: e.now,
    payload: {
      ...planFacts(plan),
      programName: e.programName,
      locationName: e.locationName,
      questions: listed.length,
    },
  });
  // The location's people hear of it from plan.created (plan-mail-subscriber.ts).
  return plan;
}

/**
 * The location's earlier plans on the program without a follow-up get this shop as theirs: each planned
 * question is Fixed, Still failing or Not asked, and the plan keeps the shop's score beside its own.
 */
async function followUp(
  tx: Db,
  shop: typeof evaluations.$inferSelect,
  questions: { elementId: string; score: number; possibleScore: number }[],
  now: Date,
) {
  if (!shop.locationId || !shop.uqid || !shop.shopDate) return;
  const waiting = await tx
    .select({ id: actionPlans.id })
    .from(actionPlans)
    .where(
      and(
        eq(actionPlans.locationId, shop.locationId),
        eq(actionPlans.uqid, shop.uqid),
        isNull(actionPlans.followUpEvaluationId),
        ne(actionPlans.evaluationId, shop.id),
        lte(actionPlans.shopDate, shop.shopDate),
      ),
    )
    .for('update');
  if (!waiting.length) return;
  const ids = waiting.map((p) => p.id);
  await tx
    .update(actionPlans)
    .set({
      followUpEvaluationId: shop.id,
      followUpPercentage: percentage(shop.score ?? 0, shop.possibleScore ?? 0),
      updatedAt: now,
    })
    .where(inArray(actionPlans.id, ids));
  const items = await tx
    .select({ planId: actionPlanItems.planId, elementId: actionPlanItems.elementId })
    .from(actionPlanItems)
    .where(inArray(actionPlanItems.planId, ids));
  for (const item of items)
    await tx
      .update(actionPlanItems)
      .set({ followUp: followUpOf(item.elementId, questions) })
      .where(and(eq(actionPlanItems.planId, item.planId), eq(actionPlanItems.elementId, item.elementId)));
  for (const id of ids) await record(tx, id, { kind: 'followed-up', userId: null, who: 'System', at: now });
}

async function record(
  tx: Db,
  planId: string,
  e: { kind: string; userId: string | null; who: string; at: Date; note?: string },
) {
  await tx.insert(actionPlanEvents).values({
    id: newId(),
    planId,
    kind: e.kind,
    userId: e.userId,
    actor: e.who,
    note: e.note ?? '',
    at: e.at,
  });
}

// ---------------------------------------------------------------- reading

export type PlanFilter = {
  state?: ActionPlanDisplayState | null;
  regionId?: string | null;
  locationId?: string | null;
  programId?: string | null;
};

const programTitle = sql<string>`(select ${questionnaires.title} from ${userQuestionnaires}
  join ${questionnaires} on ${questionnaires.id} = ${userQuestionnaires.qid} where ${userQuestionnaires.id} = ${actionPlans.uqid})`;

/** The plans' conditions for the caller's scope and the filters but the state. */
function planConditions(scope: { accountId: string; locationIds: string[] | null }, f: PlanFilter): SQL[] {
  const where: SQL[] = [eq(actionPlans.accountId, scope.accountId)];
  if (scope.locationIds)
    where.push(scope.locationIds.length ? inArray(actionPlans.locationId, scope.locationIds) : sql`false`);
  if (f.locationId) where.push(eq(actionPlans.locationId, f.locationId));
  if (f.programId) where.push(eq(actionPlans.uqid, f.programId));
  if (f.regionId)
    where.push(
      inArray(
        actionPlans.locationId,
        sql`(select ${locations.id} from ${locations} where ${locations.regionId} = ${f.regionId})`,
      ),
    );
  return where;
}

/** The condition of a state as shown (overdue: open or returned past the due date, on `today`). */
function stateCondition(state: ActionPlanDisplayState, today: string): SQL {
  const waiting = inArray(actionPlans.state, ['open', 'returned']);
  if (state === 'overdue') return and(waiting, sql`${actionPlans.dueDate} < ${today}`)!;
  if (state === 'open' || state === 'returned')
    return and(eq(actionPlans.state, state), sql`${actionPlans.dueDate} >= ${today}`)!;
  return eq(actionPlans.state, state);
}

export type PlanCounts = Record<ActionPlanDisplayState, number> & { total: number };

/** How many of the caller's plans are in each shown state (overdue apart from open and returned). */
export async function countPlans(db: Db, c: Caller, f: PlanFilter, now: Date): Promise<PlanCounts> {
  const scope = await listingScope(db, c);
  const today = toDateKey(now);
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${stateCondition('open', today)})`.mapWith(Number),
      submitted: sql<number>`count(*) filter (where ${stateCondition('submitted', today)})`.mapWith(Number),
      returned: sql<number>`count(*) filter (where ${stateCondition('returned', today)})`.mapWith(Number),
      resolved: sql<number>`count(*) filter (where ${stateCondition('resolved', today)})`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${stateCondition('overdue', today)})`.mapWith(Number),
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(actionPlans)
    .where(and(...planConditions(scope, f)));
  return row!;
}

export type PlanListItem = {
  id: string;
  state: ActionPlanState;
  displayState: ActionPlanDisplayState;
  percentage: number;
  followUpPercentage: number | null;
  shopDate: string;
  dueDate: string;
  createdAt: Date;
  programId: string;
  programName: string;
  locationId: string | null;
  locationName: string;
  regionName: string | null;
  questions: number;
  evaluationId: string;
};

/**
 * The caller's plans (a manager's: of their locations), the overdue and most urgent first, then by
 * due date; `limit` of them from `offset`.
 */
export async function listPlans(
  db: Db,
  c: Caller,
  f: PlanFilter & { limit?: number; offset?: number },
  now: Date,
): Promise<PlanListItem[]> {
  const scope = await listingScope(db, c);
  const today = toDateKey(now);
  const where = planConditions(scope, f);
  if (f.state) where.push(stateCondition(f.state, today));
  const rows = await db
    .select({
      id: actionPlans.id,
      state: actionPlans.state,
      percentage: actionPlans.percentage,
      followUpPercentage: actionPlans.followUpPercentage,
      shopDate: actionPlans.shopDate,
      dueDate: actionPlans.dueDate,
      createdAt: actionPlans.createdAt,
      programId: actionPlans.uqid,
      programName: programTitle,
      locationId: actionPlans.locationId,
      locationName: sql<string>`coalesce(${locations.name}, '')`,
      regionName: regions.name,
      evaluationId: actionPlans.evaluationId,
      questions:
        sql<number>`(select count(*) from ${actionPlanItems} where ${actionPlanItems.planId} = ${actionPlans.id})`.mapWith(
          Number,
        ),
    })
    .from(actionPlans)
    .leftJoin(locations, eq(locations.id, actionPlans.locationId))
    .leftJoin(regions, eq(regions.id, locations.regionId))
    .where(and(...where))
    .orderBy(
      sql`case when ${actionPlans.state} in ('open', 'returned') then 0 when ${actionPlans.state} = 'submitted' then 1 else 2 end`,
      asc(actionPlans.dueDate),
      desc(actionPlans.createdAt),
      asc(actionPlans.id),
    )
    .limit(Math.min(Math.max(f.limit ?? 50, 1), 500))
    .offset(Math.max(f.offset ?? 0, 0));
  return rows.map((r) => ({ ...r, displayState: displayState(r, today) }));
}

export type PlanView = PlanListItem & {
  shopperComment: string;
  followUpEvaluationId: string | null;
  items: PlanItemRow[];
  events: (typeof actionPlanEvents.$inferSelect)[];
  mayEdit: boolean;
  mayReview: boolean;
  /** A report address's view: no links into the account area. */
  viaLink: boolean;
};

/** One plan whole, for its page: the questions, the answers given, its history and what the opener may do. */
export async function readPlan(db: Db, access: PlanAccess, now: Date): Promise<PlanView> {
  const today = toDateKey(now);
  const { plan } = access;
  const [names] = await db
    .select({ programName: programTitle, locationName: locations.name, regionName: regions.name })
    .from(actionPlans)
    .leftJoin(locations, eq(locations.id, actionPlans.locationId))
    .leftJoin(regions, eq(regions.id, locations.regionId))
    .where(eq(actionPlans.id, plan.id));
  const items = await db
    .select()
    .from(actionPlanItems)
    .where(eq(actionPlanItems.planId, plan.id))
    .orderBy(asc(actionPlanItems.position));
  const events = await db
    .select()
    .from(actionPlanEvents)
    .where(eq(actionPlanEvents.planId, plan.id))
    .orderBy(asc(actionPlanEvents.at), asc(actionPlanEvents.id));
  return {
    ...plan,
    programId: plan.uqid,
    programName: names?.programName ?? '',
    locationName: names?.locationName ?? '',
    regionName: names?.regionName ?? null,
    displayState: displayState(plan, today),
    questions: items.length,
    items,
    events,
    mayEdit: awaitsAnswer(plan.state),
    mayReview: access.actor === 'reviewer' && plan.state === 'submitted',
    viaLink: access.userId === null,
  };
}

// ---------------------------------------------------------------- changing

const ZItem = z.object({
  elementId: z.string().min(1).max(200),
  action: z.string().max(2000, 'Action is at most 2000 characters.').default(''),
  responsible: z.string().max(200, 'Responsible person is at most 200 characters.').default(''),
  dueDate: zDateKey('Due date must be a date (YYYY-MM-DD).').nullable().default(null),
  /** A key /s3/sign gave for this plan's folder (actionPlans/{planId}); null removes the photo. */
  photoKey: z.string().max(MAX_UPLOAD_KEY_LENGTH).nullable().optional(),
});
const ZItems = z.object({ items: z.array(ZItem).max(500) });

export type PlanItemInput = z.input<typeof ZItem>;

/** Saves the answers to some of a plan's questions (open or returned plans); questions not named stay. */
async function writeItems(tx: Db, plan: PlanRow, input: unknown) {
  const { items } = parseInput(ZItems, { items: input });
  if (!items.length) return;
  const known = await tx
    .select({ elementId: actionPlanItems.elementId })
    .from(actionPlanItems)
    .where(eq(actionPlanItems.planId, plan.id));
  const ids = new Set(known.map((k) => k.elementId));
  const unknown = items.findIndex((i) => !ids.has(i.elementId));
  if (unknown !== -1)
    throw badInput(`items.${unknown}.elementId`, 'This question is not in the action plan.');
  const folder = uploadFolder('actionPlans', plan.id);
  const foreign = items.findIndex((i) => i.photoKey && !isUploadKeyIn(i.photoKey, folder));
  if (foreign !== -1) throw badInput(`items.${foreign}.photoKey`, MSG_EVIDENCE_PHOTO);
  for (const item of items)
    await tx
      .update(actionPlanItems)
      .set({
        action: item.action.trim(),
        responsible: item.responsible.trim(),
        dueDate: item.dueDate,
        // Not sent: the photo stays; null: removed.
        ...(item.photoKey === undefined
          ? {}
          : {
              photoKey: item.photoKey,
              photoName: item.photoKey ? (parseUploadKey(item.photoKey)?.fileName ?? null) : null,
            }),
      })
      .where(and(eq(actionPlanItems.planId, plan.id), eq(actionPlanItems.elementId, item.elementId)));
}

function allowed(access: PlanAccess, action: 'edit' | 'submit' | 'return' | 'resolve'): ActionPlanState {
  const t = transition(access.plan.state, action, access.actor);
  if (!t.ok) throw new AppError('BAD_USER_INPUT', t.message);
  return t.to;
}

export type PlanChangeDeps = { now: Date };

/** Saves answers to a plan's questions without submitting it. */
export async function savePlan(
  db: Db,
  opener: PlanOpener,
  planId: string,
  items: unknown,
  deps: PlanChangeDeps,
) {
  return inTransaction(db, async (tx) => {
    const access = await openPlan(tx, opener, planId, { lock: true });
    allowed(access, 'edit');
    await writeItems(tx, access.plan, items);
    await tx.update(actionPlans).set({ updatedAt: deps.now }).where(eq(actionPlans.id, planId));
    await record(tx, planId, { kind: 'saved', userId: access.userId, who: access.who, at: deps.now });
    return access;
  });
}

/**
 * Saves any answers given and submits the plan for review: every question needs an action, a
 * responsible person and a due date. The account's reviewers are told.
 */
export async function submitPlan(
  db: Db,
  opener: PlanOpener,
  planId: string,
  items: unknown,
  deps: PlanChangeDeps,
) {
  return inTransaction(db, async (tx) => {
    const access = await openPlan(tx, opener, planId, { lock: true });
    const to = allowed(access, 'submit');
    await writeItems(tx, access.plan, items);
    const saved = await tx
      .select()
      .from(actionPlanItems)
      .where(eq(actionPlanItems.planId, planId))
      .orderBy(asc(actionPlanItems.position));
    const missing = missingForSubmit(saved);
    if (missing) {
      const at = saved.findIndex((i) => missingForSubmit([i]));
      throw badInput(`items.${at}.${missing.field}`, missing.message);
    }
    return changeState(tx, access, to, 'submitted', deps);
  });
}

/** Returns a submitted plan for more work, with a note saying what is needed (owner and admins). */
export async function returnPlan(
  db: Db,
  opener: PlanOpener,
  planId: string,
  note: string,
  deps: PlanChangeDeps,
) {
  return inTransaction(db, async (tx) => {
    const access = await openPlan(tx, opener, planId, { lock: true });
    const to = allowed(access, 'return');
    const text = (note ?? '').trim();
    if (!text) throw badInput('note', MSG_RETURN_NOTE_REQUIRED);
    if (text.length > 2000) throw badInput('note', 'Note is at most 2000 characters.');
    return changeState(tx, access, to, 'returned', deps, text);
  });
}

/** Resolves a submitted plan (owner and admins), with an optional note. */
export async function resolvePlan(
  db: Db,
  opener: PlanOpener,
  planId: string,
  note: string | null,
  deps: PlanChangeDeps,
) {
  return inTransaction(db, async (tx) => {
    const access = await openPlan(tx, opener, planId, { lock: true });
    const to = allowed(access, 'resolve');
    const text = (note ?? '').trim();
    if (text.length > 2000) throw badInput('note', 'Note is at most 2000 characters.');
    return changeState(tx, access, to, 'resolved', deps, text);
  });
}

async function changeState(
  tx: Db,
  access: PlanAccess,
  to: ActionPlanState,
  event: 'submitted' | 'returned' | 'resolved',
  deps: PlanChangeDeps,
  note = '',
) {
  const [plan] = await tx
    .update(actionPlans)
    .set({ state: to, updatedAt: deps.now })
    .where(eq(actionPlans.id, access.plan.id))
    .returning();
  await record(tx, plan!.id, { kind: event, userId: access.userId, who: access.who, at: deps.now, note });
  const { programName, locationName } = await planNames(tx, plan!);
  const facts = { ...planFacts(plan!), programName, locationName };
  const at = deps.now.toISOString();
  const base = { accountId: plan!.accountId, at: deps.now };
  // Who hears of it, with the note: plan-mail-subscriber.ts.
  await recordEvent(
    tx,
    event === 'resolved'
      ? { ...base, type: 'plan.resolved', payload: { ...facts, resolvedAt: at } }
      : event === 'returned'
        ? { ...base, type: 'plan.returned', payload: { ...facts, returnedAt: at } }
        : { ...base, type: 'plan.submitted', payload: { ...facts, submittedAt: at } },
  );
  return { ...access, plan: plan! };
}

/** What a plan's webhook events tell of it: its ids, state and dates. */
const planFacts = (plan: PlanRow) => ({
  actionPlanId: plan.id,
  evaluationId: plan.evaluationId,
  programId: plan.uqid,
  locationId: plan.locationId,
  state: plan.state,
  percentage: plan.percentage,
  shopDate: plan.shopDate,
  dueDate: plan.dueDate,
  createdAt: plan.createdAt.toISOString(),
});

/** The names a plan's e-mails show, and its location's report addresses. */
export async function planNames(tx: Db, plan: PlanRow) {
  const [row] = await tx
    .select({
      programName: programTitle,
      locationName: locations.name,
      additionalEmails: locations.additionalEmails,
    })
    .from(actionPlans)
    .leftJoin(locations, eq(locations.id, actionPlans.locationId))
    .where(eq(actionPlans.id, plan.id));
  return {
    programName: row?.programName ?? '',
    locationName: row?.locationName ?? '',
    reportAddresses: addressesOf(row?.additionalEmails ?? ''),
  };
}

/** A location's report addresses ("Emails to Receive Reports for this Location"), lower-cased, once each. */
export const addressesOf = (text: string) => [
  ...new Set(parseEmailList(text).map((a) => a.trim().toLowerCase())),
];

// ---------------------------------------------------------------- reminders (the daily run)

/**
 * Finds the plans due tomorrow and the plans overdue and records `plan.due_soon` / `plan.overdue` for
 * each, once (the plan keeps when it was told), as the daily run at ACTION_PLAN_REMINDERS_AT does; the
 * plan-mail subscriber tells the people. Safe to repeat. Each plan is its own transaction.
 */
export async function remindPlans(db: Db, now: Date): Promise<{ dueSoon: number; overdue: number }> {
  const today = toDateKey(now);
  const tomorrow = toDateKey(new Date(now.getTime() + 86_400_000));
  const due = await db
    .select({ id: actionPlans.id })
    .from(actionPlans)
    .where(
      and(
        inArray(actionPlans.state, ['open', 'returned']),
        or(
          and(eq(actionPlans.dueDate, tomorrow), isNull(actionPlans.dueSoonToldAt)),
          and(sql`${actionPlans.dueDate} < ${today}`, isNull(actionPlans.overdueToldAt)),
        ),
      ),
    )
    .orderBy(asc(actionPlans.dueDate), asc(actionPlans.id));
  const told = { dueSoon: 0, overdue: 0 };
  for (const { id } of due) {
    await inTransaction(db, async (tx) => {
      const [plan] = await tx
        .select()
        .from(actionPlans)
        .where(eq(actionPlans.id, id))
        .for('update', { skipLocked: true });
      if (!plan || !awaitsAnswer(plan.state)) return;
      const overdue = plan.dueDate < today && !plan.overdueToldAt;
      const dueSoon = plan.dueDate === tomorrow && !plan.dueSoonToldAt;
      if (!overdue && !dueSoon) return;
      await tx
        .update(actionPlans)
        .set(overdue ? { overdueToldAt: now } : { dueSoonToldAt: now })
        .where(eq(actionPlans.id, id));
      if (overdue) await record(tx, id, { kind: 'overdue', userId: null, who: 'System', at: now });
      const { programName, locationName } = await planNames(tx, plan);
      const facts = { ...planFacts(plan), programName, locationName };
      const base = { accountId: plan.accountId, at: now };
      await recordEvent(
        tx,
        overdue
          ? { ...base, type: 'plan.overdue', payload: { ...facts, overdueAt: now.toISOString() } }
          : { ...base, type: 'plan.due_soon', payload: { ...facts, remindedAt: now.toISOString() } },
      );
      told[overdue ? 'overdue' : 'dueSoon']++;
    });
  }
  return told;
}
