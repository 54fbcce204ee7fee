import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { GraphQLField, GraphQLObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_STATUSES, RATE_LIMITS } from '../../domain/index.js';
import { outboxMail } from '../adapters/mail.js';
import { seedDemo } from '../db/seed-demo.js';
import { unsubscribeToken } from '../notifications/index.js';
import { ORDER_COOKIE } from '../storage-routes.js';
import { argumentsArb, dateArb, type FuzzSpec, type IdPools, operationDocument } from '../test/fuzz.js';
import { createUser, type GqlResult, setupTestApp } from '../test/harness.js';
import { addLocation, cardToken, saveShop, startCart } from '../test/order-wizard.js';
import { MSG_SUBSCRIPTIONS_UNSUPPORTED } from './operation-types.js';
import { schema } from './schema.js';
import { UNEXPECTED_ERROR_MESSAGE } from './yoga.js';

/**
 * Property-based fuzzing of every root operation, with inputs derived from the schema (test/fuzz.ts)
 * on the demo data, and documents of every operation type (query, mutation, subscription, and words
 * that are none) by POST and GET. For each call: no server error (no 5xx, no INTERNAL_SERVER_ERROR, no masked
 * "something went wrong"), a BAD_USER_INPUT names its field, and a refused call changed no row.
 * FUZZ_RUNS sets the calls per operation (default 8; e.g. FUZZ_RUNS=300 for a long run) and
 * FUZZ_SEED replays a failure that fast-check reports.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Identity = 'anonymous' | 'customer' | 'admin' | 'shopper' | 'throwaway';
/** Who legitimately calls the operation (others are tried too), and the id pools of its arguments. */
type Entry = FuzzSpec & { as: readonly Identity[] };

const CUSTOMER = ['customer'] as const;
const ADMIN = ['admin'] as const;
const SHOPPER = ['shopper'] as const;
const ANONYMOUS = ['anonymous'] as const;

