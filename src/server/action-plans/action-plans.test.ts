import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addDaysUtc,
  MSG_ACTION_REQUIRED,
  MSG_PLAN_NOT_EDITABLE,
  MSG_PLAN_NOT_FOUND,
  MSG_PLAN_NOT_UNDER_REVIEW,
  MSG_PLAN_REVIEWERS_ONLY,
  MSG_RETURN_NOTE_REQUIRED,
  MSG_TRIGGER_PERCENT,
  MSG_TRIGGER_QUESTION,
  toDateKey,
} from '../../domain/index.js';
import { people } from '../account/test-fixtures.js';
import {
  actionPlanEvents,
  actionPlans,
  evaluations,
  locations,
  outboxEmails,
  userQuestionnaires,
  users,
} from '../db/schema.js';
import { queueDueRuns } from '../jobs/scheduler.js';
import { managerOf } from '../team/test-fixtures.js';
import { publish, registerShopper, VISIT_FORM } from '../test/fieldwork-fixtures.js';
import { createUser, setupTestApp } from '../test/harness.js';
import { type Catalogue, catalogue, placedOrderOf } from '../test/order-wizard.js';
import { planLinkKey, remindPlans } from './plans.js';

type PlanView = {
  _id: string;
  state: string;
  percentage: number;
  followUpPercentage: number | null;
  followUpEvaluationId: string | null;
  dueDate: string;
  items: { elementId: string; answer: string; dueDate: string; followUpLabel: string | null }[];
  events: { kind: string; actor: string; note: string }[];
};

// Action plans (issue 19) through the API: created by a low shop's approval, filled in by the
// location's manager (or a report address through its link), returned and resolved by the owner,
// reminded and marked overdue by the daily run, followed up by the next approved visit.
const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let shopper: { token: string; id: string };
let proofer: { token: string; id: string };
let visitIds: string[];
let locationId: string;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  await publish(t, VISIT_FORM, [c.shop.id, c.cheapShop.id]);
  shopper = await registerShopper(t, 'sam@example.test');
  const staff = await createUser(t.db, {
    email: 'pat@example.test',
    roles: ['proofer'],
    password: 'password123',
  });
  proofer = { id: staff.id, token: await t.login('pat@example.test', 'password123') };
  await placedOrderOf(t, c, p.alice.token);
  visitIds = (
    await ok<{ openVisits: { _id: string }[] }>('query { openVisits { _id } }', {}, shopper.token)
  ).openVisits.map((v) => v._id);
  [{ id: locationId }] = (await t.db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.uid, p.alice.user.id))) as [{ id: string }];
});

async function ok<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown>,
  token?: string,
) {
  const res = await t.gql(query, variables, { token });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  // The plans and their e-mails are subscribers of the event log: its jobs run as the workers would.
  await t.relayEvents();
  return res.data as T;
}

async function refused(query: string, variables: Record<string, unknown>, token?: string) {
  const res = await t.gql(query, variables, { token });
  expect(res.data?.[Object.keys(res.data ?? {})[0] ?? ''] ?? null).toBeNull();
  return res.errors?.[0] as { message: string; extensions?: { field?: string; code?: string } };
}

/** The next open visit is shopped with `answers`, submitted and approved; returns its evaluation id. */
async function shopAndApprove(answers: Record<string, unknown>) {
  const visitId = visitIds.shift()!;
  const id = (
    await ok<{ acceptVisit: { _id: string } }>(
      'mutation ($id: String!) { acceptVisit(visitId: $id) { _id } }',
      { id: visitId },
      shopper.token,
    )
  ).acceptVisit._id;
  await ok(
    'mutation ($id: String!, $a: JSON!) { saveEvaluation(_id: $id, answers: $a) { _id } }',
    { id, a: answers },
    shopper.token,
  );
  await ok('mutation ($id: String!) { submitEvaluation(_id: $id) { status } }', { id }, shopper.token);
  await ok('mutation ($id: String!) { startReview(_id: $id) { status } }', { id }, proofer.token);
  await ok('mutation ($id: String!) { approveEvaluation(_id: $id) { status } }', { id }, proofer.token);
  return id;
}

/** 2 of 20 (10 %): both questions failed. */
const LOW = { greet: 'no', why: 'Nobody looked up.', wait: 30 };
/** 20 of 20. */
const FULL = { greet: 'yes', wait: 2 };
/** 12 of 20 (60 %): greeted, slow. */
const SLOW = { greet: 'yes', wait: 30 };

