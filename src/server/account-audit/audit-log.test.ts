import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { pruneAuditEntries } from '../audit/index.js';
import { totpAt } from '../auth/totp.js';
import { newId } from '../db/ids.js';
import { accountMembers, auditEntries, brands, invoices, orders, outboxEmails, users } from '../db/schema.js';
import { deliverEvent, eventsOfType } from '../events/index.js';
import { backgroundMailDeps } from '../notifications/index.js';
import { securityNoticesSubscriber } from '../security-notices/index.js';
import { managerOf } from '../team/test-fixtures.js';
import { createBrand, createUser, setupTestApp } from '../test/harness.js';
import { cardToken, catalogue, customer, placedOrderOf } from '../test/order-wizard.js';

// Issue 50: the audit log on both databases. Every listed change leaves one entry, in its own
// transaction, with who, when, from where and the changed fields, and never a secret; the entries
// cannot be changed or deleted (the database refuses); only the owner, the team's admins and platform
// admins read them. And the security notices: one e-mail per event, however often it is replayed.

const t = setupTestApp();

const IP = '203.0.113.7';
const UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const as = (token: string) => ({ token, ip: IP, headers: { 'user-agent': UA } });

async function ok<T = any>(query: string, vars: Record<string, unknown>, token: string): Promise<T> {
  const res = await t.gql(query, vars, as(token));
  expect(res.errors, query).toBeUndefined();
  return res.data as T;
}

const entries = () => t.db.select().from(auditEntries).orderBy(auditEntries.at);

let owner: Awaited<ReturnType<typeof customer>>;

beforeEach(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'default', name: 'Default Brand', isDefault: true });
  owner = await customer(t, { email: 'olivia@example.test', firstName: 'Olivia' });
});

