import { and, eq, inArray } from 'drizzle-orm';
import { addMonthsUtc, monthStartUtc, startOfDayUtc, toDateKey } from '../../domain/index.js';
import {
  answer,
  createEvaluation,
  type Evaluation,
  EvaluationStatus,
  type Form,
  type FormElement,
  reportForReader,
  score,
  VisitStatus,
} from '../../evaluation/index.js';
import { approximatePoint } from '../adapters/us-places.js';
import { formOfVersion, rollUpScores } from '../fieldwork/index.js';
import type { Db } from './client.js';
import { createUser } from './factories.js';
import { newId } from './ids.js';
import {
  accountMembers,
  evaluationEvents,
  evaluationQuestionScores,
  evaluationSectionScores,
  evaluations,
  formVersions,
  locations,
  memberRegions,
  orders,
  questionnaires,
  regions,
  shops,
  userQuestionnaires,
  visits,
} from './schema.js';

// A demo customer whose reports have something to show: 3 mystery-shop programs at 12 locations with
// one approved evaluation per program, location and month for 18 months. The answers are made by the
// engine on the published demo forms (so reports, scores and the CSV agree), with a steady quality per
// location so the locations board fills all three columns. Deterministic: the same data every run.

export const REPORTS_DEMO = { email: 'reports@demo.test', password: 'demo-reports-pass' } as const;
/**
 * The same customer as a chain (issue 18): its owner, three regions of four locations each, and two
 * managers who each see one region.
 */
export const CHAIN_REGIONS: Record<string, string[]> = {
  'Central Texas': ['Downtown Austin', 'South Lamar', 'Round Rock', 'San Antonio Riverwalk'],
  'Houston & Dallas': ['Houston Heights', 'Galleria', 'Uptown Dallas', 'Deep Ellum'],
  Southwest: ['The Strip', 'Henderson', 'Tempe Marketplace', 'Old Town Scottsdale'],
};
export const CHAIN_MANAGERS = [
  {
    email: 'manager1@demo.test',
    password: 'demo-manager-pass',
    firstName: 'Morgan',
    region: 'Central Texas',
  },
  { email: 'manager2@demo.test', password: 'demo-manager-pass', firstName: 'Marley', region: 'Southwest' },
] as const;
const PROGRAMS = ['Dine-In Experience', 'Drive-Thru Visit', 'Takeout Phone Order'];
const LOCATIONS: [name: string, line1: string, city: string, state: string, zip: string, quality: number][] =
  [
    ['Downtown Austin', '200 Congress Ave', 'Austin', 'TX', '78701', 0.97],
    ['South Lamar', '1500 S Lamar Blvd', 'Austin', 'TX', '78704', 0.93],
    ['Round Rock', '201 University Blvd', 'Round Rock', 'TX', '78665', 0.9],
    ['Houston Heights', '300 W 19th St', 'Houston', 'TX', '77008', 0.86],
    ['Galleria', '5085 Westheimer Rd', 'Houston', 'TX', '77056', 0.82],
    ['Uptown Dallas', '2500 McKinney Ave', 'Dallas', 'TX', '75201', 0.95],
    ['Deep Ellum', '2800 Main St', 'Dallas', 'TX', '75226', 0.74],
    ['San Antonio Riverwalk', '849 E Commerce St', 'San Antonio', 'TX', '78205', 0.88],
    ['The Strip', '3500 S Las Vegas Blvd', 'Las Vegas', 'NV', '89109', 0.68],
    ['Henderson', '2300 W Sunset Rd', 'Henderson', 'NV', '89052', 0.84],
    ['Tempe Marketplace', '2000 E Rio Salado Pkwy', 'Tempe', 'AZ', '85281', 0.79],
    ['Old Town Scottsdale', '7014 E Camelback Rd', 'Scottsdale', 'AZ', '85251', 0.91],
  ];
const MONTHS = 18;
const PHOTO = '/samples/storefront.svg';

/** A small deterministic random generator (mulberry32), so the demo is the same on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A plausible answer of an element: the best choice with probability `quality`, otherwise another. */
function answerFor(el: FormElement, quality: number, rnd: () => number, day: string): unknown {
  const good = rnd() < quality;
  const ranked = <T extends { score: number }>(items: readonly T[]): T[] =>
    [...items].sort((x, y) => y.score - x.score);
  switch (el.typeId) {
    case 'choice': {
      const opts = ranked(el.options.filter((o) => !o.precludesScoring));
      if (!opts.length) return el.options[0]?.localId ?? null;
      return (good ? opts[0] : (opts[1 + Math.floor(rnd() * (opts.length - 1))] ?? opts[0]))!.localId;
    }
    case 'multichoice':
      return el.options.filter(() => rnd() < 0.4).map((o) => o.localId);
    case 'number':
    case 'timespan': {
      const ranges = ranked(el.scoreRanges);
      const range = good
        ? ranges[0]
        : (ranges[1 + Math.floor(rnd() * Math.max(1, ranges.length - 1))] ?? ranges[0]);
      const lo = Math.max(range?.lowerValue ?? el.config.min ?? 0, el.config.min ?? -Infinity);
      const hi = Math.min(range?.upperValue ?? el.config.max ?? 10, el.config.max ?? Infinity, lo + 600);
      const value = Math.round(lo + rnd() * Math.max(0, hi - lo));
      if (el.typeId === 'number') return value;
      return {
        hours: Math.floor(value / 3600),
        minutes: Math.floor((value % 3600) / 60),
        seconds: value % 60,
      };
    }
    case 'date':
      return day;
    case 'time':
      return `${1 + Math.floor(rnd() * 11)}:${rnd() < 0.5 ? '15' : '45'} PM`;
    case 'text':
      return good ? 'Jordan at the front counter' : 'A team member at the register';
    case 'narrative':
      return good
        ? 'Everything went smoothly: the team was friendly, quick and knew the menu well.'
        : 'The visit was slower than expected and the staff seemed distracted by other tasks.';
    case 'imageupload':
      return PHOTO;
    case 'phonerecording':
      return { recordingURL: '/samples/demo-call.wav' };
    default:
      return null;
  }
}