const PLAN = `query ($id: String!, $key: String) { actionPlan(_id: $id, key: $key) {
  _id state displayState stateLabel percentage followUpPercentage followUpEvaluationId dueDate programName locationName mayEdit mayReview viaLink
  items { elementId prompt answer action responsible dueDate followUp followUpLabel } events { kind actor note } } }`;
const SAVE = `mutation ($id: String!, $key: String, $items: [ActionPlanItemInput!]!) { saveActionPlan(_id: $id, key: $key, items: $items) { state items { elementId action responsible dueDate } } }`;
const SUBMIT = `mutation ($id: String!, $key: String, $items: [ActionPlanItemInput!]) { submitActionPlan(_id: $id, key: $key, items: $items) { state } }`;
const RETURN = `mutation ($id: String!, $note: String!) { returnActionPlan(_id: $id, note: $note) { state } }`;
const RESOLVE = `mutation ($id: String!, $note: String) { resolveActionPlan(_id: $id, note: $note) { state } }`;
const LIST = `query ($f: ActionPlanFilter) { actionPlans(filter: $f) { _id displayState locationName programName questionCount } actionPlanCounts(filter: $f) { open submitted returned resolved overdue total } }`;
const TRIGGER = `mutation ($input: ActionPlanTriggerInput!) { saveActionPlanTrigger(input: $input) { programId belowPercent questionIds isDefault } }`;

const answered = [
  {
    elementId: 'greet',
    action: 'Greet every guest within 10 seconds.',
    responsible: 'Dana (front of house)',
    dueDate: '2030-01-10',
  },
  { elementId: 'wait', action: 'Add a second register at lunch.', responsible: 'Lee', dueDate: '2030-01-15' },
];

const plansOf = (evaluationId: string) =>
  t.db.select().from(actionPlans).where(eq(actionPlans.evaluationId, evaluationId));
const planMail = (to: string) =>
  t.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.kind, 'action-plan'), eq(outboxEmails.to, to)));

describe('as subscribers of the event log', () => {
  it('a replayed approval makes no second plan, and a replayed plan event sends its e-mails once', async () => {
    const low = await shopAndApprove(LOW);
    const [plan] = await plansOf(low);
    await ok(SUBMIT, { id: plan!.id, items: answered }, p.alice.token);
    await ok(RETURN, { id: plan!.id, note: 'Say who trains the new staff.' }, p.alice.token);
    const before = (await planMail('alice@example.test')).map((m) => m.subject);
    expect(before).toHaveLength(3); // created, submitted, returned
    const types = ['evaluation.approved', 'plan.created', 'plan.submitted', 'plan.returned'] as const;
    expect(await t.relayAgain(types)).toBeGreaterThan(0);
    expect(await plansOf(low)).toHaveLength(1);
    expect((await planMail('alice@example.test')).map((m) => m.subject)).toEqual(before);
    // The returned e-mail carries the note written with that change.
    expect((await planMail('alice@example.test')).map((m) => m.text).join('\n')).toContain(
      'Say who trains the new staff.',
    );
  }, 60_000);
});

