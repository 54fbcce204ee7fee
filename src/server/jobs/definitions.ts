/**
 * Every kind of job, its data and how it is retried. Each job's queue is created by a migration
 * (drizzle/0010_job_queue.sql): a new kind needs a line there too.
 *
 * pg-boss retries a job that throws `retryLimit` more times, waiting `retryDelay` seconds doubled at
 * each retry (with jitter, between half and all of it: retryDelay * 2^n / 2 * (1 + random), exponent
 * capped at 16); after the last try the job stays in the queue as `failed`. A job running longer than
 * `expireInSeconds` (a crashed worker) counts as failed and is retried.
 */

import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAY } from '../../domain/index.js';

/** The database schema of pg-boss's tables. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/** Tries of one e-mail before it is marked failed: the retries wait 1 to 2 hours in all. */
export const MAIL_MAX_TRIES = 8;

export type JobPolicy = {
  retryLimit: number;
  /** Seconds before the first retry; doubled at each further one. */
  retryDelay: number;
  retryBackoff: true;
  expireInSeconds: number;
  /** Jobs a worker fetches and runs at once. */
  batchSize: number;
};

export const JOBS = {
  /** Delivers one outbox e-mail (see deliver-email.ts). */
  'mail-delivery': {
    retryLimit: MAIL_MAX_TRIES - 1,
    retryDelay: 30,
    retryBackoff: true,
    // Longer than a delivery can take (the SMTP timeouts, mail.ts), so a slow one is never run twice.
    expireInSeconds: 5 * 60,
    batchSize: 10,
  },
  /** The daily billing run for one day (billing/run-billing.ts); safe to repeat. */
  'billing-run': {
    retryLimit: 4,
    retryDelay: 5 * 60,
    retryBackoff: true,
    expireInSeconds: 4 * 3600,
    batchSize: 1,
  },
  /** The daily visit scheduling for one day (fieldwork/schedule-visits.ts); safe to repeat. */
  'visit-scheduling': {
    retryLimit: 4,
    retryDelay: 5 * 60,
    retryBackoff: true,
    expireInSeconds: 3600,
    batchSize: 1,
  },
  /** Tells a customer of an hour's responses to one survey link (notifications/survey-responses.ts). */
  'survey-responses': {
    retryLimit: 4,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    batchSize: 5,
  },
  /** The daily digest run (notifications/digest.ts); safe to repeat. */
  'daily-digest': {
    retryLimit: 4,
    retryDelay: 5 * 60,
    retryBackoff: true,
    expireInSeconds: 3600,
    batchSize: 1,
  },
  /** The daily prune of audit entries past their retention (audit/audit-log.ts); safe to repeat. */
  'audit-prune': {
    retryLimit: 4,
    retryDelay: 5 * 60,
    retryBackoff: true,
    expireInSeconds: 3600,
    batchSize: 1,
  },
  /** The daily action plan reminders: due tomorrow, overdue (action-plans/plans.ts); safe to repeat. */
  'action-plan-reminders': {
    retryLimit: 4,
    retryDelay: 5 * 60,
    retryBackoff: true,
    expireInSeconds: 3600,
    batchSize: 1,
  },
  /** The day's scheduled report e-mails (report-emails/schedule.ts): one job per recipient; safe to repeat. */
  'report-schedules': {
    retryLimit: 4,
    retryDelay: 5 * 60,
    retryBackoff: true,
    expireInSeconds: 3600,
    batchSize: 1,
  },
  /** The nightly benchmark rollup (benchmarks/rollup.ts): rebuilds benchmark_score_days; safe to repeat. */
  'benchmark-rollup': {
    retryLimit: 4,
    retryDelay: 5 * 60,
    retryBackoff: true,
    expireInSeconds: 3600,
    batchSize: 1,
  },
  /**
   * Renders one recipient's scheduled report (their scope) and records its e-mail with the PDF. A render
   * that fails throws: the job is retried, and no e-mail is ever sent without its PDF.
   */
  'report-email': {
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    batchSize: 1,
  },
  /**
   * Sends one webhook message to one customer endpoint (webhooks/deliver-webhook.ts). A try takes at
   * most WEBHOOK_TIMEOUT_SECONDS, far under the expiry, so a slow try never overlaps its retry.
   */
  'webhook-delivery': {
    retryLimit: WEBHOOK_MAX_ATTEMPTS - 1,
    retryDelay: WEBHOOK_RETRY_DELAY,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    batchSize: 5,
  },
  /**
   * Relays one recorded domain event (src/server/events): queues an `event-subscriber` job for each
   * subscriber of its type. Safe to repeat.
   */
  'domain-event': {
    retryLimit: 4,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    batchSize: 10,
  },
  /** Releases visits not submitted by their deadline (fieldwork/deadlines.ts); safe to repeat. */
  'visit-deadlines': {
    retryLimit: 4,
    retryDelay: 5 * 60,
    retryBackoff: true,
    expireInSeconds: 3600,
    batchSize: 1,
  },
  /** E-mails shoppers the visits that opened near them, once a day each (fieldwork/offers.ts). */
  'visit-offers': {
    retryLimit: 4,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 3600,
    batchSize: 1,
  },
  /** Runs one subscriber on one event, once (its receipt is written with its effect). */
  'event-subscriber': {
    retryLimit: 9,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    batchSize: 10,
  },
} as const satisfies Record<string, JobPolicy>;

export type JobName = keyof typeof JOBS;

export type JobData = {
  'mail-delivery': { outboxId: string };
  'billing-run': { day: string };
  'visit-scheduling': { day: string };
  'survey-responses': {
    linkId: string;
    /** The customer whose survey it is. */
    userId: string;
    programName: string;
    locationName: string;
    /** The hour's start (ISO, UTC). */
    hour: string;
  };
  'daily-digest': { day: string };
  'report-schedules': { day: string };
  'report-email': {
    accountId: string;
    userId: string;
    /** The period's first and last day (YYYY-MM-DD). */
    start: string;
    end: string;
    frequency: 'weekly' | 'monthly';
  };
  'action-plan-reminders': { day: string };
  'audit-prune': { day: string };
  'benchmark-rollup': { day: string };
  'webhook-delivery': { deliveryId: string };
  'domain-event': { eventId: string };
  'event-subscriber': { eventId: string; subscriber: string };
  'visit-deadlines': { day: string };
  /** `day` for the daily run; `window` (ISO start of a 10-minute window) for a run openings queued. */
  'visit-offers': { day?: string; window?: string };
};
