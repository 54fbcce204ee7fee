import { and, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import { EvaluationStatus } from '../../evaluation/index.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { certifications, evaluations, questionnaireShopperRules, visits } from '../db/schema.js';
import { AppError } from '../errors.js';
import { shopperFacts } from './shopboard.js';

/** A shopper's evaluations that do not count as a visit: given back, expired, cancelled, previews. */
const NOT_VISITED = [
  EvaluationStatus.ShopperCancelled,
  EvaluationStatus.ClientCancelled,
  EvaluationStatus.Expired,
  EvaluationStatus.Preview,
];

const DAY_MS = 86_400_000;
const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
const GENDER_WORD: Record<string, string> = { female: 'female', male: 'male', other: 'other-gender' };

export type ShopperRules = typeof questionnaireShopperRules.$inferSelect;

/** A refusal of the accept, naming the visit. */
const refuse = (message: string) => new AppError('CONFLICT', message, [{ field: 'visitId', message }]);

/** Why the shopper does not meet the questionnaire's requirements, or null when they do. */
export function unmetRequirement(
  rules: ShopperRules | null,
  facts: Awaited<ReturnType<typeof shopperFacts>>,
  certificationName: string | null,
  holdsCertification: boolean,
): string | null {
  if (!rules) return null;
  const { minAge, maxAge } = rules;
  if (minAge != null || maxAge != null) {
    const range =
      minAge != null && maxAge != null
        ? `aged ${minAge} to ${maxAge}`
        : minAge != null
          ? `aged ${minAge} or over`
          : `aged ${maxAge} or under`;
    if (facts.age == null) return `This visit is for shoppers ${range}. Add your birth year on your profile.`;
    if ((minAge != null && facts.age < minAge) || (maxAge != null && facts.age > maxAge))
      return `This visit is for shoppers ${range}.`;
  }
  if (rules.gender && facts.gender !== rules.gender)
    return `This visit is for ${GENDER_WORD[rules.gender] ?? rules.gender} shoppers.`;
  if (rules.requiresCar && !facts.hasCar)
    return 'This visit needs a shopper with a car. If you have one, say so on your profile.';
  if (rules.certificationId && !holdsCertification)
    return `This visit needs the ${certificationName ?? 'required'} certification.`;
  if (rules.minRating != null && (facts.rating == null || facts.rating < rules.minRating))
    return facts.rating == null
      ? `This visit needs a shopper rating of ${rules.minRating} or more; you have no rating yet.`
      : `This visit needs a shopper rating of ${rules.minRating} or more; yours is ${Math.round(facts.rating * 10) / 10}.`;
  return null;
}

/**
 * Inside the accept transaction, before the visit is taken: the shopper's accepts are serialized (an
 * advisory lock per shopper, so two tabs cannot both pass the rotation count), then qualification and
 * the questionnaire's rotation rules are checked again; a refusal says which rule and why.
 */
export async function checkMayTake(
  tx: Db,
  opts: {
    shopper: UserRow;
    visit: { id: string; uqid: string; locationId: string; cycleStart: string };
    qid: string;
    now: Date;
  },
) {
  const { shopper, visit, now } = opts;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`shopper-accept:${shopper.id}`}, 0))`);
  const [row] = await tx
    .select({ rules: questionnaireShopperRules, certificationName: certifications.name })
    .from(questionnaireShopperRules)
    .leftJoin(certifications, eq(certifications.id, questionnaireShopperRules.certificationId))
    .where(eq(questionnaireShopperRules.qid, opts.qid));
  if (!row) return;
  const rules = row.rules;
  const facts = await shopperFacts(tx, shopper, now);
  let holds = false;
  if (rules.certificationId) {
    const held = await tx.execute(
      sql`select 1 from shopper_certifications where user_id = ${shopper.id} and certification_id = ${rules.certificationId}`,
    );
    holds = (Array.isArray(held) ? held : (held as { rows: unknown[] }).rows).length > 0;
  }
  const unmet = unmetRequirement(rules, facts, row.certificationName, holds);
  if (unmet) throw refuse(unmet);

  if (rules.locationGapDays != null && rules.locationGapDays > 0) {
    const [last] = await tx
      .select({ at: evaluations.createdAt })
      .from(evaluations)
      .where(
        and(
          eq(evaluations.userId, shopper.id),
          eq(evaluations.locationId, visit.locationId),
          eq(evaluations.isSurvey, false),
          notInArray(evaluations.status, NOT_VISITED),
        ),
      )
      .orderBy(desc(evaluations.createdAt))
      .limit(1);
    if (last) {
      const ago = Math.max(0, Math.floor((now.getTime() - last.at.getTime()) / DAY_MS));
      if (ago < rules.locationGapDays) {
        const when = ago === 0 ? 'today' : `${days(ago)} ago`;
        const every =
          rules.locationGapDays === 1 ? 'one visit a day' : `one visit every ${days(rules.locationGapDays)}`;
        throw refuse(`You visited this location ${when}; this program allows ${every}.`);
      }
    }
  }

  if (rules.maxVisitsPerCycle != null && rules.maxVisitsPerCycle > 0) {
    const [taken] = await tx
      .select({ n: count() })
      .from(evaluations)
      .innerJoin(visits, eq(visits.id, evaluations.visitId))
      .where(
        and(
          eq(evaluations.userId, shopper.id),
          eq(visits.uqid, visit.uqid),
          eq(visits.cycleStart, visit.cycleStart),
          notInArray(evaluations.status, NOT_VISITED),
        ),
      );
    const n = Number(taken?.n ?? 0);
    if (n >= rules.maxVisitsPerCycle) {
      const max = rules.maxVisitsPerCycle;
      throw refuse(
        `You already have ${n === 1 ? '1 visit' : `${n} visits`} of this program this cycle; it allows ${max === 1 ? 'one visit' : `${max} visits`} per shopper per cycle.`,
      );
    }
  }
}