/** Fills in a form as a shopper would, in form order, so conditional questions follow the answers. */
function fillIn(
  form: Form,
  quality: number,
  rnd: () => number,
  day: string,
  location: { name: string; state: string },
) {
  let e: Evaluation = createEvaluation(form, {
    user: { role: 'shopper', displayName: 'Demo Shopper' },
    location: { name: location.name, address: null, state: location.state },
  });
  for (const section of form.sections) {
    for (const el of section.elements) {
      if (!e.status.elements[el.localId]?.visible) continue;
      const value = answerFor(el, quality, rnd, day);
      if (value === null) continue;
      const next = answer(e, el.localId, value);
      if (next.ok) e = next.value;
    }
  }
  return e;
}

/** Seeds the reporting demo customer (idempotent: does nothing when the customer exists). */
export async function seedReportingDemo(db: Db, opts: { brandId: string; now: Date }) {
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.referralCode, 'REPORTS-DEMO'))
    .limit(1);
  if (existing) return;
  const rnd = random(20261122);
  const customer = await createUser(db, {
    email: REPORTS_DEMO.email,
    password: REPORTS_DEMO.password,
    firstName: 'Riley',
    lastName: 'Reports',
    businessName: 'Riley’s Restaurant Group',
    phone: '(512)-555-0177',
    emailVerified: true,
    associatedBrandId: opts.brandId,
  });
  const qs = await db
    .select({ q: questionnaires, definitionId: formVersions.id })
    .from(questionnaires)
    .innerJoin(formVersions, eq(formVersions.formId, questionnaires.formId))
    .where(and(eq(questionnaires.brandId, opts.brandId), inArray(questionnaires.title, PROGRAMS)));
  const start = addMonthsUtc(monthStartUtc(opts.now), -(MONTHS - 1));
  const oid = newId();
  await db.insert(orders).values({
    id: oid,
    uid: customer.id,
    brandId: opts.brandId,
    status: 'COMPLETE',
    orderDate: addMonthsUtc(start, -1),
    amount: 0,
    referralCode: 'REPORTS-DEMO',
  });
  const programs = PROGRAMS.map((title) => qs.find((r) => r.q.title === title)!).filter(Boolean);
  const uqs = programs.map((p) => ({ id: newId(), oid, uid: customer.id, qid: p.q.id }));
  await db.insert(userQuestionnaires).values(uqs);
  const locs = LOCATIONS.map(([name, line1, city, state, postalCode, quality]) => ({
    row: {
      id: newId(),
      uid: customer.id,
      name,
      line1,
      city,
      state,
      postalCode,
      formattedAddress: `${line1}, ${city}, ${state} ${postalCode}`,
      // The shopboard's point: the built-in approximation of the address.
      searchLatitude: approximatePoint({ line1, city, state, postalCode })?.latitude ?? null,
      searchLongitude: approximatePoint({ line1, city, state, postalCode })?.longitude ?? null,
    },
    quality,
  }));
  await db.insert(locations).values(locs.map((l) => l.row));
  await seedChainTeam(db, {
    accountId: customer.id,
    brandId: opts.brandId,
    locations: locs.map((l) => l.row),
  });

  for (const [pi, program] of programs.entries()) {
    const form = await formOfVersion(db, program.definitionId);
    const uq = uqs[pi]!;
    for (const loc of locs) {
      const shopId = newId();
      await db.insert(shops).values({
        id: shopId,
        uid: customer.id,
        oid,
        locationId: loc.row.id,
        qid: program.q.id,
        uqid: uq.id,
        status: 'active',
        recurring: true,
        reimbursement: program.q.minimumReimbursement,
        cost: program.q.cost,
        startDate: toDateKey(start),
        frequencyPeriod: 'month',
        frequencyQuantity: 1,
        paidThrough: toDateKey(new Date(addMonthsUtc(monthStartUtc(opts.now), 1).getTime() - 86_400_000)),
        questionnaireTitle: program.q.title,
        questionnaireType: program.q.type,
      });
      const visitRows: (typeof visits.$inferInsert)[] = [];
      const evalRows: (typeof evaluations.$inferInsert)[] = [];
      const sectionRows: (typeof evaluationSectionScores.$inferInsert)[] = [];
      const questionRows: (typeof evaluationQuestionScores.$inferInsert)[] = [];
      const eventRows: (typeof evaluationEvents.$inferInsert)[] = [];
      for (let m = 0; m < MONTHS; m++) {
        const cycle = addMonthsUtc(start, m);
        // The current month's shop is never in the future: it is today at the latest, so that every
        // range holding today (Year to Date on 1 January too) has one shop per location and program.
        const drawn = new Date(cycle.getTime() + Math.floor(rnd() * 26) * 86_400_000);
        const day = drawn > opts.now ? startOfDayUtc(opts.now) : drawn;
        const shopDate = toDateKey(day);
        // Quality drifts a little month to month, and improves slowly over time.
        const quality = Math.min(
          0.99,
          Math.max(0.3, loc.quality - 0.06 + (m / MONTHS) * 0.06 + (rnd() - 0.5) * 0.1),
        );
        const e = fillIn(form, quality, rnd, shopDate, loc.row);
        const report = score(e);
        const visitId = newId();
        const evaluationId = newId();
        const at = new Date(Math.min(day.getTime() + 15 * 3_600_000, opts.now.getTime()));
        visitRows.push({
          id: visitId,
          shopId,
          uqid: uq.id,
          locationId: loc.row.id,
          cycleStart: toDateKey(cycle),
          sequence: 1,
          dueDate: toDateKey(addMonthsUtc(cycle, 1)),
          status: VisitStatus.Delivered,
        });
        evalRows.push({
          id: evaluationId,
          visitId,
          formVersionId: program.definitionId,
          status: EvaluationStatus.Approved,
          document: {
            context: { user: e.user, location: e.location, isSurvey: false },
            answers: e.answers,
            proofingComments: {},
            metadata: { ...e.metadata, timeSubmitted: at.toISOString() },
          },
          score: report.score,
          possibleScore: report.possibleScore,
          submittedAt: at,
          approvedAt: new Date(Math.min(at.getTime() + 86_400_000, opts.now.getTime())),
          clientId: customer.id,
          uqid: uq.id,
          locationId: loc.row.id,
          shopDate,
          promisedReimbursement: program.q.minimumReimbursement,
          promisedFee: program.q.shopperFee,
          createdAt: at,
          updatedAt: at,
        });
        eventRows.push({
          id: newId(),
          evaluationId,
          fromStatus: EvaluationStatus.Reviewing,
          toStatus: EvaluationStatus.Approved,
          comment: 'Demo data',
          createdAt: at,
        });
        // As storeScores stores them: section scores whole, question rows as customers see the report.
        reportForReader('customer', report).sections.forEach((s, i) => {
          if (s.possibleScore > 0)
            sectionRows.push({
              evaluationId,
              sectionIndex: i,
              sectionHeader: s.name,
              score: s.score,
              possibleScore: s.possibleScore,
            });
          for (const el of s.elements) {
            if (el.isScored && el.possibleScore > 0) {
              questionRows.push({
                evaluationId,
                elementId: el.localId,
                sectionHeader: s.name,
                prompt: el.prompt,
                answer: el.answer ?? '',
                score: el.score,
                possibleScore: el.possibleScore,
              });
            }
          }
        });
      }
      if (visitRows.length) {
        await db.insert(visits).values(visitRows);
        await db.insert(evaluations).values(evalRows);
        await db.insert(evaluationEvents).values(eventRows);
        if (sectionRows.length) await db.insert(evaluationSectionScores).values(sectionRows);
        if (questionRows.length) await db.insert(evaluationQuestionScores).values(questionRows);
      }
    }
  }
  await rollUpScores(db, eq(evaluations.clientId, customer.id));
}