describe('triggers', () => {
  it('a shop below 80 % creates a plan listing every failed question with the answers; a full score none', async () => {
    const full = await shopAndApprove(FULL);
    expect(await plansOf(full)).toHaveLength(0);
    const low = await shopAndApprove(LOW);
    const [plan] = await plansOf(low);
    expect(plan).toMatchObject({ state: 'open', percentage: 10, accountId: p.alice.user.id, locationId });
    const view = (await ok<{ actionPlan: PlanView }>(PLAN, { id: plan!.id }, p.alice.token)).actionPlan;
    expect(view.items.map((i: { elementId: string; answer: string }) => [i.elementId, i.answer])).toEqual([
      ['greet', 'No'],
      ['wait', '30'],
    ]);
    expect(view.items[0]?.dueDate).toBe(view.dueDate);
    expect(view.events).toEqual([{ kind: 'created', actor: 'System', note: '' }]);
    // Seven days from the approval (UTC), by the approval's own time rather than the machine's now.
    const [approved] = await t.db.select().from(evaluations).where(eq(evaluations.id, low));
    expect(view.dueDate).toBe(toDateKey(addDaysUtc(approved!.approvedAt!, 7)));
    // No manager sees the location: the owner is told.
    const [mail] = await planMail('alice@example.test');
    expect(mail?.subject).toBe('Action plan needed: Dine-In at Main Street');
    expect(mail?.text).toContain(`/account/action-plans/${plan!.id}`);
  });

  it('the owner sets a program to chosen questions only; bad input names the field; others are refused', async () => {
    const uqid = await programOf();
    const bad = await refused(
      TRIGGER,
      { input: { programId: uqid, belowPercent: 0, questionIds: [] } },
      p.alice.token,
    );
    expect(bad).toMatchObject({ message: MSG_TRIGGER_PERCENT, extensions: { field: 'belowPercent' } });
    // Questions must be the program's (known once a shop of it is approved).
    await shopAndApprove(FULL);
    const unknown = await refused(
      TRIGGER,
      { input: { programId: uqid, belowPercent: null, questionIds: ['nope'] } },
      p.alice.token,
    );
    expect(unknown).toMatchObject({ message: MSG_TRIGGER_QUESTION, extensions: { field: 'questionIds' } });
    for (const token of [undefined, p.bob.token]) {
      const e = await refused(
        TRIGGER,
        { input: { programId: uqid, belowPercent: 50, questionIds: [] } },
        token,
      );
      expect(e.message).toMatch(/Not Authorized|logged in/);
    }
    const manager = await managerOf(t, p.alice.user.id, 'mia@example.test', [locationId]);
    expect(
      (
        await refused(
          TRIGGER,
          { input: { programId: uqid, belowPercent: 50, questionIds: [] } },
          manager.token,
        )
      ).message,
    ).toBe('Not Authorized');
    const READ =
      'query ($id: String!) { actionPlanTrigger(programId: $id) { belowPercent isDefault questions { elementId } } }';
    for (const token of [undefined, p.bob.token, manager.token])
      expect((await refused(READ, { id: uqid }, token)).message).toMatch(/Not Authorized|logged in/);
    for (const token of [p.alice.token, p.admin.token])
      expect((await ok<{ actionPlanTrigger: unknown }>(READ, { id: uqid }, token)).actionPlanTrigger).toEqual(
        {
          belowPercent: 80,
          isDefault: true,
          questions: [{ elementId: 'greet' }, { elementId: 'wait' }],
        },
      );
    const saved = await ok<{ saveActionPlanTrigger: unknown }>(
      TRIGGER,
      { input: { programId: uqid, belowPercent: null, questionIds: ['greet'] } },
      p.alice.token,
    );
    expect(saved.saveActionPlanTrigger).toEqual({
      programId: uqid,
      belowPercent: null,
      questionIds: ['greet'],
      isDefault: false,
    });
    // 60 %, greet passed: no plan; then greet failed: a plan with greet only.
    expect(await plansOf(await shopAndApprove(SLOW))).toHaveLength(0);
  });

  it('with a chosen question failing, only that question is listed', async () => {
    await shopAndApprove(FULL);
    const uqid = await programOf();
    await ok(TRIGGER, { input: { programId: uqid, belowPercent: 5, questionIds: ['greet'] } }, p.alice.token);
    const [plan] = await plansOf(await shopAndApprove(LOW));
    const view = (
      await ok<{ actionPlan: { items: { elementId: string }[] } }>(PLAN, { id: plan!.id }, p.alice.token)
    ).actionPlan;
    expect(view.items.map((i) => i.elementId)).toEqual(['greet']);
  });
});

/** Alice's Dine-In program (the user questionnaire of her order). */
async function programOf() {
  const [uq] = await t.db
    .select({ id: userQuestionnaires.id })
    .from(userQuestionnaires)
    .where(and(eq(userQuestionnaires.uid, p.alice.user.id), eq(userQuestionnaires.qid, c.shop.id)));
  return uq!.id;
}

