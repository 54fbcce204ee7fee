import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PERFORMANCE_THRESHOLDS } from '../../domain/index.js';
import { EvaluationStatus, visitStatusName } from '../../evaluation/index.js';
import type { Db } from '../db/client.js';
import {
  evaluationQuestionScores,
  evaluationSectionScores,
  evaluations,
  locations,
  orders,
  questionnaires,
  surveyLinks,
  userQuestionnaires,
  visits,
} from '../db/schema.js';

// The reporting API's data: SQL aggregations over the scores stored when evaluations are approved
// (evaluation_section_scores, evaluation_question_scores), never loops over answers.

export type Paging = { pageNumber: number; pageSize: number };
export type DateFilter = { startDate?: string | null; endDate?: string | null };

const offset = (p: Paging) => (p.pageNumber - 1) * p.pageSize;
const address = sql<string>`coalesce(${locations.formattedAddress}, concat_ws(', ', nullif(${locations.line1}, ''), nullif(${locations.city}, ''), nullif(${locations.state}, '')))`;
const programName = questionnaires.title;
const pct = (score: SQL | AnyPgColumn, possible: SQL | AnyPgColumn) =>
  sql<number>`case when ${possible} > 0 then ${score} / ${possible} else 0 end`;

/** Approved evaluations of one client (mystery shops unless `surveys`), optionally in a date range. */
function approvedOf(client: string, f: DateFilter & { programId?: string | null; surveys?: boolean }) {
  return and(
    eq(evaluations.clientId, client),
    eq(evaluations.status, EvaluationStatus.Approved),
    eq(evaluations.isSurvey, f.surveys ?? false),
    f.startDate ? gte(evaluations.shopDate, f.startDate) : undefined,
    f.endDate ? lte(evaluations.shopDate, f.endDate) : undefined,
    f.programId ? eq(evaluations.uqid, f.programId) : undefined,
  );
}

/** /api/programs/: the client's programs (questionnaires on completed orders) with their result counts. */
export async function listPrograms(db: Db, client: string, paging: Paging) {
  const ratio = pct(evaluations.score, evaluations.possibleScore);
  const rows = await db
    .select({
      programId: userQuestionnaires.id,
      programName,
      programType: questionnaires.type,
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      positives:
        sql<number>`count(${evaluations.id}) filter (where ${ratio} >= ${PERFORMANCE_THRESHOLDS.success})`.mapWith(
          Number,
        ),
      negatives:
        sql<number>`count(${evaluations.id}) filter (where ${ratio} < ${PERFORMANCE_THRESHOLDS.warn})`.mapWith(
          Number,
        ),
      neutrals:
        sql<number>`count(${evaluations.id}) filter (where ${ratio} >= ${PERFORMANCE_THRESHOLDS.warn} and ${ratio} < ${PERFORMANCE_THRESHOLDS.success})`.mapWith(
          Number,
        ),
    })
    .from(userQuestionnaires)
    .innerJoin(orders, eq(orders.id, userQuestionnaires.oid))
    .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
    .leftJoin(
      evaluations,
      and(eq(evaluations.uqid, userQuestionnaires.id), eq(evaluations.status, EvaluationStatus.Approved)),
    )
    .where(and(eq(orders.uid, client), eq(orders.status, 'COMPLETE')))
    .groupBy(
      userQuestionnaires.id,
      questionnaires.title,
      questionnaires.type,
      orders.orderNumber,
      orders.orderDate,
    )
    .orderBy(desc(orders.orderDate), asc(questionnaires.title))
    .limit(paging.pageSize)
    .offset(offset(paging));
  return rows.map((r) => ({
    ...r,
    programType: r.programType === 'customerSurvey' ? 'customerSurvey' : 'shop',
    orderDate: r.orderDate?.toISOString() ?? null,
    summaryLink: `/account/reports/shopsbyprogram/${r.programId}`,
  }));
}