/** Every mutation of the schema must have an entry (a test below checks). */
const MUTATIONS: Record<string, Entry> = {
  acceptTeamInvitation: { as: ['anonymous', 'customer'], ids: { token: 'invitation' } },
  acceptVisit: { as: SHOPPER, ids: { visitId: 'visit' } },
  addCertification: { as: ADMIN },
  saveQuestionnaireShopperRules: {
    as: ADMIN,
    ids: { qid: 'questionnaire', 'input.certificationId': 'certification' },
  },
  setShopperCertification: { as: ADMIN, ids: { certificationId: 'certification' } },
  updateShopperProfile: { as: SHOPPER },
  assignVisits: { as: ADMIN, ids: { visitIds: 'visit', shopperId: 'user' } },
  decideVisitExtension: { as: ADMIN, ids: { visitId: 'visit' } },
  gradeVisit: { as: ADMIN, ids: { evaluationId: 'evaluation' } },
  requestVisitExtension: { as: SHOPPER, ids: { evaluationId: 'evaluation' } },
  saveOfferSettings: { as: SHOPPER },
  markPayablesPaid: { as: ADMIN, ids: { payableIds: 'payable' } },
  createPayoutCsvLink: { as: ADMIN, ids: { batchId: 'payoutBatch' } },
  checkIn: { as: SHOPPER, ids: { _id: 'evaluation' } },
  checkOut: { as: SHOPPER, ids: { _id: 'evaluation' } },
  claimNextEvaluation: { as: ADMIN },
  createApiKey: {
    as: CUSTOMER,
    values: { scopes: fc.constantFrom(['REPORTING_READ'], ['reporting:read'], null, [], ['x']) },
  },
  revokeApiKey: { as: ['customer', 'admin'], ids: { _id: 'apiKey' } },
  saveReportSchedule: {
    as: CUSTOMER,
    ids: { recipientIds: 'user' },
    values: {
      frequency: fc.constantFrom('weekly', 'monthly', null, 'daily'),
      paper: fc.constantFrom('a4', 'letter', null, 'a3'),
    },
  },
  createWebhookEndpoint: { as: CUSTOMER },
  updateWebhookEndpoint: { as: CUSTOMER, ids: { _id: 'webhookEndpoint' } },
  deleteWebhookEndpoint: { as: CUSTOMER, ids: { _id: 'webhookEndpoint' } },
  rollWebhookSecret: { as: CUSTOMER, ids: { _id: 'webhookEndpoint' } },
  sendTestWebhook: { as: CUSTOMER, ids: { endpointId: 'webhookEndpoint' } },
  resendWebhookDelivery: { as: CUSTOMER, ids: { deliveryId: 'webhookDelivery' } },
  saveActionPlan: { as: ['customer', 'anonymous'], ids: { _id: 'actionPlan', 'items.elementId': 'element' } },
  submitActionPlan: {
    as: ['customer', 'anonymous'],
    ids: { _id: 'actionPlan', 'items.elementId': 'element' },
  },
  returnActionPlan: { as: CUSTOMER, ids: { _id: 'actionPlan' } },
  resolveActionPlan: { as: CUSTOMER, ids: { _id: 'actionPlan' } },
  saveActionPlanTrigger: { as: CUSTOMER, ids: { 'input.programId': 'uq', 'input.questionIds': 'element' } },
  // Score alerts and benchmarks (issue 48).
  acknowledgeScoreAlert: { as: CUSTOMER },
  saveScoreAlertRule: { as: CUSTOMER, ids: { 'input.programId': 'uq' } },
  setBenchmarkContribution: { as: CUSTOMER },
  addBulkLocations: { as: CUSTOMER, ids: { 'input.oids': 'cart' } },
  addEditQuestionnaire: {
    as: ADMIN,
    ids: {
      _id: 'questionnaire',
      'input.brandId': 'brand',
      'input.industryId': 'industry',
      'input.formId': 'form',
    },
  },
  addIndustry: { as: ADMIN, ids: { brandId: 'brand' } },
  addLocation: { as: ['customer', 'anonymous'], ids: { 'input.oids': 'cart' } },
  addSavedLocations: { as: CUSTOMER, ids: { locationIds: 'location', oid: 'cart' } },
  approveEvaluation: { as: ADMIN, ids: { _id: 'evaluation' } },
  associateBrandToUser: { as: ADMIN, ids: { brandId: 'brand', uid: 'user' } },
  cancelActiveShop: { as: CUSTOMER, ids: { _id: 'activeShop' } },
  changeTeamMember: {
    as: CUSTOMER,
    ids: { 'input.memberId': 'member', 'input.regionIds': 'region', 'input.locationIds': 'location' },
  },
  createRegion: { as: CUSTOMER },
  deleteRegion: { as: CUSTOMER, ids: { regionId: 'region' } },
  inviteTeamMember: { as: CUSTOMER, ids: { 'input.regionIds': 'region', 'input.locationIds': 'location' } },
  removeTeamMember: { as: CUSTOMER, ids: { memberId: 'member' } },
  renameRegion: { as: CUSTOMER, ids: { regionId: 'region' } },
  setLocationsRegion: { as: CUSTOMER, ids: { regionId: 'region', locationIds: 'location' } },
  transferOwnership: { as: CUSTOMER, ids: { memberId: 'member' } },
  withdrawTeamInvitation: { as: CUSTOMER, ids: { _id: 'teamInvitation' } },
  resendTeamInvitation: { as: CUSTOMER, ids: { _id: 'teamInvitation' } },
  changePassword: { as: ['throwaway'] },
  // Two-factor sign-in and sessions (issue 50): the login's own, so the throwaway login's.
  beginTotpSetup: { as: ['throwaway'] },
  confirmTotpSetup: { as: ['throwaway'] },
  disableTotp: { as: ['throwaway'] },
  regenerateRecoveryCodes: { as: ['throwaway'] },
  loginSecondFactor: { as: ANONYMOUS },
  signOutSession: { as: ['throwaway'] },
  signOutOtherSessions: { as: ['throwaway'] },
  beginPasskeyRegistration: { as: ['throwaway'] },
  finishPasskeyRegistration: { as: ['throwaway'] },
  renamePasskey: { as: ['throwaway'] },
  removePasskey: { as: ['throwaway'] },
  beginPasskeySignIn: { as: ANONYMOUS },
  passkeySignIn: { as: ANONYMOUS },
  setTeamRequiresTwoFactor: { as: CUSTOMER },
  resetTwoFactor: { as: ADMIN, ids: { uid: 'user' } },
  checkout: { as: CUSTOMER, ids: { oid: 'cart', 'input.brandId': 'brand', 'input.stripeToken': 'card' } },
  copyShopsToAllOrderLocations: { as: CUSTOMER, ids: { oid: 'cart', shopIds: 'shop' } },
  createBrand: { as: ADMIN },
  createExportLink: { as: ADMIN, values: { type: fc.constantFrom('customers', 'orders', 'other') } },
  createForm: { as: ADMIN },
  generateSignature: { as: ['customer', 'admin'] },
  login: { as: ANONYMOUS },
  logout: { as: ['throwaway', 'anonymous'] },
  modifyOrderQuestionnaires: { as: CUSTOMER, ids: { oid: 'cart', qids: 'questionnaire' } },
  publishForm: { as: ADMIN, ids: { _id: 'form' } },
  register: { as: ANONYMOUS },
  registerShopper: { as: ANONYMOUS },
  rejectEvaluation: { as: ADMIN, ids: { _id: 'evaluation' } },
  runDigestNow: { as: ADMIN },
  releaseEvaluation: { as: SHOPPER, ids: { _id: 'evaluation' } },
  removeBrand: { as: ADMIN, ids: { _id: 'brand' } },
  removeCartShop: { as: CUSTOMER, ids: { _id: 'shop', oid: 'cart' } },
  removeIndustry: { as: ADMIN, ids: { _id: 'industry' } },
  removeLocation: { as: CUSTOMER, ids: { locationId: 'location', oid: 'cart' } },
  removeLocationFromAccount: { as: CUSTOMER, ids: { locationId: 'location' } },
  removeLocationFromOrder: { as: CUSTOMER, ids: { locationId: 'location', oid: 'cart' } },
  removeQuestionnaire: { as: ADMIN, ids: { _id: 'questionnaire' } },
  removeUserQuestionnaire: { as: CUSTOMER, ids: { oid: 'cart', uqid: 'uq' } },
  reorder: { as: CUSTOMER, ids: { oid: 'order' } },
  resetPassword: { as: ANONYMOUS },
  saveAccountInfo: { as: CUSTOMER },
  saveDefaultCard: { as: CUSTOMER, ids: { stripeToken: 'card' } },
  saveEmailPreferences: { as: CUSTOMER },
  saveEvaluation: { as: SHOPPER, ids: { _id: 'evaluation', currentSectionId: 'element' } },
  saveFormDraft: { as: ADMIN, ids: { _id: 'form' } },
  saveLocation: { as: CUSTOMER, ids: { locationId: 'location', oid: 'cart' } },
  saveShop: {
    as: CUSTOMER,
    ids: {
      _id: 'shop',
      'input.oid': 'cart',
      'input.qid': 'questionnaire',
      'input.uqid': 'uq',
      'input.locationId': 'location',
    },
  },
  saveUserQuestionnaire: { as: CUSTOMER, ids: { _id: 'uq' } },
  sendEmailAgain: { as: ADMIN, ids: { _id: 'outboxEmail' } },
  sendResetPasswordEmail: { as: ANONYMOUS },
  setFormActive: { as: ADMIN, ids: { _id: 'form' } },
  setProofingComment: { as: ADMIN, ids: { _id: 'evaluation', elementId: 'element' } },
  startOrder: { as: ['customer', 'anonymous'], ids: { oid: 'cart', qids: 'questionnaire' } },
  startReview: { as: ADMIN, ids: { _id: 'evaluation' } },
  submitEvaluation: { as: SHOPPER, ids: { _id: 'evaluation' } },
  submitSurveyResponse: { as: ANONYMOUS, ids: { surveyCode: 'survey' } },
  toggleIndustryPublish: { as: ADMIN, ids: { _id: 'industry' } },
  tokenizeTestCard: { as: ANONYMOUS },
  unsubscribe: { as: ANONYMOUS, ids: { token: 'unsubscribe' } },
  updateBrand: { as: ADMIN, ids: { _id: 'brand' } },
};

