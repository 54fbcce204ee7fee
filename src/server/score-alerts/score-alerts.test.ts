import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MSG_ALERT_BELOW, MSG_ALERT_TRAILING } from '../../domain/index.js';
import { EvaluationStatus } from '../../evaluation/index.js';
import { people } from '../account/test-fixtures.js';
import { newId } from '../db/ids.js';
import {
  actionPlans,
  domainEvents,
  evaluations,
  formVersions,
  locations,
  outboxEmails,
  scoreAlerts,
  userQuestionnaires,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema.js';
import { deliverEvent, eventsOfType } from '../events/index.js';
import { ZScoreAlertData, ZScoreAlertEvent } from '../openapi/webhook-events.js';
import { managerOf } from '../team/test-fixtures.js';
import { publish, registerShopper, VISIT_FORM } from '../test/fieldwork-fixtures.js';
import { createUser, setupTestApp } from '../test/harness.js';
import { type Catalogue, catalogue, placedOrderOf } from '../test/order-wizard.js';
import { subscribersOf } from '../wiring/subscribers.js';

// Score alerts (issue 48) through the API and the event log, on both databases: a program's rule,
// checked by the `score-alerts` subscriber of evaluation.approved; one alert per shop; the e-mail to
// the location's managers and the owner; the `score.alert` webhook; acknowledged within one's scope.
const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let shopper: { token: string; id: string };
let proofer: { token: string; id: string };
let visitIds: string[];
let locationId: string;
let uqid: string;

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
  [{ id: uqid }] = (await t.db
    .select({ id: userQuestionnaires.id })
    .from(userQuestionnaires)
    .where(and(eq(userQuestionnaires.uid, p.alice.user.id), eq(userQuestionnaires.qid, c.shop.id)))) as [
    { id: string },
  ];
});

async function ok<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown>,
  token?: string,
) {
  const res = await t.gql(query, variables, { token });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
}

async function refused(query: string, variables: Record<string, unknown>, token?: string) {
  const res = await t.gql(query, variables, { token });
  expect(res.data?.[Object.keys(res.data ?? {})[0] ?? ''] ?? null).toBeNull();
  return res.errors?.[0] as { message: string; extensions?: { field?: string } };
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

/** Earlier approved shops of the program at the location, scoring `percents` (newest first), a day apart. */
async function earlierShops(percents: number[]) {
  const [version] = await t.db.select({ id: formVersions.id }).from(formVersions).limit(1);
  await t.db.insert(evaluations).values(
    percents.map((pct, i) => ({
      id: newId(),
      formVersionId: version!.id,
      document: {},
      status: EvaluationStatus.Approved,
      score: pct,
      possibleScore: 100,
      clientId: p.alice.user.id,
      uqid,
      locationId,
      shopDate: `2020-01-${String(28 - i).padStart(2, '0')}`,
      approvedAt: new Date(Date.UTC(2020, 0, 28 - i)),
    })),
  );
}

/** 2 of 20 (10 %). */
const LOW = { greet: 'no', why: 'Nobody looked up.', wait: 30 };
/** 20 of 20. */
const FULL = { greet: 'yes', wait: 2 };
/** 12 of 20 (60 %). */
const SLOW = { greet: 'yes', wait: 30 };

const RULE = `mutation ($input: ScoreAlertRuleInput!) { saveScoreAlertRule(input: $input) { programId belowPercent dropPoints trailingShops isSet } }`;
const READ_RULE = `query ($id: String!) { scoreAlertRule(programId: $id) { belowPercent dropPoints trailingShops isSet } }`;
const ALERTS = `query ($all: Boolean) { scoreAlerts(includeAcknowledged: $all) { _id evaluationId programName locationName percentage trailingAverage reason reasonLabel actionPlanId acknowledgedAt acknowledgedBy } }`;
const ACK = `mutation ($id: String!) { acknowledgeScoreAlert(_id: $id) { _id acknowledgedAt acknowledgedBy } }`;

type AlertView = {
  _id: string;
  evaluationId: string;
  percentage: number;
  trailingAverage: number | null;
  reason: string;
  actionPlanId: string | null;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
};

const rule = (over: Record<string, unknown>) =>
  ok(
    RULE,
    { input: { programId: uqid, belowPercent: null, dropPoints: null, trailingShops: 5, ...over } },
    p.alice.token,
  );
const alertsAs = async (token: string, all = false) =>
  (await ok<{ scoreAlerts: AlertView[] }>(ALERTS, { all }, token)).scoreAlerts;
const alertMail = (to: string) =>
  t.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.kind, 'score-alert'), eq(outboxEmails.to, to)));

