import type { Db } from '../db/client.js';
import type { JobName } from './definitions.js';
import { enqueue } from './enqueue.js';

/** A job queued once a day, for that day, from `at` (HH:MM, UTC) on. */
export type DailySchedule = {
  job: Extract<
    JobName,
    | 'billing-run'
    | 'visit-scheduling'
    | 'daily-digest'
    | 'action-plan-reminders'
    | 'report-schedules'
    | 'audit-prune'
    | 'benchmark-rollup'
    | 'visit-deadlines'
    | 'visit-offers'
  >;
  at: string;
};

/** The key of a schedule's run on `day` (YYYY-MM-DD): queued once, whichever instance gets there first. */
export const scheduledRunKey = (s: DailySchedule, day: string) => `schedule:${s.job}:${day}`;

/**
 * Queues each schedule's run for today (UTC) once its time has come. An instance that starts after the
 * time catches today's run up; every instance may call this at once, and each run is queued once (the
 * run's key, see `enqueue`). Returns the runs this call queued.
 */
export async function queueDueRuns(db: Db, schedules: DailySchedule[], now: Date): Promise<string[]> {
  const day = now.toISOString().slice(0, 10);
  const minutes = now.getUTCHours() * 60 + now.getUTCMinutes();
  const queued: string[] = [];
  for (const s of schedules) {
    if (minutes < minutesOf(s.at)) continue;
    const key = scheduledRunKey(s, day);
    if (await enqueue(db, s.job, { day }, { key })) queued.push(key);
  }
  return queued;
}

function minutesOf(at: string): number {
  const [h, m] = at.split(':').map(Number);
  return h! * 60 + m!;
}

export type Scheduler = {
  /** Queues the runs due by `clock()` now (what the timer does every minute); resolves when done. */
  tick(): Promise<void>;
  stop(): void;
};

/**
 * Ticks now and then every `intervalMs` (a minute) with `clock()`. Runs nothing itself: the queue's
 * workers run the jobs.
 */
export function startScheduler(opts: {
  db: Db;
  schedules: DailySchedule[];
  clock?: () => Date;
  intervalMs?: number;
  onError?: (err: unknown) => void;
}): Scheduler {
  const clock = opts.clock ?? (() => new Date());
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= queueDueRuns(opts.db, opts.schedules, clock())
      .then(
        () => {},
        (err) => opts.onError?.(err),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  void tick();
  const timer = setInterval(tick, opts.intervalMs ?? 60_000);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
