import { and, avg, count, desc, eq, gt, max, sql } from 'drizzle-orm';
import {
  createEvaluation,
  type Evaluation,
  EvaluationStatus,
  type Form,
  percentage,
} from '../../evaluation/index.js';
import { hashToken } from '../auth/tokens.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import {
  evaluationQuestionScores,
  evaluations,
  locations,
  questionnaires,
  shops,
  surveyLinks,
  userQuestionnaires,
} from '../db/schema.js';
import { AppError, notAuthorized, notLoggedIn } from '../errors.js';
import { recordEvent } from '../events/index.js';
import { queueSurveyResponsesNotice } from '../notifications/survey-responses.js';
import { applyAnswers, unfinishedFields } from './apply-answers.js';
import { recordTransition, type StoredEvaluation, storeScores, toStored } from './evaluation-store.js';
import { fileAnswersToKeys } from './file-answers.js';
import { latestFormVersion } from './forms.js';

export const SURVEY_LIMITS = { perIpPerHour: 30 } as const;
export const MSG_SURVEY_NOT_FOUND = 'This survey link is not valid or the survey has ended.';
export const MSG_ALREADY_ANSWERED = 'You have already answered this survey. Thank you!';
export const MSG_TOO_MANY_RESPONSES = 'Too many responses from your network. Please try again later.';
export const MSG_SURVEY_INCOMPLETE = 'Please answer the highlighted questions.';

export type SurveyProgram = {
  linkId: string;
  surveyCode: string;
  programName: string;
  locationName: string;
  address: string;
  state: string;
  clientId: string | null;
  uqid: string;
  locationId: string;
  formVersionId: string;
  form: Form;
};

/** An active survey program by its code (the code is the capability: anyone holding it may answer). */
export async function findSurvey(db: Db, code: string): Promise<SurveyProgram | null> {
  if (!/^[A-Za-z0-9_-]{6,64}$/.test(code)) return null;
  const [row] = await db
    .select({
      link: surveyLinks,
      location: locations,
      shop: shops,
      formId: questionnaires.formId,
      uid: userQuestionnaires.uid,
    })
    .from(surveyLinks)
    .innerJoin(locations, eq(locations.id, surveyLinks.locationId))
    .innerJoin(userQuestionnaires, eq(userQuestionnaires.id, surveyLinks.uqid))
    .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
    .leftJoin(shops, eq(shops.id, surveyLinks.shopId))
    .where(eq(surveyLinks.surveyCode, code))
    .limit(1);
  if (!row?.link.active || (row.shop && row.shop.status !== 'active')) return null;
  const version = await latestFormVersion(db, row.formId).catch(() => null);
  if (!version) return null;
  const l = row.location;
  return {
    linkId: row.link.id,
    surveyCode: row.link.surveyCode,
    programName: row.shop?.questionnaireTitle ?? 'Customer Survey',
    locationName: l.name,
    address: l.formattedAddress ?? [l.line1, l.city, l.state, l.postalCode].filter(Boolean).join(', '),
    state: l.state,
    clientId: row.uid,
    uqid: row.link.uqid,
    locationId: l.id,
    formVersionId: version.id,
    form: version.form,
  };
}

/**
 * One public survey response: checked by the engine (required questions, types, visibility), stored as
 * an approved survey evaluation with its scores. Rate-limited per IP and answered once per browser.
 */
export async function submitSurveyResponse(
  db: Db,
  opts: { code: string; answers: Record<string, unknown>; respondent: string; ip: string; now: Date },
): Promise<string> {
  const survey = await findSurvey(db, opts.code);
  if (!survey) throw new AppError('NOT_FOUND', MSG_SURVEY_NOT_FOUND);
  const respondentKey = hashToken(`${survey.linkId}|${opts.respondent}`);
  const respondentIp = hashToken(`ip|${opts.ip}`);
  const since = new Date(opts.now.getTime() - 3_600_000);

  let e: Evaluation = createEvaluation(survey.form, {
    isSurvey: true,
    user: { role: 'shopper' },
    location: { name: survey.locationName, address: survey.address, state: survey.state },
  });
  // A respondent has no evaluation folder to upload into, so a survey answer holds no file.
  const files = fileAnswersToKeys(survey.form, opts.answers, null, (key) => key);
  const applied = applyAnswers(e, files.answers);
  e = applied.evaluation;
  const refused = [...files.errors, ...applied.errors];
  const errors = refused.length ? refused : unfinishedFields(e);
  if (errors.length) throw new AppError('BAD_USER_INPUT', MSG_SURVEY_INCOMPLETE, errors);

  return inTransaction(db, async (tx) => {
    const [recent] = await tx
      .select({ n: count() })
      .from(evaluations)
      .where(and(eq(evaluations.respondentIp, respondentIp), gt(evaluations.createdAt, since)));
    if ((recent?.n ?? 0) >= SURVEY_LIMITS.perIpPerHour)
      throw new AppError('RATE_LIMITED', MSG_TOO_MANY_RESPONSES);
    const id = newId();
    const submitted = { ...e, metadata: { ...e.metadata, timeSubmitted: opts.now.toISOString() } };
    const context: StoredEvaluation['context'] = {
      isSurvey: true,
      user: { role: 'shopper' },
      location: { name: survey.locationName, address: survey.address, state: survey.state },
    };
    const inserted = await tx
      .insert(evaluations)
      .values({
        id,
        surveyLinkId: survey.linkId,
        formVersionId: survey.formVersionId,
        status: EvaluationStatus.Approved,
        document: toStored(submitted, context),
        clientId: survey.clientId,
        uqid: survey.uqid,
        locationId: survey.locationId,
        isSurvey: true,
        shopDate: opts.now.toISOString().slice(0, 10),
        submittedAt: opts.now,
        approvedAt: opts.now,
        respondentKey,
        respondentIp,
        createdAt: opts.now,
        updatedAt: opts.now,
      })
      .onConflictDoNothing()
      .returning({ id: evaluations.id });
    if (!inserted.length) throw new AppError('CONFLICT', MSG_ALREADY_ANSWERED);
    const report = await storeScores(tx, id, e);
    await tx
      .update(evaluations)
      .set({ score: report.score, possibleScore: report.possibleScore })
      .where(eq(evaluations.id, id));
    // Survey responses need no QA: they are recorded as approved, in one step.
    await recordTransition(tx, {
      evaluationId: id,
      from: null,
      to: EvaluationStatus.Approved,
      userId: null,
      comment: 'Survey response',
      now: opts.now,
    });
    await queueSurveyResponsesNotice(tx, { ...survey, at: opts.now });
    // The scores, not the answers: the customer reads those on the survey's report.
    await recordEvent(tx, {
      type: 'survey.response',
      accountId: survey.clientId,
      at: opts.now,
      payload: {
        evaluationId: id,
        surveyLinkId: survey.linkId,
        surveyCode: survey.surveyCode,
        programId: survey.uqid,
        programName: survey.programName,
        locationId: survey.locationId,
        locationName: survey.locationName,
        score: report.score,
        possibleScore: report.possibleScore,
        percentage: percentage(report.score, report.possibleScore),
        submittedAt: opts.now.toISOString(),
      },
    });
    return id;
  });
}

