import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, outboxEmails } from '../db/schema.js';
import { createBrand, createUser, setupTestApp } from '../test/harness.js';
import { CHECKOUT, cardToken, cartWithShop, catalogue, guestInput } from '../test/order-wizard.js';
import { outboxMail, smtpMail } from './mail.js';

const t = setupTestApp();

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
/** Recipients the stand-in server refuses (to test a failed delivery). */
const REFUSED = 'bounce@example.test';

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address === REFUSED) return callback(new Error('550 mailbox unavailable'));
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
let smtpUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

beforeEach(async () => {
  received.length = 0;
  await t.resetDb();
});

const message = {
  to: 'ann@example.test',
  subject: 'Reset your Customer Optix password',
  text: 'Hello Ann,\n\nhttp://localhost:3000/reset-password/abc123\n',
  kind: 'reset-password',
};

describe('outbox mail adapter', () => {
  it('stores the message in the outbox', async () => {
    const mail = outboxMail();
    expect(mail.transport).toBe('outbox');
    await mail.send(t.db, { ...message, html: '<p>Hello</p>' });
    const rows = await t.db.select().from(outboxEmails);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...message, html: '<p>Hello</p>', sentAt: null, error: null });
  });
});

describe('SMTP mail adapter', () => {
  it('delivers to the SMTP server with sender, recipient, subject and body, and marks the outbox copy sent', async () => {
    const mail = smtpMail(smtpUrl, 'Customer Optix <no-reply@customer-optix.test>');
    expect(mail.transport).toBe('smtp');
    await mail.send(t.db, message);

    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.from).toBe('no-reply@customer-optix.test');
    expect(got.to).toEqual(['ann@example.test']);
    expect(got.raw).toMatch(/^Subject: Reset your Customer Optix password\r?$/m);
    expect(got.raw).toMatch(/^From: Customer Optix <no-reply@customer-optix\.test>\r?$/m);
    expect(got.raw).toMatch(/^To: ann@example\.test\r?$/m);
    expect(got.raw).toContain('http://localhost:3000/reset-password/abc123');

    const [row] = await t.db.select().from(outboxEmails);
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
  });

  it('keeps a refused message in the outbox with its error, without failing the caller', async () => {
    const mail = smtpMail(smtpUrl, 'no-reply@customer-optix.test');
    await expect(mail.send(t.db, { ...message, to: REFUSED })).resolves.toBeUndefined();
    expect(received).toHaveLength(0);
    const [row] = await t.db.select().from(outboxEmails);
    expect(row!.to).toBe(REFUSED);
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toContain('550');
  });
});

describe('mail through the app', () => {
  it('sends the reset e-mail over SMTP when SMTP_URL is set', async () => {
    await createBrand(t.db, { shortName: 'default', name: 'Customer Optix', isDefault: true });
    await createUser(t.db, { email: 'ann@example.test' });
    const app = await t.buildApp({ env: { SMTP_URL: smtpUrl } });
    const res = await t.gql('mutation { sendResetPasswordEmail(email: "ann@example.test") }', {}, { app });
    expect(res.data).toEqual({ sendResetPasswordEmail: true });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['ann@example.test']);
    // Long lines arrive quoted-printable: join soft line breaks before reading the link.
    const body = received[0]!.raw.replace(/=\r?\n/g, '');
    expect(body).toMatch(/\/reset-password\/[A-Za-z0-9_-]{20,}/);
  });

  it("delivers a checkout's confirmation and the brand's order notification once the order is placed", async () => {
    const c = await catalogue(t, { name: 'Customer Optix', orderNotificationEmails: 'ops@example.test' });
    const app = await t.buildApp({ env: { SMTP_URL: smtpUrl } });
    const cart = await cartWithShop(t, c);
    const res = await t.gql(CHECKOUT, { oid: cart.oid, input: guestInput(await cardToken(t)) }, { app });
    expect(res.errors).toBeUndefined();
    const [order] = await t.db.select().from(orders);
    expect(order!.status).toBe('COMPLETE');
    expect(received.map((r) => r.to).sort()).toEqual([['guest@example.test'], ['ops@example.test']]);
    const subjects = received.map((r) => /^Subject: (.*?)\r?$/m.exec(r.raw)![1]).sort();
    expect(subjects).toEqual([
      `New Customer Optix order #${order!.orderNumber}`,
      `Your Customer Optix order #${order!.orderNumber}`,
    ]);
    const outbox = await t.db.select().from(outboxEmails);
    expect(outbox).toHaveLength(2);
    expect(outbox.every((row) => row.sentAt instanceof Date && row.error === null)).toBe(true);
  });
});