/** Queries that take arguments (the others have no input to fuzz). */
const QUERIES: Record<string, Entry> = {
  addressSuggestions: { as: ANONYMOUS },
  actionPlan: { as: ['customer', 'anonymous'], ids: { _id: 'actionPlan' } },
  actionPlans: {
    as: CUSTOMER,
    ids: { 'filter.regionId': 'region', 'filter.locationId': 'location', 'filter.programId': 'uq' },
  },
  actionPlanCounts: {
    as: CUSTOMER,
    ids: { 'filter.regionId': 'region', 'filter.locationId': 'location', 'filter.programId': 'uq' },
  },
  actionPlanTrigger: { as: CUSTOMER, ids: { programId: 'uq' } },
  scoreAlerts: { as: CUSTOMER },
  scoreAlertRule: { as: CUSTOMER, ids: { programId: 'uq' } },
  benchmarks: {
    as: CUSTOMER,
    ids: { 'filter.programId': 'uq', 'filter.locationId': 'location' },
    values: { 'filter.startDate': dateArb, 'filter.endDate': dateArb },
  },
  apiKeys: { as: ['customer', 'admin'], ids: { clientId: 'user' } },
  // The audit log (issue 50): the account's owner and admins, platform admins any account's.
  auditLog: { as: ['customer', 'admin'], ids: { 'filter.accountId': 'user' } },
  auditLogCsv: { as: ['customer', 'admin'], ids: { 'filter.accountId': 'user' } },
  payables: {
    as: ADMIN,
    ids: { shopperId: 'user' },
    values: { status: fc.constantFrom('pending', 'paid', 'all', null, 'PAID'), from: dateArb, to: dateArb },
  },
  webhookEndpoint: { as: CUSTOMER, ids: { _id: 'webhookEndpoint' } },
  webhookEndpointSecret: { as: CUSTOMER, ids: { _id: 'webhookEndpoint' } },
  brand: { as: ['anonymous', 'admin'], ids: { _id: 'brand' } },
  brands: { as: ['anonymous', 'admin'] },
  evaluation: { as: ['shopper', 'admin', 'customer'], ids: { _id: 'evaluation' } },
  form: { as: ADMIN, ids: { _id: 'form' } },
  geocodeAddress: { as: ANONYMOUS },
  invitation: { as: ANONYMOUS, ids: { token: 'invitation' } },
  industries: { as: ADMIN, ids: { brandId: 'brand' } },
  invoice: { as: CUSTOMER, ids: { invoiceId: 'invoice' } },
  nextLocationID: { as: CUSTOMER, ids: { oid: 'cart' } },
  openVisits: { as: SHOPPER },
  questionnaireShopperRules: { as: ADMIN, ids: { qid: 'questionnaire' } },
  shopboard: { as: SHOPPER },
  order: { as: ['customer', 'admin'], ids: { _id: 'order' } },
  orders: { as: ADMIN },
  outbox: {
    as: ADMIN,
    values: {
      status: fc.oneof(
        fc.constantFrom(...OUTBOX_STATUSES, null, ''),
        fc.constantFrom('SENT', 'all', '<b>', 'pending\u0000'),
      ),
    },
  },
  outboxEmail: { as: ADMIN, ids: { _id: 'outboxEmail' } },
  outboxEmails: { as: ADMIN },
  publishedIndustries: { as: ANONYMOUS, ids: { brandId: 'brand' } },
  questionnaire: { as: ['anonymous', 'admin'], ids: { _id: 'questionnaire' } },
  sharedShopReport: { as: ANONYMOUS, ids: { _id: 'evaluation' } },
  survey: { as: ANONYMOUS, ids: { surveyCode: 'survey' } },
  unsubscribeLink: { as: ANONYMOUS, ids: { token: 'unsubscribe' } },
  surveyProgramSummary: { as: CUSTOMER, ids: { surveyCode: 'survey' } },
  surveyQrPage: {
    as: ['customer', 'admin'],
    ids: { surveyCode: 'survey', programId: 'uq', clientId: 'user' },
  },
  user: { as: ADMIN, ids: { uid: 'user' } },
  userTwoFactor: { as: ADMIN, ids: { uid: 'user' } },
  users: { as: ADMIN },
  shopperStanding: { as: ADMIN, ids: { shopperId: 'user' } },
  shoppersForVisit: { as: ADMIN, ids: { visitId: 'visit' } },
  visitHistory: { as: ADMIN, ids: { visitId: 'visit' } },
  visitsAtRisk: { as: ADMIN },
};

