import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { people } from '../account/test-fixtures.js';
import { newId } from '../db/ids.js';
import {
  accountMembers,
  digestItems,
  locations,
  memberRegions,
  outboxEmails,
  regions,
  surveyLinks,
  users,
} from '../db/schema.js';
import { deliverEvent, eventsOfType } from '../events/index.js';
import { rebuildRegionRollups, reportReadySubscriber } from '../fieldwork/index.js';
import type { JobData } from '../jobs/definitions.js';
import { managerOf } from '../team/test-fixtures.js';
import { publish, registerShopper, SURVEY_FORM, VISIT_FORM } from '../test/fieldwork-fixtures.js';
import { createBrand, createUser, setupTestApp } from '../test/harness.js';
import {
  addLocation,
  type Catalogue,
  CHECKOUT,
  cardToken,
  catalogue,
  customer,
  placedOrderOf,
  saveShop,
  startCart,
} from '../test/order-wizard.js';
import { header, type SmtpStandIn, startSmtpStandIn } from '../test/smtp-stand-in.js';
import { sendDigests } from './digest.js';
import { backgroundMailDeps } from './notify.js';
import { notificationsSubscriber } from './subscriber.js';
import { sendSurveyResponsesNotice } from './survey-responses.js';
import { MSG_UNSUBSCRIBE_LINK, unsubscribeToken } from './unsubscribe.js';

const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let shopper: { token: string; id: string };
let proofer: { token: string; id: string };
let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(() => smtp.close());

beforeEach(async () => {
  smtp.received.length = 0;
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  await publish(t, VISIT_FORM, [c.shop.id, c.cheapShop.id]);
  await publish(t, SURVEY_FORM, [c.survey.id]);
  shopper = await registerShopper(t, 'sam@example.test');
  const staff = await createUser(t.db, {
    email: 'pat@example.test',
    roles: ['proofer'],
    password: 'password123',
  });
  proofer = { id: staff.id, token: await t.login('pat@example.test', 'password123') };
});

const OPEN = 'query { openVisits { _id } }';
const ACCEPT = 'mutation ($id: String!) { acceptVisit(visitId: $id) { _id } }';
const SAVE =
  'mutation ($id: String!, $answers: JSON!) { saveEvaluation(_id: $id, answers: $answers) { _id } }';
const SUBMIT = 'mutation ($id: String!) { submitEvaluation(_id: $id) { status } }';
const START_REVIEW = 'mutation ($id: String!) { startReview(_id: $id) { status } }';
const REJECT = 'mutation ($id: String!, $c: String!) { rejectEvaluation(_id: $id, comment: $c) { status } }';
const APPROVE = 'mutation ($id: String!) { approveEvaluation(_id: $id) { status } }';
const RUN_DIGEST = 'mutation { runDigestNow }';

async function ok<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown>,
  token?: string,
): Promise<T> {
  const res = await t.gql(query, variables, { token });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  // The notifications are subscribers of the event log: its jobs run as the workers would.
  await t.relayEvents();
  return res.data as T;
}

const setPrefs = (uid: string, prefs: Partial<typeof p.alice.user.emailPreferences>) =>
  t.db
    .update(users)
    .set({ emailPreferences: sql`${users.emailPreferences} || ${JSON.stringify(prefs)}::jsonb` })
    .where(eq(users.id, uid));

const mailOf = (kind: string, to = 'alice@example.test') =>
  t.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.kind, kind), eq(outboxEmails.to, to)));

/** Alice's one-time order (two visits in Austin); returns the open visits' ids. */
async function openVisits(): Promise<string[]> {
  await placedOrderOf(t, c, p.alice.token);
  return (await ok<{ openVisits: { _id: string }[] }>(OPEN, {}, shopper.token)).openVisits.map((v) => v._id);
}

async function accept(visitId: string): Promise<string> {
  return (await ok<{ acceptVisit: { _id: string } }>(ACCEPT, { id: visitId }, shopper.token)).acceptVisit._id;
}

