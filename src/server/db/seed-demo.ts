import { count } from 'drizzle-orm';
import type { Db } from './client.js';
import { createBrand, createIndustry, createQuestionnaire, createUser } from './factories.js';
import { brands, shopperProfiles } from './schema.js';
import { seedDemoForms } from './seed-forms.js';
import { seedDemoPayables } from './seed-payables.js';
import { seedReportingDemo } from './seed-reporting.js';

type Q = {
  title: string;
  type?: 'mysteryShop' | 'customerSurvey';
  cost: number;
  startupCost?: number;
  minimumReimbursement?: number;
  showReimbursement?: boolean;
  monthsPurchased?: number;
  isCustom?: boolean;
  sample?: boolean;
  published?: boolean;
};
type Catalogue = Record<string, Q[]>;

const SHOP_SAMPLE = '/samples/mystery-shop-report.html';
const SURVEY_SAMPLE = '/samples/customer-survey-report.html';

/** Dollars to cents, for readable seed prices. */
const $ = (dollars: number) => Math.round(dollars * 100);

const survey = (title: string, monthly: number, annual = false): Q => ({
  title,
  type: 'customerSurvey',
  cost: annual ? $(monthly * 12 * 0.75) : $(monthly),
  monthsPurchased: annual ? 12 : 1,
  sample: true,
});

const DEFAULT_CATALOGUE: Catalogue = {
  Restaurants: [
    { title: 'Dine-In Experience', cost: $(95), minimumReimbursement: $(25), sample: true },
    { title: 'Drive-Thru Visit', cost: $(65), minimumReimbursement: $(12), sample: true },
    { title: 'Takeout Phone Order', cost: $(45), minimumReimbursement: $(0), showReimbursement: false },
    survey('Restaurant Guest Survey', 49),
    survey('Restaurant Guest Survey (Annual)', 49, true),
  ],
  Apartments: [
    { title: 'Leasing Office Visit', cost: $(125), sample: true },
    { title: 'Leasing Phone Shop', cost: $(65), showReimbursement: false },
    survey('Resident Satisfaction Survey', 39),
  ],
  Retail: [
    { title: 'In-Store Shopping Experience', cost: $(85), minimumReimbursement: $(15), sample: true },
    { title: 'Purchase and Return', cost: $(110), minimumReimbursement: $(40) },
    {
      title: 'Upload My Own Questionnaire',
      cost: $(95),
      startupCost: $(150),
      minimumReimbursement: $(15),
      isCustom: true,
    },
    survey('Shopper Feedback Survey', 39),
  ],
  'Self-Storage': [
    { title: 'Storage Facility Visit', cost: $(90), sample: true },
    { title: 'Storage Phone Inquiry', cost: $(55), showReimbursement: false },
  ],
  'Telephone Services': [
    { title: 'Wireless Store Visit', cost: $(85), minimumReimbursement: $(10), sample: true },
    { title: 'Sales Call Evaluation', cost: $(50), showReimbursement: false },
    survey('Wireless Customer Survey', 39),
  ],
  Automotive: [
    { title: 'Dealership Sales Visit', cost: $(145), sample: true },
    { title: 'Service Department Visit', cost: $(135), minimumReimbursement: $(60) },
  ],
  Banking: [
    { title: 'Branch Teller Visit', cost: $(105), sample: true },
    survey('Member Experience Survey', 45),
  ],
  Hotels: [
    { title: 'Overnight Stay', cost: $(175), minimumReimbursement: $(150), sample: true },
    { title: 'Front Desk Phone Shop', cost: $(55), showReimbursement: false },
    survey('Guest Stay Survey', 59),
  ],
  Fitness: [{ title: 'Membership Tour', cost: $(85), sample: true }],
};

const pick = (names: string[]): Catalogue =>
  Object.fromEntries(names.map((n) => [n, DEFAULT_CATALOGUE[n] ?? []]));
const shopsOnly = (c: Catalogue): Catalogue =>
  Object.fromEntries(Object.entries(c).map(([k, qs]) => [k, qs.filter((q) => q.type !== 'customerSurvey')]));

async function addCatalogue(db: Db, brandId: string, catalogue: Catalogue, opts: { samples: boolean }) {
  let order = 0;
  for (const [title, qs] of Object.entries(catalogue)) {
    const industry = await createIndustry(db, { brandId, title, sortOrder: order++ });
    for (const q of qs) {
      await createQuestionnaire(db, {
        brandId,
        industryId: industry.id,
        title: q.title,
        type: q.type ?? 'mysteryShop',
        cost: q.cost,
        startupCost: q.startupCost ?? 0,
        minimumReimbursement: q.minimumReimbursement ?? 0,
        showReimbursement: q.showReimbursement ?? true,
        monthsPurchased: q.monthsPurchased ?? 1,
        isCustom: q.isCustom ?? false,
        published: q.published ?? true,
        sampleLink:
          opts.samples && q.sample ? (q.type === 'customerSurvey' ? SURVEY_SAMPLE : SHOP_SAMPLE) : null,
      });
    }
  }
}

