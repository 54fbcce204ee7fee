import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MSG_OUTBOX_EMAIL_NOT_FOUND,
  MSG_OUTBOX_STATUS,
  MSG_SEND_AGAIN_WAITING,
  type OutboxStatus,
} from '../../domain/index.js';
import { people } from '../account/test-fixtures.js';
import { smtpMail } from '../adapters/mail.js';
import { outboxEmails } from '../db/schema.js';
import { MAIL_MAX_TRIES } from '../jobs/index.js';
import { createBrand, setupTestApp } from '../test/harness.js';
import { expectError, expectNoChange } from '../test/order-wizard.js';
import { header, type SmtpStandIn, startSmtpStandIn } from '../test/smtp-stand-in.js';

// The admin outbox (issue 17): listing, filtering and paging the messages, the preview, and "send again"
// through the delivery job, with who may call each.
const t = setupTestApp();
let p: Awaited<ReturnType<typeof people>>;

/** Records as an app with a mail server does (pending, with a delivery job); it never reaches a server. */
const mail = smtpMail('smtp://127.0.0.1:1', 'Customer Optix <no-reply@customer-optix.test>');
let minute = 0;

/** A recorded message (and its delivery job), then put in `status`; each a minute after the last. */
async function record(over: { to?: string; subject?: string; html?: string; status?: OutboxStatus } = {}) {
  const id = (await mail.send(t.db, {
    to: over.to ?? 'ann@example.test',
    subject: over.subject ?? 'Your receipt',
    text: 'Thank you for your order.\n',
    html: over.html,
    kind: 'receipt',
  }))!;
  minute++;
  await t.db
    .update(outboxEmails)
    .set({
      status: over.status ?? 'pending',
      createdAt: new Date(Date.UTC(2026, 2, 1, 9, minute)),
      ...(over.status === 'sent' ? { tries: 1, sentAt: new Date(Date.UTC(2026, 2, 1, 9, minute, 30)) } : {}),
      ...(over.status === 'failed' ? { tries: MAIL_MAX_TRIES, error: '550 mailbox unavailable' } : {}),
    })
    .where(eq(outboxEmails.id, id));
  // Its delivery job as it would stand then: given up on a failed message, done with a sent or kept one.
  const state = { pending: null, failed: 'failed', sent: 'completed', kept: 'completed' }[
    over.status ?? 'pending'
  ];
  if (state) {
    await t.db.execute(
      sql`update pgboss.job set state = ${state}::pgboss.job_state where data->>'outboxId' = ${id}`,
    );
  }
  return id;
}

const row = async (id: string) => (await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, id)))[0]!;
const deliveryJobs = (id: string) =>
  t.rows<{ state: string }>(
    sql`select state::text from pgboss.job where name = 'mail-delivery' and data->>'outboxId' = ${id} order by created_on`,
  );

const LIST = `query ($first: Int, $after: String, $status: OutboxStatus, $to: String) {
  outbox(first: $first, after: $after, status: $status, to: $to) {
    totalCount pageInfo { hasNextPage endCursor } nodes { _id to subject kind status tries error createdAt sentAt }
  } }`;
const PREVIEW = `query ($id: String!) { outboxEmail(_id: $id) {
  _id to subject text html status headers { name value } } }`;
const SEND_AGAIN = `mutation ($id: String!) { sendEmailAgain(_id: $id) { _id status tries error } }`;

const list = async (vars: Record<string, unknown> = {}) => {
  const res = await t.gql(LIST, vars, { token: p.admin.token });
  expect(res.errors).toBeUndefined();
  return res.data.outbox as {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: { _id: string; to: string; subject: string; status: string }[];
  };
};

beforeEach(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'default', name: 'Customer Optix', isDefault: true });
  p = await people(t);
  minute = 0;
});