describe('the plan from open to resolved, by role', () => {
  it('the manager fills in and submits, the owner returns with a note, the manager resubmits, the owner resolves', async () => {
    const manager = await managerOf(t, p.alice.user.id, 'mia@example.test', [locationId]);
    const other = await managerOf(t, p.alice.user.id, 'otto@example.test', []);
    const [plan] = await plansOf(await shopAndApprove(LOW));
    const id = plan!.id;
    // The manager is told, not the owner.
    expect(await planMail('mia@example.test')).toHaveLength(1);
    expect(await planMail('alice@example.test')).toHaveLength(0);

    // Who may read it: the owner, the manager of the location, a platform admin; not another customer,
    // another manager, or anyone anonymous.
    for (const token of [p.alice.token, manager.token, p.admin.token])
      expect((await ok<{ actionPlan: { _id: string } }>(PLAN, { id }, token)).actionPlan._id).toBe(id);
    for (const token of [p.bob.token, other.token])
      expect((await refused(PLAN, { id }, token)).message).toBe('Not Authorized');
    expect((await refused(PLAN, { id })).message).toMatch(/logged in/);
    expect((await refused(PLAN, { id: 'not-a-plan' }, p.alice.token)).message).toBe(MSG_PLAN_NOT_FOUND);

    // Nobody outside the plan changes it.
    for (const [token, message] of [
      [p.bob.token, 'Not Authorized'],
      [other.token, 'Not Authorized'],
      [undefined, /logged in/],
    ] as const) {
      expect((await refused(SAVE, { id, items: answered }, token)).message).toMatch(message);
      expect((await refused(SUBMIT, { id, items: answered }, token)).message).toMatch(message);
    }
    // Submitting needs every question answered: the first missing field is named.
    const missing = await refused(SUBMIT, { id, items: [answered[0]] }, manager.token);
    expect(missing).toMatchObject({ message: MSG_ACTION_REQUIRED, extensions: { field: 'items.1.action' } });
    // Nothing half-written: the first answer was not kept by the refused submit.
    expect(
      (await ok<{ actionPlan: { items: { action: string }[] } }>(PLAN, { id }, manager.token)).actionPlan
        .items[0]!.action,
    ).toBe('');
    const bad = await refused(
      SAVE,
      { id, items: [{ ...answered[0], dueDate: '2030-13-45' }] },
      manager.token,
    );
    expect(bad.extensions?.field).toBe('items.0.dueDate');
    // A day the calendar does not have is refused, not rolled over to 2 March.
    const rolled = await refused(
      SAVE,
      { id, items: [{ ...answered[0], dueDate: '2030-02-30' }] },
      manager.token,
    );
    expect(rolled.extensions?.field).toBe('items.0.dueDate');
    const stranger = await refused(SAVE, { id, items: [{ elementId: 'nope', action: 'x' }] }, manager.token);
    expect(stranger.extensions?.field).toBe('items.0.elementId');
    // Saved without submitting, then submitted.
    await ok(SAVE, { id, items: [answered[0]] }, manager.token);
    expect(
      (await ok<{ submitActionPlan: { state: string } }>(SUBMIT, { id, items: [answered[1]] }, manager.token))
        .submitActionPlan.state,
    ).toBe('submitted');
    expect(await planMail('alice@example.test')).toHaveLength(1);
    // Submitted: no more changes; the manager cannot review.
    expect((await refused(SAVE, { id, items: answered }, manager.token)).message).toBe(MSG_PLAN_NOT_EDITABLE);
    expect((await refused(RETURN, { id, note: 'More' }, manager.token)).message).toBe(
      MSG_PLAN_REVIEWERS_ONLY,
    );
    expect((await refused(RESOLVE, { id }, manager.token)).message).toBe(MSG_PLAN_REVIEWERS_ONLY);
    expect((await refused(RESOLVE, { id }, p.bob.token)).message).toBe('Not Authorized');

    // Returned with a note (required), to the manager.
    expect(await refused(RETURN, { id, note: '  ' }, p.alice.token)).toMatchObject({
      message: MSG_RETURN_NOTE_REQUIRED,
      extensions: { field: 'note' },
    });
    await ok(RETURN, { id, note: 'Who trains the weekend staff?' }, p.alice.token);
    const returned = await planMail('mia@example.test');
    expect(returned).toHaveLength(2);
    expect(returned[1]!.text).toContain('Note: Who trains the weekend staff?');
    expect((await refused(RESOLVE, { id }, p.alice.token)).message).toBe(MSG_PLAN_NOT_UNDER_REVIEW);

    await ok(
      SUBMIT,
      {
        id,
        items: [{ ...answered[0], action: 'Greet within 10 seconds; Sam trains weekends.' }, answered[1]],
      },
      manager.token,
    );
    await ok(RESOLVE, { id, note: 'Thanks.' }, p.alice.token);
    const view = (await ok<{ actionPlan: PlanView }>(PLAN, { id }, manager.token)).actionPlan;
    expect(view).toMatchObject({ state: 'resolved', mayEdit: false, mayReview: false });
    expect(
      view.events.map((e: { kind: string; actor: string; note: string }) => [e.kind, e.actor, e.note]),
    ).toEqual([
      ['created', 'System', ''],
      ['saved', 'Test User', ''],
      ['submitted', 'Test User', ''],
      ['returned', 'Alice User', 'Who trains the weekend staff?'],
      ['submitted', 'Test User', ''],
      ['resolved', 'Alice User', 'Thanks.'],
    ]);
    expect(await planMail('mia@example.test')).toHaveLength(3);
    expect((await refused(RETURN, { id, note: 'Again' }, p.admin.token)).message).toBe(
      MSG_PLAN_NOT_UNDER_REVIEW,
    );
  });

  it('a manager who turned off the preference hears nothing; a report address opens only its plan by the link', async () => {
    const manager = await managerOf(t, p.alice.user.id, 'mia@example.test', [locationId]);
    await t.db
      .update(users)
      .set({ emailPreferences: { ...manager.user.emailPreferences, receiveActionPlans: false } })
      .where(eq(users.id, manager.user.id));
    await t.db
      .update(locations)
      .set({ additionalEmails: 'gm@store.test' })
      .where(eq(locations.id, locationId));
    const [plan] = await plansOf(await shopAndApprove(LOW));
    expect(await planMail('mia@example.test')).toHaveLength(0);
    const [link] = await planMail('gm@store.test');
    const key = planLinkKey(t.config.appSecret, plan!.id);
    expect(link?.text).toContain(`/action-plans/${plan!.id}?key=${key}`);
    expect(link?.text).not.toContain('/account/preferences');
    const view = (
      await ok<{ actionPlan: { viaLink: boolean; mayReview: boolean } }>(PLAN, { id: plan!.id, key })
    ).actionPlan;
    expect(view).toMatchObject({ viaLink: true, mayReview: false });
    expect(
      (await refused(PLAN, { id: plan!.id, key: key.replace(/^./, (ch) => (ch === 'a' ? 'b' : 'a')) }))
        .message,
    ).toBe(MSG_PLAN_NOT_FOUND);
    await ok(SUBMIT, { id: plan!.id, key, items: answered });
    const events = await t.db.select().from(actionPlanEvents).where(eq(actionPlanEvents.planId, plan!.id));
    expect(events.map((e) => e.actor)).toContain('Report address (link)');
    // The key is for that plan only.
    const [second] = await plansOf(await shopAndApprove(LOW));
    expect((await refused(PLAN, { id: second!.id, key })).message).toBe(MSG_PLAN_NOT_FOUND);
  });
});

