import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { setupTestApp } from '../test/harness.js';
import {
  cardToken,
  catalogue,
  DECLINED_CARD,
  expectError,
  expectNoChange,
  NOT_AUTHORIZED,
} from '../test/order-wizard.js';
import { MSG_EMAIL_IN_USE } from './save-account-info.js';
import { ME, people } from './test-fixtures.js';

const t = setupTestApp();
let p: Awaited<ReturnType<typeof people>>;

beforeEach(async () => {
  await t.resetDb();
  await catalogue(t);
  p = await people(t);
});

const SAVE_INFO = `mutation ($input: AccountInfoInput!) {
  saveAccountInfo(input: $input) { _id email profile { firstName lastName businessName phone additionalEmails } }
}`;
const SAVE_PREFS = `mutation ($input: EmailPreferencesInput!) {
  saveEmailPreferences(input: $input) { email emailPreferences { receiveMarketing receiveShopScheduled receiveShopQA receiveShopComplete receiveSurveyComplete receiveAsDigest } }
}`;
const SAVE_CARD = `mutation ($token: String!) { saveDefaultCard(stripeToken: $token) { brand last4 expireMonth expireYear } }`;
const USER = `query ($uid: String!) { user(uid: $uid) { _id email } }`;

const info = (over: Record<string, unknown> = {}) => ({
  email: 'alice.new@example.test',
  profile: {
    firstName: 'Alicia',
    lastName: 'Smith',
    businessName: 'Smith Diner',
    phone: '(512)-555-0199',
    additionalEmails: 'ops@example.test, gm@example.test',
    ...((over.profile as object) ?? {}),
  },
  ...(over.email !== undefined ? { email: over.email } : {}),
});

