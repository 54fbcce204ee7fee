import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { PERFORMANCE_THRESHOLDS } from '../../domain/index.js';
import {
  type Answers,
  createEvaluation,
  type Evaluation,
  type EvaluationContext,
  type EvaluationMetadata,
  EvaluationStatus,
  type EvaluationStatusCode,
  parseAnswers,
  refresh,
  reportForReader,
  score,
} from '../../evaluation/index.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import {
  evaluationEvents,
  evaluationQuestionScores,
  evaluationSectionScores,
  evaluations,
  locationScoreTotals,
  locations,
  questionScoreDays,
  questionScoreRegionDays,
  sectionScoreDays,
  sectionScoreRegionDays,
  shopScoreDays,
} from '../db/schema.js';
import { AppError } from '../errors.js';
import { formOfVersion } from './forms.js';

export type EvaluationRow = typeof evaluations.$inferSelect;

/**
 * What is stored of an evaluation: answers, proofing comments, positions and the context it was
 * started with. The form comes from its published version, so a stored evaluation stays small and
 * always reads with the form it started on.
 */
export type StoredEvaluation = {
  context: Pick<
    EvaluationContext,
    'user' | 'shopper' | 'location' | 'shop' | 'isSurvey' | 'inboundParameters'
  >;
  answers: Answers;
  proofingComments: Record<string, string>;
  metadata: Pick<
    EvaluationMetadata,
    | 'currentSectionId'
    | 'currentElementId'
    | 'furthestSectionIndex'
    | 'furthestElementIndex'
    | 'internalComment'
    | 'externalComment'
    | 'timeSubmitted'
  >;
  /** When each photo answer was taken ({elementId: ISO time}), as the shopper's device said. */
  photoTakenAt?: Record<string, string>;
};

export const MSG_EVALUATION_NOT_FOUND = 'Evaluation not found.';
export const evaluationNotFound = () =>
  new AppError('NOT_FOUND', MSG_EVALUATION_NOT_FOUND, [{ field: '_id', message: MSG_EVALUATION_NOT_FOUND }]);

/** The stored part of an engine evaluation. */
export function toStored(e: Evaluation, context: StoredEvaluation['context']): StoredEvaluation {
  const m = e.metadata;
  return {
    context,
    answers: e.answers,
    proofingComments: { ...e.proofingComments },
    metadata: {
      currentSectionId: m.currentSectionId,
      currentElementId: m.currentElementId,
      furthestSectionIndex: m.furthestSectionIndex,
      furthestElementIndex: m.furthestElementIndex,
      internalComment: m.internalComment,
      externalComment: m.externalComment,
      timeSubmitted: m.timeSubmitted,
    },
  };
}

/**
 * The engine evaluation of a stored row, as seen by `viewer` (the engine's user: a proofer may comment,
 * a shopper edits). Answers are read in the shopper's own context; a viewer never changes them.
 */
export async function loadEngineEvaluation(
  db: Db,
  row: EvaluationRow,
  viewer?: EvaluationContext['user'],
): Promise<Evaluation> {
  const form = await formOfVersion(db, row.formVersionId);
  const stored = row.document as StoredEvaluation;
  const base = createEvaluation(form, {
    ...stored.context,
    ...(viewer ? { user: viewer, shopper: stored.context.user ?? null } : {}),
    evaluationId: row.id,
    evaluationStatus: row.status as EvaluationStatusCode,
  });
  const answers = parseAnswers(form, stored.answers);
  return refresh({
    ...base,
    answers: answers.ok ? answers.value : {},
    proofingComments: stored.proofingComments ?? {},
    metadata: { ...base.metadata, ...stored.metadata },
    submitStatus: row.submittedAt ? { submitted: true, inProgress: false, success: true } : base.submitStatus,
  });
}

export async function loadEvaluationRow(
  db: Db,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<EvaluationRow> {
  const q = db.select().from(evaluations).where(eq(evaluations.id, id)).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) throw evaluationNotFound();
  return row;
}

/** Records a status change with who made it and when (every transition goes through here). */
export async function recordTransition(
  db: Db,
  opts: {
    evaluationId: string;
    from: number | null;
    to: number;
    userId: string | null;
    comment?: string | null;
    now: Date;
  },
) {
  await db.insert(evaluationEvents).values({
    id: newId(),
    evaluationId: opts.evaluationId,
    fromStatus: opts.from,
    toStatus: opts.to,
    userId: opts.userId,
    comment: opts.comment ?? null,
    createdAt: opts.now,
  });
}

/**
 * Whether the evaluation's history holds a submission. Its current status cannot tell: a rejected
 * evaluation goes back to Started with the shopper's first correction, long before it is resubmitted.
 */
export async function submittedBefore(db: Db, evaluationId: string): Promise<boolean> {
  const [event] = await db
    .select({ id: evaluationEvents.id })
    .from(evaluationEvents)
    .where(
      and(
        eq(evaluationEvents.evaluationId, evaluationId),
        eq(evaluationEvents.toStatus, EvaluationStatus.Submitted),
      ),
    )
    .limit(1);
  return !!event;
}