async function submit(id: string, answers: Record<string, unknown> = { greet: 'yes', wait: 2 }) {
  await ok(SAVE, { id, answers }, shopper.token);
  await ok(SUBMIT, { id }, shopper.token);
}

async function approve(id: string) {
  await ok(START_REVIEW, { id }, proofer.token);
  await ok(APPROVE, { id }, proofer.token);
}

/** Alice's first visit shopped and approved, her location with a report address; her second visit's id. */
async function approvedWithReportAddress() {
  const [first, second] = await openVisits();
  await t.db.update(locations).set({ additionalEmails: 'manager@alice.test' });
  const id = await accept(first!);
  await submit(id);
  await approve(id);
  return { id, second: second! };
}

describe('shop scheduled', () => {
  it('e-mails the customer when a shopper accepts, with the one-click unsubscribe; nothing when off', async () => {
    const [first, second] = await openVisits();
    await accept(first!);
    const [mail] = await mailOf('shop-scheduled');
    expect(mail?.subject).toBe('Shop scheduled: Dine-In at Main Street');
    expect(mail?.text).toMatch(/will visit by \d\d\/\d\d\/\d{4}/);
    expect(mail?.text).toContain('/account/preferences');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:\d+\/unsubscribe\/[\w-]+\.[0-9a-f]{32}>$/,
    );
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.html).toContain('>Unsubscribe</a>');

    await setPrefs(p.alice.user.id, { receiveShopScheduled: false });
    await accept(second!);
    expect(await mailOf('shop-scheduled')).toHaveLength(1);
    // Nobody else hears of it: the report addresses get reports only.
    expect(
      await t.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'shop-scheduled')),
    ).toHaveLength(1);
  });

  it('goes out over SMTP with its List-Unsubscribe headers', async () => {
    const [first] = await openVisits();
    const env = { SMTP_URL: smtp.url };
    const app = await t.buildApp({ env });
    const res = await t.gql(ACCEPT, { id: first }, { token: shopper.token, app });
    expect(res.errors).toBeUndefined();
    await t.drainJobs({ env });
    const sent = smtp.received.find(
      (m) => m.to.includes('alice@example.test') && /Shop scheduled/.test(m.raw),
    );
    expect(sent).toBeDefined();
    expect(header(sent!, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:\d+\/unsubscribe\//);
    expect(header(sent!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });
});

describe('shop sent to QA', () => {
  it('e-mails the customer on the first submission only; nothing when off', async () => {
    const [first, second] = await openVisits();
    const id = await accept(first!);
    await submit(id);
    expect((await mailOf('shop-sent-to-qa')).map((m) => m.subject)).toEqual([
      'Shop sent to QA: Dine-In at Main Street',
    ]);
    // Corrections and a resubmission are between the shopper and QA.
    await ok(START_REVIEW, { id }, proofer.token);
    await ok(REJECT, { id, c: 'Add the wait' }, proofer.token);
    await ok(SUBMIT, { id }, shopper.token);
    expect(await mailOf('shop-sent-to-qa')).toHaveLength(1);

    await setPrefs(p.alice.user.id, { receiveShopQA: false });
    await submit(await accept(second!));
    expect(await mailOf('shop-sent-to-qa')).toHaveLength(1);
  });
});

describe('as subscribers of the event log', () => {
  it('tell of each event once however often it is replayed: e-mails and digest lines', async () => {
    const { second } = await approvedWithReportAddress();
    await setPrefs(p.alice.user.id, { receiveAsDigest: true });
    await submit(await accept(second));
    const mail = backgroundMailDeps(t.config, t.adapters);
    const [approved] = await eventsOfType(t.db, 'evaluation.approved');
    // Already told through the relay: delivered again, each subscriber does nothing.
    expect(await deliverEvent(t.db, approved!.id, reportReadySubscriber(mail))).toBe(false);
    const [scheduled] = await eventsOfType(t.db, 'visit.accepted');
    expect(await deliverEvent(t.db, scheduled!.id, notificationsSubscriber(mail))).toBe(false);
    const before = await t.db.select().from(outboxEmails);
    const lines = await t.db.select().from(digestItems);
    expect(
      await t.relayAgain(['visit.accepted', 'evaluation.submitted', 'evaluation.approved']),
    ).toBeGreaterThan(0);
    expect((await t.db.select().from(outboxEmails)).map((m) => m.id).sort()).toEqual(
      before.map((m) => m.id).sort(),
    );
    expect(
      before
        .map((m) => m.kind)
        .filter((k) => k !== 'order-confirmation')
        .sort(),
    ).toEqual(['report-ready', 'report-ready', 'shop-scheduled', 'shop-sent-to-qa']);
    expect((await t.db.select().from(digestItems)).map((l) => l.kind).sort()).toEqual(
      lines.map((l) => l.kind).sort(),
    );
    expect(lines.map((l) => l.kind).sort()).toEqual(['shop-scheduled', 'shop-sent-to-qa']);
  });
});

describe('the daily digest', () => {
  it('gathers the day’s shop notifications into one e-mail with the score change; the report addresses still get theirs', async () => {
    await setPrefs(p.alice.user.id, { receiveAsDigest: true });
    const [first, second] = await openVisits();
    await t.db.update(locations).set({ additionalEmails: 'manager@alice.test' });
    const id = await accept(first!);
    await submit(id, { greet: 'yes', wait: 2 }); // 100 %
    await approve(id);
    // Nothing one by one for the customer: three lines wait for the digest.
    for (const kind of ['shop-scheduled', 'shop-sent-to-qa', 'report-ready'])
      expect(await mailOf(kind)).toEqual([]);
    expect((await t.db.select().from(digestItems)).map((i) => i.kind).sort()).toEqual([
      'shop-completed',
      'shop-scheduled',
      'shop-sent-to-qa',
    ]);
    expect(await mailOf('report-ready', 'manager@alice.test')).toHaveLength(1);

    // Only admins run it on demand.
    expect((await t.gql(RUN_DIGEST)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(RUN_DIGEST, {}, { token: p.alice.token })).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect((await ok<{ runDigestNow: number }>(RUN_DIGEST, {}, p.admin.token)).runDigestNow).toBe(1);
    const [digest] = await mailOf('daily-digest');
    expect(digest?.subject).toMatch(/^Your daily summary for \d\d\/\d\d\/\d{4}: 3 shop updates$/);
    expect(digest?.text).toContain('Reports ready\n- Dine-In at Main Street: 100% (first shop)');
    expect(digest?.text).toContain('Shops scheduled\n- Dine-In at Main Street: visit by');
    expect(digest?.text).toContain('Shops sent to QA\n- Dine-In at Main Street: visited');
    expect(digest?.text).toContain(`/account/reports/shop/${id}`);
    expect(digest?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Each line goes out once: a second run finds nothing waiting.
    expect((await ok<{ runDigestNow: number }>(RUN_DIGEST, {}, p.admin.token)).runDigestNow).toBe(0);

    // The next shop at the location shows how the score moved.
    const next = await accept(second!);
    await submit(next, { greet: 'yes', wait: 30 }); // 12 of 20
    await approve(next);
    const origin = 'http://app.test';
    await sendDigests(
      t.db,
      {
        mail: t.adapters.mail,
        storage: t.adapters.storage,
        origin,
        baseDomain: t.config.BASE_DOMAIN,
        secret: t.config.appSecret,
      },
      new Date(),
    );
    const later = (await mailOf('daily-digest')).find((m) => m.id !== digest!.id);
    expect(later?.text).toContain('Dine-In at Main Street: 60% (down 40 points)');
    expect(later?.text).toContain(`${origin}/account/reports/shop/${next}`);
  });

  it("links to the customer's own brand site: a subdomain brand's customer gets its subdomain", async () => {
    await setPrefs(p.alice.user.id, { receiveAsDigest: true });
    const [first] = await openVisits();
    // Alice ordered on the default brand; she belongs to Small Business One's storefront now.
    const sb1 = await createBrand(t.db, {
      shortName: 'sb1',
      name: 'Small Business One',
      type: 'CUSTOM_SUBDOMAIN',
      subdomain: 'sb1',
    });
    await t.db.update(users).set({ associatedBrandId: sb1.id }).where(eq(users.id, p.alice.user.id));
    const id = await accept(first!);
    await submit(id);
    await approve(id);
    await sendDigests(
      t.db,
      {
        mail: t.adapters.mail,
        storage: t.adapters.storage,
        origin: 'https://app.example.com',
        baseDomain: 'example.com',
        secret: t.config.appSecret,
      },
      new Date(),
    );
    const [digest] = await mailOf('daily-digest');
    expect(digest?.html).toContain('Small Business One');
    expect(digest?.text).toContain(`https://sb1.example.com/account/reports/shop/${id}`);
    expect(digest?.text).toContain('https://sb1.example.com/account/preferences');
    expect(digest?.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/sb1\.example\.com\/unsubscribe\//);
    expect(digest?.text).not.toContain('app.example.com');
  });

  it('leaves out what the customer turned off, and tells nothing with "shop completed" off', async () => {
    await setPrefs(p.alice.user.id, {
      receiveAsDigest: true,
      receiveShopScheduled: false,
      receiveShopComplete: false,
    });
    const [first] = await openVisits();
    const id = await accept(first!);
    await submit(id);
    await approve(id);
    expect((await t.db.select().from(digestItems)).map((i) => i.kind)).toEqual(['shop-sent-to-qa']);
  });
});

describe('survey complete', () => {
  const ANSWER =
    'mutation ($code: String!, $answers: JSON!) { submitSurveyResponse(surveyCode: $code, answers: $answers) }';

  async function surveyCode() {
    const cart = await startCart(t, [c.survey.id], { token: p.alice.token });
    const locationId = await addLocation(t, cart.oid, { token: p.alice.token });
    await saveShop(t, { oid: cart.oid, locationId, uqid: cart.uqid(c.survey.id) }, { token: p.alice.token });
    const res = await t.gql(
      CHECKOUT,
      {
        oid: cart.oid,
        input: { paymentCardValid: true, cancellationPolcy: true, stripeToken: await cardToken(t) },
      },
      { token: p.alice.token },
    );
    expect(res.errors).toBeUndefined();
    return (await t.db.select().from(surveyLinks))[0]!.surveyCode;
  }

  const queued = () =>
    t.rows<{ data: JobData['survey-responses']; delay: number }>(
      sql`select data, extract(epoch from start_after - now())::float as delay from pgboss.job where name = 'survey-responses'`,
    );
  const deps = () => ({
    mail: t.adapters.mail,
    storage: t.adapters.storage,
    origin: 'http://app.test',
    baseDomain: t.config.BASE_DOMAIN,
    secret: t.config.appSecret,
  });

  it('tells the customer once an hour per survey link, with the hour’s count', async () => {
    const code = await surveyCode();
    for (let i = 0; i < 3; i++) {
      expect(
        (await t.gql(ANSWER, { code, answers: { nps: 9 } }, { ip: `203.0.113.${i}` })).errors,
      ).toBeUndefined();
    }
    await t.relayEvents();
    // One job for the hour, due at its end.
    const jobs = await queued();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.delay).toBeGreaterThan(0);
    expect(jobs[0]!.delay).toBeLessThanOrEqual(3600);
    await sendSurveyResponsesNotice(t.db, deps(), jobs[0]!.data);
    // A retried job tells nothing twice.
    await sendSurveyResponsesNotice(t.db, deps(), jobs[0]!.data);
    const mails = await mailOf('survey-complete');
    expect(mails.map((m) => m.subject)).toEqual(['3 new responses: Guest Survey at Main Street']);
    expect(mails[0]!.headers?.['List-Unsubscribe']).toContain('/unsubscribe/');
  });

  it('is silent when off, and a digest line when the digest is on', async () => {
    const code = await surveyCode();
    await t.gql(ANSWER, { code, answers: { nps: 9 } }, { ip: '203.0.113.1' });
    await t.relayEvents();
    const [job] = await queued();
    await setPrefs(p.alice.user.id, { receiveSurveyComplete: false });
    await sendSurveyResponsesNotice(t.db, deps(), job!.data);
    expect(await mailOf('survey-complete')).toEqual([]);
    await setPrefs(p.alice.user.id, { receiveSurveyComplete: true, receiveAsDigest: true });
    await sendSurveyResponsesNotice(t.db, deps(), job!.data);
    await sendSurveyResponsesNotice(t.db, deps(), job!.data);
    expect((await t.db.select().from(digestItems)).map((i) => [i.kind, i.facts.responses])).toEqual([
      ['survey-complete', 1],
    ]);
    await sendDigests(t.db, deps(), new Date());
    expect((await mailOf('daily-digest'))[0]?.text).toContain(
      'Survey responses\n- Guest Survey at Main Street: 1 response',
    );
  });
});

describe('unsubscribe links', () => {
  const LINK =
    'query ($token: String!) { unsubscribeLink(token: $token) { email topic label unsubscribed } }';
  const UNSUBSCRIBE = 'mutation ($token: String!) { unsubscribe(token: $token) { email topic } }';
  const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1).replace(/>$/, '');

  it('one click (RFC 8058) turns off that preference only, without a login', async () => {
    const [first] = await openVisits();
    await accept(first!);
    const [mail] = await mailOf('shop-scheduled');
    const token = tokenOf(mail!.headers!['List-Unsubscribe']!);
    expect((await ok<{ unsubscribeLink: unknown }>(LINK, { token })).unsubscribeLink).toEqual({
      email: 'alice@example.test',
      topic: 'shop-scheduled',
      label: 'e-mails when a shop is scheduled',
      unsubscribed: false,
    });
    const before = (await t.db.select().from(users).where(eq(users.id, p.alice.user.id)))[0]!
      .emailPreferences;
    expect(before.receiveShopScheduled).toBe(true);

    const res = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('Unsubscribed alice@example.test from e-mails when a shop is scheduled.');
    const after = (await t.db.select().from(users).where(eq(users.id, p.alice.user.id)))[0]!.emailPreferences;
    expect(after).toEqual({ ...before, receiveShopScheduled: false });
    // Opened again, the link says it is done already (the page then offers the preferences instead).
    expect(
      (await ok<{ unsubscribeLink: { unsubscribed: boolean } }>(LINK, { token })).unsubscribeLink
        .unsubscribed,
    ).toBe(true);
  });

  it('refuses a tampered or foreign token and changes nothing', async () => {
    const good = unsubscribeToken(t.config.appSecret, { userId: p.alice.user.id, topic: 'news' });
    const forged = unsubscribeToken('another-secret', { userId: p.alice.user.id, topic: 'news' });
    const [payload, sig] = good.split('.');
    const otherUser = `u${payload!.slice(1, 2)}${p.bob.user.id}`;
    const otherTopic = `u6${payload!.slice(2)}`;
    for (const token of [
      forged,
      `${otherUser}.${sig}`,
      `${otherTopic}.${sig}`,
      `${payload}.`,
      'u0abcdefghijkl.0123',
      '',
    ]) {
      const res = await t.gql(UNSUBSCRIBE, { token });
      expect(res.errors?.[0]?.message).toBe(MSG_UNSUBSCRIBE_LINK);
      expect(res.errors?.[0]?.extensions?.field).toBe('token');
      const post = await t.app.inject({ method: 'POST', url: `/unsubscribe/${token || 'none'}` });
      expect(post.statusCode).toBe(400);
    }
    const prefs = (await t.db.select().from(users)).map((u) => u.emailPreferences.receiveMarketing);
    expect(prefs.every(Boolean)).toBe(true);
    // The good one works, and again changes nothing more.
    expect((await ok<{ unsubscribe: unknown }>(UNSUBSCRIBE, { token: good })).unsubscribe).toEqual({
      email: 'alice@example.test',
      topic: 'news',
    });
    await ok(UNSUBSCRIBE, { token: good });
    const alice = (await t.db.select().from(users).where(eq(users.id, p.alice.user.id)))[0]!;
    expect(alice.emailPreferences.receiveMarketing).toBe(false);
    expect(alice.emailPreferences.receiveShopComplete).toBe(true);
  });

  it('keeps a location’s report address that unsubscribed from the next reports; the customer still gets theirs', async () => {
    const { second } = await approvedWithReportAddress();
    const [toManager] = await mailOf('report-ready', 'manager@alice.test');
    expect(toManager?.text).toContain('Unsubscribe: ');
    expect(toManager?.text).not.toContain('/account/preferences');
    const managerToken = tokenOf(toManager!.headers!['List-Unsubscribe']!);
    expect(
      (await ok<{ unsubscribeLink: { unsubscribed: boolean } }>(LINK, { token: managerToken }))
        .unsubscribeLink.unsubscribed,
    ).toBe(false);
    await ok(UNSUBSCRIBE, { token: managerToken });
    expect(
      (await ok<{ unsubscribeLink: { unsubscribed: boolean } }>(LINK, { token: managerToken }))
        .unsubscribeLink.unsubscribed,
    ).toBe(true);

    const next = await accept(second);
    await submit(next);
    await approve(next);
    expect(await mailOf('report-ready', 'manager@alice.test')).toHaveLength(1);
    expect(await mailOf('report-ready')).toHaveLength(2);
  });
});

describe("a team's managers (issue 18)", () => {
  it("tell the location's managers too, each by their own preferences; a manager elsewhere hears nothing", async () => {
    const [first, second] = await openVisits();
    const [location] = await t.db.select().from(locations);
    const mia = await managerOf(t, p.alice.user.id, 'mia@example.test', [location!.id]);
    const _olaf = await managerOf(t, p.alice.user.id, 'olaf@example.test', []);

    const id = await accept(first!);
    expect((await mailOf('shop-scheduled', 'mia@example.test')).map((m) => m.subject)).toEqual([
      'Shop scheduled: Dine-In at Main Street',
    ]);
    await submit(id);
    expect(await mailOf('shop-sent-to-qa', 'mia@example.test')).toHaveLength(1);
    await approve(id);
    const [ready] = await mailOf('report-ready', 'mia@example.test');
    expect(ready?.subject).toMatch(/^Your Dine-In report for Main Street/);
    // A manager logs in: the report's own page, and their own preferences and unsubscribe.
    expect(ready?.text).toContain(`/account/reports/shop/${id}`);
    expect(ready?.headers?.['List-Unsubscribe']).toMatch(/\/unsubscribe\//);
    expect(await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'olaf@example.test'))).toEqual(
      [],
    );

    // Mia turns "shop scheduled" off and the digest on: the next events wait for her digest.
    await setPrefs(mia.user.id, { receiveShopScheduled: false, receiveAsDigest: true });
    const next = await accept(second!);
    expect(await mailOf('shop-scheduled', 'mia@example.test')).toHaveLength(1);
    await submit(next);
    await approve(next);
    const lines = await t.db.select().from(digestItems).where(eq(digestItems.userId, mia.user.id));
    expect(lines.map((l) => l.kind).sort()).toEqual(['shop-completed', 'shop-sent-to-qa']);
    // Alice, with her own preferences, got hers one by one.
    expect(await mailOf('shop-scheduled')).toHaveLength(2);
  });
});

describe("the account's own login demoted to a manager (issue 42)", () => {
  const ANSWER =
    'mutation ($code: String!, $answers: JSON!) { submitSurveyResponse(surveyCode: $code, answers: $answers) }';
  const deps = () => ({
    mail: t.adapters.mail,
    storage: t.adapters.storage,
    origin: 'http://app.test',
    baseDomain: t.config.BASE_DOMAIN,
    secret: t.config.appSecret,
  });

  /**
   * Alice's order of a visit and a survey at Main Street (region A) and at Side Street (elsewhere);
   * Olga owns the team, Alice's own login is a manager of region A only.
   */
  async function demotedAccount() {
    const token = p.alice.token;
    const cart = await startCart(t, [c.shop.id, c.survey.id], { token });
    for (const name of ['Main Street', 'Side Street']) {
      const locationId = await addLocation(t, cart.oid, { token, name });
      await saveShop(
        t,
        {
          oid: cart.oid,
          locationId,
          uqid: cart.uqid(c.shop.id),
          recurring: false,
          totalQuantity: 1,
          reimbursement: 3000,
        },
        { token },
      );
      await saveShop(t, { oid: cart.oid, locationId, uqid: cart.uqid(c.survey.id) }, { token });
    }
    const input = { paymentCardValid: true, cancellationPolcy: true, stripeToken: await cardToken(t) };
    expect((await t.gql(CHECKOUT, { oid: cart.oid, input }, { token })).errors).toBeUndefined();
    const [a] = await t.db.select().from(locations).where(eq(locations.name, 'Main Street'));
    const olga = await customer(t, { email: 'olga@example.test' });
    const regionId = newId();
    await t.db.insert(regions).values({ id: regionId, accountId: p.alice.user.id, name: 'Region A' });
    await t.db.update(locations).set({ regionId }).where(eq(locations.id, a!.id));
    await rebuildRegionRollups(t.db, [regionId]);
    const memberId = newId();
    await t.db.insert(accountMembers).values([
      { id: newId(), accountId: p.alice.user.id, userId: olga.user.id, role: 'owner' },
      { id: memberId, accountId: p.alice.user.id, userId: p.alice.user.id, role: 'manager' },
    ]);
    await t.db.insert(memberRegions).values({ memberId, regionId });
  }

  /** Every kind of a location's event, at both locations: scheduled, sent to QA, report ready, survey. */
  async function eventsAtBothLocations() {
    for (const { _id } of (await ok<{ openVisits: { _id: string }[] }>(OPEN, {}, shopper.token)).openVisits) {
      const id = await accept(_id);
      await submit(id);
      await approve(id);
    }
    for (const [i, link] of (await t.db.select().from(surveyLinks)).entries()) {
      const res = await t.gql(
        ANSWER,
        { code: link.surveyCode, answers: { nps: 9 } },
        { ip: `203.0.113.${i}` },
      );
      expect(res.errors).toBeUndefined();
    }
    await t.relayEvents();
    const jobs = await t.rows<{ data: JobData['survey-responses'] }>(
      sql`select data from pgboss.job where name = 'survey-responses'`,
    );
    expect(jobs).toHaveLength(2);
    for (const job of jobs) await sendSurveyResponsesNotice(t.db, deps(), job.data);
  }

  const LOCATION_EVENTS = ['report-ready', 'shop-scheduled', 'shop-sent-to-qa', 'survey-complete'];
  /** The location events' e-mails to `email`: their kind, and A or B for the location they name. */
  const told = async (email: string) =>
    (await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email)))
      .filter((m) => LOCATION_EVENTS.includes(m.kind))
      .map((m) => [
        m.kind,
        /Main Street/.test(m.subject) ? 'A' : /Side Street/.test(m.subject) ? 'B' : m.subject,
      ])
      .sort();

  it('is told of its own region’s locations only, once each, and the owner of both', async () => {
    await demotedAccount();
    await eventsAtBothLocations();
    expect(await told('alice@example.test')).toEqual(LOCATION_EVENTS.map((kind) => [kind, 'A']));
    expect(await told('olga@example.test')).toEqual(
      LOCATION_EVENTS.flatMap((kind) => [
        [kind, 'A'],
        [kind, 'B'],
      ]),
    );
  });

  it('gets digest lines of its own region’s locations only', async () => {
    await demotedAccount();
    await setPrefs(p.alice.user.id, { receiveAsDigest: true });
    await eventsAtBothLocations();
    const lines = await t.db.select().from(digestItems).where(eq(digestItems.userId, p.alice.user.id));
    expect(lines.map((l) => [l.kind, l.facts.locationName]).sort()).toEqual([
      ['shop-completed', 'Main Street'],
      ['shop-scheduled', 'Main Street'],
      ['shop-sent-to-qa', 'Main Street'],
      ['survey-complete', 'Main Street'],
    ]);
    await sendDigests(t.db, deps(), new Date());
    const [digest] = await mailOf('daily-digest');
    expect(digest?.text).toContain('Main Street');
    expect(digest?.text).not.toContain('Side Street');
  });
});