/** Tables a refused call may still write: a failed login is recorded by design (throttling). */
// audit_entries: a platform admin's read of a customer (user, apiKeys with clientId) is itself recorded
// (issue 50); every other entry is written with the change it records, which is counted.
const MAY_CHANGE_WHEN_REFUSED = new Set(['login_attempts', 'audit_entries']);

/**
 * Updates counted as changes where not every column is: any request with a session may note when it
 * was last seen (accounts/sessions.ts, noteSessionSeen), refused or not; everything else of a session counts.
 */
const UPDATES_COUNTED: Record<string, string> = {
  sessions: 'update of user_id, token_hash, expires_at, revoked_at, user_agent, ip',
};

const t = setupTestApp();
const tokens: Partial<Record<Identity, string>> = {};
let pools: IdPools = {};
let calls = 0;

/** A counter of committed row changes, kept by a row trigger on every table. */
async function installChangeCounter() {
  const tables = await t.rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  await t.db.execute(sql`create table fuzz_changes (n bigint not null)`);
  await t.db.execute(sql`insert into fuzz_changes values (0)`);
  await t.db.execute(
    sql.raw(`create function fuzz_count() returns trigger language plpgsql as $$
      begin update fuzz_changes set n = n + 1; return null; end $$`),
  );
  for (const { name } of tables) {
    if (MAY_CHANGE_WHEN_REFUSED.has(name) || name.startsWith('__')) continue;
    const update = UPDATES_COUNTED[name] ?? 'update';
    await t.db.execute(
      sql.raw(`create trigger fuzz_count after insert or ${update} or delete on "${name}"
        for each row execute function fuzz_count()`),
    );
  }
}