/**
 * Scores an approved evaluation and stores its total, section and question scores, so that reports
 * are SQL sums over indexed rows instead of loops over answers.
 */
export async function storeScores(db: Db, evaluationId: string, e: Evaluation) {
  const report = score(e);
  await db.delete(evaluationSectionScores).where(eq(evaluationSectionScores.evaluationId, evaluationId));
  await db.delete(evaluationQuestionScores).where(eq(evaluationQuestionScores.evaluationId, evaluationId));
  const sections = report.sections
    .map((s, i) => ({
      evaluationId,
      sectionIndex: i,
      sectionHeader: s.name,
      score: s.score,
      possibleScore: s.possibleScore,
    }))
    .filter((s) => s.possibleScore > 0);
  if (sections.length) await db.insert(evaluationSectionScores).values(sections);
  // The question rows are read only on the customer's side (reports, CSV, dashboard, action plans): the
  // report as customers see it, without elements reported 'never' (their scores stay in the sections').
  const questions = reportForReader('customer', report).sections.flatMap((s) =>
    s.elements
      .filter((el) => el.isScored && el.possibleScore > 0)
      .map((el) => ({
        evaluationId,
        elementId: el.localId,
        sectionHeader: s.name,
        prompt: el.prompt,
        answer: el.answer ?? '',
        score: el.score,
        possibleScore: el.possibleScore,
      })),
  );
  if (questions.length) await db.insert(evaluationQuestionScores).values(questions);
  return report;
}

/** Evaluations the rollups count: mystery shops with their client, program and shop date stored. */
const rolledUpShop = sql`${evaluations.isSurvey} = false and ${evaluations.clientId} is not null
    and ${evaluations.uqid} is not null and ${evaluations.shopDate} is not null`;

/**
 * Adds approved mystery-shop evaluations' question and section scores to the daily rollups: per client
 * (question_score_days, section_score_days) and, for a location in a region, per region
 * (question_score_region_days, section_score_region_days); and the shops' totals per location
 * (location_score_totals) and per day (shop_score_days). Call once per evaluation, after its scores,
 * client, program and shop date are stored: approval is final, so an evaluation is never added twice.
 */
export async function rollUpScores(db: Db, which: SQL) {
  const qs = evaluationQuestionScores;
  await db.execute(sql`
    insert into ${questionScoreDays} (client_id, uqid, shop_date, prompt, percent_sum, answers)
    select ${evaluations.clientId}, ${evaluations.uqid}, ${evaluations.shopDate}, ${qs.prompt},
           sum(${qs.score}::float8 / ${qs.possibleScore}), count(*)
    from ${qs} join ${evaluations} on ${evaluations.id} = ${qs.evaluationId}
    where ${which} and ${rolledUpShop} and ${qs.possibleScore} > 0
    group by 1, 2, 3, 4
    on conflict (client_id, shop_date, uqid, prompt) do update
      set percent_sum = ${questionScoreDays.percentSum} + excluded.percent_sum,
          answers = ${questionScoreDays.answers} + excluded.answers`);
  const ss = evaluationSectionScores;
  await db.execute(sql`
    insert into ${sectionScoreDays} (client_id, uqid, shop_date, section_index, section_header, percent_sum, shops)
    select ${evaluations.clientId}, ${evaluations.uqid}, ${evaluations.shopDate}, ${ss.sectionIndex}, ${ss.sectionHeader},
           sum(${ss.score}::float8 / ${ss.possibleScore}), count(*)
    from ${ss} join ${evaluations} on ${evaluations.id} = ${ss.evaluationId}
    where ${which} and ${rolledUpShop} and ${ss.possibleScore} > 0
    group by 1, 2, 3, 4, 5
    on conflict (client_id, shop_date, uqid, section_index, section_header) do update
      set percent_sum = ${sectionScoreDays.percentSum} + excluded.percent_sum,
          shops = ${sectionScoreDays.shops} + excluded.shops`);
  // Per program and location over all time: the shops' count, sums and performance counts.
  const e = evaluations;
  const ratio = sql`${e.score} / ${e.possibleScore}`;
  const scored = sql`${e.possibleScore} > 0`;
  const t = locationScoreTotals;
  await db.execute(sql`
    insert into ${t} (client_id, uqid, location_id, first_shop_date, last_shop_date, shops, total_score,
      total_possible_score, percent_sum, scored_shops, positives, neutrals, negatives)
    select ${e.clientId}, ${e.uqid}, ${e.locationId}, min(${e.shopDate}), max(${e.shopDate}), count(*),
      coalesce(sum(${e.score}), 0)::float8, coalesce(sum(${e.possibleScore}), 0)::float8,
      coalesce(sum(${e.score}::float8 / ${e.possibleScore}) filter (where ${scored}), 0),
      count(*) filter (where ${scored}),
      count(*) filter (where ${scored} and ${ratio} >= ${PERFORMANCE_THRESHOLDS.success}),
      count(*) filter (where ${scored} and ${ratio} >= ${PERFORMANCE_THRESHOLDS.warn} and ${ratio} < ${PERFORMANCE_THRESHOLDS.success}),
      count(*) filter (where not (${scored} and ${ratio} >= ${PERFORMANCE_THRESHOLDS.warn}))
    from ${e}
    where ${which} and ${rolledUpShop} and ${e.locationId} is not null
    group by 1, 2, 3
    on conflict (client_id, uqid, location_id) do update
      set first_shop_date = least(${t.firstShopDate}, excluded.first_shop_date),
          last_shop_date = greatest(${t.lastShopDate}, excluded.last_shop_date),
          shops = ${t.shops} + excluded.shops,
          total_score = ${t.totalScore} + excluded.total_score,
          total_possible_score = ${t.totalPossibleScore} + excluded.total_possible_score,
          percent_sum = ${t.percentSum} + excluded.percent_sum,
          scored_shops = ${t.scoredShops} + excluded.scored_shops,
          positives = ${t.positives} + excluded.positives,
          neutrals = ${t.neutrals} + excluded.neutrals,
          negatives = ${t.negatives} + excluded.negatives`);
  // Per program and day over all locations: the program chart's shops.
  const d = shopScoreDays;
  await db.execute(sql`
    insert into ${d} (client_id, uqid, shop_date, shops, total_score, total_possible_score, percent_sum, scored_shops)
    select ${e.clientId}, ${e.uqid}, ${e.shopDate}, count(*),
      coalesce(sum(${e.score}), 0)::float8, coalesce(sum(${e.possibleScore}), 0)::float8,
      coalesce(sum(${e.score}::float8 / ${e.possibleScore}) filter (where ${scored}), 0),
      count(*) filter (where ${scored})
    from ${e}
    where ${which} and ${rolledUpShop}
    group by 1, 2, 3
    on conflict (client_id, uqid, shop_date) do update
      set shops = ${d.shops} + excluded.shops,
          total_score = ${d.totalScore} + excluded.total_score,
          total_possible_score = ${d.totalPossibleScore} + excluded.total_possible_score,
          percent_sum = ${d.percentSum} + excluded.percent_sum,
          scored_shops = ${d.scoredShops} + excluded.scored_shops`);
  await rollUpRegions(db, which);
}