describe('the audit log records', () => {
  it('one entry per change of the team, regions, invitations, keys, webhooks, card, preferences, two-factor and ownership, with nothing secret in it', async () => {
    const secrets: string[] = ['password123'];
    const tok = owner.token;
    // Regions.
    const region = await ok(`mutation { createRegion(name: "North") { _id } }`, {}, tok);
    const regionId = region.createRegion._id as string;
    await ok(
      `mutation ($id: String!) { renameRegion(regionId: $id, name: "Northwest") { _id } }`,
      { id: regionId },
      tok,
    );
    // Invitations.
    const inv = await ok(
      `mutation { inviteTeamMember(input: { email: "ian@example.test", role: admin }) { _id } }`,
      {},
      tok,
    );
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'ian@example.test'));
    secrets.push(/\/invitation\/([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1] ?? 'no-token');
    await ok(
      `mutation ($id: String!) { withdrawTeamInvitation(_id: $id) }`,
      { id: inv.inviteTeamMember._id },
      tok,
    );
    // Members: role and reach changed, ownership handed on and back, one removed.
    const mona = await managerOf(t, owner.user.id, 'mona@example.test', []);
    await ok(
      `mutation ($m: String!, $r: [String!]) { changeTeamMember(input: { memberId: $m, role: manager, regionIds: $r }) { __typename } }`,
      { m: mona.memberId, r: [regionId] },
      tok,
    );
    await ok(`mutation ($id: String!) { deleteRegion(regionId: $id) }`, { id: regionId }, tok);
    // API keys.
    const key = await ok(`mutation { createApiKey(name: "CRM") { secret key { _id } } }`, {}, tok);
    secrets.push(key.createApiKey.secret);
    await ok(
      `mutation ($id: String!) { revokeApiKey(_id: $id) { _id } }`,
      { id: key.createApiKey.key._id },
      tok,
    );
    // Webhooks.
    const hook = await ok(
      `mutation { createWebhookEndpoint(input: { url: "https://hooks.example.com/in", events: [REPORT_READY] }) { _id } }`,
      {},
      tok,
    );
    const hookId = hook.createWebhookEndpoint._id as string;
    await ok(
      `mutation ($id: String!) { updateWebhookEndpoint(_id: $id, input: { url: "https://hooks.example.com/in2", events: [REPORT_READY, ORDER_PLACED], enabled: false }) { _id } }`,
      { id: hookId },
      tok,
    );
    secrets.push(
      (await ok(`query ($id: String!) { webhookEndpointSecret(_id: $id) }`, { id: hookId }, tok))
        .webhookEndpointSecret,
    );
    secrets.push(
      (await ok(`mutation ($id: String!) { rollWebhookSecret(_id: $id) }`, { id: hookId }, tok))
        .rollWebhookSecret,
    );
    await ok(`mutation ($id: String!) { deleteWebhookEndpoint(_id: $id) }`, { id: hookId }, tok);
    // The card.
    const card = await cardToken(t);
    secrets.push(card, '4242424242424242');
    await ok(`mutation ($c: String!) { saveDefaultCard(stripeToken: $c) { last4 } }`, { c: card }, tok);
    // Preferences.
    await ok(
      `mutation { saveEmailPreferences(input: { receiveMarketing: false, receiveShopQA: true }) { _id } }`,
      {},
      tok,
    );
    // Two-factor sign-in: on, new codes, the team's requirement, off.
    const begun = await ok(`mutation { beginTotpSetup { secret } }`, {}, tok);
    const totp = begun.beginTotpSetup.secret as string;
    const code = totpAt(totp, new Date());
    const codes = (await ok(`mutation ($c: String!) { confirmTotpSetup(code: $c) }`, { c: code }, tok))
      .confirmTotpSetup;
    const again = (await ok(`mutation { regenerateRecoveryCodes(password: "password123") }`, {}, tok))
      .regenerateRecoveryCodes;
    secrets.push(totp, code, ...codes, ...again);
    await ok(`mutation { setTeamRequiresTwoFactor(required: true) }`, {}, tok);
    await ok(`mutation { setTeamRequiresTwoFactor(required: false) }`, {}, tok);
    await ok(`mutation { disableTotp(password: "password123") }`, {}, tok);
    // Ownership, then Mona (the owner now) removes nobody; Olivia's admin row stays.
    await ok(
      `mutation ($m: String!) { transferOwnership(memberId: $m) { __typename } }`,
      { m: mona.memberId },
      tok,
    );
    const ian = await customer(t, { email: 'ivy@example.test' });
    const ivyMember = newId();
    await t.db
      .insert(accountMembers)
      .values({ id: ivyMember, accountId: owner.user.id, userId: ian.user.id, role: 'manager' });
    await ok(
      `mutation ($m: String!) { removeTeamMember(memberId: $m) { __typename } }`,
      { m: ivyMember },
      mona.token,
    );

    const rows = await entries();
    const actions = rows.map((r) => r.action);
    for (const action of [
      'region.created',
      'region.renamed',
      'region.deleted',
      'team.invitation_sent',
      'team.invitation_withdrawn',
      'team.member_changed',
      'team.member_removed',
      'team.ownership_transferred',
      'team.two_factor_requirement_changed',
      'api_key.created',
      'api_key.revoked',
      'webhook.created',
      'webhook.updated',
      'webhook.secret_revealed',
      'webhook.secret_rolled',
      'webhook.deleted',
      'billing.card_saved',
      'preferences.changed',
      'two_factor.enabled',
      'two_factor.recovery_codes_replaced',
      'two_factor.disabled',
    ])
      expect(actions.filter((a) => a === action).length, action).toBe(action.includes('requirement') ? 2 : 1);
    // Who, when, from where, about the account.
    for (const r of rows) {
      expect(r.accountId).toBe(owner.user.id);
      expect(r.ip).toBe(IP);
      expect(r.userAgent).toBe(UA);
      expect(r.at).toBeInstanceOf(Date);
    }
    const changed = rows.find((r) => r.action === 'team.member_changed')!;
    expect(changed).toMatchObject({
      actorEmail: 'olivia@example.test',
      actorRole: 'owner',
      subjectLabel: 'mona@example.test',
    });
    expect(changed.changes).toEqual({ regionIds: { before: [mona.regionId], after: [regionId] } });
    expect(rows.find((r) => r.action === 'webhook.updated')!.changes).toMatchObject({
      url: { before: 'https://hooks.example.com/in', after: 'https://hooks.example.com/in2' },
      enabled: { before: true, after: false },
    });
    expect(rows.find((r) => r.action === 'billing.card_saved')!.changes).toEqual({
      card: { before: null, after: { brand: 'Visa', last4: '4242', expireMonth: 12, expireYear: 2035 } },
    });
    expect(rows.find((r) => r.action === 'team.member_removed')).toMatchObject({
      actorEmail: 'mona@example.test',
      actorRole: 'owner',
    });
    // Nothing secret anywhere in any entry.
    const all = JSON.stringify(rows);
    for (const secret of secrets) expect(all.includes(secret), `the log holds ${secret}`).toBe(false);
    // The key's visible prefix (sk_live_ and a few characters, as the key list shows it) is kept.
    expect(all).not.toMatch(/whsec_|tok_/);
  });

  it("a platform admin's reads and actions on a customer go on that customer's log", async () => {
    const admin = await createUser(t.db, {
      email: 'root@example.test',
      password: 'password123',
      admin: true,
    });
    const token = await t.login(admin.email, 'password123');
    await ok(`query ($u: String!) { user(uid: $u) { email } }`, { u: owner.user.id }, token);
    await ok(`query ($u: String!) { apiKeys(clientId: $u) { _id } }`, { u: owner.user.id }, token);
    await ok(`mutation ($u: String!) { resetTwoFactor(uid: $u) }`, { u: owner.user.id }, token);
    const rows = await entries();
    // resetTwoFactor with no second factor changes nothing and records nothing.
    expect(rows.map((r) => r.action)).toEqual(['admin.customer_viewed', 'admin.api_keys_viewed']);
    for (const r of rows)
      expect(r).toMatchObject({
        accountId: owner.user.id,
        actorRole: 'platform-admin',
        actorEmail: admin.email,
        ip: IP,
      });
  });

  it("a card put on file at checkout, and an admin reading a customer's order and invoice and changing and cancelling their shop, each leave one entry", async () => {
    // The order wizard's catalogue brings its own default brand.
    await t.db.update(brands).set({ isDefault: false });
    const c = await catalogue(t);
    const cart = await placedOrderOf(t, c, owner.token);
    const [card] = await entries();
    expect(card).toMatchObject({
      accountId: owner.user.id,
      action: 'billing.card_saved',
      actorRole: 'owner',
    });
    expect(card!.changes).toEqual({
      card: { before: null, after: expect.objectContaining({ last4: '4242' }) },
    });

    const admin = await createUser(t.db, {
      email: 'root@example.test',
      password: 'password123',
      admin: true,
    });
    const token = await t.login(admin.email, 'password123');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, cart.oid));
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.uid, owner.user.id));
    await ok(`query ($n: Int) { order(orderNumber: $n) { _id } }`, { n: order!.orderNumber }, token);
    await ok(`query ($i: String!) { invoice(invoiceId: $i) { id } }`, { i: invoice!.id }, token);
    await ok(
      `mutation ($id: String, $input: ShopInput!) { saveShop(_id: $id, input: $input) { _id } }`,
      { id: cart.shopId, input: { reimbursement: 3500 } },
      token,
    );
    await ok(`mutation ($id: String!) { cancelActiveShop(_id: $id) { _id } }`, { id: cart.shopId }, token);
    // The owner reading their own order records nothing.
    await ok(`query ($n: Int) { order(orderNumber: $n) { _id } }`, { n: order!.orderNumber }, owner.token);

    const byAdmin = (await entries()).filter((r) => r.actorRole === 'platform-admin');
    expect(byAdmin.map((r) => [r.action, r.subjectType, r.subjectId])).toEqual([
      ['admin.customer_viewed', 'order', order!.id],
      ['admin.customer_viewed', 'invoice', invoice!.id],
      ['admin.shop_changed', 'shop', cart.shopId],
      ['admin.shop_changed', 'shop', cart.shopId],
    ]);
    for (const r of byAdmin)
      expect(r).toMatchObject({ accountId: owner.user.id, actorEmail: admin.email, ip: IP });
    expect(byAdmin[2]!.changes).toEqual({ reimbursement: { before: 3000, after: 3500 } });
    expect(byAdmin[3]!.changes).toMatchObject({ status: { before: 'active', after: 'historical' } });
  });

  it('refuses to change or delete an entry, and the prune deletes only those past 400 days', async () => {
    await ok(`mutation { createRegion(name: "North") { _id } }`, {}, owner.token);
    await expect(t.db.update(auditEntries).set({ action: 'region.deleted' })).rejects.toThrow();
    await expect(t.db.delete(auditEntries)).rejects.toThrow();
    const old = new Date(Date.now() - 402 * 86_400_000);
    await t.db.insert(auditEntries).values({
      id: newId(),
      accountId: owner.user.id,
      actorRole: 'owner',
      action: 'region.created',
      at: old,
    });
    expect(await pruneAuditEntries(t.db)).toBe(1);
    expect((await entries()).map((r) => r.action)).toEqual(['region.created']);
  });
});

