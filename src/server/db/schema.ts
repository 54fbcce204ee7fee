import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OutboxStatus } from '../../domain/outbox.js';
import type { ProofFlag } from '../../domain/visit-proof.js';

/**
 * The whole data model of the spec. Ids are random text (see ids.ts): the order id in a cookie is a
 * capability, so it must be unguessable. Money columns are integer cents; times are timestamptz (UTC).
 */

const id = () => text('id').primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type ZoneTier = 'non-remote' | 'remote' | 'ultra-remote';
export type CarMakeTier = 'non-premium' | 'premium' | 'ultra-premium';

// ---------------------------------------------------------------- brands

export const brands = pgTable(
  'brands',
  {
    id: id(),
    shortName: text('short_name').notNull(),
    name: text('name').notNull(),
    /** AUTHENTICATED | CUSTOM_SUBDOMAIN | CUSTOM_DOMAIN | ENTRY_PATH */
    type: text('type').notNull().default('AUTHENTICATED'),
    subdomain: text('subdomain'),
    customDomain: text('custom_domain'),
    entryPath: text('entry_path'),
    logoUrl: text('logo_url'),
    faviconUrl: text('favicon_url'),
    primaryColor: text('primary_color').notNull().default('#1c7ed6'),
    secondaryColor: text('secondary_color').notNull().default('#495057'),
    headerTextColor: text('header_text_color').notNull().default('#ffffff'),
    footerLinkTextColor: text('footer_link_text_color').notNull().default('#ffffff'),
    brandText: text('brand_text'),
    brandTextImageUrl: text('brand_text_image_url'),
    restrictCMS: boolean('restrict_cms').notNull().default(false),
    orderNotificationEmails: text('order_notification_emails'),
    /** The brand served when nothing else matches. Exactly one brand has it. */
    isDefault: boolean('is_default').notNull().default(false),
    // Capabilities: every brand difference in behaviour is one of these, never a shortName check.
    surveysEnabled: boolean('surveys_enabled').notNull().default(true),
    customizationEnabled: boolean('customization_enabled').notNull().default(true),
    usesIncentiveZones: boolean('uses_incentive_zones').notNull().default(false),
    requiresCarMake: boolean('requires_car_make').notNull().default(false),
    /** default | automotive */
    flowVariant: text('flow_variant').notNull().default('default'),
    unlistedIndustryEmail: text('unlisted_industry_email'),
    incentiveZones: jsonb('incentive_zones')
      .$type<{ city: string; state: string; tier: ZoneTier }[]>()
      .notNull()
      .default([]),
    carMakes: jsonb('car_makes').$type<{ make: string; tier: CarMakeTier }[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('brands_short_name_uq').on(sql`lower(${t.shortName})`),
    uniqueIndex('brands_subdomain_uq').on(sql`lower(${t.subdomain})`),
    uniqueIndex('brands_custom_domain_uq').on(sql`lower(${t.customDomain})`),
    uniqueIndex('brands_entry_path_uq').on(sql`lower(${t.entryPath})`),
    uniqueIndex('brands_one_default_uq').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);

// ---------------------------------------------------------------- users and sessions

export type EmailPreferences = {
  receiveMarketing: boolean;
  receiveShopScheduled: boolean;
  receiveShopQA: boolean;
  receiveShopComplete: boolean;
  receiveSurveyComplete: boolean;
  receiveAsDigest: boolean;
  /** Absent on accounts that saved their preferences before action plans: on. */
  receiveActionPlans?: boolean;
  /** Absent on accounts that saved their preferences before score alerts (issue 48): on. */
  receiveScoreAlerts?: boolean;
};

export type PaymentCard = { brand: string; expireMonth: number; expireYear: number; last4: string };

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    businessName: text('business_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    additionalEmails: text('additional_emails').notNull().default(''),
    admin: boolean('admin').notNull().default(false),
    /** shopper | employee | proofer (evaluation roles). */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    /** The brand the account belongs to (registered under, or associated by an admin). */
    associatedBrandId: text('associated_brand_id').references(() => brands.id),
    emailPreferences: jsonb('email_preferences').$type<EmailPreferences>().notNull().default({
      receiveMarketing: true,
      receiveShopScheduled: true,
      receiveShopQA: true,
      receiveShopComplete: true,
      receiveSurveyComplete: true,
      receiveAsDigest: false,
      receiveActionPlans: true,
    }),
    paymentCard: jsonb('payment_card').$type<PaymentCard | null>(),
    paymentCustomerId: text('payment_customer_id'),
    /** Team setting (the owner's): every member must use two-factor sign-in (issue 50). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /** Account setting (issue 48): its approved shops are left out of other accounts' benchmarks. */
    benchmarkOptOut: boolean('benchmark_opt_out').notNull().default(false),
    /** Shopper profile for the evaluator app. */
    gender: text('gender'),
    birthYear: integer('birth_year'),
    city: text('city'),
    state: text('state'),
    /**
     * Unused since 0035 (the shopper's home point is the profile's, shopper_profiles); kept because the
     * release before it reads them (docs/migrations.md: expand, then contract). A contract migration
     * drops them once no instance of that release runs.
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_name_idx').on(t.lastName, t.firstName),
    index('users_business_idx').on(t.businessName),
    /** The admin customers list: newest first. */
    index('users_created_idx').on(t.createdAt, t.id),
    /** The admin customer search: name or business name "contains" (ilike '%term%'), by trigrams (pg_trgm). */
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_business_trgm_idx').using('gin', t.businessName.op('gin_trgm_ops')),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    /** When the session was last used, to within SESSION_SEEN_EVERY_MS (sessions.ts); null until then. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** 'api' when last used with `Authorization: Bearer`, else 'browser' (the cookie). */
    lastSeenVia: text('last_seen_via'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * A login's authenticator app (TOTP, RFC 6238). The secret is encrypted with a key derived from
 * APP_SECRET (auth/secret-box.ts) and never returned after setup. `confirmedAt` null: set up but not
 * yet confirmed with a code, so not asked at login. `lastStep`: the time step of the last code
 * accepted; a code of that step or an earlier one is refused (no replay).
 */
export const twoFactorTotp = pgTable('two_factor_totp', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Single-use recovery codes of a login with two-factor sign-in: sha256 only, `usedAt` once spent. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A login's passkeys (WebAuthn credentials, issue 50): platform (Touch ID, Windows Hello, Android) or
 * roaming (a security key). Only the public key is kept (COSE, base64url). `rpId` is the host it was
 * made on: the browser offers it only there. `counter`: the authenticator's signature counter, refused
 * when it does not go up (a cloned key), unless the authenticator keeps none (0 and 0).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** The authenticator's transports ('internal', 'usb', 'nfc', 'ble', 'hybrid'), comma-separated. */
    transports: text('transports').notNull().default(''),
    /** Synced across the person's devices (a multi-device passkey), as the authenticator said. */
    backedUp: boolean('backed_up').notNull().default(false),
    rpId: text('rp_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_uq').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges handed to a browser, kept server side: each is taken (deleted) by the answer
 * that uses it, so it works once, and only until `expiresAt` (five minutes). `purpose` 'register'
 * (userId: the login adding a passkey) or 'sign-in' (userId: the login of a second-factor step, null
 * for a sign-in without a password). `rpId`/`origin`: the host it was asked on.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    rpId: text('rp_id').notNull(),
    origin: text('origin').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_token_hash_uq').on(t.tokenHash)],
);

/** Failed (and successful) logins, for rate limiting across instances. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * 'account:{email}', 'device:{nonce}' (a browser's login-device cookie) or 'ip:{address}'; or a
     * request limit's count, 'limit:{what}:{who}' (src/server/rate-limit.ts)
     */
    key: text('key').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_key_time_idx').on(t.key, t.createdAt)],
);

// ---------------------------------------------------------------- catalogue

export const industries = pgTable(
  'industries',
  {
    id: id(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    title: text('title').notNull(),
    published: boolean('published').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Soft delete: completed orders keep their history. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('industries_brand_idx').on(t.brandId)],
);

export const forms = pgTable('forms', {
  id: id(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** The draft being edited in the form builder (a Form JSON of src/evaluation). */
  draft: jsonb('draft').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Publishing a form creates a new immutable version; evaluations keep the version they started on. */
export const formVersions = pgTable(
  'form_versions',
  {
    id: id(),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id),
    version: integer('version').notNull(),
    definition: jsonb('definition').notNull(),
    publishedAt: createdAt(),
  },
  (t) => [uniqueIndex('form_versions_form_version_uq').on(t.formId, t.version)],
);

export const questionnaires = pgTable(
  'questionnaires',
  {
    id: id(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    industryId: text('industry_id')
      .notNull()
      .references(() => industries.id),
    title: text('title').notNull(),
    /** mysteryShop | customerSurvey */
    type: text('type').notNull().default('mysteryShop'),
    sampleLink: text('sample_link'),
    minimumReimbursement: integer('minimum_reimbursement').notNull().default(0),
    showReimbursement: boolean('show_reimbursement').notNull().default(true),
    monthsPurchased: integer('months_purchased').notNull().default(1),
    startupCost: integer('startup_cost').notNull().default(0),
    cost: integer('cost').notNull().default(0),
    /** Paid to the shopper per approved visit on top of the shop's reimbursement, cents. */
    shopperFee: integer('shopper_fee').notNull().default(0),
    /**
     * Days after accepting a visit its shopper has to submit it (issue 47); null: until the visit's due
     * date. The earlier of the two counts.
     */
    submitWithinDays: integer('submit_within_days'),
    published: boolean('published').notNull().default(true),
    isCustom: boolean('is_custom').notNull().default(false),
    formId: text('form_id').references(() => forms.id),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questionnaires_industry_idx').on(t.industryId),
    index('questionnaires_brand_idx').on(t.brandId),
  ],
);

// ---------------------------------------------------------------- orders

export const orders = pgTable(
  'orders',
  {
    /** Random and unguessable: it is held in a cookie and acts as the cart's capability. */
    id: id(),
    /** A separate, increasing, human-facing number. */
    orderNumber: bigint('order_number', { mode: 'number' })
      .notNull()
      .generatedAlwaysAsIdentity({ startWith: 10001 }),
    uid: text('uid').references(() => users.id),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    /** CART until checkout, then COMPLETE. */
    status: text('status').notNull().default('CART'),
    serviceKeys: text('service_keys').array().notNull().default(sql`'{}'::text[]`),
    referralCode: text('referral_code'),
    orderDate: timestamp('order_date', { withTimezone: true }),
    /** Amount charged at checkout, in cents. */
    amount: integer('amount'),
    paymentChargeId: text('payment_charge_id'),
    /** Payment-provider customer the checkout charged (a guest has no user to hold it). */
    paymentCustomerId: text('payment_customer_id'),
    /** Guest checkout: the contact details are kept on the order, no account is created. */
    guestEmail: text('guest_email'),
    guestProfile: jsonb('guest_profile').$type<GuestProfile | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_number_uq').on(t.orderNumber),
    index('orders_uid_status_idx').on(t.uid, t.status, t.orderDate),
    index('orders_status_date_idx').on(t.status, t.orderDate),
  ],
);

export type GuestProfile = {
  firstName: string;
  lastName: string;
  businessName: string;
  phone: string;
  additionalEmails: string;
};

export type CustomQuestion = {
  question: string;
  type: 'Yes / No' | 'Multiple Choice' | 'Open-Ended';
  multipleChoiceOptions: string[];
  allowMultipleSelections: boolean;
};
/** A custom upload: its key; the public URL and file name are derived from it on read (publicUrl is of old rows, never read). */
export type CustomUpload = { fileKey: string; fileName: string; publicUrl?: string };

export const userQuestionnaires = pgTable(
  'user_questionnaires',
  {
    id: id(),
    oid: text('oid')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    uid: text('uid').references(() => users.id),
    qid: text('qid')
      .notNull()
      .references(() => questionnaires.id),
    customUpload: jsonb('custom_upload').$type<CustomUpload | null>(),
    customQuestions: jsonb('custom_questions').$type<CustomQuestion[]>().notNull().default([]),
    additionalComments: text('additional_comments').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_questionnaires_oid_idx').on(t.oid),
    uniqueIndex('user_questionnaires_oid_qid_uq').on(t.oid, t.qid),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: id(),
    /** Owner; null while the location belongs to an anonymous cart. */
    uid: text('uid').references(() => users.id),
    name: text('name').notNull(),
    website: text('website').notNull().default(''),
    phone: text('phone').notNull().default(''),
    additionalEmails: text('additional_emails').notNull().default(''),
    addressName: text('address_name'),
    line1: text('line1').notNull().default(''),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default('US'),
    formattedAddress: text('formatted_address'),
    googlePlacesId: text('google_places_id'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    /**
     * The shopboard's point (distances to shoppers): the geocoded one, else the built-in approximation
     * of the city or state (src/server/adapters/us-places.ts). Never shown to shoppers before accepting.
     */
    searchLatitude: doublePrecision('search_latitude'),
    searchLongitude: doublePrecision('search_longitude'),
    locationIdNumeric: bigint('location_id_numeric', { mode: 'number' })
      .notNull()
      .generatedAlwaysAsIdentity(),
    published: boolean('published').notNull().default(true),
    /** The account's region the location is grouped in (teams); at most one. */
    regionId: text('region_id').references(() => regions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_uid_idx').on(t.uid),
    index('locations_state_city_idx').on(t.state, t.city),
    index('locations_region_idx').on(t.regionId),
    /**
     * The shopboard's bounding box: a latitude band, then the longitude within it; with the id, the
     * nearest locations are found from the index alone.
     */
    index('locations_search_point_idx').on(t.searchLatitude, t.searchLongitude, t.id),
  ],
);

export const orderLocations = pgTable(
  'order_locations',
  {
    oid: text('oid')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.oid, t.locationId] }),
    index('order_locations_location_idx').on(t.locationId),
  ],
);

export const shops = pgTable(
  'shops',
  {
    id: id(),
    uid: text('uid').references(() => users.id),
    oid: text('oid')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    qid: text('qid')
      .notNull()
      .references(() => questionnaires.id),
    uqid: text('uqid')
      .notNull()
      .references(() => userQuestionnaires.id, { onDelete: 'cascade' }),
    /** cart | active | complete | historical | original */
    status: text('status').notNull().default('cart'),
    recurring: boolean('recurring').notNull().default(false),
    /** Shopper reimbursement per shop, cents. */
    reimbursement: integer('reimbursement').notNull().default(0),
    /** Price per shop (the questionnaire's cost when added), cents. */
    cost: integer('cost').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    totalQuantity: integer('total_quantity').notNull().default(1),
    frequencyPeriod: text('frequency_period').notNull().default('month'),
    frequencyQuantity: integer('frequency_quantity').notNull().default(1),
    /** Last day covered by a payment (YYYY-MM-DD); billable for a month starting after it. */
    paidThrough: date('paid_through', { mode: 'string' }),
    /**
     * The shopper reimbursement the customer paid for, through paidThrough (cents): what a visit accepted
     * now is promised. An edit of `reimbursement` takes effect at the next payment (Recurring Orders).
     */
    billedReimbursement: integer('billed_reimbursement'),
    questionnaireTitle: text('questionnaire_title').notNull(),
    questionnaireType: text('questionnaire_type').notNull(),
    stripeInvoiceItemIds: text('stripe_invoice_item_ids').array().notNull().default(sql`'{}'::text[]`),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shops_oid_idx').on(t.oid),
    index('shops_uid_status_idx').on(t.uid, t.status),
    index('shops_location_idx').on(t.locationId),
  ],
);

// ---------------------------------------------------------------- billing

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    oid: text('oid').references(() => orders.id),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    amount: integer('amount').notNull(),
    attempted: boolean('attempted').notNull().default(false),
    paid: boolean('paid').notNull().default(false),
    closed: boolean('closed').notNull().default(false),
    nextPaymentAttempt: timestamp('next_payment_attempt', { withTimezone: true }),
    receiptNumber: text('receipt_number'),
    /** YYYY-MM for recurring invoices: one invoice per customer and billing month. */
    billingMonth: text('billing_month'),
    /** Sent with the charge so a retry never charges twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    paymentChargeId: text('payment_charge_id'),
    failureMessage: text('failure_message'),
    /**
     * Recurring invoices: charge attempts recorded so far. Attempt n is sent with the idempotency key
     * `{idempotencyKey}` (n = 1) or `{idempotencyKey}:attempt-{n}`, and n only moves on once attempt
     * n - 1 is recorded as declined, so a crashed or repeated attempt reuses its key and never charges twice.
     */
    attemptCount: integer('attempt_count').notNull().default(0),
    /** Recurring invoices: a billing run holds the current charge attempt until then (a lease). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_idempotency_uq').on(t.idempotencyKey),
    uniqueIndex('invoices_uid_month_uq').on(t.uid, t.billingMonth),
    index('invoices_uid_date_idx').on(t.uid, t.date),
    // Billing work: recurring invoices still to be paid (new ones and due retries).
    index('invoices_billing_work_idx')
      .on(t.nextPaymentAttempt)
      .where(sql`${t.billingMonth} is not null and not ${t.paid} and not ${t.closed}`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    shopId: text('shop_id').references(() => shops.id),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    /** Recurring lines: the service interval billed; paying the invoice pays the shop through periodEnd. */
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

/** The built-in test card processor's records (the default payments adapter). */
export const testPaymentCards = pgTable(
  'test_payment_cards',
  {
    token: text('token').primaryKey(),
    customerId: text('customer_id'),
    number: text('number_last4').notNull(),
    brand: text('brand').notNull(),
    expireMonth: integer('expire_month').notNull(),
    expireYear: integer('expire_year').notNull(),
    /** What a charge on this card does: succeed or decline (Stripe's test-card rules). */
    behaviour: text('behaviour').notNull(),
    createdAt: createdAt(),
  },
  // A charge reads the customer's latest card.
  (t) => [index('test_payment_cards_customer_idx').on(t.customerId, t.createdAt)],
);

export const testPaymentCharges = pgTable(
  'test_payment_charges',
  {
    id: id(),
    customerId: text('customer_id').notNull(),
    cardToken: text('card_token').notNull(),
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').notNull(),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('test_payment_charges_idem_uq').on(t.idempotencyKey)],
);

// ---------------------------------------------------------------- fieldwork

/** One scheduled mystery shop of a program at a location in a cycle. Status: legacy numbers 10000-10005. */
export const visits = pgTable(
  'visits',
  {
    id: id(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    uqid: text('uqid')
      .notNull()
      .references(() => userQuestionnaires.id),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    cycleStart: date('cycle_start', { mode: 'string' }).notNull(),
    sequence: integer('sequence').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: integer('status').notNull().default(10000),
    shopperId: text('shopper_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('visits_shop_cycle_seq_uq').on(t.shopId, t.cycleStart, t.sequence),
    index('visits_status_due_idx').on(t.status, t.dueDate),
    // A program's latest visits first (/api/shops/ reads a page per program and merges them).
    index('visits_uqid_due_idx').on(t.uqid, t.dueDate.desc(), t.id),
    /** The shopboard: the open visits of the locations in a bounding box. */
    index('visits_open_location_idx').on(t.locationId, t.dueDate).where(sql`${t.status} = 10000`),
  ],
);

// ---------------------------------------------------------------- visit supply (issue 47, h47b)

/**
 * Every change of who holds a visit, with who did it, when and why: accepted, given back, assigned or
 * taken back by a scheduler, released by the deadline job, extensions asked for and decided. `shopperId`
 * is the shopper the row is about (the new holder, or the one who lost it); `actorId` null: the system.
 * Staff only: never shown to customers.
 */
export const visitHistory = pgTable(
  'visit_history',
  {
    id: id(),
    visitId: text('visit_id')
      .notNull()
      .references(() => visits.id),
    action: text('action').notNull(),
    shopperId: text('shopper_id').references(() => users.id),
    actorId: text('actor_id').references(() => users.id),
    reason: text('reason').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Order of writing: lines of one transaction share `at`. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('visit_history_visit_idx').on(t.visitId, t.seq),
    index('visit_history_shopper_idx').on(t.shopperId, t.at),
  ],
);

/**
 * The current hold of a visit by a shopper: by when they must submit (`submitBy`, the last day, UTC),
 * the one extension they may ask for and its decision. Deleted when the hold ends (submitted, given
 * back, released, reassigned); the history keeps what happened.
 */
export const visitHolds = pgTable(
  'visit_holds',
  {
    visitId: text('visit_id')
      .primaryKey()
      .references(() => visits.id),
    shopperId: text('shopper_id')
      .notNull()
      .references(() => users.id),
    evaluationId: text('evaluation_id')
      .notNull()
      .references(() => evaluations.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    submitBy: date('submit_by', { mode: 'string' }).notNull(),
    /** null | requested | granted | refused */
    extensionState: text('extension_state'),
    extensionDays: integer('extension_days'),
    extensionReason: text('extension_reason'),
    extensionDecidedBy: text('extension_decided_by').references(() => users.id),
    extensionDecidedAt: timestamp('extension_decided_at', { withTimezone: true }),
  },
  (t) => [
    index('visit_holds_submit_by_idx').on(t.submitBy),
    index('visit_holds_shopper_idx').on(t.shopperId),
  ],
);

/** QA's grade (1-10, with the reason) of an approved visit: one per evaluation. Never shown to customers. */
export const visitGrades = pgTable(
  'visit_grades',
  {
    evaluationId: text('evaluation_id')
      .primaryKey()
      .references(() => evaluations.id),
    shopperId: text('shopper_id')
      .notNull()
      .references(() => users.id),
    grade: integer('grade').notNull(),
    reason: text('reason').notNull(),
    gradedBy: text('graded_by').references(() => users.id),
    gradedAt: timestamp('graded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('visit_grades_shopper_idx').on(t.shopperId, t.gradedAt)],
);

/** How each hold ended (domain HOLD_OUTCOMES), for the reliability figure. */
export const shopperHoldOutcomes = pgTable(
  'shopper_hold_outcomes',
  {
    id: id(),
    shopperId: text('shopper_id')
      .notNull()
      .references(() => users.id),
    visitId: text('visit_id')
      .notNull()
      .references(() => visits.id),
    outcome: text('outcome').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('shopper_hold_outcomes_shopper_idx').on(t.shopperId, t.at)],
);

/**
 * A shopper's rating (weighted recent grade average, 1-10) and reliability (per cent), kept up to date
 * in the transaction of each grade and outcome: the one place other rules read them (a minimum rating).
 */
export const shopperRatings = pgTable('shopper_ratings', {
  shopperId: text('shopper_id')
    .primaryKey()
    .references(() => users.id),
  rating: doublePrecision('rating'),
  grades: integer('grades').notNull().default(0),
  reliability: doublePrecision('reliability'),
  outcomes: integer('outcomes').notNull().default(0),
  updatedAt: updatedAt(),
});

/** A shopper's offers e-mail settings; no row: offers on, within DEFAULT_OFFER_RADIUS_MILES. */
export const shopperOfferSettings = pgTable('shopper_offer_settings', {
  shopperId: text('shopper_id')
    .primaryKey()
    .references(() => users.id),
  receiveOffers: boolean('receive_offers').notNull().default(true),
  radiusMiles: integer('radius_miles').notNull().default(25),
  /** When the last offers e-mail went out: at most one a day, listing what opened since. */
  lastOfferedAt: timestamp('last_offered_at', { withTimezone: true }),
});

/** A visit that opened (new, given back, released) or is still open near its due date: offer it. */
export const visitOpenings = pgTable(
  'visit_openings',
  {
    id: id(),
    visitId: text('visit_id')
      .notNull()
      .references(() => visits.id),
    /** new | released | due-soon */
    reason: text('reason').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('visit_openings_opened_idx').on(t.openedAt),
    uniqueIndex('visit_openings_visit_reason_uq').on(t.visitId, t.reason, t.openedAt),
  ],
);

/** A survey program at a location, reachable by its unguessable survey code. */
export const surveyLinks = pgTable(
  'survey_links',
  {
    id: id(),
    uqid: text('uqid')
      .notNull()
      .references(() => userQuestionnaires.id),
    shopId: text('shop_id').references(() => shops.id),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    surveyCode: text('survey_code').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('survey_links_code_uq').on(t.surveyCode),
    uniqueIndex('survey_links_uq_loc_uq').on(t.uqid, t.locationId),
  ],
);

/** A filled-in form: a visit's shopper evaluation or one survey response. Status 10000-10010. */
export const evaluations = pgTable(
  'evaluations',
  {
    id: id(),
    visitId: text('visit_id').references(() => visits.id),
    surveyLinkId: text('survey_link_id').references(() => surveyLinks.id),
    formVersionId: text('form_version_id')
      .notNull()
      .references(() => formVersions.id),
    userId: text('user_id').references(() => users.id),
    status: integer('status').notNull().default(10001),
    /** The engine's evaluation document (answers, metadata, statuses, proofing comments). */
    document: jsonb('document').notNull(),
    /**
     * Goes up by one on every write of `document`: an offline save names the version it was made on
     * and is refused when another device saved in between (docs/offline-evaluator.md).
     */
    version: integer('version').notNull().default(0),
    score: real('score'),
    possibleScore: real('possible_score'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    // Who and what it is about, copied from the visit or survey link so reports aggregate with indexes.
    /** The customer (client) whose program this is. */
    clientId: text('client_id').references(() => users.id),
    /** The program: the user questionnaire on the completed order. */
    uqid: text('uqid').references(() => userQuestionnaires.id),
    locationId: text('location_id').references(() => locations.id),
    isSurvey: boolean('is_survey').notNull().default(false),
    /** The day of the visit or survey response (YYYY-MM-DD), set on submission. */
    shopDate: date('shop_date', { mode: 'string' }),
    /** Survey responses: sha256 of the browser's respondent cookie and of the IP (dedupe, rate limit). */
    respondentKey: text('respondent_key'),
    respondentIp: text('respondent_ip'),
    // Visit proof (docs/visit-proof.md): the shopper's check-in and check-out, times from the server clock.
    checkInAt: timestamp('check_in_at', { withTimezone: true }),
    checkInLat: real('check_in_lat'),
    checkInLng: real('check_in_lng'),
    checkInAccuracyM: real('check_in_accuracy_m'),
    /** Metres from the location's geocoded point; null when the location has no coordinates. */
    checkInDistanceM: real('check_in_distance_m'),
    checkOutAt: timestamp('check_out_at', { withTimezone: true }),
    checkOutLat: real('check_out_lat'),
    checkOutLng: real('check_out_lng'),
    checkOutAccuracyM: real('check_out_accuracy_m'),
    /** What QA should look at (domain proofFlags), recomputed at check-in, check-out and submission. */
    proofFlags: jsonb('proof_flags').$type<ProofFlag[]>(),
    /** The proofer who holds the review (claimNextEvaluation / startReview), and since when. */
    reviewerId: text('reviewer_id').references(() => users.id),
    reviewClaimedAt: timestamp('review_claimed_at', { withTimezone: true }),
    /**
     * What the shopper was promised when they accepted the visit, cents: the shop's reimbursement and
     * the questionnaire's shopper fee at that moment. The payable pays these, so an edit of the shop
     * afterwards (saveShop) does not change what this visit pays. Null for surveys.
     */
    promisedReimbursement: integer('promised_reimbursement'),
    promisedFee: integer('promised_fee'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('evaluations_visit_idx').on(t.visitId),
    /** Rotation rules on accepting: the shopper's last visit at a location. */
    index('evaluations_user_location_idx').on(t.userId, t.locationId, t.createdAt),
    index('evaluations_survey_link_idx').on(t.surveyLinkId),
    index('evaluations_status_idx').on(t.status, t.submittedAt),
    index('evaluations_client_date_idx').on(t.clientId, t.status, t.shopDate),
    // The reports' sums per program and location (the Performance Summary, the programs list): an
    // index-only scan in group order, so a chain's 250,000 shops are summed without reading the table
    // or hashing (docs/reporting-at-scale.md). The scores are key columns as drizzle has no INCLUDE.
    index('evaluations_client_report_idx').on(
      t.clientId,
      t.status,
      t.isSurvey,
      t.uqid,
      t.locationId,
      t.shopDate,
      t.score,
      t.possibleScore,
    ),
    uniqueIndex('evaluations_respondent_uq').on(t.surveyLinkId, t.respondentKey),
    index('evaluations_respondent_ip_idx').on(t.respondentIp, t.createdAt),
    index('evaluations_location_date_idx').on(t.locationId, t.shopDate),
  ],
);

/** Every evaluation status change, with who made it and when (and the proofer's comment on a rejection). */
export const evaluationEvents = pgTable(
  'evaluation_events',
  {
    id: id(),
    evaluationId: text('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    userId: text('user_id').references(() => users.id),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [index('evaluation_events_evaluation_idx').on(t.evaluationId, t.createdAt)],
);

/** Scores of an approved evaluation per section: reports sum these instead of re-scoring answers. */
export const evaluationSectionScores = pgTable(
  'evaluation_section_scores',
  {
    evaluationId: text('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    sectionIndex: integer('section_index').notNull(),
    sectionHeader: text('section_header').notNull(),
    score: real('score').notNull(),
    possibleScore: real('possible_score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.evaluationId, t.sectionIndex] })],
);

/** Scores of an approved evaluation per scored question (with the answer as the report shows it). */
export const evaluationQuestionScores = pgTable(
  'evaluation_question_scores',
  {
    evaluationId: text('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    elementId: text('element_id').notNull(),
    sectionHeader: text('section_header').notNull(),
    prompt: text('prompt').notNull(),
    answer: text('answer').notNull().default(''),
    score: real('score').notNull(),
    possibleScore: real('possible_score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.evaluationId, t.elementId] })],
);

/** A daily question rollup's columns after its owner (client or region): program, day and prompt. */
const questionDayColumns = () => ({
  uqid: text('uqid')
    .notNull()
    .references(() => userQuestionnaires.id),
  shopDate: date('shop_date', { mode: 'string' }).notNull(),
  prompt: text('prompt').notNull(),
  /** Sum of score / possible score of the answers (their average is percentSum / answers). */
  percentSum: doublePrecision('percent_sum').notNull(),
  answers: integer('answers').notNull(),
});

/** A daily section rollup's columns after its owner (client or region): program, day and section. */
const sectionDayColumns = () => ({
  uqid: text('uqid')
    .notNull()
    .references(() => userQuestionnaires.id),
  shopDate: date('shop_date', { mode: 'string' }).notNull(),
  sectionIndex: integer('section_index').notNull(),
  sectionHeader: text('section_header').notNull(),
  /** Sum of the shops' score / possible score in the section (their average is percentSum / shops). */
  percentSum: doublePrecision('percent_sum').notNull(),
  shops: integer('shops').notNull(),
});

/**
 * Question scores summed per client, program, day and prompt, kept up to date on approval: 'most
 * under-performing questions' over any date range reads a few thousand of these rows instead of every
 * answer. (With a location filter the per-answer rows are read, which a location narrows enough.)
 */
export const questionScoreDays = pgTable(
  'question_score_days',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => users.id),
    ...questionDayColumns(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.shopDate, t.uqid, t.prompt] })],
);

/**
 * Daily rollup of approved mystery shops' section scores per client, program, day and section,
 * maintained at approval with question_score_days: the Performance Summary's program chart reads a
 * few rows per program and day instead of every shop's sections.
 */
export const sectionScoreDays = pgTable(
  'section_score_days',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => users.id),
    ...sectionDayColumns(),
  },
  (t) => [
    primaryKey({
      name: 'section_score_days_pk',
      columns: [t.clientId, t.shopDate, t.uqid, t.sectionIndex, t.sectionHeader],
    }),
  ],
);

/** The sums of a group of approved mystery shops that the shop totals keep. */
const shopTotalColumns = () => ({
  shops: integer('shops').notNull(),
  totalScore: doublePrecision('total_score').notNull(),
  totalPossibleScore: doublePrecision('total_possible_score').notNull(),
  /** Sum of score / possible score of the shops with something possible (scoredShops of them). */
  percentSum: doublePrecision('percent_sum').notNull(),
  scoredShops: integer('scored_shops').notNull(),
});

/**
 * Approved mystery shops summed per client, program and location over all time, kept up to date on
 * approval with the daily rollups: the Performance Summary's All Time and the programs list read a
 * row per program and location instead of every shop (a chain's 250,000 shops: 3,000 rows). Positives,
 * neutrals and negatives count the shops by their percent against PERFORMANCE_THRESHOLDS.
 */
export const locationScoreTotals = pgTable(
  'location_score_totals',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => users.id),
    uqid: text('uqid')
      .notNull()
      .references(() => userQuestionnaires.id),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    firstShopDate: date('first_shop_date', { mode: 'string' }).notNull(),
    lastShopDate: date('last_shop_date', { mode: 'string' }).notNull(),
    ...shopTotalColumns(),
    positives: integer('positives').notNull(),
    neutrals: integer('neutrals').notNull(),
    negatives: integer('negatives').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.uqid, t.locationId] })],
);

/**
 * Approved mystery shops summed per client, program and day, kept up to date on approval with the other
 * rollups: the Performance Summary's program chart (a program's shops by month or day over all
 * locations) reads a row per program and day instead of every shop (a program's 83,000 shops over five
 * years: 1,826 rows).
 */
export const shopScoreDays = pgTable(
  'shop_score_days',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => users.id),
    uqid: text('uqid')
      .notNull()
      .references(() => userQuestionnaires.id),
    shopDate: date('shop_date', { mode: 'string' }).notNull(),
    ...shopTotalColumns(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.uqid, t.shopDate] })],
);

// ---------------------------------------------------------------- adapters' tables

/** Payment-provider webhook events, stored once by event id (providers deliver at least once). */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

/**
 * Mail outbox: every message is recorded here, in the transaction that causes it, together with its
 * delivery job when there is a mail server (see jobs/deliver-email.ts; without one it is kept at once). `status`: pending (waiting for its first or next try),
 * sent (the SMTP server accepted it), failed (gave up after MAIL_MAX_TRIES tries), kept (no SMTP_URL:
 * the outbox is where the message goes).
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    /** Delivery tries so far. */
    tries: integer('tries').notNull().default(0),
    lastTriedAt: timestamp('last_tried_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last try's error (kept after a later success, for the record). */
    error: text('error'),
    /** A message that must go out once (a receipt per invoice): a second one with the key is not recorded. */
    dedupKey: text('dedup_key'),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on e-mails a recipient may stop). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Files sent with the message (the scheduled report's PDF), their bytes as base64. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_emails_created_idx').on(t.createdAt),
    uniqueIndex('outbox_emails_dedup_key_uq').on(t.dedupKey),
  ],
);

export type { OutboxStatus };

/**
 * Keys of jobs that must be queued once (a scheduled run per day): written in the transaction that
 * queues the job, so of two instances queueing the same key at once one wins and the other queues nothing.
 */
export const jobKeys = pgTable('job_keys', {
  key: text('key').primaryKey(),
  queue: text('queue').notNull(),
  jobId: text('job_id').notNull(),
  createdAt: createdAt(),
});

/**
 * The event log (issue 44): what a use case recorded as having happened, written in its transaction
 * (recordEvent, src/server/events). `payload` is typed by `type` in src/domain/events.ts.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: id(),
    type: text('type').notNull(),
    accountId: text('account_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('domain_events_type_idx').on(t.type, t.occurredAt)],
);

/**
 * One subscriber's handling of one event: written in the transaction of the subscriber's effect, so a
 * repeated job (a retry, a replay) finds it and does nothing.
 */
export const eventReceipts = pgTable(
  'event_receipts',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] })],
);

/**
 * A customer notification waiting for the customer's daily digest (receiveAsDigest): written in the
 * transaction of its event, marked `digested_at` in the transaction that records the digest e-mail.
 * `facts` holds what the digest line says (program, location, score, responses, links).
 */
export const digestItems = pgTable(
  'digest_items',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** shop-scheduled | shop-sent-to-qa | shop-completed | survey-complete */
    kind: text('kind').notNull(),
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull(),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('digest_items_pending_idx').on(t.userId, t.createdAt).where(sql`${t.digestedAt} is null`)],
);

