import { type SQL, sql } from 'drizzle-orm';
import { questionnaireShopperRules } from '../db/schema.js';

// Who may see and be offered a questionnaire's visits (issue 47): the one rule, in SQL, that the
// shopboard (one shopper: the facts as parameters), the offers run and the desk's search (many
// shoppers: the facts as columns) all apply against questionnaire_shopper_rules. The accept
// transaction re-checks the same requirements in take-rules.ts to say which one is not met.

/** A shopper's qualification facts as SQL expressions; null where the shopper has none. */
export type QualificationFacts = {
  id: SQL;
  /** Years, as ageOf counts them (the year now minus the birth year). */
  age: SQL;
  gender: SQL;
  hasCar: SQL;
  /** The shopper's rating (shopper_ratings), 1-10. */
  rating: SQL;
};

/** The age the rules compare: this year (UTC) minus the birth year; null without one. */
export const ageOf = (birthYear: number | null, now: Date) =>
  birthYear ? now.getUTCFullYear() - birthYear : null;

/** One shopper's facts, as parameters. */
export function factsOf(shopper: {
  id: string;
  age: number | null;
  gender: string | null;
  hasCar: boolean;
  rating: number | null;
}): QualificationFacts {
  return {
    id: sql`${shopper.id}`,
    age: sql`${shopper.age}::int`,
    gender: sql`${shopper.gender}::text`,
    hasCar: sql`${shopper.hasCar}::boolean`,
    rating: sql`${shopper.rating}::float8`,
  };
}

/**
 * Whether the shopper meets the questionnaire's requirements (age range, gender, car, certification,
 * minimum rating) of the `questionnaire_shopper_rules` row joined in the query (no row: no rule). A
 * fact the shopper has not given fails the requirement on it (coalesce: never null, so the result can
 * be negated or combined safely).
 */
export function qualifiesSql(s: QualificationFacts): SQL {
  const r = questionnaireShopperRules;
  return sql`(${r.qid} is null or (
    (${r.minAge} is null or coalesce(${r.minAge} <= ${s.age}, false))
    and (${r.maxAge} is null or coalesce(${r.maxAge} >= ${s.age}, false))
    and (${r.gender} is null or coalesce(${r.gender} = ${s.gender}, false))
    and (not ${r.requiresCar} or coalesce(${s.hasCar}, false))
    and (${r.certificationId} is null or exists (select 1 from shopper_certifications sc
      where sc.user_id = ${s.id} and sc.certification_id = ${r.certificationId}))
    and (${r.minRating} is null or coalesce(${r.minRating} <= ${s.rating}, false))
  ))`;
}
