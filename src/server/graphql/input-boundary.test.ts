import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../domain/schemas/index.js';
import { createUser, setupTestApp } from '../test/harness.js';
import {
  ADD_LOCATION,
  type Catalogue,
  CHECKOUT,
  cartWithShop,
  catalogue,
  expectNoChange,
  ORDER,
  SAVE_UQ,
  START,
  startCart,
  TOKENIZE,
} from '../test/order-wizard.js';
import { numericInputCoordinates } from './input-boundary.js';
import { schema } from './schema.js';

const t = setupTestApp();
let c: Catalogue;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
});

const NUL = '\u0000';
const LOGIN = `mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }`;
const OUTBOX = `query ($limit: Int) { outboxEmails(limit: $limit) { _id } }`;

/** Refused as bad input before anything ran: the error names `field` and nothing changed. */
async function expectRefused(call: () => ReturnType<typeof t.gql>, field: string, message: RegExp) {
  const res = await expectNoChange(t, call);
  expect(res.errors, 'expected a refusal').toBeDefined();
  const error = res.errors![0]!;
  expect(error.extensions?.code).toBe('BAD_USER_INPUT');
  expect(error.message).toMatch(message);
  const fields = (error.extensions?.fields ?? []) as { field: string }[];
  expect(fields.map((f) => f.field)).toContain(field);
  return error;
}

describe('the input boundary: NUL and control characters never reach the database', () => {
  it('addLocation refuses a NUL in the name and in the address', async () => {
    const cart = await startCart(t, [c.shop.id]);
    const input = (over: Record<string, unknown>) => ({
      input: {
        name: 'Main',
        address: { formattedAddress: '123 Main St, Austin, TX 78701' },
        oids: [cart.oid],
        ...over,
      },
    });
    await expectRefused(
      () => t.gql(ADD_LOCATION, input({ name: `Ma${NUL}in` })),
      'name',
      /^Name cannot contain control characters\.$/,
    );
    await expectRefused(
      () => t.gql(ADD_LOCATION, input({ address: { formattedAddress: `123 Main${NUL} St` } })),
      'address.formattedAddress',
      /Formatted address cannot contain control characters/,
    );
    // A line break is refused in a one-line field.
    await expectRefused(
      () => t.gql(ADD_LOCATION, input({ name: 'Main\nStreet' })),
      'name',
      /Name must be a single line/,
    );
  });

  it('saveUserQuestionnaire refuses a NUL in additionalComments but keeps line breaks there', async () => {
    const cart = await startCart(t, [c.shop.id]);
    const id = cart.uqid(c.shop.id);
    await expectRefused(
      () => t.gql(SAVE_UQ, { id, input: { additionalComments: `please${NUL}` } }),
      'additionalComments',
      /Additional Comments cannot contain control characters/,
    );
    const ok = await t.gql(SAVE_UQ, { id, input: { additionalComments: 'line one\nline two' } });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.saveUserQuestionnaire.additionalComments).toBe('line one\nline two');
  });

  it('login, startOrder, order and checkout refuse a NUL, naming the field', async () => {
    await createUser(t.db, { email: 'nul@example.test', password: 'password123' });
    await expectRefused(
      () => t.gql(LOGIN, { email: `nul@example.test${NUL}`, password: 'x' }),
      'email',
      /Email/,
    );
    await expectRefused(
      () => t.gql(START, { qids: [`${c.shop.id}${NUL}`] }),
      'qids.0',
      /Questionnaire cannot contain/,
    );
    await expectRefused(
      () => t.gql(ORDER, { id: `abc${NUL}` }),
      '_id',
      /Id cannot contain control characters/,
    );
    const cart = await cartWithShop(t, c);
    await expectRefused(
      () => t.gql(CHECKOUT, { oid: cart.oid, input: { referralCode: `friend${NUL}`, guestCheckout: true } }),
      'referralCode',
      /Referral code cannot contain control characters/,
    );
  });

  it('refuses lone surrogates, which PostgreSQL cannot store', async () => {
    const cart = await startCart(t, [c.shop.id]);
    await expectRefused(
      () => t.gql(ADD_LOCATION, { input: { name: 'Caf\uD800', oids: [cart.oid] } }),
      'name',
      /Name contains characters that are not valid text/,
    );
  });
});