describe('who may use the outbox', () => {
  it('refuses the list, the preview and send again to anonymous visitors and customers, and allows admins', async () => {
    const failed = await record({ status: 'failed' });
    const calls: [string, string, Record<string, unknown>][] = [
      ['outbox', LIST, {}],
      ['outboxEmail', PREVIEW, { id: failed }],
      ['sendEmailAgain', SEND_AGAIN, { id: failed }],
    ];
    for (const [name, query, vars] of calls) {
      const anon = await expectNoChange(t, () => t.gql(query, vars));
      expect(anon.errors?.[0]?.extensions?.code, name).toBe('UNAUTHENTICATED');
      expect(anon.data?.[name] ?? null, name).toBeNull();
      const customer = await expectNoChange(t, () => t.gql(query, vars, { token: p.alice.token }));
      expect(customer.errors?.[0]?.message, name).toBe('Not Authorized');
      expect(customer.data?.[name] ?? null, name).toBeNull();
    }
    // Nothing was queued for the refused send again.
    expect(await deliveryJobs(failed)).toHaveLength(1);

    const answers: Record<string, unknown> = {
      outbox: expect.objectContaining({ totalCount: 1, nodes: [expect.objectContaining({ _id: failed })] }),
      outboxEmail: expect.objectContaining({ _id: failed, to: 'ann@example.test', subject: 'Your receipt' }),
      // A failed message is queued again as itself (docs: retry).
      sendEmailAgain: expect.objectContaining({ _id: failed, status: 'pending' }),
    };
    for (const [name, query, vars] of calls) {
      const admin = await t.gql(query, vars, { token: p.admin.token });
      expect(admin.errors, name).toBeUndefined();
      expect(admin.data[name], name).toEqual(answers[name]);
    }
  });
});

describe('listing the outbox', () => {
  it('lists every message newest first, 25 a page, with the total and a cursor to the next page', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 27; i++) ids.push(await record({ subject: `Message ${i}` }));
    const first = await list();
    expect(first.totalCount).toBe(27);
    expect(first.nodes.map((n) => n._id)).toEqual(ids.slice(2).reverse());
    expect(first.pageInfo.hasNextPage).toBe(true);

    const second = await list({ after: first.pageInfo.endCursor });
    expect(second.nodes.map((n) => n._id)).toEqual([ids[1], ids[0]]);
    expect(second).toMatchObject({ totalCount: 27, pageInfo: { hasNextPage: false } });
  });

  it('filters by status, and counts only the matching messages', async () => {
    const pending = await record({ status: 'pending' });
    const sent = await record({ status: 'sent' });
    const failed = await record({ status: 'failed' });
    const kept = await record({ status: 'kept' });
    const byStatus = { pending, sent, failed, kept };
    for (const [status, id] of Object.entries(byStatus)) {
      const page = await list({ status });
      expect(
        page.nodes.map((n) => n._id),
        status,
      ).toEqual([id]);
      expect(page.totalCount, status).toBe(1);
    }
    // No status is every message.
    expect((await list({ status: null })).nodes.map((n) => n._id)).toEqual([kept, failed, sent, pending]);
  });

  it("searches by part of the recipient's address in any case, LIKE wildcards taken literally", async () => {
    const ann = await record({ to: 'Ann.Lee@Example.test' });
    await record({ to: 'bob@example.test' });
    const percent = await record({ to: 'x%y@example.test' });
    expect((await list({ to: 'ann.lee' })).nodes.map((n) => n._id)).toEqual([ann]);
    expect((await list({ to: '  EXAMPLE.TEST ' })).totalCount).toBe(3);
    expect((await list({ to: '%' })).nodes.map((n) => n._id)).toEqual([percent]);
    expect((await list({ to: 'nobody' })).nodes).toEqual([]);
  });

  it('combines the status filter with the search and pages within them', async () => {
    const failedAnn = [
      await record({ to: 'ann@example.test', status: 'failed' }),
      await record({ to: 'ann@example.test', status: 'failed' }),
    ];
    await record({ to: 'bob@example.test', status: 'failed' });
    await record({ to: 'ann@example.test', status: 'sent' });
    const first = await list({ status: 'failed', to: 'ann', first: 1 });
    expect(first).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true } });
    expect(first.nodes.map((n) => n._id)).toEqual([failedAnn[1]]);
    const next = await list({ status: 'failed', to: 'ann', first: 1, after: first.pageInfo.endCursor });
    expect(next.nodes.map((n) => n._id)).toEqual([failedAnn[0]]);
    expect(next.pageInfo.hasNextPage).toBe(false);
  });

  it('refuses a status that is not one, naming the field', async () => {
    for (const status of ['delivered', '', 'SENT']) {
      const res = await t.gql(LIST, { status }, { token: p.admin.token });
      expectError(res, MSG_OUTBOX_STATUS, { field: 'status', code: 'BAD_USER_INPUT' });
    }
  });

  it("gives each message's kind and status as enum values; a kind this version does not know is OTHER", async () => {
    const qa = await record({ status: 'sent' });
    const reset = await record();
    await record();
    await t.db.update(outboxEmails).set({ kind: 'shop-sent-to-qa' }).where(eq(outboxEmails.id, qa));
    // An early version spelt kinds with spaces; the third keeps the helper's 'receipt', never a kind.
    await t.db.update(outboxEmails).set({ kind: 'reset password' }).where(eq(outboxEmails.id, reset));
    const page = (await list()) as unknown as { nodes: { kind: string; status: string }[] };
    expect(page.nodes.map((n) => [n.kind, n.status])).toEqual([
      ['OTHER', 'pending'],
      ['RESET_PASSWORD', 'pending'],
      ['SHOP_SENT_TO_QA', 'sent'],
    ]);
  });
});

