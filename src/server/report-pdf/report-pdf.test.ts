import { and, eq } from 'drizzle-orm';
import { createElement } from 'react';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { uploadFolder } from '../../domain/index.js';
import { EvaluationStatus } from '../../evaluation/index.js';
import { people } from '../account/test-fixtures.js';
import { newUploadKey } from '../adapters/storage.js';
import { newId } from '../db/ids.js';
import {
  accountMembers,
  evaluationQuestionScores,
  evaluationSectionScores,
  evaluations,
  forms,
  formVersions,
  locations,
  memberRegions,
  outboxEmails,
  regions,
  reportScheduleRecipients,
  shops,
  userQuestionnaires,
  visits,
} from '../db/schema.js';
import { rollUpScores } from '../fieldwork/index.js';
import { backgroundMailDeps } from '../notifications/index.js';
import { queueReportEmails, reportEmailKey, sendReportEmail } from '../report-emails/index.js';
import { VISIT_FORM } from '../test/fieldwork-fixtures.js';
import { setupTestApp } from '../test/harness.js';
import { catalogue, customer, placedOrderOf } from '../test/order-wizard.js';
import { pdfPages, pdfText } from '../test/pdf-text.js';
import { MSG_PDF_RENDER_FAILED, ReportRenderError, renderPdf } from './render.js';
import { readReportLink, reportLinkQuery } from './routes.js';

// Report PDFs and scheduled report e-mails (issue 48), against the team fixture of scope.test.ts: the
// owner (three locations), the manager of region North, an admin, another account (bob), and a removed
// member. What each PDF and e-mail holds is read back from the PDF's text (pdfjs-dist).
const t = setupTestApp();

type Person = { id: string; token: string };
let owner: Person;
let bob: Person;
let managerN: Person;
let managerNMember: string;
let admin: Person;
let removed: Person;
/** A platform admin (site staff, not of the account's team). */
let platformAdmin: Person;
let north: string;
const shopAt: Record<string, string> = {};
const RANGE = 'startDate=2026-03-01&endDate=2026-03-31';

async function resultsAt(locationId: string, name: string, uqid: string, shopId: string, pct: number) {
  const visitId = newId();
  await t.db.insert(visits).values({
    id: visitId,
    shopId,
    uqid,
    locationId,
    cycleStart: '2026-03-01',
    sequence: 100 + Object.keys(shopAt).length,
    dueDate: '2026-03-31',
  });
  const id = newId();
  // A real photo in the evaluation's folder, larger than a PDF needs (it is scaled down).
  const photo = newUploadKey(uploadFolder('evaluations', id), 'counter.jpg').fileKey;
  const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3b5bdb' } })
    .jpeg()
    .toBuffer();
  await t.adapters.storage.write(photo, jpeg, 'image/jpeg');
  await t.db.insert(evaluations).values({
    id,
    visitId,
    formVersionId: 'fv1',
    status: EvaluationStatus.Approved,
    document: { answers: { greet: 'yes', wait: 3, pic: photo } },
    uqid,
    locationId,
    clientId: owner.id,
    shopDate: '2026-03-10',
    score: pct * 20,
    possibleScore: 20,
  });
  await t.db
    .insert(evaluationSectionScores)
    .values([
      { evaluationId: id, sectionIndex: 0, sectionHeader: 'Service', score: pct * 20, possibleScore: 20 },
    ]);
  await t.db.insert(evaluationQuestionScores).values({
    evaluationId: id,
    elementId: 'q0',
    sectionHeader: 'Service',
    prompt: `Greeting at ${name}`,
    answer: 'x',
    score: pct * 10,
    possibleScore: 10,
  });
  await rollUpScores(t.db, eq(evaluations.id, id));
  shopAt[name] = id;
}

async function member(email: string, role: string, regionId?: string) {
  const m = await customer(t, { email });
  const id = newId();
  await t.db.insert(accountMembers).values({ id, accountId: owner.id, userId: m.user.id, role });
  if (regionId) await t.db.insert(memberRegions).values({ memberId: id, regionId });
  return { person: { id: m.user.id, token: m.token }, memberId: id };
}