describe('the dashboard counts and lists in the caller scope', () => {
  it('counts by state with overdue apart; a manager of another location sees none', async () => {
    const other = await managerOf(t, p.alice.user.id, 'otto@example.test', []);
    const [a] = await plansOf(await shopAndApprove(LOW));
    await plansOf(await shopAndApprove(SLOW));
    await t.db.update(actionPlans).set({ dueDate: '2020-01-01' }).where(eq(actionPlans.id, a!.id));
    const mine = await ok<{
      actionPlans: { _id: string; displayState: string; questionCount: number }[];
      actionPlanCounts: Record<string, number>;
    }>(LIST, {}, p.alice.token);
    expect(mine.actionPlanCounts).toEqual({
      open: 1,
      submitted: 0,
      returned: 0,
      resolved: 0,
      overdue: 1,
      total: 2,
    });
    expect(mine.actionPlans[0]).toMatchObject({ _id: a!.id, displayState: 'overdue', questionCount: 2 });
    const overdue = await ok<{ actionPlans: { _id: string }[] }>(
      LIST,
      { f: { state: 'overdue' } },
      p.alice.token,
    );
    expect(overdue.actionPlans.map((x) => x._id)).toEqual([a!.id]);
    const theirs = await ok<{ actionPlans: unknown[]; actionPlanCounts: { total: number } }>(
      LIST,
      {},
      other.token,
    );
    expect(theirs).toMatchObject({ actionPlans: [], actionPlanCounts: { total: 0 } });
    expect((await ok<{ actionPlans: unknown[] }>(LIST, {}, p.bob.token)).actionPlans).toEqual([]);
    expect((await refused(LIST, {})).message).toMatch(/logged in/);
  });

  it('an unknown state in the filter is refused naming the field, not read as no filter', async () => {
    const [plan] = await plansOf(await shopAndApprove(LOW));
    const res = await t.gql(LIST, { f: { state: 'bogus' } }, { token: p.alice.token });
    expect(res.data ?? null).toBeNull();
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0]).toMatchObject({
      message: 'State must be open, submitted, returned, resolved or overdue.',
      extensions: { code: 'BAD_USER_INPUT', field: 'state' },
    });
    const literal = await t.gql(
      '{ actionPlans(filter: { state: "bogus" }) { _id } }',
      {},
      { token: p.alice.token },
    );
    expect(literal.data ?? null).toBeNull();
    expect(literal.errors?.map((e) => e.message)).toEqual([
      'Enum "ActionPlanDisplayState" cannot represent non-enum value: "bogus".',
    ]);
    const open = await ok<{ actionPlans: { _id: string; state: string; displayState: string }[] }>(
      '{ actionPlans(filter: { state: open }) { _id state displayState } }',
      {},
      p.alice.token,
    );
    expect(open.actionPlans).toEqual([{ _id: plan!.id, state: 'open', displayState: 'open' }]);
  });
});