/**
 * A survey link as its account reads it (the summary and QR pages): for the logged-in customer whose
 * link it is, or an admin; a team's manager (`scope`: their location ids; null for everyone else)
 * only at their locations. Null when the link is unknown or its survey has ended.
 */
async function accountSurvey(
  db: Db,
  user: UserRow | null,
  code: string,
  scope: string[] | null,
): Promise<SurveyProgram | null> {
  if (!user) throw notLoggedIn();
  const survey = await findSurvey(db, code);
  if (!survey) return null;
  if (!user.admin && survey.clientId !== user.id) throw notAuthorized();
  if (scope && !scope.includes(survey.locationId)) throw notAuthorized();
  return survey;
}

/** What the QR page shows of a survey link. */
export type QrSurvey = Pick<SurveyProgram, 'surveyCode' | 'programName' | 'locationName' | 'address'>;

/**
 * The QR page's survey link (/account/reports/qr/{programId}/{surveyCode}/{clientId?}): of the
 * caller's account, or in admin mode of the customer `clientId`, and of program `programId`; a
 * manager's only at their locations (`scope`). Null when unknown, ended or of another program.
 * The respondents' public `survey` read stays as it is: this one is the account's.
 */
export async function qrSurvey(
  db: Db,
  opts: {
    user: UserRow | null;
    programId: string;
    code: string;
    clientId?: string | null;
    scope: string[] | null;
  },
): Promise<QrSurvey | null> {
  const { user, clientId } = opts;
  if (!user) throw notLoggedIn();
  // Whose link it must be: the caller's account, or in admin mode the customer named.
  const account = clientId && user.admin ? clientId : user.id;
  if (clientId && clientId !== account) throw notAuthorized();
  const survey = await accountSurvey(db, user, opts.code, opts.scope);
  if (!survey) return null;
  if (survey.clientId !== account) throw notAuthorized();
  if (survey.uqid !== opts.programId) return null;
  return {
    surveyCode: survey.surveyCode,
    programName: survey.programName,
    locationName: survey.locationName,
    address: survey.address,
  };
}

export type ProgramSummary = {
  programName: string;
  locationName: string;
  address: string;
  responses: number;
  averagePercentage: number | null;
  lastResponseAt: Date | null;
  questions: { prompt: string; averagePercentage: number; answers: number }[];
};

/**
 * The response summary of a survey program at a location, for its customer or an admin; a team's
 * manager (`scope`: their location ids; null for everyone else) only at their locations.
 */
export async function programSummary(
  db: Db,
  user: UserRow | null,
  code: string,
  scope: string[] | null = null,
): Promise<ProgramSummary | null> {
  const survey = await accountSurvey(db, user, code, scope);
  if (!survey) return null;
  const responsesOf = and(
    eq(evaluations.surveyLinkId, survey.linkId),
    eq(evaluations.status, EvaluationStatus.Approved),
  );
  const [totals] = await db
    .select({
      n: count(),
      pct: sql<
        number | null
      >`avg(case when ${evaluations.possibleScore} > 0 then ${evaluations.score} / ${evaluations.possibleScore} end)`,
      last: max(evaluations.submittedAt),
    })
    .from(evaluations)
    .where(responsesOf);
  const questions = await db
    .select({
      prompt: evaluationQuestionScores.prompt,
      pct: avg(sql`${evaluationQuestionScores.score} / ${evaluationQuestionScores.possibleScore}`),
      n: count(),
    })
    .from(evaluationQuestionScores)
    .innerJoin(evaluations, eq(evaluations.id, evaluationQuestionScores.evaluationId))
    .where(responsesOf)
    .groupBy(evaluationQuestionScores.prompt)
    .orderBy(desc(count()), evaluationQuestionScores.prompt);
  return {
    programName: survey.programName,
    locationName: survey.locationName,
    address: survey.address,
    responses: totals?.n ?? 0,
    averagePercentage: totals?.pct == null ? null : Math.round(Number(totals.pct) * 100),
    lastResponseAt: totals?.last ? new Date(totals.last) : null,
    questions: questions.map((q) => ({
      prompt: q.prompt,
      averagePercentage: Math.round(Number(q.pct) * 100),
      answers: q.n,
    })),
  };
}