const changes = async () => (await t.rows<{ n: string }>(sql`select n::text from fuzz_changes`))[0]!.n;

async function idsOf(query: string): Promise<string[]> {
  return (await t.rows<{ id: string }>(sql.raw(query))).map((r) => String(r.id));
}

async function fillPools() {
  const cart = await startCart(t, await idsOf(`select id from questionnaires where published limit 1`), {
    token: tokens.customer,
  });
  const [qid] = await idsOf(`select qid as id from user_questionnaires where oid = '${cart.oid}'`);
  const locationId = await addLocation(t, cart.oid, { token: tokens.customer });
  const shop = await saveShop(
    t,
    { oid: cart.oid, locationId, uqid: cart.uqid(qid!), recurring: false, totalQuantity: 1 },
    { token: tokens.customer },
  ).catch(() => null);
  // Messages in each status the outbox can hold, for the admin outbox's calls.
  const mail = outboxMail();
  const outbox: string[] = [];
  for (const status of OUTBOX_STATUSES) {
    const id = await mail.send(t.db, { to: 'customer@demo.test', subject: status, text: 'x', kind: 'fuzz' });
    await t.db.execute(sql`update outbox_emails set status = ${status} where id = ${id}`);
    outbox.push(id!);
  }
  const elements = await idsOf(
    `select distinct e->>'localId' as id from form_versions, jsonb_array_elements(definition->'sections') s,
       jsonb_array_elements(s->'elements') e limit 20`,
  ).catch(() => [] as string[]);
  // A region, a manager and a pending invitation of the demo customer's team.
  const team = await teamPools();
  await t.gql('mutation { createApiKey(name: "Fuzz key") { secret } }', {}, { token: tokens.customer });
  const endpoint = await t.gql(
    'mutation { createWebhookEndpoint(input: { url: "https://hooks.example.com/in", events: [REPORT_READY] }) { _id } }',
    {},
    { token: tokens.customer },
  );
  await t.gql(
    'mutation ($id: String!) { sendTestWebhook(endpointId: $id) { _id } }',
    { id: endpoint.data?.createWebhookEndpoint?._id },
    { token: tokens.customer },
  );
  pools = {
    ...team,
    cart: [cart.oid],
    uq: [cart.uqid(qid!)],
    location: [locationId, ...(await idsOf(`select id from locations limit 3`))],
    shop: shop ? [shop._id] : await idsOf(`select id from shops limit 2`),
    activeShop: await idsOf(`select id from shops where status = 'ACTIVE' limit 3`),
    order: await idsOf(`select id from orders where status = 'COMPLETE' limit 3`),
    brand: await idsOf(`select id from brands limit 4`),
    industry: await idsOf(`select id from industries limit 4`),
    questionnaire: await idsOf(`select id from questionnaires limit 4`),
    user: await idsOf(`select id from users limit 4`),
    apiKey: await idsOf(`select id from api_keys limit 2`),
    payable: await idsOf(`select id from payables limit 3`),
    payoutBatch: await idsOf(`select id from payout_batches limit 2`),
    webhookEndpoint: await idsOf(`select id from webhook_endpoints limit 2`),
    webhookDelivery: await idsOf(`select id from webhook_deliveries limit 2`),
    form: await idsOf(`select id from forms limit 3`),
    evaluation: await idsOf(`select id from evaluations order by status limit 6`),
    visit: await idsOf(`select id from visits limit 4`),
    certification: await idsOf(`select id from certifications limit 2`),
    actionPlan: await idsOf(`select id from action_plans limit 3`),
    invoice: await idsOf(`select id from invoices limit 3`),
    survey: await idsOf(`select survey_code as id from survey_links limit 3`),
    card: [await cardToken(t)],
    elements,
    element: elements,
    outboxEmail: outbox,
    unsubscribe: [
      ...(await idsOf(`select id from users limit 2`)).map((userId) =>
        unsubscribeToken(t.config.appSecret, { userId, topic: 'news' }),
      ),
      unsubscribeToken(t.config.appSecret, { email: 'front@demo.test', topic: 'reports' }),
    ],
  };
}