/** Adds the region rollup rows of the evaluations `which` whose location is in a region. */
async function rollUpRegions(db: Db, which: SQL) {
  const qs = evaluationQuestionScores;
  const ss = evaluationSectionScores;
  const inRegion = sql`join ${locations} on ${locations.id} = ${evaluations.locationId}
    and ${locations.uid} = ${evaluations.clientId} and ${locations.regionId} is not null`;
  await db.execute(sql`
    insert into ${questionScoreRegionDays} (region_id, uqid, shop_date, prompt, percent_sum, answers)
    select ${locations.regionId}, ${evaluations.uqid}, ${evaluations.shopDate}, ${qs.prompt},
           sum(${qs.score}::float8 / ${qs.possibleScore}), count(*)
    from ${qs} join ${evaluations} on ${evaluations.id} = ${qs.evaluationId} ${inRegion}
    where ${which} and ${rolledUpShop} and ${qs.possibleScore} > 0
    group by 1, 2, 3, 4
    on conflict (region_id, shop_date, uqid, prompt) do update
      set percent_sum = ${questionScoreRegionDays.percentSum} + excluded.percent_sum,
          answers = ${questionScoreRegionDays.answers} + excluded.answers`);
  await db.execute(sql`
    insert into ${sectionScoreRegionDays} (region_id, uqid, shop_date, section_index, section_header, percent_sum, shops)
    select ${locations.regionId}, ${evaluations.uqid}, ${evaluations.shopDate}, ${ss.sectionIndex}, ${ss.sectionHeader},
           sum(${ss.score}::float8 / ${ss.possibleScore}), count(*)
    from ${ss} join ${evaluations} on ${evaluations.id} = ${ss.evaluationId} ${inRegion}
    where ${which} and ${rolledUpShop} and ${ss.possibleScore} > 0
    group by 1, 2, 3, 4, 5
    on conflict (region_id, shop_date, uqid, section_index, section_header) do update
      set percent_sum = ${sectionScoreRegionDays.percentSum} + excluded.percent_sum,
          shops = ${sectionScoreRegionDays.shops} + excluded.shops`);
}

/**
 * Rebuilds the region rollups of `regionIds` from their locations' approved shops: call in the
 * transaction that moves locations between regions, for the regions they left and joined.
 */
export async function rebuildRegionRollups(db: Db, regionIds: string[]) {
  if (regionIds.length === 0) return;
  await db.delete(questionScoreRegionDays).where(inArray(questionScoreRegionDays.regionId, regionIds));
  await db.delete(sectionScoreRegionDays).where(inArray(sectionScoreRegionDays.regionId, regionIds));
  await rollUpRegions(
    db,
    sql`${evaluations.status} = ${EvaluationStatus.Approved} and ${locations.regionId} in ${regionIds}`,
  );
}