describe('reminders and follow-up', () => {
  it('the daily run tells "due tomorrow" once, then "overdue" once to the manager and the owner', async () => {
    await managerOf(t, p.alice.user.id, 'mia@example.test', [locationId]);
    const [plan] = await plansOf(await shopAndApprove(LOW));
    const due = new Date(`${plan!.dueDate}T09:00:00Z`);
    const dayBefore = new Date(due.getTime() - 86_400_000);
    expect(await remindPlans(t.db, dayBefore)).toEqual({ dueSoon: 1, overdue: 0 });
    expect(await remindPlans(t.db, dayBefore)).toEqual({ dueSoon: 0, overdue: 0 });
    await t.relayEvents(); // the e-mails are plan.due_soon's and plan.overdue's subscriber's (plan-mail)
    const mia = await planMail('mia@example.test');
    expect(mia.map((m) => m.subject)).toEqual([
      'Action plan needed: Dine-In at Main Street',
      'Action plan due tomorrow: Main Street',
    ]);
    const dayAfter = new Date(due.getTime() + 86_400_000);
    expect(await remindPlans(t.db, dayAfter)).toEqual({ dueSoon: 0, overdue: 1 });
    expect(await remindPlans(t.db, dayAfter)).toEqual({ dueSoon: 0, overdue: 0 });
    await t.relayEvents();
    expect((await planMail('alice@example.test')).map((m) => m.subject)).toEqual([
      'Action plan overdue: Main Street',
    ]);
    expect(await planMail('mia@example.test')).toHaveLength(3);
    // The reminders relayed again, as a retried relay job would: still one e-mail each.
    expect(await t.relayAgain(['plan.due_soon', 'plan.overdue'])).toBeGreaterThan(0);
    expect(await planMail('mia@example.test')).toHaveLength(3);
    expect(await planMail('alice@example.test')).toHaveLength(1);
    const events = await t.db
      .select()
      .from(actionPlanEvents)
      .where(and(eq(actionPlanEvents.planId, plan!.id), like(actionPlanEvents.kind, 'overdue')));
    expect(events).toHaveLength(1);
  });

  it('the scheduled run (ACTION_PLAN_REMINDERS_AT) tells of a plan past its due date through the job queue', async () => {
    const [plan] = await plansOf(await shopAndApprove(LOW));
    await t.db.update(actionPlans).set({ dueDate: '2020-01-01' }).where(eq(actionPlans.id, plan!.id));
    expect(
      await queueDueRuns(t.db, [{ job: 'action-plan-reminders', at: '00:00' }], new Date()),
    ).toHaveLength(1);
    expect(await t.drainJobs()).toBeGreaterThanOrEqual(1);
    expect((await planMail('alice@example.test')).map((m) => m.subject)).toContain(
      'Action plan overdue: Main Street',
    );
    const [after] = await plansOf(plan!.evaluationId);
    expect(after?.overdueToldAt).not.toBeNull();
  });

  it('the next approved visit shows which planned questions are fixed, and the score before and after', async () => {
    const [plan] = await plansOf(await shopAndApprove(LOW));
    const next = await shopAndApprove(SLOW);
    const view = (await ok<{ actionPlan: PlanView }>(PLAN, { id: plan!.id }, p.alice.token)).actionPlan;
    expect(view).toMatchObject({ percentage: 10, followUpPercentage: 60, followUpEvaluationId: next });
    expect(view.items.map((i) => [i.elementId, i.followUpLabel])).toEqual([
      ['greet', 'Fixed'],
      ['wait', 'Still failing'],
    ]);
    // The 60 % shop has its own plan (wait only failed), waiting for its own follow-up.
    const [own] = await plansOf(next);
    expect(own?.followUpEvaluationId).toBeNull();
  });
});