/**
 * Addresses without an account that followed an unsubscribe link (a location's report addresses):
 * nothing of `topic` is sent to them again. Kept as the address's hash (emailHash in
 * notifications/unsubscribe.ts), which is also what the link carries, so the link names no address.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    emailHash: text('email_hash').notNull(),
    topic: text('topic').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.emailHash, t.topic] })],
);

// ---------------------------------------------------------------- teams

/**
 * A customer account's people. The account is its founding customer's user row (accountId): orders,
 * locations, invoices and the card hang off it as before. A login with no row here is the owner of its
 * own account. Once the account has a team, every member has a row, the owner too (exactly one, moved
 * by a transfer). A login belongs to one account at a time (userId is unique).
 */
export const accountMembers = pgTable(
  'account_members',
  {
    id: id(),
    accountId: text('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner | admin | manager (domain/team.ts). */
    role: text('role').notNull(),
    /**
     * Set when the member was removed: the login then may see nothing of the account (Not Authorized)
     * until invited again. Kept rather than deleted so a removed manager does not become the owner of
     * an empty account of their own.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('account_members_user_uq').on(t.userId),
    index('account_members_account_idx').on(t.accountId),
    uniqueIndex('account_members_owner_uq')
      .on(t.accountId)
      .where(sql`${t.role} = 'owner' and ${t.removedAt} is null`),
  ],
);

/** A named group of an account's locations (a location is in at most one: locations.region_id). */
export const regions = pgTable(
  'regions',
  {
    id: id(),
    accountId: text('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('regions_account_name_uq').on(t.accountId, sql`lower(${t.name})`)],
);

/**
 * The daily question rollup (question_score_days) per region instead of per client, kept up to date at
 * approval and rebuilt for the regions a location leaves or joins: a regional manager's worst
 * questions read about as many rows as the owner's, not every answer of the region's shops.
 */
export const questionScoreRegionDays = pgTable(
  'question_score_region_days',
  {
    regionId: text('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    ...questionDayColumns(),
  },
  (t) => [primaryKey({ columns: [t.regionId, t.shopDate, t.uqid, t.prompt] })],
);

/** The daily section rollup (section_score_days) per region, kept as question_score_region_days is. */
export const sectionScoreRegionDays = pgTable(
  'section_score_region_days',
  {
    regionId: text('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    ...sectionDayColumns(),
  },
  (t) => [
    primaryKey({
      name: 'section_score_region_days_pk',
      columns: [t.regionId, t.shopDate, t.uqid, t.sectionIndex, t.sectionHeader],
    }),
  ],
);

/** What a manager may see: whole regions, and locations given one by one. */
export const memberRegions = pgTable(
  'member_regions',
  {
    memberId: text('member_id')
      .notNull()
      .references(() => accountMembers.id, { onDelete: 'cascade' }),
    regionId: text('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.regionId] }),
    index('member_regions_region_idx').on(t.regionId),
  ],
);

export const memberLocations = pgTable(
  'member_locations',
  {
    memberId: text('member_id')
      .notNull()
      .references(() => accountMembers.id, { onDelete: 'cascade' }),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.locationId] }),
    index('member_locations_location_idx').on(t.locationId),
  ],
);

/**
 * An invitation to an account's team, sent by e-mail. The link carries a random token; only its
 * sha256 is stored. Single use (acceptedAt), expires after 7 days, withdrawn with revokedAt. A
 * manager's invitation names the regions and locations the manager will see.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: id(),
    accountId: text('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    regionIds: text('region_ids').array().notNull().default(sql`'{}'::text[]`),
    locationIds: text('location_ids').array().notNull().default(sql`'{}'::text[]`),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_invitations_token_uq').on(t.tokenHash),
    index('team_invitations_account_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * When a program's approved shops create an action plan (issue 19); a program without a row uses
 * DEFAULT_ACTION_PLAN_TRIGGER (below 80 %). Set by the account's owner or an admin.
 */
export const actionPlanTriggers = pgTable('action_plan_triggers', {
  uqid: text('uqid')
    .primaryKey()
    .references(() => userQuestionnaires.id, { onDelete: 'cascade' }),
  /** Below this percent a shop creates a plan; null: not by score. */
  belowPercent: integer('below_percent'),
  /** Any of these questions (element ids) failing creates a plan. */
  questionIds: text('question_ids').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: updatedAt(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * The fix asked for after an approved shop tripped its program's trigger: one per shop. Its id is
 * unguessable (a report address's signed link names it). `state` is open, submitted, returned or
 * resolved; overdue is open or returned past `dueDate`. The next approved shop of the program at the
 * location is its follow-up.
 */
export const actionPlans = pgTable(
  'action_plans',
  {
    id: id(),
    accountId: text('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    evaluationId: text('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    uqid: text('uqid')
      .notNull()
      .references(() => userQuestionnaires.id),
    locationId: text('location_id').references(() => locations.id, { onDelete: 'set null' }),
    state: text('state').$type<'open' | 'submitted' | 'returned' | 'resolved'>().notNull().default('open'),
    /** The shop's score, 0 to 100. */
    percentage: doublePrecision('percentage').notNull(),
    shopDate: date('shop_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The shopper's comments to the client on the shop. */
    shopperComment: text('shopper_comment').notNull().default(''),
    followUpEvaluationId: text('follow_up_evaluation_id').references(() => evaluations.id, {
      onDelete: 'set null',
    }),
    followUpPercentage: doublePrecision('follow_up_percentage'),
    /** When "due tomorrow" and "overdue" were told (each once). */
    dueSoonToldAt: timestamp('due_soon_told_at', { withTimezone: true }),
    overdueToldAt: timestamp('overdue_told_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('action_plans_evaluation_uq').on(t.evaluationId),
    index('action_plans_account_idx').on(t.accountId, t.state, t.dueDate),
    // The plans the next approved shop at a location follows up.
    index('action_plans_follow_up_idx')
      .on(t.locationId, t.uqid)
      .where(sql`${t.followUpEvaluationId} is null`),
  ],
);

/** A failed question of a plan, with the shopper's answer and what the location will do about it. */
export const actionPlanItems = pgTable(
  'action_plan_items',
  {
    planId: text('plan_id')
      .notNull()
      .references(() => actionPlans.id, { onDelete: 'cascade' }),
    elementId: text('element_id').notNull(),
    position: integer('position').notNull(),
    sectionHeader: text('section_header').notNull(),
    prompt: text('prompt').notNull(),
    answer: text('answer').notNull().default(''),
    score: real('score').notNull(),
    possibleScore: real('possible_score').notNull(),
    action: text('action').notNull().default(''),
    responsible: text('responsible').notNull().default(''),
    dueDate: date('due_date', { mode: 'string' }),
    /** Photo evidence in the storage adapter (its key and the file's name). */
    photoKey: text('photo_key'),
    photoName: text('photo_name'),
    /** fixed, still-failing or not-asked, set by the follow-up shop. */
    followUp: text('follow_up').$type<'fixed' | 'still-failing' | 'not-asked'>(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.elementId] })],
);

/** Every change of a plan: who (a login, or a report address through its link), when, and any note. */
export const actionPlanEvents = pgTable(
  'action_plan_events',
  {
    id: id(),
    planId: text('plan_id')
      .notNull()
      .references(() => actionPlans.id, { onDelete: 'cascade' }),
    /** created, saved, submitted, returned, resolved, overdue, followed-up. */
    kind: text('kind').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who, as shown: a login's name or a report address. */
    actor: text('actor').notNull().default(''),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('action_plan_events_plan_idx').on(t.planId, t.at)],
);

// ---------------------------------------------------------------- webhooks (issue 20)

/** An HTTPS address of a customer's that is sent the events it chose, signed with its secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    accountId: text('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** Event names (domain/webhooks.ts). */
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** whsec_ and base64 (Standard Webhooks); shown to the owner and admins on request. */
    secret: text('secret').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.accountId)],
);

/** One event sent to one endpoint: its message, and how each try went. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** The message id (webhook-id header): the same on every try and resend. */
    id: id(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    /** The event's id (the payload's `id`): the same for every endpoint sent the event. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The JSON body exactly as sent: {id, type, created, data}. */
    payload: text('payload').notNull(),
    status: text('status')
      .$type<'pending' | 'retrying' | 'delivered' | 'failed'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    httpStatus: integer('http_status'),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error'),
    /** Every try: when, the HTTP status or the error, and how long it took. */
    attemptLog: jsonb('attempt_log')
      .$type<{ at: string; httpStatus: number | null; error: string | null; ms: number }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);

/**
 * A customer account's API key (issue 20): a secret its systems send as `Authorization: Bearer` to
 * read the account's reports. Shown once at creation; only `prefix` (sk_live_ and four random
 * characters, for telling keys apart) and the SHA-256 of the whole key are stored. A plain hash is
 * enough here, unlike for passwords: the key is ~248 random bits, so there is nothing to guess from a
 * leaked hash, and a fast hash keeps the lookup at every request cheap. `scopes` are those of
 * domain/api-keys.ts. Revoked keys are kept (revokedAt) so the list shows what was revoked and when.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    accountId: text('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Written at most once a minute (domain/api-keys.ts shouldMarkApiKeyUsed). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_uq').on(t.keyHash),
    index('api_keys_account_idx').on(t.accountId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- shopper payments

/**
 * A payout to shoppers: an admin marks a batch of payable lines paid with the payout's reference
 * (a bank transfer or PayPal batch id) and the day it was paid; the lines point at it.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: id(),
    reference: text('reference').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** The sum of its lines' totals, cents. */
    total: integer('total').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('payout_batches_created_idx').on(t.createdAt)],
);

/**
 * What a shopper is owed for an approved visit: the shop's reimbursement plus the questionnaire's
 * shopper fee, both copied at approval with the names shown, so later edits do not change past lines.
 * One line per evaluation (unique), so rejected-then-approved evaluations never pay twice.
 */
export const payables = pgTable(
  'payables',
  {
    id: id(),
    evaluationId: text('evaluation_id')
      .notNull()
      .references(() => evaluations.id),
    shopperId: text('shopper_id')
      .notNull()
      .references(() => users.id),
    /** Cents. */
    reimbursement: integer('reimbursement').notNull(),
    fee: integer('fee').notNull(),
    total: integer('total').notNull(),
    programName: text('program_name').notNull(),
    locationName: text('location_name').notNull(),
    shopDate: date('shop_date', { mode: 'string' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
    batchId: text('batch_id').references(() => payoutBatches.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payables_evaluation_uq').on(t.evaluationId),
    index('payables_shopper_idx').on(t.shopperId, t.approvedAt),
    index('payables_approved_idx').on(t.approvedAt),
    index('payables_batch_idx').on(t.batchId),
  ],
);

// ---------------------------------------------------------------- scheduled report e-mails

/**
 * An account's scheduled Performance Summary e-mail (issue 48): weekly (Mondays) or monthly (the first
 * business day), set by the owner. One row per account; no row is no schedule.
 */
export const reportSchedules = pgTable('report_schedules', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  frequency: text('frequency').$type<'weekly' | 'monthly'>().notNull(),
  paper: text('paper').$type<'a4' | 'letter'>().notNull().default('a4'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who gets an account's scheduled report: members of its team (or its own login). A recipient who
 * followed the e-mail's unsubscribe link keeps the row with `unsubscribedAt` set and gets no more.
 */
export const reportScheduleRecipients = pgTable(
  'report_schedule_recipients',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => reportSchedules.accountId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);

// ---------------------------------------------------------------- audit log (issue 50)

/** A field's value before and after a change, as the audit log keeps it (never a secret). */
export type AuditChange = { before: unknown; after: unknown };

/**
 * Who changed what in a customer's account, or what a platform admin did with it (read included):
 * written by the use case in the transaction of its change (src/server/audit). Append-only: the
 * database refuses UPDATE, and DELETE of an entry younger than the retention (400 days, migration
 * 0031); the app has no path that changes or removes one. No foreign keys: an entry outlives the
 * login, the key or the account it names (names are copied in at the time).
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: id(),
    /** The customer account it concerns; null for a platform admin's action on no one account. */
    accountId: text('account_id'),
    /** The login that acted (null: the system, or an API key's account acting through the key). */
    actorId: text('actor_id'),
    /** The actor's e-mail at the time (the login may be renamed or deleted later). */
    actorEmail: text('actor_email'),
    /** 'owner', 'admin', 'manager', 'platform-admin', 'api-key' or 'system'. */
    actorRole: text('actor_role').notNull(),
    /** Dotted verb, e.g. 'team.member_changed' (domain/audit.ts lists them). */
    action: text('action').notNull(),
    /** What it acted on: 'member', 'invitation', 'api_key', ... and its id and a readable name. */
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    subjectLabel: text('subject_label'),
    /** The changed fields, each with before and after; secrets never appear (audit.ts drops them). */
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_entries_account_at_idx').on(t.accountId, t.at),
    index('audit_entries_at_idx').on(t.at),
  ],
);

// ---------------------------------------------------------------- score alerts and benchmarks (issue 48)

/**
 * When a program's approved shops raise a score alert: below a line, or a drop of more than some
 * points against the location's trailing average of its last N shops. No row: no alerts.
 */
export const scoreAlertRules = pgTable('score_alert_rules', {
  uqid: text('uqid')
    .primaryKey()
    .references(() => userQuestionnaires.id, { onDelete: 'cascade' }),
  belowPercent: integer('below_percent'),
  dropPoints: integer('drop_points'),
  trailingShops: integer('trailing_shops').notNull().default(5),
  updatedAt: updatedAt(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** An approved shop that tripped its program's alert rule: one per shop, shown until acknowledged. */
export const scoreAlerts = pgTable(
  'score_alerts',
  {
    id: id(),
    accountId: text('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    evaluationId: text('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    uqid: text('uqid')
      .notNull()
      .references(() => userQuestionnaires.id, { onDelete: 'cascade' }),
    locationId: text('location_id').references(() => locations.id, { onDelete: 'set null' }),
    reason: text('reason').$type<'below' | 'drop' | 'below-and-drop'>().notNull(),
    /** The shop's score, 0 to 100. */
    percentage: doublePrecision('percentage').notNull(),
    trailingAverage: doublePrecision('trailing_average'),
    /** The rule as it was when the alert was raised. */
    belowPercent: integer('below_percent'),
    dropPoints: integer('drop_points'),
    trailingShops: integer('trailing_shops').notNull(),
    shopDate: date('shop_date', { mode: 'string' }),
    /** The action plan the program's trigger made for the same shop (never a second one). */
    actionPlanId: text('action_plan_id').references(() => actionPlans.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: text('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('score_alerts_evaluation_uq').on(t.evaluationId),
    index('score_alerts_open_idx').on(t.accountId, t.createdAt).where(sql`${t.acknowledgedAt} is null`),
  ],
);

/**
 * The nightly benchmark rollup: approved shops per industry, questionnaire type, month (`shop_date` is
 * the month's first day: a day's rows were as many as the shops themselves), account and whole percent. Rebuilt by the `benchmark-rollup` job from evaluations of accounts that did not opt
 * out; the Performance Summary reads it instead of every account's shops.
 */
export const benchmarkScoreDays = pgTable(
  'benchmark_score_days',
  {
    industryId: text('industry_id').notNull(),
    questionnaireType: text('questionnaire_type').notNull(),
    shopDate: date('shop_date', { mode: 'string' }).notNull(),
    accountId: text('account_id').notNull(),
    percent: integer('percent').notNull(),
    shops: integer('shops').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'benchmark_score_days_pk',
      columns: [t.industryId, t.questionnaireType, t.shopDate, t.accountId, t.percent],
    }),
  ],
);

/** When the benchmark rollup last finished (one row). */
export const benchmarkRollupRuns = pgTable('benchmark_rollup_runs', {
  id: integer('id').primaryKey(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  rows: integer('rows').notNull(),
  ms: integer('ms').notNull(),
});

// ---------------------------------------------------------------- shopboard (issue 47)

/**
 * A shopper's profile for the shopboard: home address and its point (geocoded at sign-up or in the
 * profile; a browser position is never stored here), whether they have a car, and their rating.
 */
export const shopperProfiles = pgTable(
  'shopper_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    line1: text('line1').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    /** Home point, degrees; null when the address could not be placed. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** geocoded | city | state: how the home point was found. */
    pointPrecision: text('point_precision'),
    hasCar: boolean('has_car').notNull().default(false),
    // The shopper's rating lives in shopper_ratings (visit-history.ts keeps it), the one place rules read it.
    updatedAt: updatedAt(),
  },
  (t) => [
    /** Shoppers near a point (offers, the desk's search): a box search on the home point (issue 47). */
    index('shopper_profiles_home_point_idx').using('gist', sql`point(${t.longitude}, ${t.latitude})`),
  ],
);

/** Certifications an admin defines (e.g. "Alcohol compliance"); questionnaires may require one. */
export const certifications = pgTable(
  'certifications',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('certifications_name_uq').on(sql`lower(${t.name})`)],
);

/** Which shopper holds which certification (granted by an admin). */
export const shopperCertifications = pgTable(
  'shopper_certifications',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    certificationId: text('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    grantedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.certificationId] })],
);

/**
 * Who may take a questionnaire's visits (requirements: a shopper who does not meet them does not see
 * the visit) and its rotation rules (checked when accepting). One row per questionnaire; none: no rule.
 */
export const questionnaireShopperRules = pgTable('questionnaire_shopper_rules', {
  qid: text('qid')
    .primaryKey()
    .references(() => questionnaires.id, { onDelete: 'cascade' }),
  minAge: integer('min_age'),
  maxAge: integer('max_age'),
  /** female | male | other; null: any. */
  gender: text('gender'),
  requiresCar: boolean('requires_car').notNull().default(false),
  certificationId: text('certification_id').references(() => certifications.id, { onDelete: 'set null' }),
  /** 1-10; null: none. */
  minRating: real('min_rating'),
  /** Rotation: no shopper at the same location within this many days; null: no limit. */
  locationGapDays: integer('location_gap_days'),
  /** Rotation: at most this many visits per shopper per program per cycle; null: no limit. */
  maxVisitsPerCycle: integer('max_visits_per_cycle'),
  updatedAt: updatedAt(),
});