/** The demo customer's team: a region, a member who joined, and invitation links (one used, one pending). */
async function teamPools() {
  const as = { token: tokens.customer };
  const region = await t.gql('mutation { createRegion(name: "Fuzz region") { _id } }', {}, as);
  const invite = (email: string) =>
    t.gql(
      'mutation ($email: String!) { inviteTeamMember(input: { email: $email, role: manager }) { _id } }',
      { email },
      as,
    );
  await invite('fuzz-member@demo.test');
  await invite('fuzz-pending@demo.test');
  const links = (
    await idsOf(`select text as id from outbox_emails where kind = 'team-invitation' order by created_at`)
  ).map((text) => /\/invitation\/([\w-]+)/.exec(text)![1]!);
  await t.gql(
    'mutation ($token: String!) { acceptTeamInvitation(token: $token, input: { password: "fuzz-pass-1" }) { token } }',
    { token: links[0] },
  );
  return {
    region: [region.data.createRegion._id as string],
    member: await idsOf(`select id from account_members where role <> 'owner'`),
    teamInvitation: await idsOf(`select id from team_invitations`),
    invitation: links,
  };
}

beforeAll(async () => {
  await t.resetDb();
  await seedDemo(t.db);
  tokens.customer = await t.login('customer@demo.test', 'demo-customer-pass');
  tokens.admin = await t.login('admin@demo.test', 'demo-admin-pass');
  tokens.shopper = await t.login('shopper@demo.test', 'demo-shopper-pass');
  await fillPools();
  await installChangeCounter();
}, 120_000);

/** A token for the caller: a new account and session for 'throwaway' (logout and password changes). */
async function tokenOf(who: Identity): Promise<string | undefined> {
  if (who !== 'throwaway') return tokens[who];
  const user = await createUser(t.db, { password: 'password123' });
  return t.login(user.email, 'password123', { ip: '198.18.255.1' });
}

/** A refusal names its field: the boundary's and the use cases' `fields`, or GraphQL's coercion message. */
function namesAField(error: NonNullable<GqlResult['errors']>[number]): boolean {
  const fields = (error.extensions?.fields ?? []) as { field?: unknown }[];
  if (fields.length > 0 && fields.every((f) => typeof f.field === 'string')) return true;
  return /Variable "\$\w+"/.test(error.message);
}

async function check(
  kind: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
  who: Identity,
  vars: object,
) {
  const token = await tokenOf(who);
  const before = await changes();
  const n = ++calls;
  const res = await t.gql(operationDocument(kind, field), vars as Record<string, unknown>, {
    token,
    // Each call from its own address, so the per-IP login throttle does not stand in for the checks.
    ip: `198.18.${(n >> 8) & 255}.${n & 255}`,
  });
  const context = `${field.name} as ${who}: ${JSON.stringify(res.errors ?? res.status).slice(0, 500)}`;
  expect(res.status, context).toBeLessThan(500);
  for (const error of res.errors ?? []) {
    expect(error.message, context).not.toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(error.extensions?.code, context).not.toBe('INTERNAL_SERVER_ERROR');
    if (error.extensions?.code === 'BAD_USER_INPUT') expect(namesAField(error), context).toBe(true);
  }
  if (kind === 'query' || res.errors?.length || res.status >= 400)
    expect(await changes(), context).toBe(before);
}

function fuzz(kind: 'query' | 'mutation', type: GraphQLObjectType, entries: Record<string, Entry>) {
  for (const [name, entry] of Object.entries(entries)) {
    const field = type.getFields()[name];
    it(`${name}`, async () => {
      expect(field, `${name} is not in the schema`).toBeDefined();
      const who = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...entry.as) },
        { weight: 1, arbitrary: fc.constantFrom<Identity>('anonymous', 'customer', 'admin', 'shopper') },
      );
      await fc.assert(
        fc.asyncProperty(who, argumentsArb(type.name, field!, entry, pools), (caller, vars) =>
          check(kind, field!, caller, vars),
        ),
        { numRuns: RUNS, seed: SEED },
      );
    });
  }
}

