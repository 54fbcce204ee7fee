import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { finish, inTransaction, pipeline } from '../db/client.js';
import { orders, outboxEmails } from '../db/schema.js';
import { deliverEmail } from '../jobs/deliver-email.js';
import { enqueue, MAIL_MAX_TRIES } from '../jobs/index.js';
import { createBrand, createUser, setupTestApp } from '../test/harness.js';
import { CHECKOUT, cardToken, cartWithShop, catalogue, guestInput } from '../test/order-wizard.js';
import {
  header,
  type ReceivedMail,
  type SmtpStandIn,
  sameMessageKey,
  startSmtpStandIn,
} from '../test/smtp-stand-in.js';
import { outboxMail, smtpMail } from './mail.js';

const t = setupTestApp();

/** A recipient the stand-in server refuses (to test a failed delivery). */
const REFUSED = 'bounce@example.test';
let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn({ refuse: [REFUSED] });
});
afterAll(() => smtp.close());

beforeEach(async () => {
  smtp.received.length = 0;
  await t.resetDb();
});

const message = {
  to: 'ann@example.test',
  subject: 'Reset your Customer Optix password',
  text: 'Hello Ann,\n\nhttp://localhost:3000/reset-password/abc123\n',
  kind: 'reset-password',
};
const smtpEnv = () => ({ SMTP_URL: smtp.url });
/** The adapter of an app with SMTP_URL: it records pending messages with their delivery jobs. */
const mail = smtpMail('smtp://127.0.0.1:1', 'Customer Optix <no-reply@customer-optix.test>');

const outbox = () => t.db.select().from(outboxEmails).orderBy(asc(outboxEmails.createdAt));
const deliveryJobs = () =>
  t.rows<{ state: string; outboxId: string; retryCount: number }>(
    sql`select state::text, data->>'outboxId' as "outboxId", retry_count as "retryCount"
        from pgboss.job where name = 'mail-delivery' order by created_on`,
  );

describe('recording a message', () => {
  it("writes the outbox row and its delivery job in the caller's transaction", async () => {
    await inTransaction(t.db, (tx) => mail.send(tx, { ...message, html: '<p>Hello</p>' }));
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...message, html: '<p>Hello</p>', status: 'pending', tries: 0 });
    expect(await deliveryJobs()).toEqual([{ state: 'created', outboxId: rows[0]!.id, retryCount: 0 }]);
  });

  it('writes neither the row nor the job when the transaction rolls back', async () => {
    const failed = inTransaction(t.db, async (tx) => {
      await mail.send(tx, message);
      await pipeline(mail.queue(tx, { ...message, to: 'bob@example.test' }).record);
      throw new Error('the change failed');
    });
    await expect(failed).rejects.toThrow('the change failed');
    expect(await outbox()).toEqual([]);
    expect(await deliveryJobs()).toEqual([]);
  });

  it('records a message with a dedup key once, however often it is sent', async () => {
    const once = { ...message, dedupKey: 'receipt:inv-1:1' };
    const first = await mail.send(t.db, once);
    expect(await mail.send(t.db, once)).toBeNull();
    await inTransaction(t.db, (tx) => finish(tx, mail.queue(tx, once).record));
    expect((await outbox()).map((r) => r.id)).toEqual([first]);

    await t.drainJobs({ env: smtpEnv() });
    expect(smtp.received).toHaveLength(1);
  });
});

describe('without SMTP_URL (the outbox adapter)', () => {
  const kept = outboxMail();
  it('keeps the message in the outbox at once, in the transaction, with no delivery job', async () => {
    await inTransaction(t.db, (tx) => kept.send(tx, message));
    await inTransaction(t.db, (tx) =>
      finish(tx, kept.queue(tx, { ...message, to: 'bob@example.test' }).record),
    );
    const rows = await outbox();
    expect(rows.map((r) => [r.to, r.status, r.tries, r.sentAt, r.error])).toEqual([
      ['ann@example.test', 'kept', 0, null, null],
      ['bob@example.test', 'kept', 0, null, null],
    ]);
    expect(await deliveryJobs()).toEqual([]);
    expect(await t.drainJobs()).toBe(0);
  });

  it('records a message with a dedup key once, and nothing when the transaction rolls back', async () => {
    const once = { ...message, dedupKey: 'receipt:inv-1:1' };
    const first = await kept.send(t.db, once);
    expect(first).toEqual(expect.any(String));
    expect(await kept.send(t.db, once)).toBeNull();
    const failed = inTransaction(t.db, async (tx) => {
      await kept.send(tx, { ...message, to: 'bob@example.test' });
      throw new Error('the change failed');
    });
    await expect(failed).rejects.toThrow('the change failed');
    expect((await outbox()).map((r) => r.id)).toEqual([first]);
  });

  it("keeps a checkout's confirmation without queueing a job", async () => {
    const c = await catalogue(t, { name: 'Customer Optix', orderNotificationEmails: 'ops@example.test' });
    const cart = await cartWithShop(t, c);
    const res = await t.gql(CHECKOUT, { oid: cart.oid, input: guestInput(await cardToken(t)) });
    expect(res.errors).toBeUndefined();
    await t.relayEvents(); // the order's e-mails are order.placed's subscriber's
    expect((await outbox()).map((r) => r.status)).toEqual(['kept', 'kept']);
    expect(await deliveryJobs()).toEqual([]);
  });
});