describe('the rule', () => {
  it('is off until the owner sets it; bad input names its field; managers, other customers and anonymous callers are refused', async () => {
    expect(
      (await ok<{ scoreAlertRule: unknown }>(READ_RULE, { id: uqid }, p.alice.token)).scoreAlertRule,
    ).toEqual({
      belowPercent: null,
      dropPoints: null,
      trailingShops: 5,
      isSet: false,
    });
    const bad = await refused(
      RULE,
      { input: { programId: uqid, belowPercent: 0, dropPoints: null, trailingShops: 5 } },
      p.alice.token,
    );
    expect(bad).toMatchObject({ message: MSG_ALERT_BELOW, extensions: { field: 'belowPercent' } });
    const many = await refused(
      RULE,
      { input: { programId: uqid, belowPercent: 70, dropPoints: 10, trailingShops: 51 } },
      p.alice.token,
    );
    expect(many).toMatchObject({ message: MSG_ALERT_TRAILING, extensions: { field: 'trailingShops' } });
    expect(
      (await rule({ belowPercent: 70, dropPoints: 10, trailingShops: 3 })).saveScoreAlertRule,
    ).toMatchObject({
      belowPercent: 70,
      dropPoints: 10,
      trailingShops: 3,
      isSet: true,
    });
    const manager = await managerOf(t, p.alice.user.id, 'mia@example.test', [locationId]);
    const input = { programId: uqid, belowPercent: 10, dropPoints: null, trailingShops: 5 };
    for (const token of [manager.token, p.bob.token, undefined]) {
      expect((await refused(RULE, { input }, token)).message).toMatch(/Not Authorized|logged in/i);
      expect((await refused(READ_RULE, { id: uqid }, token)).message).toMatch(/Not Authorized|logged in/i);
    }
    // The admin of the platform may set it for the customer.
    await ok(RULE, { input }, p.admin.token);
    expect(
      (await ok<{ scoreAlertRule: { belowPercent: number } }>(READ_RULE, { id: uqid }, p.alice.token))
        .scoreAlertRule.belowPercent,
    ).toBe(10);
  });
});