beforeEach(async () => {
  await t.resetDb();
  for (const k of Object.keys(shopAt)) delete shopAt[k];
  const c = await catalogue(t);
  const p = await people(t);
  owner = { id: p.alice.user.id, token: p.alice.token };
  bob = { id: p.bob.user.id, token: p.bob.token };
  platformAdmin = { id: p.admin.user.id, token: p.admin.token };
  const order = await placedOrderOf(t, c, owner.token);
  const [uq] = await t.db.select().from(userQuestionnaires);
  const [shop] = await t.db.select().from(shops).where(eq(shops.uqid, uq!.id));
  await t.db.insert(forms).values({ id: 'f1', name: 'F', draft: {} });
  await t.db.insert(formVersions).values({
    id: 'fv1',
    formId: 'f1',
    version: 1,
    definition: FORM_WITH_PHOTO,
  });
  north = newId();
  const south = newId();
  await t.db.insert(regions).values([
    { id: north, accountId: owner.id, name: 'North' },
    { id: south, accountId: owner.id, name: 'South' },
  ]);
  const northId = newId();
  const southId = newId();
  const place = { uid: owner.id, line1: '1 Main St', city: 'Austin', state: 'TX' };
  await t.db.insert(locations).values([
    { ...place, id: northId, name: 'North 1', regionId: north },
    { ...place, id: southId, name: 'South 1', regionId: south },
  ]);
  await resultsAt(order.locationId, 'Main Street', uq!.id, shop!.id, 0.25);
  await resultsAt(northId, 'North 1', uq!.id, shop!.id, 1);
  await resultsAt(southId, 'South 1', uq!.id, shop!.id, 0.5);
  await t.db
    .insert(accountMembers)
    .values({ id: newId(), accountId: owner.id, userId: owner.id, role: 'owner' });
  admin = (await member('admin-member@example.test', 'admin')).person;
  const n = await member('north@example.test', 'manager', north);
  managerN = n.person;
  managerNMember = n.memberId;
  const r = await member('gone@example.test', 'manager', north);
  removed = r.person;
  await t.db.update(accountMembers).set({ removedAt: new Date() }).where(eq(accountMembers.id, r.memberId));
});

const FORM_WITH_PHOTO = {
  ...VISIT_FORM,
  sections: [
    ...VISIT_FORM.sections,
    {
      localId: 's3',
      name: 'Photos',
      elements: [
        {
          localId: 'pic',
          typeId: 'imageupload',
          prompt: 'Photo of the counter',
          required: { when: 'always', conditions: [] },
        },
      ],
    },
  ],
};

const getPdf = (url: string, token?: string) => t.inject({ method: 'GET', url, ...(token ? { token } : {}) });

