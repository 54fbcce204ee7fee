import { parseAllowedHosts } from '../../domain/index.js';
import { remindPlans } from '../action-plans/index.js';
import type { Adapters } from '../adapters/index.js';
import { pruneAuditEntries } from '../audit/index.js';
import { rollupBenchmarks } from '../benchmarks/index.js';
import { runBilling } from '../billing/index.js';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { deliverEvent, relayEvent } from '../events/index.js';
import { releaseOverdueVisits, runVisitOffers, runVisitScheduling } from '../fieldwork/index.js';
import {
  createJobQueue,
  type DailySchedule,
  deliverEmail,
  type JobQueue,
  type JobQueueOptions,
  type Scheduler,
  startScheduler,
} from '../jobs/index.js';
import { sendDigests } from '../notifications/digest.js';
import { backgroundMailDeps } from '../notifications/notify.js';
import { sendSurveyResponsesNotice } from '../notifications/survey-responses.js';
import { queueReportEmails, sendReportEmail } from '../report-emails/index.js';
import { deliverWebhook } from '../webhooks/index.js';
import { subscribersOf } from './subscribers.js';

export type BackgroundLog = {
  info: (msg: string) => void;
  warn: (msg: string) => void;
  error: (msg: string, err: unknown) => void;
};

/**
 * The daily runs the configuration turns on (BILLING_RUN_AT, VISIT_SCHEDULING_AT, DIGEST_AT,
 * ACTION_PLAN_REMINDERS_AT, AUDIT_PRUNE_AT, BENCHMARK_ROLLUP_AT).
 */
export function dailySchedules(
  config: Pick<
    Config,
    | 'BILLING_RUN_AT'
    | 'VISIT_SCHEDULING_AT'
    | 'DIGEST_AT'
    | 'ACTION_PLAN_REMINDERS_AT'
    | 'AUDIT_PRUNE_AT'
    | 'BENCHMARK_ROLLUP_AT'
    | 'VISIT_DEADLINES_AT'
    | 'VISIT_OFFERS_AT'
  > &
    Partial<Pick<Config, 'REPORT_EMAILS_AT'>>,
): DailySchedule[] {
  const schedules: DailySchedule[] = [];
  if (config.VISIT_SCHEDULING_AT !== 'off')
    schedules.push({ job: 'visit-scheduling', at: config.VISIT_SCHEDULING_AT });
  if (config.BILLING_RUN_AT !== 'off') schedules.push({ job: 'billing-run', at: config.BILLING_RUN_AT });
  if (config.DIGEST_AT !== 'off') schedules.push({ job: 'daily-digest', at: config.DIGEST_AT });
  if (config.ACTION_PLAN_REMINDERS_AT !== 'off')
    schedules.push({ job: 'action-plan-reminders', at: config.ACTION_PLAN_REMINDERS_AT });
  if (config.REPORT_EMAILS_AT && config.REPORT_EMAILS_AT !== 'off')
    schedules.push({ job: 'report-schedules', at: config.REPORT_EMAILS_AT });
  if (config.AUDIT_PRUNE_AT !== 'off') schedules.push({ job: 'audit-prune', at: config.AUDIT_PRUNE_AT });
  if (config.BENCHMARK_ROLLUP_AT !== 'off')
    schedules.push({ job: 'benchmark-rollup', at: config.BENCHMARK_ROLLUP_AT });
  if (config.VISIT_DEADLINES_AT !== 'off')
    schedules.push({ job: 'visit-deadlines', at: config.VISIT_DEADLINES_AT });
  if (config.VISIT_OFFERS_AT !== 'off') schedules.push({ job: 'visit-offers', at: config.VISIT_OFFERS_AT });
  return schedules;
}