const logo = (shortName: string) => `/brands/${shortName}.svg`;

/** True when the database has no brand yet (a fresh install). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(brands);
  return (row?.n ?? 0) === 0;
}

/**
 * The demo: every brand the spec names, each behaving as the spec says through its capability
 * fields; a catalogue per brand; one admin and one customer.
 */
/** Seeds the demo; its dated data (reports, payments) ends at `now`. */
export async function seedDemo(db: Db, { now = new Date() }: { now?: Date } = {}): Promise<void> {
  const optix = await createBrand(db, {
    shortName: 'customer-optix',
    name: 'Customer Optix',
    type: 'AUTHENTICATED',
    isDefault: true,
    logoUrl: logo('customer-optix'),
    primaryColor: '#1b6ec2',
    secondaryColor: '#12355b',
    brandText:
      'Mystery shops and customer surveys for every location you run, with scored reports you can act on.',
  });
  await addCatalogue(db, optix.id, DEFAULT_CATALOGUE, { samples: true });

  const sb1 = await createBrand(db, {
    shortName: 'sb1',
    name: 'Small Business One',
    type: 'CUSTOM_SUBDOMAIN',
    subdomain: 'sb1',
    logoUrl: logo('sb1'),
    primaryColor: '#2f9e44',
    secondaryColor: '#1b4d2b',
    surveysEnabled: false,
  });
  await addCatalogue(db, sb1.id, shopsOnly(pick(['Restaurants', 'Retail', 'Apartments'])), { samples: true });

  const dunkin = await createBrand(db, {
    shortName: 'dunkin',
    name: "Dunkin' Franchise Audits",
    type: 'ENTRY_PATH',
    entryPath: 'dunkin',
    logoUrl: logo('dunkin'),
    primaryColor: '#e8590c',
    secondaryColor: '#c2255c',
    surveysEnabled: false,
  });
  await addCatalogue(db, dunkin.id, shopsOnly(pick(['Restaurants'])), { samples: true });

  const primrose = await createBrand(db, {
    shortName: 'primroseschools',
    name: 'Primrose Schools Quality Visits',
    type: 'CUSTOM_DOMAIN',
    customDomain: 'visits.primroseschools.test',
    logoUrl: logo('primroseschools'),
    primaryColor: '#862e9c',
    secondaryColor: '#4a1a57',
    surveysEnabled: false,
  });
  await addCatalogue(
    db,
    primrose.id,
    {
      'Early Education': [
        { title: 'School Tour Visit', cost: $(120), sample: true },
        { title: 'Enrollment Phone Call', cost: $(55), showReimbursement: false },
      ],
    },
    { samples: true },
  );

  const goldenchick = await createBrand(db, {
    shortName: 'goldenchick',
    name: 'Golden Chick Guest Insights',
    type: 'CUSTOM_SUBDOMAIN',
    subdomain: 'goldenchick',
    logoUrl: logo('goldenchick'),
    primaryColor: '#f59f00',
    secondaryColor: '#7c4a03',
    headerTextColor: '#1a1a1a',
    surveysEnabled: false,
    usesIncentiveZones: true,
    incentiveZones: [
      { city: 'Dallas', state: 'TX', tier: 'non-remote' },
      { city: 'Houston', state: 'TX', tier: 'non-remote' },
      { city: 'San Antonio', state: 'TX', tier: 'non-remote' },
      { city: 'Lubbock', state: 'TX', tier: 'remote' },
      { city: 'Tyler', state: 'TX', tier: 'remote' },
      { city: 'Oklahoma City', state: 'OK', tier: 'remote' },
      { city: 'Pecos', state: 'TX', tier: 'ultra-remote' },
      { city: 'Alpine', state: 'TX', tier: 'ultra-remote' },
    ],
  });
  await addCatalogue(
    db,
    goldenchick.id,
    {
      Restaurants: [
        { title: 'Restaurant Visit (non-remote)', cost: $(60), minimumReimbursement: $(15), sample: true },
        { title: 'Restaurant Visit (remote)', cost: $(80), minimumReimbursement: $(15), sample: true },
        { title: 'Restaurant Visit (ultra-remote)', cost: $(110), minimumReimbursement: $(15), sample: true },
        { title: 'Drive-Thru Visit', cost: $(55), minimumReimbursement: $(10) },
      ],
    },
    { samples: true },
  );

  const cricket = await createBrand(db, {
    shortName: 'cricketwireless',
    name: 'Cricket Wireless Store Audits',
    type: 'ENTRY_PATH',
    entryPath: 'cricket',
    logoUrl: logo('cricketwireless'),
    primaryColor: '#0b7285',
    secondaryColor: '#063f49',
    surveysEnabled: false,
    customizationEnabled: false,
  });
  await addCatalogue(
    db,
    cricket.id,
    {
      'Telephone Services': [
        { title: 'Authorized Retailer Visit', cost: $(85), minimumReimbursement: $(10), sample: true },
        { title: 'Sales Call Evaluation', cost: $(50), showReimbursement: false },
      ],
    },
    { samples: true },
  );

  const msm = await createBrand(db, {
    shortName: 'msm',
    name: 'Mystery Shop Market',
    type: 'CUSTOM_DOMAIN',
    customDomain: 'order.mysteryshopmarket.test',
    logoUrl: logo('msm'),
    primaryColor: '#c92a2a',
    secondaryColor: '#5c1010',
    unlistedIndustryEmail: 'sales@mysteryshopmarket.test',
  });
  await addCatalogue(db, msm.id, pick(['Restaurants', 'Retail', 'Hotels', 'Banking']), { samples: true });

  const autopro = await createBrand(db, {
    shortName: 'autopro',
    name: 'AutoPro Shops',
    type: 'CUSTOM_SUBDOMAIN',
    subdomain: 'autopro',
    logoUrl: logo('autopro'),
    primaryColor: '#364fc7',
    secondaryColor: '#1c2a6b',
    surveysEnabled: false,
    requiresCarMake: true,
    flowVariant: 'automotive',
    carMakes: [
      { make: 'Chevrolet', tier: 'non-premium' },
      { make: 'Ford', tier: 'non-premium' },
      { make: 'Honda', tier: 'non-premium' },
      { make: 'Hyundai', tier: 'non-premium' },
      { make: 'Toyota', tier: 'non-premium' },
      { make: 'Acura', tier: 'premium' },
      { make: 'Audi', tier: 'premium' },
      { make: 'BMW', tier: 'premium' },
      { make: 'Lexus', tier: 'premium' },
      { make: 'Mercedes-Benz', tier: 'premium' },
      { make: 'Bentley', tier: 'ultra-premium' },
      { make: 'Ferrari', tier: 'ultra-premium' },
      { make: 'Porsche', tier: 'ultra-premium' },
    ],
  });
  await addCatalogue(
    db,
    autopro.id,
    {
      Automotive: [
        { title: 'Sales Visit (non-premium)', cost: $(135) },
        { title: 'Sales Visit (premium)', cost: $(175) },
        { title: 'Sales Visit (ultra-premium)', cost: $(245) },
        { title: 'Service Department Visit', cost: $(125), minimumReimbursement: $(50) },
        { title: 'Internet Lead Response', cost: $(45), showReimbursement: false },
      ],
    },
    { samples: false },
  );

  await createBrand(db, {
    shortName: 'acmeenterprise',
    name: 'Acme Enterprise Programs',
    type: 'AUTHENTICATED',
    logoUrl: logo('acmeenterprise'),
    primaryColor: '#495057',
    secondaryColor: '#212529',
  });

  const admin = await createUser(db, {
    email: 'admin@demo.test',
    password: 'demo-admin-pass',
    firstName: 'Avery',
    lastName: 'Admin',
    businessName: 'Customer Optix',
    phone: '(512)-555-0100',
    admin: true,
    roles: ['employee', 'proofer'],
    emailVerified: true,
    associatedBrandId: optix.id,
  });
  await createUser(db, {
    email: 'customer@demo.test',
    password: 'demo-customer-pass',
    firstName: 'Casey',
    lastName: 'Customer',
    businessName: 'Casey’s Kitchen Group',
    phone: '(512)-555-0142',
    emailVerified: true,
    associatedBrandId: optix.id,
  });
  const shopper = await createUser(db, {
    email: 'shopper@demo.test',
    password: 'demo-shopper-pass',
    firstName: 'Sam',
    lastName: 'Shopper',
    phone: '(512)-555-0199',
    city: 'Austin',
    state: 'TX',
    roles: ['shopper'],
    emailVerified: true,
    associatedBrandId: optix.id,
  });
  // Home at the Texas Capitol: the shopboard measures from it.
  await db.insert(shopperProfiles).values({
    userId: shopper.id,
    line1: '1100 Congress Ave',
    postalCode: '78701',
    latitude: 30.2747,
    longitude: -97.7404,
    pointPrecision: 'geocoded',
    hasCar: true,
  });
  await seedDemoForms(db);
  await seedReportingDemo(db, { brandId: optix.id, now });
  await seedDemoPayables(db, { shopperId: shopper.id, adminId: admin.id, now });
}
