// "Survey complete": a customer hears of new survey responses at most once per survey link per hour.
// The hour's first response queues one job for the end of that hour (its key makes it once); the job
// counts the hour's responses and tells the customer as their preferences say.
import { and, count, eq, gte, lt } from 'drizzle-orm';
import { formatDateUs, hourOf } from '../../domain/index.js';
import { type Db, inTransaction } from '../db/client.js';
import { evaluations, surveyLinks } from '../db/schema.js';
import { renderSurveyResponses } from '../email/index.js';
import type { JobData } from '../jobs/definitions.js';
import { enqueue } from '../jobs/enqueue.js';
import {
  audienceOf,
  type BackgroundMailDeps,
  backgroundNotifyDeps,
  type NotifyDeps,
  notifyCustomer,
} from './notify.js';

export type SurveyResponsesJob = JobData['survey-responses'];

/** Queues the hour's notification of a survey link, in the transaction that records a response. */
export async function queueSurveyResponsesNotice(
  tx: Db,
  s: { linkId: string; clientId: string | null; programName: string; locationName: string; at: Date },
) {
  if (!s.clientId) return; // A guest's survey: no account, no preferences.
  const { start, end } = hourOf(s.at);
  const data: SurveyResponsesJob = {
    linkId: s.linkId,
    userId: s.clientId,
    programName: s.programName,
    locationName: s.locationName,
    hour: start.toISOString(),
  };
  await enqueue(tx, 'survey-responses', data, { key: surveyNoticeKey(data), startAfter: end });
}

const surveyNoticeKey = (d: Pick<SurveyResponsesJob, 'linkId' | 'hour'>) =>
  `survey-responses:${d.linkId}:${d.hour}`;

/** The job: tells the customer of the hour's responses (once, however often it runs). */
export async function sendSurveyResponsesNotice(db: Db, deps: BackgroundMailDeps, job: SurveyResponsesJob) {
  const start = new Date(job.hour);
  const { end } = hourOf(start);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ n: count() })
      .from(evaluations)
      .where(
        and(
          eq(evaluations.surveyLinkId, job.linkId),
          gte(evaluations.createdAt, start),
          lt(evaluations.createdAt, end),
        ),
      );
    const responses = row?.n ?? 0;
    if (responses === 0) return 'off';
    const notify = await backgroundNotifyDeps(tx, job.userId, deps);
    const facts = { programName: job.programName, locationName: job.locationName, responses };
    const [link] = await tx
      .select({ locationId: surveyLinks.locationId })
      .from(surveyLinks)
      .where(eq(surveyLinks.id, job.linkId))
      .limit(1);
    // Each member who hears of the location (the account's login by its role and reach too), once per
    // hour and link. The account login's key is the link's and hour's alone, as it always was.
    let told: Awaited<ReturnType<typeof tellSurveyResponses>> = 'off';
    for (const userId of await audienceOf(tx, job.userId, link?.locationId ?? null)) {
      const key = userId === job.userId ? surveyNoticeKey(job) : `${surveyNoticeKey(job)}:${userId}`;
      const how = await tellSurveyResponses(tx, notify, start, end, facts, userId, key);
      if (userId === job.userId) told = how;
    }
    return told;
  });
}

function tellSurveyResponses(
  tx: Db,
  notify: NotifyDeps,
  start: Date,
  end: Date,
  facts: { programName: string; locationName: string; responses: number },
  userId: string,
  key: string,
) {
  return notifyCustomer(tx, notify, {
    userId,
    kind: 'survey-complete',
    facts,
    key,
    render: (links) =>
      renderSurveyResponses({
        brand: notify.brand,
        ...facts,
        period: `${formatDateUs(start)}, ${start.toISOString().slice(11, 16)}-${end.toISOString().slice(11, 16)} UTC`,
        url: `${notify.origin}/account/dashboard`,
        ...links,
      }),
  });
}
