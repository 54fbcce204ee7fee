import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { people, placedRecurringOrder } from '../account/test-fixtures.js';
import { brands as brandsTable } from '../db/schema.js';
import { createBrand, createUser, setupTestApp } from '../test/harness.js';
import { type Catalogue, catalogue } from '../test/order-wizard.js';

// The closed sets the specs name are GraphQL enums: a client written from the specs passes them as
// literals (orders(status: COMPLETE)) or as variables, reads them back as the same names, and a value
// outside the set is refused with the argument's name before anything runs.

const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let alices: Awaited<ReturnType<typeof placedRecurringOrder>>;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  alices = await placedRecurringOrder(t, c, p.alice.token);
});

const messages = (res: { errors?: { message: string }[] }) =>
  (res.errors ?? []).map((e) => e.message).join('\n');

describe('enum arguments', () => {
  it('takes orders(status: COMPLETE, first: 5) as a literal and as an OrderStatus variable', async () => {
    const literal = await t.gql(
      '{ orders(status: COMPLETE, first: 5) { nodes { _id orderNumber } } }',
      {},
      {
        token: p.admin.token,
      },
    );
    expect(literal.errors).toBeUndefined();
    expect(literal.data.orders.nodes.map((o: { _id: string }) => o._id)).toEqual([alices.oid]);
    const variable = await t.gql(
      'query ($s: OrderStatus) { orders(status: $s, first: 5) { nodes { _id } } }',
      { s: 'COMPLETE' },
      { token: p.admin.token },
    );
    expect(variable.errors).toBeUndefined();
    expect(variable.data.orders.nodes).toHaveLength(1);
  });

  it('refuses a string literal where an enum is expected', async () => {
    const quoted = await t.gql(
      '{ orders(status: "COMPLETE") { nodes { _id } } }',
      {},
      { token: p.admin.token },
    );
    expect(messages(quoted)).toMatch(/Enum "OrderStatus" cannot represent non-enum value: "COMPLETE"/);
  });

  it.each([
    {
      case: 'an unknown order status variable',
      doc: 'query ($s: OrderStatus) { orders(status: $s) { nodes { _id } } }',
      vars: { s: 'SHIPPED' },
      field: 's',
      message: 'Status must be CART or COMPLETE.',
    },
    {
      case: "the frequency period 'fortnight' inside an input",
      doc: 'mutation ($input: ShopInput!) { saveShop(input: $input) { _id } }',
      vars: { input: { frequencyPeriod: 'fortnight' } },
      field: 'frequencyPeriod',
      message: 'Frequency must be week, month or quarter.',
    },
  ])(
    'refuses $case as bad input naming the field, in the spec’s words',
    async ({ doc, vars, field, message }) => {
      const res = await t.gql(doc, vars, { token: p.admin.token });
      expect(res.errors).toHaveLength(1);
      expect(res.errors![0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', field, fields: [{ field, message }] },
      });
    },
  );

  it('filters shops by ShopStatus (stored in lower case) and reads the status, period and type back as enum names', async () => {
    const q = `query ($s: ShopStatus) {
      currentUser {
        literal: shops(status: ACTIVE) { _id }
        variable: shops(status: $s) { _id status frequencyPeriod questionnaireType }
        none: shops(status: HISTORICAL) { _id }
        locations { shops(status: ACTIVE) { _id } }
      }
    }`;
    const res = await t.gql(q, { s: 'ACTIVE' }, { token: p.alice.token });
    expect(res.errors).toBeUndefined();
    const me = res.data.currentUser;
    expect(me.literal).toHaveLength(2);
    expect(me.none).toEqual([]);
    expect(me.locations[0].shops).toHaveLength(2);
    expect(me.variable.find((s: { _id: string }) => s._id === alices.shopId)).toEqual({
      _id: alices.shopId,
      status: 'ACTIVE',
      frequencyPeriod: 'month',
      questionnaireType: 'mysteryShop',
    });
  });

  it('lists brands of type AUTHENTICATED for anyone and questionnaires of one QuestionnaireType', async () => {
    // The factory's brands are AUTHENTICATED: one of another type shows that the filter filters.
    await createBrand(t.db, { shortName: 'entrybrand', type: 'ENTRY_PATH', entryPath: 'entrybrand' });
    const brands = await t.gql('{ brands(type: AUTHENTICATED) { _id type } }');
    expect(brands.errors).toBeUndefined();
    const authenticated = await t.db
      .select({ _id: brandsTable.id })
      .from(brandsTable)
      .where(eq(brandsTable.type, 'AUTHENTICATED'))
      .orderBy(brandsTable.name);
    expect(authenticated.length).toBeGreaterThan(0);
    expect(brands.data.brands).toEqual(authenticated.map((b) => ({ ...b, type: 'AUTHENTICATED' })));
    // Every other list is for admins: an anonymous visitor is refused it, and an admin gets every brand.
    const all = await t.gql('{ brands { _id } }');
    expect(all.data ?? null).toBeNull();
    expect(all.errors).toHaveLength(1);
    expect(all.errors![0]!.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    const admins = await t.gql('{ brands { _id } }', {}, { token: p.admin.token });
    const every = await t.db.select({ _id: brandsTable.id }).from(brandsTable);
    expect(every.length).toBeGreaterThan(authenticated.length); // other types exist, so the filter has work to do
    expect(admins.data.brands.map((b: { _id: string }) => b._id).sort()).toEqual(
      every.map((b) => b._id).sort(),
    );
    const surveys = await t.gql(
      'query ($type: QuestionnaireType) { publishedIndustries { questionnaires(type: $type) { title type } } }',
      { type: 'customerSurvey' },
    );
    expect(surveys.errors).toBeUndefined();
    const types = surveys.data.publishedIndustries.flatMap((i: { questionnaires: { type: string }[] }) =>
      i.questionnaires.map((q) => q.type),
    );
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['customerSurvey']));
  });
});