describe('fuzz: every mutation', () => {
  it('has an entry for every mutation of the schema', () => {
    const names = Object.keys(schema.getMutationType()!.getFields()).sort();
    expect(Object.keys(MUTATIONS).sort()).toEqual(names);
  });
  fuzz('mutation', schema.getMutationType()!, MUTATIONS);
});

describe('fuzz: every query with arguments', () => {
  it('has an entry for every query that takes arguments', () => {
    const names = Object.values(schema.getQueryType()!.getFields())
      .filter((f) => f.args.length > 0)
      .map((f) => f.name)
      .sort();
    expect(Object.keys(QUERIES).sort()).toEqual(names);
  });
  fuzz('query', schema.getQueryType()!, QUERIES);
});

/** Words where an operation type goes: the three of GraphQL (the schema has no subscriptions) and others. */
const OPERATION_WORDS = [
  'query',
  'mutation',
  'subscription',
  'Subscription',
  'subscribe',
  'fragment',
  'schema',
  'extend',
  '',
];
/** Selections that change nothing whoever runs them (a refused or invalid one included). */
const SELECTIONS = [
  '__typename',
  'nope',
  'currentUser { _id }',
  'currentBrand { _id }',
  'login',
  'brands { _id } __typename',
];

describe('fuzz: every operation type', () => {
  it('answers every operation type, known or not, by POST and GET, with a client error at worst', async () => {
    const call = fc.record({
      word: fc.constantFrom(...OPERATION_WORDS),
      selection: fc.constantFrom(...SELECTIONS),
      name: fc.option(fc.constantFrom('Op', 'watch'), { nil: undefined }),
      method: fc.constantFrom('POST', 'GET'),
      who: fc.constantFrom<Identity>('anonymous', 'customer', 'admin'),
      // A second operation in the document, so that operationName picks one.
      other: fc.option(fc.constantFrom('query Other { __typename }', 'subscription Other { __typename }'), {
        nil: undefined,
      }),
    });
    await fc.assert(
      fc.asyncProperty(call, async ({ word, selection, name, method, who, other }) => {
        const query = `${word}${name ? ` ${name}` : ''} { ${selection} }${other ? ` ${other}` : ''}`;
        const operationName = other && name ? name : undefined;
        const before = await changes();
        const token = await tokenOf(who);
        const res = await t.inject({
          method: method as 'POST' | 'GET',
          url:
            method === 'GET'
              ? `/api?${new URLSearchParams({ query, ...(operationName ? { operationName } : {}) })}`
              : '/api',
          ...(method === 'POST' ? { payload: { query, ...(operationName ? { operationName } : {}) } } : {}),
          token,
        });
        const context = `${method} ${query} (${operationName ?? 'no name'}) as ${who}: ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, context).toBeLessThan(500);
        const errors = (JSON.parse(res.body || '{}') as GqlResult).errors ?? [];
        for (const error of errors) {
          expect(error.message, context).not.toBe(UNEXPECTED_ERROR_MESSAGE);
          expect(error.extensions?.code, context).not.toBe('INTERNAL_SERVER_ERROR');
        }
        // A subscription (the one run, alone or named) is refused as such, unless the document is
        // already invalid (two root fields, an anonymous operation among others).
        const runs = operationName ? word : other ? null : word;
        const invalid =
          errors.length > 0 && errors.every((e) => e.extensions?.code === 'GRAPHQL_VALIDATION_FAILED');
        if (runs === 'subscription' && res.statusCode !== 405 && !invalid) {
          expect(res.statusCode, context).toBe(400);
          expect(
            errors.map((e) => e.message),
            context,
          ).toEqual([MSG_SUBSCRIPTIONS_UNSUPPORTED]);
        }
        expect(await changes(), context).toBe(before);
      }),
      {
        numRuns: RUNS * 10,
        seed: SEED,
        // The reported ones, always tried.
        examples: [
          [
            {
              word: 'subscription',
              selection: '__typename',
              name: undefined,
              method: 'POST',
              who: 'anonymous',
              other: undefined,
            },
          ],
          [
            {
              word: 'subscription',
              selection: '__typename',
              name: undefined,
              method: 'GET',
              who: 'customer',
              other: undefined,
            },
          ],
        ],
      },
    );
  });
});

/**
 * Abuse by volume (issue 42): each request that sends e-mail to an address anyone can type, makes an
 * account or signs an upload, sent once more than its limit allows (domain/rate-limits.ts), is refused
 * with RATE_LIMITED and the wait. src/server/rate-limits.test.ts tests the limits in detail.
 */
describe('fuzz: requests that cost something, sent without end', () => {
  const limited = (res: GqlResult) => ({
    code: res.errors?.[0]?.extensions?.code,
    waits: typeof res.errors?.[0]?.extensions?.retryAfter === 'number',
  });
  const flood = async (n: number, send: (i: number) => Promise<GqlResult>) => {
    let last: GqlResult | undefined;
    for (let i = 0; i < n; i++) last = await send(i);
    return last!;
  };

  it('mails password resets to one address from many IPs', async () => {
    const max = RATE_LIMITS.passwordResetPerEmail.max;
    const last = await flood(max + 1, (i) =>
      t.gql('mutation { sendResetPasswordEmail(email: "front@demo.test") }', {}, { ip: `198.19.1.${i}` }),
    );
    expect(limited(last)).toEqual({ code: 'RATE_LIMITED', waits: true });
  });

  it('mails password resets to unknown addresses from one IP', async () => {
    const max = RATE_LIMITS.passwordResetPerIp.max;
    const last = await flood(max + 1, (i) =>
      t.gql(
        'mutation ($e: String!) { sendResetPasswordEmail(email: $e) }',
        { e: `flood-${i}@x.test` },
        {
          ip: '198.19.2.1',
        },
      ),
    );
    expect(limited(last)).toEqual({ code: 'RATE_LIMITED', waits: true });
  });

  it('signs up accounts from one IP', async () => {
    const max = RATE_LIMITS.signUpPerIp.max;
    const last = await flood(max + 1, (i) =>
      t.gql(
        `mutation ($e: String!) { registerShopper(input: { email: $e, password: "flood-pass-1", firstName: "F",
          lastName: "L", phone: "(512)-555-0101", city: "Austin", state: "TX" }) { token } }`,
        { e: `flood-shopper-${i}@x.test` },
        { ip: '198.19.3.1' },
      ),
    );
    expect(limited(last)).toEqual({ code: 'RATE_LIMITED', waits: true });
  });

  it('resends one team invitation', async () => {
    // An account of its own: the fuzzing above may have used up the demo customer's invitations.
    const token = await tokenOf('throwaway');
    const invited = await t.gql(
      'mutation { inviteTeamMember(input: { email: "flood-invitee@demo.test", role: manager }) { _id } }',
      {},
      { token, ip: '198.19.4.250' },
    );
    expect(invited.errors, JSON.stringify(invited.errors)).toBeUndefined();
    const id = invited.data.inviteTeamMember._id as string;
    const max = RATE_LIMITS.invitationResendPerInvitation.max;
    const last = await flood(max + 1, (i) =>
      t.gql(
        'mutation ($id: String!) { resendTeamInvitation(_id: $id) { _id } }',
        { id },
        { token, ip: `198.19.4.${i}` },
      ),
    );
    expect(limited(last)).toEqual({ code: 'RATE_LIMITED', waits: true });
  });

  it('invites team members', async () => {
    const token = await tokenOf('throwaway');
    const last = await flood(RATE_LIMITS.invitationPerAccount.max + 1, (i) =>
      t.gql(
        'mutation ($e: String!) { inviteTeamMember(input: { email: $e, role: manager }) { _id } }',
        { e: `flood-invitee-${i}@x.test` },
        { token, ip: `198.19.5.${i}` },
      ),
    );
    expect(limited(last)).toEqual({ code: 'RATE_LIMITED', waits: true });
  });

  it('signs uploads (GET /s3/sign)', async () => {
    const max = RATE_LIMITS.uploadSignPerClient.max;
    let last: Awaited<ReturnType<typeof t.inject>> | undefined;
    for (let i = 0; i <= max; i++) {
      last = await t.inject({
        method: 'GET',
        url: '/s3/sign?fileName=a.png&contentType=image%2Fpng&size=1024',
        headers: { folder: 'customQuestionnaires/flood' },
        cookie: { [ORDER_COOKIE]: 'flood' },
        ip: '198.19.5.1',
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