describe('saveAccountInfo', () => {
  it("saves the caller's e-mail and profile and returns them", async () => {
    const res = await t.gql(SAVE_INFO, { input: info() }, { token: p.alice.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.saveAccountInfo).toEqual({
      _id: p.alice.user.id,
      email: 'alice.new@example.test',
      profile: {
        firstName: 'Alicia',
        lastName: 'Smith',
        businessName: 'Smith Diner',
        phone: '(512)-555-0199',
        additionalEmails: 'ops@example.test, gm@example.test',
      },
    });
    const me = await t.gql(ME, {}, { token: p.alice.token });
    expect(me.data.currentUser.email).toBe('alice.new@example.test');
    const [bob] = await t.db.select().from(users).where(eq(users.id, p.bob.user.id));
    expect(bob!.email).toBe('bob@example.test');
  });

  it('keeps the same e-mail in another case without calling it taken', async () => {
    const res = await t.gql(
      SAVE_INFO,
      { input: info({ email: 'ALICE@example.test' }) },
      { token: p.alice.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.saveAccountInfo.email).toBe('alice@example.test');
  });

  it("refuses another account's e-mail, naming the field, and changes nothing", async () => {
    const res = await expectNoChange(t, () =>
      t.gql(SAVE_INFO, { input: info({ email: 'BOB@example.test' }) }, { token: p.alice.token }),
    );
    expectError(res, MSG_EMAIL_IN_USE, { field: 'email', code: 'CONFLICT' });
  });

  it.each([
    { case: 'a bad e-mail', input: info({ email: 'not-an-email' }), field: 'email', message: /valid email/ },
    {
      case: 'no first name',
      input: info({ profile: { firstName: ' ' } }),
      field: 'profile.firstName',
      message: /First Name is required/,
    },
    {
      case: 'no business name',
      input: info({ profile: { businessName: '' } }),
      field: 'profile.businessName',
      message: /Business Name is required/,
    },
    {
      case: 'no phone',
      input: info({ profile: { phone: '' } }),
      field: 'profile.phone',
      message: /Phone Number is required/,
    },
    {
      case: 'a bad additional e-mail',
      input: info({ profile: { additionalEmails: 'ok@example.test, nope' } }),
      field: 'profile.additionalEmails',
      message: /nope/,
    },
  ])('refuses $case with a field-named message and changes nothing', async ({ input, field, message }) => {
    const res = await expectNoChange(t, () => t.gql(SAVE_INFO, { input }, { token: p.alice.token }));
    expectError(res, message, { field, code: 'BAD_USER_INPUT' });
  });

  it('refuses anonymous callers', async () => {
    const res = await expectNoChange(t, () => t.gql(SAVE_INFO, { input: info() }));
    expectError(res, 'You must be logged in.', { code: 'UNAUTHENTICATED' });
  });
});

describe('saveEmailPreferences', () => {
  it("saves the caller's six preferences; a missing one is off", async () => {
    const input = {
      receiveMarketing: false,
      receiveShopScheduled: true,
      receiveShopQA: false,
      receiveShopComplete: true,
      receiveAsDigest: true,
    };
    const res = await t.gql(SAVE_PREFS, { input }, { token: p.bob.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.saveEmailPreferences).toEqual({
      email: 'bob@example.test',
      emailPreferences: { ...input, receiveSurveyComplete: false },
    });
    const alice = await t.gql(ME, {}, { token: p.alice.token });
    expect(alice.data.currentUser.emailPreferences.receiveMarketing).toBe(true);
  });

  it('"Action plans" is on by default, saved when sent and kept when not sent', async () => {
    const SAVE_PLANS = `mutation ($input: EmailPreferencesInput!) {
      saveEmailPreferences(input: $input) { emailPreferences { receiveActionPlans } } }`;
    const plans = async (input: Record<string, unknown>) => {
      const res = await t.gql(SAVE_PLANS, { input }, { token: p.bob.token });
      expect(res.errors).toBeUndefined();
      return res.data.saveEmailPreferences.emailPreferences.receiveActionPlans;
    };
    expect(await plans({ receiveMarketing: true })).toBe(true);
    expect(await plans({ receiveActionPlans: false })).toBe(false);
    expect(await plans({ receiveMarketing: false })).toBe(false);
    expect(await plans({ receiveActionPlans: true })).toBe(true);
  });

  it('refuses anonymous callers', async () => {
    const res = await expectNoChange(t, () => t.gql(SAVE_PREFS, { input: { receiveMarketing: false } }));
    expectError(res, 'You must be logged in.', { code: 'UNAUTHENTICATED' });
  });
});

describe('saveDefaultCard', () => {
  it('attaches the card and makes it the card on file', async () => {
    const token = await cardToken(t, '5555555555554444');
    const res = await t.gql(SAVE_CARD, { token }, { token: p.alice.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.saveDefaultCard).toEqual({
      brand: 'MasterCard',
      last4: '4444',
      expireMonth: 12,
      expireYear: 2035,
    });
    const me = await t.gql(ME, {}, { token: p.alice.token });
    expect(me.data.currentUser.paymentCard.last4).toBe('4444');
    const [row] = await t.db.select().from(users).where(eq(users.id, p.alice.user.id));
    expect(row!.paymentCustomerId).toMatch(/^cus_/);
  });

  it('replaces the card on the same payment customer', async () => {
    await t.gql(SAVE_CARD, { token: await cardToken(t) }, { token: p.alice.token });
    const [first] = await t.db.select().from(users).where(eq(users.id, p.alice.user.id));
    const res = await t.gql(
      SAVE_CARD,
      { token: await cardToken(t, DECLINED_CARD) },
      { token: p.alice.token },
    );
    expect(res.errors).toBeUndefined();
    const [second] = await t.db.select().from(users).where(eq(users.id, p.alice.user.id));
    expect(second!.paymentCustomerId).toBe(first!.paymentCustomerId);
    expect(second!.paymentCard?.last4).toBe('0002');
  });

  it('refuses an empty or unknown token, naming the problem, and changes nothing', async () => {
    const empty = await expectNoChange(t, () => t.gql(SAVE_CARD, { token: ' ' }, { token: p.alice.token }));
    expectError(empty, 'A card is required.', { field: 'stripeToken', code: 'BAD_USER_INPUT' });
    const unknown = await expectNoChange(t, () =>
      t.gql(SAVE_CARD, { token: 'tok_forged' }, { token: p.alice.token }),
    );
    expectError(unknown, 'The card could not be read. Please enter it again.', { code: 'BAD_USER_INPUT' });
  });

  it('refuses anonymous callers', async () => {
    const token = await cardToken(t);
    const res = await expectNoChange(t, () => t.gql(SAVE_CARD, { token }));
    expectError(res, 'You must be logged in.', { code: 'UNAUTHENTICATED' });
  });
});

describe('user(uid)', () => {
  it('answers admins and refuses customers and anonymous callers', async () => {
    const admin = await t.gql(USER, { uid: p.alice.user.id }, { token: p.admin.token });
    expect(admin.data.user).toEqual({ _id: p.alice.user.id, email: 'alice@example.test' });
    expectError(await t.gql(USER, { uid: p.alice.user.id }, { token: p.bob.token }), NOT_AUTHORIZED);
    expectError(await t.gql(USER, { uid: p.alice.user.id }, { token: p.alice.token }), NOT_AUTHORIZED);
    expectError(await t.gql(USER, { uid: p.alice.user.id }), 'You must be logged in.');
  });

  it('is null for an unknown id', async () => {
    const res = await t.gql(USER, { uid: 'nobody' }, { token: p.admin.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.user).toBeNull();
  });
});