describe('SMTP delivery through the queue', () => {
  it('delivers once the job runs, with sender, recipient, subject, body and a Message-ID of the outbox row', async () => {
    await mail.send(t.db, message);
    expect(smtp.received).toHaveLength(0);

    await t.drainJobs({ env: smtpEnv() });
    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0]!;
    const [row] = await outbox();
    expect(got.from).toBe('no-reply@customer-optix.test');
    expect(got.to).toEqual(['ann@example.test']);
    expect(header(got, 'Subject')).toBe('Reset your Customer Optix password');
    expect(header(got, 'From')).toBe('Customer Optix <no-reply@customer-optix.test>');
    expect(header(got, 'Message-ID')).toBe(`<${row!.id}@customer-optix.test>`);
    expect(got.raw).toContain('http://localhost:3000/reset-password/abc123');
    expect(row).toMatchObject({ status: 'sent', tries: 1, error: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('keeps a refused message pending with its error and queues a retry, without failing the caller', async () => {
    const id = await mail.send(t.db, { ...message, to: REFUSED });
    await t.drainJobs({ env: smtpEnv() });
    expect(smtp.received).toHaveLength(0);
    const [row] = await outbox();
    expect(row).toMatchObject({ id, to: REFUSED, status: 'pending', tries: 1, sentAt: null });
    expect(row!.error).toContain('550');
    expect(row!.lastTriedAt).toBeInstanceOf(Date);
    // The retry waits for its backoff: a drain now runs nothing.
    expect(await deliveryJobs()).toEqual([expect.objectContaining({ state: 'retry' })]);
    expect(await t.drainJobs({ env: smtpEnv() })).toBe(0);
  });

  it(`gives up after ${MAIL_MAX_TRIES} tries: the row is failed and the job stays visible as failed`, async () => {
    await mail.send(t.db, { ...message, to: REFUSED });
    for (let i = 0; i < MAIL_MAX_TRIES + 2; i++) await t.drainJobs({ env: smtpEnv(), retriesNow: true });
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'failed', tries: MAIL_MAX_TRIES, sentAt: null });
    expect(row!.error).toContain('550');
    expect(await deliveryJobs()).toEqual([
      { state: 'failed', outboxId: row!.id, retryCount: MAIL_MAX_TRIES - 1 },
    ]);
  });

  it('SMTP down, then up: the message stays pending with its error, then the retry delivers it', async () => {
    const reserved = await startSmtpStandIn();
    const port = reserved.port;
    await reserved.close();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}` };

    await mail.send(t.db, message);
    await t.drainJobs({ env });
    const [pending] = await outbox();
    expect(pending).toMatchObject({ status: 'pending', tries: 1, sentAt: null });
    expect(pending!.error).toMatch(/ECONNREFUSED/);

    const up = await startSmtpStandIn({ port });
    try {
      expect(await t.drainJobs({ env, retriesNow: true })).toBe(1);
      expect(up.received).toHaveLength(1);
      expect(header(up.received[0]!, 'Message-ID')).toBe(`<${pending!.id}@customer-optix.test>`);
      const [sent] = await outbox();
      expect(sent).toMatchObject({ status: 'sent', tries: 2 });
      expect(await deliveryJobs()).toEqual([expect.objectContaining({ state: 'completed', retryCount: 1 })]);
    } finally {
      await up.close();
    }
  });

  it("lets admins read each message's status, tries and last error through the API", async () => {
    await mail.send(t.db, { ...message, to: REFUSED });
    await mail.send(t.db, { ...message, subject: 'Second' });
    await t.drainJobs({ env: smtpEnv() });
    await createBrand(t.db, { shortName: 'default', name: 'Customer Optix', isDefault: true });
    const admin = await createUser(t.db, { admin: true, password: 'admin-pass-123' });
    const token = await t.login(admin.email, 'admin-pass-123');
    const res = await t.gql('{ outboxEmails { to status tries lastTriedAt sentAt error } }', {}, { token });
    expect(res.errors).toBeUndefined();
    const byTo = Object.fromEntries(res.data.outboxEmails.map((m: { to: string }) => [m.to, m]));
    expect(byTo[REFUSED]).toMatchObject({ status: 'pending', tries: 1, sentAt: null });
    expect(byTo[REFUSED].error).toContain('550');
    expect(byTo['ann@example.test']).toMatchObject({ status: 'sent', tries: 1, error: null });
    expect(Date.parse(byTo['ann@example.test'].lastTriedAt)).not.toBeNaN();
  });

  it('never sends a message twice: a delivery job run again after the server accepted it sends nothing', async () => {
    await mail.send(t.db, message);
    await t.drainJobs({ env: smtpEnv() });
    expect(smtp.received).toHaveLength(1);
    const [row] = await outbox();

    // As a retry of the same delivery would: the row says it was sent.
    await enqueue(t.db, 'mail-delivery', { outboxId: row!.id });
    expect(await t.drainJobs({ env: smtpEnv() })).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: 'sent', tries: 1 });
  });
});

describe('a resend after a crash (at-least-once delivery, the Message-ID as idempotency key)', () => {
  it("carries the first try's Message-ID and content when the server accepted it but the row was not marked sent", async () => {
    const id = await mail.send(t.db, {
      ...message,
      html: '<p>Hello Ann</p>',
      headers: { 'X-Kind': 'reset' },
    });
    // The first try: the server answers 250, then the process dies before the outbox row says 'sent'
    // (here: the adapter throws after the real delivery, which leaves the row as a crash would, pending).
    const real = smtpMail(smtp.url, 'Customer Optix <no-reply@customer-optix.test>');
    const diesAfter250 = {
      ...real,
      async deliver(email: Parameters<typeof real.deliver>[0]) {
        await real.deliver(email);
        throw new Error('killed after the server accepted the message');
      },
    };
    await expect(
      deliverEmail(t.db, diesAfter250, { data: { outboxId: id! }, lastTry: false }),
    ).rejects.toThrow('killed');
    expect((await outbox())[0]).toMatchObject({ id, status: 'pending', tries: 1, sentAt: null });
    expect(smtp.received).toHaveLength(1);

    // The retry (the queued delivery job of the same row) hands the message over again.
    expect(await t.drainJobs({ env: smtpEnv() })).toBe(1);
    expect(smtp.received).toHaveLength(2);
    const [first, again] = smtp.received as [ReceivedMail, ReceivedMail];
    expect(header(first, 'Message-ID')).toBe(`<${id}@customer-optix.test>`);
    expect(header(again, 'Message-ID')).toBe(header(first, 'Message-ID'));
    // The same message apart from its Date and MIME boundaries: a receiver may drop the copy by its id.
    expect(sameMessageKey(again)).toBe(sameMessageKey(first));
    expect((await outbox())[0]).toMatchObject({ id, status: 'sent', tries: 2 });
  });

  it('gives two different outbox rows different Message-IDs, even with the same recipient and text', async () => {
    await mail.send(t.db, message);
    await mail.send(t.db, message);
    await t.drainJobs({ env: smtpEnv() });
    const ids = smtp.received.map((m) => header(m, 'Message-ID'));
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(ids.sort()).toEqual((await outbox()).map((r) => `<${r.id}@customer-optix.test>`).sort());
  });
});

describe('mail through the app', () => {
  it('sends the reset e-mail over SMTP when SMTP_URL is set', async () => {
    await createBrand(t.db, { shortName: 'default', name: 'Customer Optix', isDefault: true });
    await createUser(t.db, { email: 'ann@example.test' });
    const app = await t.buildApp({ env: smtpEnv() });
    const res = await t.gql('mutation { sendResetPasswordEmail(email: "ann@example.test") }', {}, { app });
    expect(res.data).toEqual({ sendResetPasswordEmail: true });
    expect((await outbox()).map((r) => r.status)).toEqual(['pending']);

    await t.drainJobs({ env: smtpEnv() });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['ann@example.test']);
    // Long lines arrive quoted-printable: join soft line breaks before reading the link.
    const body = smtp.received[0]!.raw.replace(/=\r?\n/g, '');
    expect(body).toMatch(/\/reset-password\/[A-Za-z0-9_-]{20,}/);
  });

  it("delivers a checkout's confirmation and the brand's order notification once the order is placed", async () => {
    const c = await catalogue(t, { name: 'Customer Optix', orderNotificationEmails: 'ops@example.test' });
    const app = await t.buildApp({ env: smtpEnv() });
    const cart = await cartWithShop(t, c);
    const res = await t.gql(CHECKOUT, { oid: cart.oid, input: guestInput(await cardToken(t)) }, { app });
    expect(res.errors).toBeUndefined();
    const [order] = await t.db.select().from(orders);
    expect(order!.status).toBe('COMPLETE');
    // Written by order.placed's subscriber (a worker with the mail server configured), delivered by the queue.
    await t.relayEvents({ env: smtpEnv() });
    expect(await deliveryJobs()).toHaveLength(2);

    await t.drainJobs({ env: smtpEnv() });
    expect(smtp.received.map((r) => r.to).sort()).toEqual([['guest@example.test'], ['ops@example.test']]);
    const subjects = smtp.received.map((r) => header(r, 'Subject')).sort();
    expect(subjects).toEqual([
      `New Customer Optix order #${order!.orderNumber}`,
      `Your Customer Optix order #${order!.orderNumber}`,
    ]);
    const rows = await outbox();
    expect(rows).toHaveLength(2);
    expect(
      rows.every((row) => row.status === 'sent' && row.sentAt instanceof Date && row.error === null),
    ).toBe(true);
  });
});