/** /api/shops/: the visits of one of the client's programs, with the latest evaluation and its section stats. */
export async function listShops(db: Db, client: string, f: { programId?: string | null } & Paging) {
  const latest = db
    .selectDistinctOn([evaluations.visitId], {
      visitId: evaluations.visitId,
      id: evaluations.id,
      status: evaluations.status,
      submittedAt: evaluations.submittedAt,
    })
    .from(evaluations)
    .where(eq(evaluations.clientId, client))
    .orderBy(evaluations.visitId, desc(evaluations.createdAt))
    .as('latest');
  const rows = await db
    .select({
      shopId: visits.id,
      programId: visits.uqid,
      programName,
      orderNumber: orders.orderNumber,
      address,
      locationName: locations.name,
      cycleStartDate: visits.cycleStart,
      dueDate: visits.dueDate,
      visitStatus: visits.status,
      evaluationId: latest.id,
      evaluationStatus: latest.status,
      submittedAt: latest.submittedAt,
    })
    .from(visits)
    .innerJoin(userQuestionnaires, eq(userQuestionnaires.id, visits.uqid))
    .innerJoin(orders, eq(orders.id, userQuestionnaires.oid))
    .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
    .innerJoin(locations, eq(locations.id, visits.locationId))
    .leftJoin(latest, eq(latest.visitId, visits.id))
    .where(and(eq(orders.uid, client), f.programId ? eq(visits.uqid, f.programId) : undefined))
    .orderBy(desc(visits.dueDate), asc(visits.id))
    .limit(f.pageSize)
    .offset(offset(f));
  const approvedIds = rows
    .filter((r) => r.evaluationStatus === EvaluationStatus.Approved)
    .map((r) => r.evaluationId!);
  const sections = approvedIds.length
    ? await db
        .select()
        .from(evaluationSectionScores)
        .where(sql`${evaluationSectionScores.evaluationId} in ${approvedIds}`)
        .orderBy(asc(evaluationSectionScores.sectionIndex))
    : [];
  return rows.map((r) => {
    const approved = r.evaluationStatus === EvaluationStatus.Approved;
    const stats = approved
      ? sections
          .filter((s) => s.evaluationId === r.evaluationId)
          .map((s) => ({
            sectionName: s.sectionHeader,
            scoreAchieved: s.score,
            scoreTotal: s.possibleScore,
            percentage: s.possibleScore > 0 ? s.score / s.possibleScore : 0,
          }))
      : null;
    return {
      shopId: r.shopId,
      programId: r.programId,
      programName: r.programName,
      orderNumber: r.orderNumber,
      address: r.address,
      locationName: r.locationName,
      cycleStartDate: r.cycleStartDate,
      dueDate: r.dueDate,
      status: visitStatusName(r.visitStatus) ?? String(r.visitStatus),
      latestEvalStatus: r.evaluationStatus,
      reportLink: approved ? `/account/reports/shop/${r.evaluationId}` : null,
      submittedDate: r.submittedAt?.toISOString() ?? null,
      stats,
    };
  });
}

/** /api/surveys/: one row per survey program and location, with its response count. */
export async function listSurveys(db: Db, client: string, f: { programId?: string | null } & Paging) {
  const rows = await db
    .select({
      programId: surveyLinks.uqid,
      clientLocationId: surveyLinks.locationId,
      surveyCode: surveyLinks.surveyCode,
      programName,
      address,
      locationName: locations.name,
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      responses:
        sql<number>`(select count(*) from ${evaluations} where ${evaluations.surveyLinkId} = ${surveyLinks.id} and ${evaluations.status} = ${EvaluationStatus.Approved})`.mapWith(
          Number,
        ),
      submittedDate: sql<
        string | null
      >`(select max(${evaluations.submittedAt}) from ${evaluations} where ${evaluations.surveyLinkId} = ${surveyLinks.id})`,
    })
    .from(surveyLinks)
    .innerJoin(userQuestionnaires, eq(userQuestionnaires.id, surveyLinks.uqid))
    .innerJoin(orders, eq(orders.id, userQuestionnaires.oid))
    .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
    .innerJoin(locations, eq(locations.id, surveyLinks.locationId))
    .where(and(eq(orders.uid, client), f.programId ? eq(surveyLinks.uqid, f.programId) : undefined))
    .orderBy(desc(orders.orderDate), asc(locations.name))
    .limit(f.pageSize)
    .offset(offset(f));
  return rows.map((r) => ({
    ...r,
    orderDate: r.orderDate?.toISOString() ?? null,
    submittedDate: r.submittedDate ? new Date(r.submittedDate).toISOString() : null,
    reportLink: `/survey/program-summary/${r.surveyCode}`,
    evaluationLink: `/survey/${r.surveyCode}`,
  }));
}