describe('the summary PDF', () => {
  it("holds the owner's whole account: filters, range, headline, board and worst questions, with page numbers", async () => {
    const res = await getPdf(`/reports/summary.pdf?${RANGE}&paper=letter`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('performance-summary-2026-03-01-to-2026-03-31.pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Performance Summary');
    expect(text).toContain('March 2026');
    expect(text).toContain('All Programs');
    for (const name of ['Main Street', 'North 1', 'South 1']) expect(text).toContain(name);
    // (0.25 + 1 + 0.5) / 3 of the possible score.
    expect(text).toMatch(/Overall score\s+58%/);
    expect(text).toContain('Most under-performing questions from Shops');
    expect(text).toContain('"Greeting at Main Street"');
    expect(text).toMatch(/Page 1 of \d/);
  });

  it("holds only a manager's locations, and an admin's whole account", async () => {
    const mine = await pdfText((await getPdf(`/reports/summary.pdf?${RANGE}`, managerN.token)).rawPayload);
    expect(mine).toContain('North 1');
    expect(mine).not.toContain('South 1');
    expect(mine).not.toContain('Main Street');
    expect(mine).toContain('Your locations only');
    const all = await pdfText((await getPdf(`/reports/summary.pdf?${RANGE}`, admin.token)).rawPayload);
    expect(all).toContain('South 1');
  });

  it("never holds another account's data, a removed member's or an anonymous caller's", async () => {
    const other = await getPdf(`/reports/summary.pdf?${RANGE}`, bob.token);
    expect(other.statusCode).toBe(200);
    const text = await pdfText(other.rawPayload);
    for (const name of ['Main Street', 'North 1', 'South 1']) expect(text).not.toContain(name);
    expect(text).toContain('No shop data to display in this date range.');
    expect((await getPdf(`/reports/summary.pdf?${RANGE}`, removed.token)).statusCode).toBe(403);
    expect((await getPdf(`/reports/summary.pdf?${RANGE}`)).statusCode).toBe(401);
  });

  it('takes the Region filter (never wider than a manager) and refuses bad input by its field', async () => {
    const regionOnly = await pdfText(
      (await getPdf(`/reports/summary.pdf?${RANGE}&regionId=${north}`, owner.token)).rawPayload,
    );
    expect(regionOnly).toContain('Region: North');
    expect(regionOnly).not.toContain('South 1');
    const bad = await getPdf('/reports/summary.pdf?startDate=2026-02-30&endDate=2026-03-31', owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('startDate');
    const paper = await getPdf(`/reports/summary.pdf?${RANGE}&paper=a3`, owner.token);
    expect(paper.json()).toMatchObject({ field: 'paper' });
    const region = await getPdf(`/reports/summary.pdf?${RANGE}&regionId=nope`, owner.token);
    expect(region.json()).toMatchObject({ field: 'regionId' });
  });

  it('is A4 or US Letter', async () => {
    const a4 = (await getPdf(`/reports/summary.pdf?${RANGE}&paper=a4`, owner.token)).rawPayload.toString(
      'latin1',
    );
    const letter = (
      await getPdf(`/reports/summary.pdf?${RANGE}&paper=letter`, owner.token)
    ).rawPayload.toString('latin1');
    expect(a4).toMatch(/MediaBox \[0 0 595\.\d+ 841\.\d+\]/);
    expect(letter).toMatch(/MediaBox \[0 0 612 792\]/);
  });
});

describe('the shop report PDF', () => {
  it("is the account's approved shop, within a manager's locations only", async () => {
    const own = await getPdf(`/reports/shop/${shopAt['North 1']}.pdf`, owner.token);
    expect(own.statusCode, own.body).toBe(200);
    const text = await pdfText(own.rawPayload);
    expect(text).toContain('North 1');
    expect(text).toContain('Were you greeted?');
    expect(text).toContain('Photo of the counter');
    // The photo is embedded, scaled to at most 1000 px (from 2400).
    const raw = own.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/Subtype \/Image/);
    expect(raw).toMatch(/\/Width 1000/);
    expect((await getPdf(`/reports/shop/${shopAt['North 1']}.pdf`, managerN.token)).statusCode).toBe(200);
    expect((await getPdf(`/reports/shop/${shopAt['South 1']}.pdf`, managerN.token)).statusCode).toBe(403);
    expect((await getPdf(`/reports/shop/${shopAt['South 1']}.pdf`, bob.token)).statusCode).toBe(403);
    expect((await getPdf(`/reports/shop/${shopAt['South 1']}.pdf`, removed.token)).statusCode).toBe(403);
    expect((await getPdf(`/reports/shop/${shopAt['South 1']}.pdf`)).statusCode).toBe(401);
  });

  it("a platform admin downloads a customer's report as the customer reads it; anonymous and another customer cannot", async () => {
    const url = `/reports/shop/${shopAt['South 1']}.pdf?paper=letter`;
    // A shopper did the visit: the PDF never names them, whoever downloads it.
    const shopper = await customer(t, { email: 'sam.shopper@example.test' });
    await t.db
      .update(evaluations)
      .set({ userId: shopper.user.id })
      .where(eq(evaluations.id, shopAt['South 1']!));
    const asAdmin = await getPdf(url, platformAdmin.token);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('application/pdf');
    const asCustomer = await getPdf(url, owner.token);
    expect(asCustomer.statusCode).toBe(200);
    const [adminText, customerText] = [
      await pdfText(asAdmin.rawPayload),
      await pdfText(asCustomer.rawPayload),
    ];
    expect(adminText).toContain('South 1');
    // The same report the customer gets (its brand, its answers), and nothing of the shopper.
    expect(adminText).toBe(customerText);
    for (const text of [adminText, customerText]) expect(text).not.toMatch(/sam\.shopper|Sam/);
    // The account's admin member (not a platform admin) reads it as the account does.
    expect((await getPdf(url, admin.token)).statusCode).toBe(200);
    expect((await getPdf(url)).statusCode).toBe(401);
    expect((await getPdf(url, bob.token)).statusCode).toBe(403);
    // Not approved yet: not a report, even for a platform admin.
    await t.db
      .update(evaluations)
      .set({ status: EvaluationStatus.Submitted })
      .where(eq(evaluations.id, shopAt['South 1']!));
    expect((await getPdf(url, platformAdmin.token)).statusCode).toBe(403);
  });
});

const SAVE = `mutation ($frequency: String, $paper: String, $recipientIds: [String!]!) {
  saveReportSchedule(frequency: $frequency, paper: $paper, recipientIds: $recipientIds) {
    frequency paper nextSendDay recipients { userId email unsubscribed }
  }
}`;
const READ = 'query { reportSchedule { frequency recipients { userId } members { userId role } } }';

describe('the report schedule', () => {
  it('is set by the owner for team members only, naming the field', async () => {
    const ok = await t.gql(
      SAVE,
      { frequency: 'weekly', paper: 'letter', recipientIds: [owner.id, managerN.id] },
      { token: owner.token },
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.data.saveReportSchedule.recipients.map((r: { userId: string }) => r.userId).sort()).toEqual(
      [owner.id, managerN.id].sort(),
    );
    for (const outsider of [bob.id, removed.id, 'no-such-user']) {
      const res = await t.gql(
        SAVE,
        { frequency: 'weekly', recipientIds: [outsider] },
        { token: owner.token },
      );
      expect(res.errors?.[0]?.message).toBe('Each recipient must be a member of your team.');
      expect(JSON.stringify(res.errors?.[0]?.extensions)).toContain('recipientIds');
    }
    const none = await t.gql(SAVE, { frequency: 'weekly', recipientIds: [] }, { token: owner.token });
    expect(none.errors?.[0]?.message).toBe('Choose at least one recipient.');
    const daily = await t.gql(SAVE, { frequency: 'daily', recipientIds: [owner.id] }, { token: owner.token });
    expect(JSON.stringify(daily.errors?.[0]?.extensions)).toContain('frequency');
  });

  it('is refused to anonymous callers, managers, admins and removed members; another account sets its own', async () => {
    const anonymous = await t.gql(SAVE, { frequency: 'weekly', recipientIds: [owner.id] });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    for (const who of [managerN, admin, removed]) {
      const res = await t.gql(SAVE, { frequency: 'weekly', recipientIds: [owner.id] }, { token: who.token });
      expect(res.errors?.[0]?.extensions?.code, who.id).toBe('FORBIDDEN');
      expect((await t.gql(READ, {}, { token: who.token })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    // Bob's own account: his team is himself alone; alice's members are not his to choose.
    const own = await t.gql(SAVE, { frequency: 'monthly', recipientIds: [bob.id] }, { token: bob.token });
    expect(own.errors).toBeUndefined();
    const theirs = await t.gql(
      SAVE,
      { frequency: 'monthly', recipientIds: [owner.id] },
      { token: bob.token },
    );
    expect(theirs.errors?.[0]?.message).toBe('Each recipient must be a member of your team.');
    const read = await t.gql(READ, {}, { token: bob.token });
    expect(read.data.reportSchedule.members.map((m: { userId: string }) => m.userId)).toEqual([bob.id]);
  });

  it('queues each recipient on the schedule’s days only (time moved), once per period', async () => {
    await t.gql(SAVE, { frequency: 'weekly', recipientIds: [owner.id, managerN.id] }, { token: owner.token });
    expect(await queueReportEmails(t.db, '2026-04-07')).toBe(0); // a Tuesday
    expect(await queueReportEmails(t.db, '2026-04-06')).toBe(2); // a Monday
    expect(await queueReportEmails(t.db, '2026-04-06')).toBe(0); // a rerun queues nothing more
    await t.gql(SAVE, { frequency: 'monthly', recipientIds: [owner.id] }, { token: owner.token });
    expect(await queueReportEmails(t.db, '2026-03-02')).toBe(1); // March 1st 2026 is a Sunday
    expect(await queueReportEmails(t.db, '2026-03-03')).toBe(0);
  });
});

describe('the scheduled report e-mail', () => {
  const march = { start: '2026-03-01', end: '2026-03-31', frequency: 'monthly' as const };
  const deps = () => backgroundMailDeps(t.config, t.adapters);
  const mailTo = async (email: string) =>
    t.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, email), eq(outboxEmails.kind, 'scheduled-report')));

  beforeEach(async () => {
    await t.gql(
      SAVE,
      { frequency: 'monthly', recipientIds: [owner.id, managerN.id, admin.id] },
      { token: owner.token },
    );
  });

  it('gives each recipient their own scope, in the body and the attached PDF', async () => {
    expect(
      await sendReportEmail(t.db, deps(), { accountId: owner.id, userId: managerN.id, ...march }, new Date()),
    ).toBe('sent');
    const [mail] = await mailTo('north@example.test');
    expect(mail!.subject).toBe('Your monthly Performance Summary: March 2026');
    expect(mail!.text).toContain('Overall score: 100%');
    expect(mail!.text).toContain('(your locations)');
    expect(mail!.text).not.toContain('South 1');
    expect(mail!.headers?.['List-Unsubscribe']).toMatch(/unsubscribe/);
    const [file] = mail!.attachments!;
    expect(file!.contentType).toBe('application/pdf');
    const pages = await pdfPages(Buffer.from(file!.content, 'base64'));
    expect(pages.join(' ')).toContain('North 1');
    expect(pages.join(' ')).not.toContain('South 1');

    await sendReportEmail(t.db, deps(), { accountId: owner.id, userId: owner.id, ...march }, new Date());
    const [ownerMail] = await mailTo('alice@example.test');
    expect(ownerMail!.text).toContain('Overall score: 58%');
    expect(await pdfText(Buffer.from(ownerMail!.attachments![0]!.content, 'base64'))).toContain('South 1');
  });

  it('goes to nobody removed from the team since, and once per period', async () => {
    await t.db
      .update(accountMembers)
      .set({ removedAt: new Date() })
      .where(eq(accountMembers.id, managerNMember));
    expect(
      await sendReportEmail(t.db, deps(), { accountId: owner.id, userId: managerN.id, ...march }, new Date()),
    ).toBe('skipped');
    expect(await mailTo('north@example.test')).toHaveLength(0);
    const data = { accountId: owner.id, userId: owner.id, ...march };
    await sendReportEmail(t.db, deps(), data, new Date());
    await sendReportEmail(t.db, deps(), data, new Date());
    expect(await mailTo('alice@example.test')).toHaveLength(1);
    expect(reportEmailKey(data)).toContain(owner.id);
  });

  it('stops for the recipient who follows its unsubscribe link, and only for them', async () => {
    await sendReportEmail(t.db, deps(), { accountId: owner.id, userId: managerN.id, ...march }, new Date());
    const [mail] = await mailTo('north@example.test');
    const link = /<([^>]+)>/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    const res = await t.inject({
      method: 'POST',
      url: new URL(link).pathname,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.select().from(reportScheduleRecipients);
    expect(rows.filter((r) => r.unsubscribedAt).map((r) => r.userId)).toEqual([managerN.id]);
    // The next run: the owner and the admin only.
    expect(await queueReportEmails(t.db, '2026-04-01')).toBe(2);
    expect(
      await sendReportEmail(
        t.db,
        deps(),
        { accountId: owner.id, userId: managerN.id, ...march, start: '2026-03-02' },
        new Date(),
      ),
    ).toBe('skipped');
  });

  it("signs a download link for a PDF too large to attach, in the recipient's scope read when opened", async () => {
    const now = Date.now();
    const query = reportLinkQuery(t.config.appSecret, {
      accountId: owner.id,
      userId: managerN.id,
      period: { start: '2026-03-01', end: '2026-03-31' },
      paper: 'a4',
      expires: Math.floor(now / 1000) + 3600,
    });
    const res = await t.inject({ method: 'GET', url: `/reports/emailed.pdf?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('North 1');
    expect(text).not.toContain('South 1');
    // Tampered, expired, or the recipient since removed.
    expect(
      (await t.inject({ method: 'GET', url: `/reports/emailed.pdf?${query.replace(managerN.id, owner.id)}` }))
        .statusCode,
    ).toBe(401);
    expect(
      readReportLink(t.config.appSecret, Object.fromEntries(new URLSearchParams(query)), now + 7200_000),
    ).toBeNull();
    await t.db
      .update(accountMembers)
      .set({ removedAt: new Date() })
      .where(eq(accountMembers.id, managerNMember));
    expect((await t.inject({ method: 'GET', url: `/reports/emailed.pdf?${query}` })).statusCode).toBe(403);
  });
});

describe('a render that fails', () => {
  it('is a clear error, never an empty file', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    await expect(renderPdf(createElement(Broken))).rejects.toThrow(ReportRenderError);
    await expect(renderPdf(createElement(Broken))).rejects.toThrow(MSG_PDF_RENDER_FAILED);
  });
});

describe('the shop report PDF route', () => {
  it('takes only a .pdf name: the shared report page at /reports/shop/{id}?key= stays the app’s', async () => {
    const page = await t.inject({ method: 'GET', url: '/reports/shop/AbC123xyz?key=k' });
    expect(page.body).not.toContain('Report not found.');
    expect(page.headers['content-type']).not.toMatch(/json|pdf/);
    const pdf = await t.inject({ method: 'GET', url: '/reports/shop/AbC123xyz.pdf' });
    expect(pdf.statusCode).toBe(401);
  });
});