/** The chain's regions (locations grouped by CHAIN_REGIONS), its owner and its two managers. */
async function seedChainTeam(
  db: Db,
  opts: { accountId: string; brandId: string; locations: { id: string; name: string }[] },
) {
  const regionIds = new Map<string, string>();
  for (const [name, names] of Object.entries(CHAIN_REGIONS)) {
    const id = newId();
    regionIds.set(name, id);
    await db.insert(regions).values({ id, accountId: opts.accountId, name });
    const ids = opts.locations.filter((l) => names.includes(l.name)).map((l) => l.id);
    await db.update(locations).set({ regionId: id }).where(inArray(locations.id, ids));
  }
  await db
    .insert(accountMembers)
    .values({ id: newId(), accountId: opts.accountId, userId: opts.accountId, role: 'owner' });
  for (const m of CHAIN_MANAGERS) {
    const user = await createUser(db, {
      email: m.email,
      password: m.password,
      firstName: m.firstName,
      lastName: 'Manager',
      emailVerified: true,
      associatedBrandId: opts.brandId,
    });
    const memberId = newId();
    await db
      .insert(accountMembers)
      .values({ id: memberId, accountId: opts.accountId, userId: user.id, role: 'manager' });
    await db.insert(memberRegions).values({ memberId, regionId: regionIds.get(m.region)! });
  }
}