describe('checked on approval', () => {
  it('a shop under X % raises one alert, e-mailed to the location manager and the owner, and opens the plan the trigger made (one plan)', async () => {
    await rule({ belowPercent: 50 });
    const manager = await managerOf(t, p.alice.user.id, 'mia@example.test', [locationId]);
    const elsewhere = await managerOf(t, p.alice.user.id, 'otto@example.test', []);
    const full = await shopAndApprove(FULL);
    await t.relayEvents();
    expect(await alertsAs(p.alice.token)).toEqual([]);
    const low = await shopAndApprove(LOW);
    await t.relayEvents();
    const [alert, ...more] = await alertsAs(p.alice.token);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ evaluationId: low, percentage: 10, reason: 'below', trailingAverage: 100 });
    // The default trigger (below 80 %) made the shop's plan at approval; the alert opens it.
    const plans = await t.db.select().from(actionPlans).where(eq(actionPlans.evaluationId, low));
    expect(plans).toHaveLength(1);
    expect(alert!.actionPlanId).toBe(plans[0]!.id);
    expect(await alertMail('alice@example.test')).toHaveLength(1);
    const [toManager] = await alertMail('mia@example.test');
    expect(toManager?.subject).toBe('Score alert: Main Street scored 10%');
    expect(toManager?.text).toContain('/account/dashboard');
    expect(await alertMail('otto@example.test')).toEqual([]);
    expect(await alertsAs(manager.token)).toHaveLength(1);
    expect(await alertsAs(elsewhere.token)).toEqual([]);
    expect(full).not.toBe(low);
  });

  it('a drop of more than Y points against the trailing average of the last N shops raises one; a smaller drop none', async () => {
    // The last 3 shops average 90 (an older 20 is outside the window).
    await earlierShops([95, 90, 85, 20]);
    await rule({ dropPoints: 25, trailingShops: 3 });
    const slow = await shopAndApprove(SLOW);
    await t.relayEvents();
    const [alert] = await alertsAs(p.alice.token);
    expect(alert).toMatchObject({ evaluationId: slow, percentage: 60, trailingAverage: 90, reason: 'drop' });
    // 100 after (90, 95, 90, 85): no drop.
    await shopAndApprove(FULL);
    await t.relayEvents();
    expect(await alertsAs(p.alice.token)).toHaveLength(1);
  });

  it('the owner who turned off "Score alerts" gets no e-mail; the alert still shows', async () => {
    await rule({ belowPercent: 50 });
    const [alice] = await t.db.select().from(users).where(eq(users.id, p.alice.user.id));
    await t.db
      .update(users)
      .set({ emailPreferences: { ...alice!.emailPreferences, receiveScoreAlerts: false } })
      .where(eq(users.id, p.alice.user.id));
    await shopAndApprove(LOW);
    await t.relayEvents();
    expect(await alertMail('alice@example.test')).toEqual([]);
    expect(await alertsAs(p.alice.token)).toHaveLength(1);
  });

  it('the subscriber replayed on the same event raises one alert, one event and one e-mail', async () => {
    await rule({ belowPercent: 50 });
    await shopAndApprove(LOW);
    const [approved] = await eventsOfType(t.db, 'evaluation.approved');
    const subscriber = subscribersOf({ config: t.config, adapters: t.adapters }).find(
      (s) => s.name === 'score-alerts',
    )!;
    expect(await deliverEvent(t.db, approved!.id, subscriber)).toBe(true);
    expect(await deliverEvent(t.db, approved!.id, subscriber)).toBe(false);
    // The relay's own job for it finds the receipt; a second subscriber run of the alert's event none.
    await t.relayEvents();
    await t.relayEvents();
    expect(await t.db.select().from(scoreAlerts)).toHaveLength(1);
    expect(await eventsOfType(t.db, 'score.alerted')).toHaveLength(1);
    expect(await alertMail('alice@example.test')).toHaveLength(1);
  });

  it('sends score.alert to the endpoints that chose it, with the alert facts and nothing of the shopper', async () => {
    await rule({ belowPercent: 50 });
    const endpoint = newId();
    await t.db.insert(webhookEndpoints).values({
      id: endpoint,
      accountId: p.alice.user.id,
      url: 'https://hooks.example.test/in',
      events: ['score.alert'],
      secret: 'whsec_dGVzdA==',
    });
    const low = await shopAndApprove(LOW);
    await t.relayEvents();
    const rows = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint));
    expect(rows.map((r) => r.eventType)).toEqual(['score.alert']);
    const body = JSON.parse(rows[0]!.payload);
    const [alert] = await t.db.select().from(scoreAlerts);
    expect(body).toMatchObject({
      type: 'score.alert',
      data: {
        alertId: alert!.id,
        evaluationId: low,
        programId: uqid,
        locationId,
        locationName: 'Main Street',
        percentage: 10,
        reason: 'below',
        belowPercent: 50,
        actionPlanId: alert!.actionPlanId,
      },
    });
    // Exactly the fields the OpenAPI document's score.alert webhook names (ScoreAlertEvent).
    expect(Object.keys(body.data).sort()).toEqual(Object.keys(ZScoreAlertData.shape).sort());
    expect(ZScoreAlertEvent.safeParse(body).success).toBe(true);
    for (const secret of ['sam@example.test', shopper.id, 'Nobody looked up.', 'pat@example.test'])
      expect(rows[0]!.payload).not.toContain(secret);
    const [event] = await t.db.select().from(domainEvents).where(eq(domainEvents.type, 'score.alerted'));
    expect(body.id).toBe(`evt_${event!.id}`);
  });
});

describe('acknowledging', () => {
  it('the owner or the location manager acknowledges; a manager elsewhere, another customer and anonymous callers are refused', async () => {
    await rule({ belowPercent: 50 });
    const manager = await managerOf(t, p.alice.user.id, 'mia@example.test', [locationId]);
    const elsewhere = await managerOf(t, p.alice.user.id, 'otto@example.test', []);
    await shopAndApprove(LOW);
    await t.relayEvents();
    const [alert] = await alertsAs(p.alice.token);
    expect((await refused(ACK, { id: alert!._id }, elsewhere.token)).message).toBe('Not Authorized');
    expect((await refused(ACK, { id: alert!._id }, p.bob.token)).message).toBe('Not Authorized');
    expect((await refused(ACK, { id: alert!._id }, undefined)).message).toMatch(/logged in/i);
    expect((await refused(ACK, { id: 'nope' }, p.alice.token)).message).toBe('Alert not found.');
    expect(await alertsAs(p.bob.token)).toEqual([]);
    const done = (await ok<{ acknowledgeScoreAlert: AlertView }>(ACK, { id: alert!._id }, manager.token))
      .acknowledgeScoreAlert;
    expect(done.acknowledgedAt).not.toBeNull();
    // Off the dashboard for everyone; still listed with the acknowledged ones.
    expect(await alertsAs(p.alice.token)).toEqual([]);
    expect(await alertsAs(manager.token)).toEqual([]);
    const [kept] = await alertsAs(p.alice.token, true);
    expect(kept?.acknowledgedAt).toBe(done.acknowledgedAt);
    // Again: the first acknowledgement stays.
    const again = (await ok<{ acknowledgeScoreAlert: AlertView }>(ACK, { id: alert!._id }, p.alice.token))
      .acknowledgeScoreAlert;
    expect(again.acknowledgedAt).toBe(done.acknowledgedAt);
  });
});