describe('the app’s other closed sets (issue 41)', () => {
  it('reads a user’s evaluation roles as EvaluationRole values, leaving out a stored role it does not know', async () => {
    await createUser(t.db, {
      email: 'pat@example.test',
      roles: ['proofer', 'employee', 'auditor'],
      password: 'password123',
    });
    const token = await t.login('pat@example.test', 'password123');
    const res = await t.gql('{ currentUser { roles } }', {}, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data.currentUser.roles).toEqual(['proofer', 'employee']);
  });

  it.each([
    {
      case: 'a team role',
      doc: 'mutation ($input: TeamInviteInput!) { inviteTeamMember(input: $input) { _id } }',
      vars: { input: { email: 'x@example.test', role: 'MANAGER' } },
      field: 'role',
      message: 'Choose a role: Admin or Manager.',
    },
    {
      case: 'an action plan state',
      doc: 'query ($f: ActionPlanFilter) { actionPlans(filter: $f) { _id } }',
      vars: { f: { state: 'late' } },
      field: 'state',
      message: 'State must be open, submitted, returned, resolved or overdue.',
    },
    {
      case: 'a webhook event in its payload spelling',
      doc: 'mutation ($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { _id } }',
      vars: { input: { url: 'https://hooks.example.com/in', events: ['order.placed'] } },
      field: 'events',
      message: expect.stringMatching(/^Event must be ORDER_PLACED, VISIT_SCHEDULED, .* or SCORE_ALERT\./),
    },
    {
      case: 'an API key scope in its REST spelling',
      doc: 'mutation ($s: [ApiKeyScope!]) { createApiKey(name: "x", scopes: $s) { secret } }',
      vars: { s: ['reporting:read'] },
      field: 's',
      message: 'Scope must be REPORTING_READ.',
    },
    {
      case: 'an outbox status',
      doc: 'query ($s: OutboxStatus) { outbox(status: $s) { totalCount } }',
      vars: { s: 'bounced' },
      field: 's',
      message: 'Status must be pending, sent, failed or kept.',
    },
  ])(
    'refuses $case outside the set before anything runs, naming the field',
    async ({ doc, vars, field, message }) => {
      const res = await t.gql(doc, vars, { token: p.alice.token });
      expect(res.data ?? null).toBeNull();
      expect(res.errors).toHaveLength(1);
      expect(res.errors![0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', field, fields: [{ field, message }] },
      });
    },
  );
});