describe('photo evidence', () => {
  let JPEG: Buffer;
  beforeAll(async () => {
    JPEG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
  });
  const sign = (planId: string, opts: { token?: string; key?: string; contentType?: string } = {}) =>
    t.inject({
      method: 'GET',
      url: `/s3/sign?${new URLSearchParams({
        fileName: 'fixed counter.jpg',
        contentType: opts.contentType ?? 'image/jpeg',
        size: String(JPEG.length),
        ...(opts.key ? { key: opts.key } : {}),
      })}`,
      headers: { folder: `actionPlans/${planId}` },
      ...(opts.token ? { token: opts.token } : {}),
    });

  it('the location people upload into the plan folder while it is open; the item keeps it; others are refused', async () => {
    const manager = await managerOf(t, p.alice.user.id, 'mia@example.test', [locationId]);
    const other = await managerOf(t, p.alice.user.id, 'otto@example.test', []);
    const [plan] = await plansOf(await shopAndApprove(LOW));
    const id = plan!.id;
    for (const token of [undefined, p.bob.token, other.token])
      expect((await sign(id, { token })).statusCode).toBe(403);
    expect((await sign(id, { token: manager.token, contentType: 'application/pdf' })).statusCode).toBe(400);
    const signed = (await sign(id, { token: manager.token })).json() as {
      fileKey: string;
      uploadUrl: string;
    };
    expect(signed.fileKey).toMatch(new RegExp(`^actionPlans/${id}/\\w+_fixed-counter\\.jpg$`));
    const upload = await t.inject({
      method: 'PUT',
      url: signed.uploadUrl,
      headers: { 'content-type': 'image/jpeg' },
      payload: JPEG,
    });
    expect(upload.statusCode).toBeLessThan(300);
    // A key of another folder is refused before anything is written.
    const foreign = await refused(
      SAVE,
      { id, items: [{ ...answered[0], photoKey: `evaluations/${id}/abc_photo.jpg` }] },
      manager.token,
    );
    expect(foreign.extensions?.field).toBe('items.0.photoKey');
    await ok(SAVE, { id, items: [{ ...answered[0], photoKey: signed.fileKey }] }, manager.token);
    const PHOTO =
      'query ($id: String!, $key: String) { actionPlan(_id: $id, key: $key) { items { photoName photoUrl } } }';
    const view = (
      await ok<{ actionPlan: { items: { photoName: string | null; photoUrl: string | null }[] } }>(
        PHOTO,
        { id },
        p.alice.token,
      )
    ).actionPlan;
    // The evidence is read through a signed link that expires (issue 42), never a permanent address.
    expect(view.items[0]).toEqual({
      photoName: 'fixed-counter.jpg',
      photoUrl: expect.stringMatching(new RegExp(`^/s3/uploads/${signed.fileKey}\\?expires=\\d+&sig=\\w+$`)),
    });
    expect((await t.inject({ method: 'GET', url: view.items[0]!.photoUrl! })).statusCode).toBe(200);
    expect(view.items[1]).toEqual({ photoName: null, photoUrl: null });
    // Saving without photoKey keeps the photo; null removes it.
    await ok(SAVE, { id, items: [answered[0]] }, manager.token);
    expect(
      (await ok<{ actionPlan: { items: { photoName: string | null }[] } }>(PHOTO, { id }, p.alice.token))
        .actionPlan.items[0]!.photoName,
    ).toBe('fixed-counter.jpg');
    // A report address holding the link may add evidence; nobody may once the plan is submitted.
    const key = planLinkKey(t.config.appSecret, id);
    expect((await sign(id, { key })).statusCode).toBe(200);
    expect((await sign(id, { key: 'f'.repeat(32) })).statusCode).toBe(403);
    await ok(SUBMIT, { id, items: answered }, manager.token);
    expect((await sign(id, { token: manager.token })).statusCode).toBe(403);
    expect((await sign(id, { key })).statusCode).toBe(403);
  });
});