describe('the preview', () => {
  it('shows the headers the message goes out with, its text and its HTML version', async () => {
    const id = await record({ html: '<p>Thank you</p>', status: 'sent' });
    const res = await t.gql(PREVIEW, { id }, { token: p.admin.token });
    expect(res.errors).toBeUndefined();
    const email = res.data.outboxEmail;
    expect(email).toMatchObject({ _id: id, text: 'Thank you for your order.\n', html: '<p>Thank you</p>' });
    expect(email.headers).toEqual([
      { name: 'From', value: 'Customer Optix <no-reply@customer-optix.test>' },
      { name: 'To', value: 'ann@example.test' },
      { name: 'Subject', value: 'Your receipt' },
      { name: 'Date', value: 'Sun, 01 Mar 2026 09:01:30 GMT' },
      { name: 'Message-ID', value: `<${id}@customer-optix.test>` },
    ]);
  });

  it('has no HTML version (and no Date) for a plain-text message not sent yet, and null for an unknown id', async () => {
    const id = await record();
    const res = await t.gql(PREVIEW, { id }, { token: p.admin.token });
    expect(res.data.outboxEmail.html).toBeNull();
    expect(res.data.outboxEmail.headers.map((h: { name: string }) => h.name)).toEqual([
      'From',
      'To',
      'Subject',
      'Message-ID',
    ]);
    expect((await t.gql(PREVIEW, { id: 'nope' }, { token: p.admin.token })).data.outboxEmail).toBeNull();
  });

  it('reads the HTML version of listed messages when asked for', async () => {
    await record({ html: '<p>A</p>' });
    await record();
    const res = await t.gql('{ outbox { nodes { html } } }', {}, { token: p.admin.token });
    expect(res.data.outbox.nodes).toEqual([{ html: null }, { html: '<p>A</p>' }]);
  });
});