const LOG = `query ($f: AuditFilter, $p: Int) { auditLog(filter: $f, page: $p, pageSize: 2) { total page entries { action actorEmail changes { field before after } } } }`;
const CSV = `query ($f: AuditFilter) { auditLogCsv(filter: $f) }`;

describe('reading the audit log', () => {
  beforeEach(async () => {
    for (const name of ['North', 'South', 'East'])
      await ok(`mutation { createRegion(name: "${name}") { _id } }`, {}, owner.token);
  });

  it("the owner reads, filters, pages and exports their account's log", async () => {
    const first = await ok(LOG, { p: 1 }, owner.token);
    expect(first.auditLog.total).toBe(3);
    expect(first.auditLog.entries).toHaveLength(2);
    expect((await ok(LOG, { p: 2 }, owner.token)).auditLog.entries).toHaveLength(1);
    expect((await ok(LOG, { f: { actor: 'nobody' } }, owner.token)).auditLog.total).toBe(0);
    expect(
      (await ok(LOG, { f: { action: 'region.created', actor: 'olivia' } }, owner.token)).auditLog.total,
    ).toBe(3);
    expect((await ok(LOG, { f: { from: '2000-01-01', to: '2000-01-02' } }, owner.token)).auditLog.total).toBe(
      0,
    );
    const bad = await t.gql(LOG, { f: { from: 'yesterday' } }, as(owner.token));
    expect(bad.errors?.[0]?.message).toBe('Enter the date as YYYY-MM-DD.');
    const csv = (await ok(CSV, {}, owner.token)).auditLogCsv as string;
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Action,Actor,Actor role,Subject,Changes,IP address,User agent');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(
      'Region created,olivia@example.test,Owner,region: East,name: — → East,203.0.113.7',
    );
  });

  it('a team admin reads it; a manager, another customer, an API key and anonymous callers cannot', async () => {
    const adminLogin = await customer(t, { email: 'ada@example.test' });
    await t.db
      .insert(accountMembers)
      .values({ id: newId(), accountId: owner.user.id, userId: owner.user.id, role: 'owner' });
    await t.db
      .insert(accountMembers)
      .values({ id: newId(), accountId: owner.user.id, userId: adminLogin.user.id, role: 'admin' });
    expect((await ok(LOG, {}, adminLogin.token)).auditLog.total).toBe(3);
    const manager = await managerOf(t, owner.user.id, 'mona@example.test', []);
    const other = await customer(t, { email: 'other@example.test' });
    const key = (await ok(`mutation { createApiKey(name: "k") { secret } }`, {}, owner.token)).createApiKey
      .secret;
    for (const [who, opts, code] of [
      ['anonymous', {}, 'UNAUTHENTICATED'],
      ['a manager', as(manager.token), 'FORBIDDEN'],
      ['an API key', { token: key }, 'FORBIDDEN'],
    ] as const) {
      for (const q of [LOG, CSV]) {
        const res = await t.gql(q, {}, opts);
        expect(res.data?.auditLog ?? res.data?.auditLogCsv ?? null, who).toBeNull();
        expect(res.errors?.[0]?.extensions?.code, who).toBe(code);
      }
    }
    // Another customer reads only their own (empty) log, and cannot name the owner's account.
    expect((await ok(LOG, {}, other.token)).auditLog.total).toBe(0);
    const named = await t.gql(LOG, { f: { accountId: owner.user.id } }, as(other.token));
    expect(named.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it("a platform admin reads every account's log, or one account's", async () => {
    const admin = await createUser(t.db, {
      email: 'root@example.test',
      password: 'password123',
      admin: true,
    });
    const token = await t.login(admin.email, 'password123');
    const other = await customer(t, { email: 'other@example.test' });
    await ok(`mutation { createRegion(name: "West") { _id } }`, {}, other.token);
    expect((await ok(LOG, {}, token)).auditLog.total).toBe(4);
    expect((await ok(LOG, { f: { accountId: owner.user.id } }, token)).auditLog.total).toBe(3);
    expect((await ok(CSV, { f: { accountId: other.user.id } }, token)).auditLogCsv).toContain('region: West');
  });
});

describe('security notices', () => {
  const subscriber = () => securityNoticesSubscriber(backgroundMailDeps(t.config, t.adapters));
  const noticesTo = (to: string) =>
    t.db
      .select()
      .from(outboxEmails)
      .where(sql`${outboxEmails.to} = ${to} and ${outboxEmails.kind} = 'security-notice'`);

  /** Delivers the only event of `type` twice: it runs once, and leaves one e-mail per person. */
  async function replayTwice(type: Parameters<typeof eventsOfType>[1]) {
    const [event, more] = await eventsOfType(t.db, type);
    expect(event, type).toBeDefined();
    expect(more).toBeUndefined();
    expect(await deliverEvent(t.db, event!.id, subscriber())).toBe(true);
    expect(await deliverEvent(t.db, event!.id, subscriber())).toBe(false);
  }

  it('a sign-in from a new device e-mails the person once; a known device does not', async () => {
    await t.login('olivia@example.test', 'password123', { headers: { 'user-agent': UA } });
    await t.login('olivia@example.test', 'password123', { headers: { 'user-agent': UA } });
    await replayTwice('security.new_sign_in');
    const [mail, extra] = await noticesTo('olivia@example.test');
    expect(extra).toBeUndefined();
    expect(mail!.subject).toBe('New sign-in to your Default Brand account');
    expect(mail!.text).toContain('Chrome on macOS');
  });

  it('a new API key e-mails the owner once', async () => {
    const key = await ok(`mutation { createApiKey(name: "CRM") { secret } }`, {}, owner.token);
    await replayTwice('security.api_key_created');
    const [mail, extra] = await noticesTo('olivia@example.test');
    expect(extra).toBeUndefined();
    expect(mail!.text).toContain('"CRM"');
    expect(mail!.text).not.toContain(key.createApiKey.secret);
  });

  it('a second factor removed e-mails the person once, also when a platform admin resets it', async () => {
    const begun = await ok(`mutation { beginTotpSetup { secret } }`, {}, owner.token);
    await ok(
      `mutation ($c: String!) { confirmTotpSetup(code: $c) }`,
      { c: totpAt(begun.beginTotpSetup.secret, new Date()) },
      owner.token,
    );
    await ok(`mutation { disableTotp(password: "password123") }`, {}, owner.token);
    await replayTwice('security.second_factor_removed');
    const [mail, extra] = await noticesTo('olivia@example.test');
    expect(extra).toBeUndefined();
    expect(mail!.subject).toBe('Two-factor sign-in changed on your Default Brand account');
  });

  it('ownership transferred e-mails the new owner and the old one, once each; preferences do not stop it', async () => {
    await t.db
      .update(users)
      .set({
        emailPreferences: {
          receiveMarketing: false,
          receiveShopScheduled: false,
          receiveShopQA: false,
          receiveShopComplete: false,
          receiveSurveyComplete: false,
          receiveAsDigest: false,
          receiveActionPlans: false,
        },
      })
      .where(eq(users.id, owner.user.id));
    const mona = await managerOf(t, owner.user.id, 'mona@example.test', []);
    await ok(
      `mutation ($m: String!) { transferOwnership(memberId: $m) { __typename } }`,
      { m: mona.memberId },
      owner.token,
    );
    await replayTwice('security.ownership_transferred');
    expect(await noticesTo('olivia@example.test')).toHaveLength(1);
    const [toMona] = await noticesTo('mona@example.test');
    expect(toMona!.subject).toMatch(/^You now own /);
  });
});