/** Registers the handler of every kind of job. */
export async function registerJobs(
  queue: JobQueue,
  deps: { db: Db; config: Config; adapters: Adapters; log: BackgroundLog },
): Promise<void> {
  const { db, config, adapters, log } = deps;
  await queue.work('mail-delivery', (job) => deliverEmail(db, adapters.mail, job));
  await queue.work('billing-run', async (job) => {
    const result = await runBilling(
      db,
      { payments: adapters.payments },
      { date: new Date(`${job.data.day}T00:00:00Z`) },
    );
    log.info(
      `Billing run for ${result.day}: ${result.invoicesCreated} invoices created, ${result.paid} paid, ` +
        `${result.declined} declined, ${result.noCard} without a card, ${result.errors} provider errors, ${result.held} held.`,
    );
    // Charges with an unknown outcome are repeated with the same key: a retry of the run does that.
    if (result.errors > 0) throw new Error(`${result.errors} charges had a provider error`);
  });
  const notify = backgroundMailDeps(config, adapters);
  await queue.work('survey-responses', async (job) => {
    await sendSurveyResponsesNotice(db, notify, job.data);
  });
  await queue.work('daily-digest', async (job) => {
    const result = await sendDigests(db, notify, new Date());
    log.info(`Daily digest for ${job.data.day}: ${result.digests} digests sent.`);
  });
  await queue.work('action-plan-reminders', async (job) => {
    const told = await remindPlans(db, new Date());
    log.info(
      `Action plan reminders for ${job.data.day}: ${told.dueSoon} due tomorrow, ${told.overdue} overdue.`,
    );
  });
  await queue.work('report-schedules', async (job) => {
    const queued = await queueReportEmails(db, job.data.day);
    log.info(`Scheduled reports for ${job.data.day}: ${queued} e-mails queued.`);
  });
  // A render that fails throws: pg-boss retries the job; no e-mail goes without its PDF.
  await queue.work('report-email', async (job) => {
    await sendReportEmail(db, notify, job.data, new Date());
  });
  await queue.work('benchmark-rollup', async (job) => {
    const result = await rollupBenchmarks(db);
    log.info(`Benchmark rollup for ${job.data.day}: ${result.rows} rows in ${result.ms} ms.`);
  });
  const allowedHosts = parseAllowedHosts(config.WEBHOOK_ALLOWED_HOSTS);
  await queue.work('webhook-delivery', (job) => deliverWebhook(db, { allowedHosts }, job));
  // The event log's subscribers (subscribers.ts): a recorded event becomes one job per subscriber.
  const subscribers = subscribersOf({ config, adapters });
  const byName = new Map(subscribers.map((s) => [s.name, s]));
  await queue.work('domain-event', async (job) => {
    await relayEvent(db, job.data.eventId, subscribers);
  });
  await queue.work('event-subscriber', async (job) => {
    const subscriber = byName.get(job.data.subscriber);
    // A job of a subscriber since removed: nothing to do.
    if (!subscriber) return log.warn(`No subscriber '${job.data.subscriber}' for event ${job.data.eventId}.`);
    await deliverEvent(db, job.data.eventId, subscriber);
  });
  await queue.work('audit-prune', async (job) => {
    const gone = await pruneAuditEntries(db, new Date());
    log.info(`Audit log prune for ${job.data.day}: ${gone} entries past their retention deleted.`);
  });
  await queue.work('visit-deadlines', async (job) => {
    // As of the run's day at the least: a run queued for a day releases what was due before it.
    const asOf = new Date(Math.max(Date.now(), Date.parse(`${job.data.day}T00:00:00Z`)));
    const result = await releaseOverdueVisits(db, asOf);
    log.info(`Visit deadlines for ${job.data.day}: ${result.released} visits released.`);
  });
  await queue.work('visit-offers', async (job) => {
    const result = await runVisitOffers(db, notify, new Date());
    log.info(
      `Visit offers (${job.data.day ?? job.data.window}): ${result.openings} openings, ${result.emails} e-mails.`,
    );
  });
  await queue.work('visit-scheduling', async (job) => {
    const result = await runVisitScheduling(db, new Date(`${job.data.day}T00:00:00Z`));
    log.info(
      `Visit scheduling for ${job.data.day}: ${result.shops} recurring shops, ${result.visits} visits added.`,
    );
  });
}

export type BackgroundWork = {
  queue: JobQueue;
  scheduler: Scheduler;
  /** Stops the scheduler, then the queue: running jobs get up to `timeoutMs` to finish (job-queue.ts). */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
};

/**
 * What `npm start` runs besides the web server: the job queue's workers and the daily scheduler. On
 * several instances each runs them; every job runs once (the queue hands it to one worker, and each
 * scheduled run is queued once).
 */
export async function startBackgroundWork(deps: {
  database: Database;
  config: Config;
  adapters: Adapters;
  log: BackgroundLog;
  queue?: JobQueueOptions;
  clock?: () => Date;
}): Promise<BackgroundWork> {
  const { database, config, log } = deps;
  const queue = createJobQueue(database, {
    onError: (err, context) => log.warn(`${context}: ${err instanceof Error ? err.message : String(err)}`),
    ...deps.queue,
  });
  await registerJobs(queue, { db: database.db, config, adapters: deps.adapters, log });
  await queue.start();
  const schedules = dailySchedules(config);
  const scheduler = startScheduler({
    db: database.db,
    schedules,
    clock: deps.clock,
    onError: (err) => log.error('The scheduler could not queue a run', err),
  });
  const times = schedules.map((s) => `${s.job} at ${s.at} UTC`).join(', ') || 'nothing scheduled';
  log.info(`Job queue started (${database.kind}); daily: ${times}.`);
  return {
    queue,
    scheduler,
    async stop(opts) {
      scheduler.stop();
      await queue.stop(opts);
    },
  };
}