describe('send again', () => {
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
  });
  afterAll(() => smtp.close());
  beforeEach(() => {
    smtp.received.length = 0;
  });
  const sendAgain = (id: string, app?: Awaited<ReturnType<typeof t.buildApp>>) =>
    t.gql(SEND_AGAIN, { id }, { token: p.admin.token, app });

  it('delivers a message that failed when the mail server was down, on its own row, with a fresh set of tries', async () => {
    const reserved = await startSmtpStandIn();
    const port = reserved.port;
    await reserved.close();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}` };
    const id = await record();
    for (let i = 0; i < MAIL_MAX_TRIES + 1; i++) await t.drainJobs({ env, retriesNow: true });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', tries: MAIL_MAX_TRIES });
    expect(failed.error).toMatch(/ECONNREFUSED/);

    const up = await startSmtpStandIn({ port });
    try {
      const res = await sendAgain(id);
      expect(res.errors).toBeUndefined();
      expect(res.data.sendEmailAgain).toMatchObject({ _id: id, status: 'pending', tries: MAIL_MAX_TRIES });
      expect((await deliveryJobs(id)).map((j) => j.state)).toEqual(['failed', 'created']);

      expect(await t.drainJobs({ env })).toBe(1);
      expect(up.received).toHaveLength(1);
      expect(header(up.received[0]!, 'Message-ID')).toBe(`<${id}@customer-optix.test>`);
      expect(await row(id)).toMatchObject({ status: 'sent', tries: MAIL_MAX_TRIES + 1 });
      expect(await t.db.select().from(outboxEmails)).toHaveLength(1);
    } finally {
      await up.close();
    }
  });

  it('gives a failed message all its tries again: it fails again only after another full set', async () => {
    const refused = await startSmtpStandIn({ refuse: ['ann@example.test'] });
    try {
      const env = { SMTP_URL: refused.url };
      const id = await record({ status: 'failed' });
      await sendAgain(id);
      for (let i = 0; i < MAIL_MAX_TRIES - 1; i++) await t.drainJobs({ env, retriesNow: true });
      expect(await row(id)).toMatchObject({ status: 'pending', tries: 2 * MAIL_MAX_TRIES - 1 });
      await t.drainJobs({ env, retriesNow: true });
      expect(await row(id)).toMatchObject({ status: 'failed', tries: 2 * MAIL_MAX_TRIES });
    } finally {
      await refused.close();
    }
  });

  it('sends a sent message again as a new copy, leaving the sent one as it was', async () => {
    const env = { SMTP_URL: smtp.url };
    const original = await record({ html: '<p>Thanks</p>' });
    await t.drainJobs({ env });
    const before = await row(original);
    expect(before.status).toBe('sent');

    // Sent again by an app with the mail server: the copy waits for its own delivery.
    const res = await sendAgain(original, await t.buildApp({ env }));
    expect(res.errors).toBeUndefined();
    const copyId = res.data.sendEmailAgain._id as string;
    expect(copyId).not.toBe(original);
    expect(res.data.sendEmailAgain).toMatchObject({ status: 'pending', tries: 0, error: null });
    expect(await row(copyId)).toMatchObject({
      to: before.to,
      subject: before.subject,
      text: before.text,
      html: '<p>Thanks</p>',
      kind: before.kind,
      dedupKey: null,
    });

    await t.drainJobs({ env });
    expect(await row(original)).toEqual(before);
    expect(await row(copyId)).toMatchObject({ status: 'sent', tries: 1 });
    expect(smtp.received.map((m) => header(m, 'Message-ID'))).toEqual([
      `<${original}@customer-optix.test>`,
      `<${copyId}@customer-optix.test>`,
    ]);
    // The copy is the newest message of the list.
    expect((await list()).nodes.map((n) => n._id)).toEqual([copyId, original]);
  });

  it('without a mail server, a kept message is copied and the copy is kept in the outbox too', async () => {
    const kept = await record({ status: 'kept' });
    const res = await sendAgain(kept);
    const copyId = res.data.sendEmailAgain._id as string;
    expect(copyId).not.toBe(kept);
    await t.drainJobs();
    expect(await row(copyId)).toMatchObject({ status: 'kept', tries: 0 });
    expect(await row(kept)).toMatchObject({ status: 'kept' });
  });

  it('refuses a message whose delivery is still queued, and an unknown one, changing nothing', async () => {
    const pending = await record({ status: 'pending' });
    const waiting = await expectNoChange(t, () => sendAgain(pending));
    expectError(waiting, MSG_SEND_AGAIN_WAITING, { code: 'CONFLICT' });
    expect(await deliveryJobs(pending)).toHaveLength(1);

    const unknown = await expectNoChange(t, () => sendAgain('no-such-message'));
    expectError(unknown, MSG_OUTBOX_EMAIL_NOT_FOUND, { field: '_id', code: 'NOT_FOUND' });
  });

  it('queues one delivery when two admins press Send again at once', async () => {
    const failed = await record({ status: 'failed' });
    const results = await Promise.all([sendAgain(failed), sendAgain(failed)]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.find((r) => r.errors)?.errors?.[0]?.message).toBe(MSG_SEND_AGAIN_WAITING);
    expect((await deliveryJobs(failed)).map((j) => j.state)).toEqual(['failed', 'created']);
  });
});
