import { desc, eq, sql } from 'drizzle-orm';
import { RATING_EXPLANATION, RATING_WINDOW } from '../../domain/index.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import {
  evaluations,
  locations,
  shopperHoldOutcomes,
  shops,
  visitGrades,
  visitHolds,
  visits,
} from '../db/schema.js';
import { notAuthorized, notLoggedIn } from '../errors.js';
import { isScheduler, isStaff, requireShopper } from './roles.js';
import { shopperRating } from './visit-history.js';

// A shopper's standing (issue 47): rating and reliability with what they are made of, on the
// shopper's own page and for QA and schedulers. Never for customers.

export type ShopperStanding = {
  rating: number | null;
  grades: number;
  reliability: number | null;
  outcomes: number;
  explanation: string;
  /** Counts of the newest RATING_WINDOW outcomes, by outcome. */
  outcomeCounts: { outcome: string; count: number }[];
  recentGrades: { grade: number; reason: string; programName: string; gradedAt: Date }[];
  holds: {
    evaluationId: string;
    visitId: string;
    programName: string;
    city: string;
    state: string;
    dueDate: string;
    submitBy: string;
    extensionState: string | null;
    extensionDays: number | null;
  }[];
};

export async function shopperStandingOf(db: Db, shopperId: string): Promise<ShopperStanding> {
  const rating = await shopperRating(db, shopperId);
  const recent = db
    .select({ outcome: shopperHoldOutcomes.outcome })
    .from(shopperHoldOutcomes)
    .where(eq(shopperHoldOutcomes.shopperId, shopperId))
    .orderBy(desc(shopperHoldOutcomes.at))
    .limit(RATING_WINDOW)
    .as('recent');
  const outcomeCounts = await db
    .select({ outcome: recent.outcome, count: sql<number>`count(*)`.mapWith(Number) })
    .from(recent)
    .groupBy(recent.outcome)
    .orderBy(recent.outcome);
  const recentGrades = await db
    .select({
      grade: visitGrades.grade,
      reason: visitGrades.reason,
      programName: sql<string>`coalesce(${shops.questionnaireTitle}, '')`,
      gradedAt: visitGrades.gradedAt,
    })
    .from(visitGrades)
    .innerJoin(evaluations, eq(evaluations.id, visitGrades.evaluationId))
    .leftJoin(visits, eq(visits.id, evaluations.visitId))
    .leftJoin(shops, eq(shops.id, visits.shopId))
    .where(eq(visitGrades.shopperId, shopperId))
    .orderBy(desc(visitGrades.gradedAt))
    .limit(10);
  const holds = await db
    .select({
      evaluationId: visitHolds.evaluationId,
      visitId: visitHolds.visitId,
      programName: shops.questionnaireTitle,
      city: locations.city,
      state: locations.state,
      dueDate: visits.dueDate,
      submitBy: visitHolds.submitBy,
      extensionState: visitHolds.extensionState,
      extensionDays: visitHolds.extensionDays,
    })
    .from(visitHolds)
    .innerJoin(visits, eq(visits.id, visitHolds.visitId))
    .innerJoin(shops, eq(shops.id, visits.shopId))
    .innerJoin(locations, eq(locations.id, visits.locationId))
    .where(eq(visitHolds.shopperId, shopperId))
    .orderBy(visitHolds.submitBy);
  return { ...rating, explanation: RATING_EXPLANATION, outcomeCounts, recentGrades, holds };
}

/** The caller's own standing (a shopper). */
export async function myStanding(db: Db, opts: { user: UserRow | null }) {
  const shopper = requireShopper(opts.user);
  return shopperStandingOf(db, shopper.id);
}

/** A shopper's standing for QA staff and schedulers. */
export async function shopperStanding(db: Db, opts: { user: UserRow | null; shopperId: string }) {
  if (!opts.user) throw notLoggedIn();
  if (!isStaff(opts.user) && !isScheduler(opts.user)) throw notAuthorized();
  return shopperStandingOf(db, opts.shopperId);
}
