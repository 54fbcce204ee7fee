export { JOB_QUEUE_SCHEMA, JOBS, type JobData, type JobName, MAIL_MAX_TRIES } from './definitions.js';
export { deliverEmail } from './deliver-email.js';
export { type EnqueueOptions, enqueue, enqueueMany, enqueueStatement, onDatabase } from './enqueue.js';
export {
  createJobQueue,
  type Job,
  type JobHandler,
  type JobQueue,
  type JobQueueOptions,
} from './job-queue.js';
export {
  type DailySchedule,
  queueDueRuns,
  type Scheduler,
  scheduledRunKey,
  startScheduler,
} from './scheduler.js';