describe('the input boundary: lengths, ranges and list sizes', () => {
  it('login with a 1,000,000-character e-mail is refused before any write', async () => {
    const email = `${'a'.repeat(1_000_000)}@example.test`;
    await expectRefused(
      () => t.gql(LOGIN, { email, password: 'x' }),
      'email',
      /^Email cannot exceed 320 characters\.$/,
    );
    expect(await t.rows(sql`select count(*)::int as n from login_attempts`)).toEqual([{ n: 0 }]);
  });

  it('outboxEmails takes a limit from 1 to 200', async () => {
    const admin = await createUser(t.db, {
      email: 'admin@example.test',
      password: 'password123',
      admin: true,
    });
    const token = await t.login(admin.email, 'password123');
    for (const limit of [-1, 0, 201, 2_000_000_000]) {
      const res = await t.gql(OUTBOX, { limit }, { token });
      expect(res.errors?.[0]?.message).toBe('Limit must be a whole number from 1 to 200.');
      expect(res.errors?.[0]?.extensions?.field).toBe('limit');
    }
    for (const limit of [1, 200]) expect((await t.gql(OUTBOX, { limit }, { token })).errors).toBeUndefined();
  });

  it('tokenizeTestCard refuses an expiry year out of range', async () => {
    const card = { number: '4242424242424242', expireMonth: 12, cvc: '123' };
    await expectRefused(
      () => t.gql(TOKENIZE, { input: { ...card, expireYear: 2_147_483_647 } }),
      'expireYear',
      /^Expiration year must be a whole number from 0 to 9999\.$/,
    );
    // Within the boundary's range, the card processor refuses a year no card has, in Stripe's words.
    const far = await expectNoChange(t, () => t.gql(TOKENIZE, { input: { ...card, expireYear: 2999 } }));
    expect(far.errors?.[0]?.message).toBe("Your card's expiration year is invalid.");
  });

  it('refuses a list longer than its limit', async () => {
    const qids = Array.from({ length: 101 }, () => c.shop.id);
    await expectRefused(() => t.gql(START, { qids }), 'qids', /Questionnaire: at most 100 are allowed/);
  });

  it('checks JSON arguments: depth, and every string and key in them', async () => {
    const SUBMIT = `mutation ($code: String!, $answers: JSON!) { submitSurveyResponse(surveyCode: $code, answers: $answers) }`;
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    await expectRefused(
      () => t.gql(SUBMIT, { code: 'abc', answers: { q: deep } }),
      'answers',
      /Answers is nested too deeply/,
    );
    await expectRefused(
      () => t.gql(SUBMIT, { code: 'abc', answers: { q: `a${NUL}` } }),
      'answers.q',
      /control characters/,
    );
    await expectRefused(
      () => t.gql(SUBMIT, { code: 'abc', answers: { [`k${NUL}`]: 1 } }),
      'answers',
      /name that contains control/,
    );
  });

  it('every Int and Float input has a range in INPUT_LIMITS', () => {
    const missing = numericInputCoordinates(schema).filter((coordinate) => !INPUT_LIMITS[coordinate]?.range);
    expect(missing).toEqual([]);
  });

  it('every INPUT_LIMITS entry names a coordinate of the schema', () => {
    const known = new Set<string>();
    for (const type of Object.values(schema.getTypeMap())) {
      const fields = 'getFields' in type ? type.getFields() : {};
      for (const f of Object.values(fields)) {
        known.add(`${type.name}.${f.name}`);
        for (const a of 'args' in f ? f.args : []) known.add(`${type.name}.${f.name}.${a.name}`);
      }
    }
    expect(Object.keys(INPUT_LIMITS).filter((k) => !known.has(k))).toEqual([]);
  });
});