/** /api/summary/shops: one record per approved shop (Performance Summary, CSV). */
export async function summaryShops(db: Db, client: string, f: DateFilter & { programId?: string | null }) {
  return db
    .select({
      shop_id: evaluations.id,
      shop_date: evaluations.shopDate,
      program_id: evaluations.uqid,
      program_name: programName,
      name: locations.name,
      address_name: address,
      total_score: evaluations.score,
      total_possible_score: evaluations.possibleScore,
      overall_score: evaluations.score,
      percent_score: pct(evaluations.score, evaluations.possibleScore),
    })
    .from(evaluations)
    .innerJoin(userQuestionnaires, eq(userQuestionnaires.id, evaluations.uqid))
    .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
    .innerJoin(locations, eq(locations.id, evaluations.locationId))
    .where(approvedOf(client, f))
    .orderBy(asc(evaluations.shopDate), asc(evaluations.id));
}

/** /api/summary/sectionHeaders: each approved shop's percent per section. */
export async function summarySections(db: Db, client: string, f: DateFilter & { programId?: string | null }) {
  return db
    .select({
      shop_id: evaluations.id,
      shop_date: evaluations.shopDate,
      program_id: evaluations.uqid,
      program_name: programName,
      name: locations.name,
      section_header: evaluationSectionScores.sectionHeader,
      percent_score: pct(evaluationSectionScores.score, evaluationSectionScores.possibleScore),
    })
    .from(evaluationSectionScores)
    .innerJoin(evaluations, eq(evaluations.id, evaluationSectionScores.evaluationId))
    .innerJoin(userQuestionnaires, eq(userQuestionnaires.id, evaluations.uqid))
    .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
    .innerJoin(locations, eq(locations.id, evaluations.locationId))
    .where(approvedOf(client, f))
    .orderBy(asc(evaluations.shopDate), asc(evaluations.id), asc(evaluationSectionScores.sectionIndex));
}

/** /api/summary/worstQuestions: the lowest average question scores in the range (limit, default 3). */
export async function worstQuestions(
  db: Db,
  client: string,
  f: DateFilter & { limit: number; programName?: string | null; locationName?: string | null },
) {
  const avgPct =
    sql<number>`avg(${evaluationQuestionScores.score} / ${evaluationQuestionScores.possibleScore})`.mapWith(
      Number,
    );
  return db
    .select({ prompt: evaluationQuestionScores.prompt, avg_percent_score: avgPct, program_name: programName })
    .from(evaluationQuestionScores)
    .innerJoin(evaluations, eq(evaluations.id, evaluationQuestionScores.evaluationId))
    .innerJoin(userQuestionnaires, eq(userQuestionnaires.id, evaluations.uqid))
    .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
    .innerJoin(locations, eq(locations.id, evaluations.locationId))
    .where(
      and(
        approvedOf(client, f),
        f.programName ? eq(questionnaires.title, f.programName) : undefined,
        f.locationName ? eq(locations.name, f.locationName) : undefined,
      ),
    )
    .groupBy(evaluationQuestionScores.prompt, questionnaires.title)
    .orderBy(asc(avgPct), asc(evaluationQuestionScores.prompt))
    .limit(f.limit);
}

/** /api/summary/questions: every scored answer of one program's shops in the range (CSV export). */
export async function summaryQuestions(
  db: Db,
  client: string,
  f: DateFilter & { programName?: string | null },
) {
  return db
    .select({
      shop_id: evaluations.id,
      shop_date: evaluations.shopDate,
      prompt: evaluationQuestionScores.prompt,
      answer: evaluationQuestionScores.answer,
      total_possible_score: evaluationQuestionScores.possibleScore,
      percent_score: pct(evaluationQuestionScores.score, evaluationQuestionScores.possibleScore),
    })
    .from(evaluationQuestionScores)
    .innerJoin(evaluations, eq(evaluations.id, evaluationQuestionScores.evaluationId))
    .innerJoin(userQuestionnaires, eq(userQuestionnaires.id, evaluations.uqid))
    .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
    .where(and(approvedOf(client, f), f.programName ? eq(questionnaires.title, f.programName) : undefined))
    .orderBy(asc(evaluations.shopDate), asc(evaluations.id), asc(evaluationQuestionScores.elementId));
}
