import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * scrypt on threads of its own at a low CPU priority (nice 10 on Linux: about a tenth of the share of
 * a request's thread when both want a core), so that password hashing, about 90 ms of CPU each and
 * deliberately so, mostly takes the CPU that requests leave idle: a burst of sign-ups or logins slows
 * down itself, not checkout for everyone else, and under constant full load a login still finishes.
 * One thread per core; jobs queue when all are busy. Threads start on first use and do not keep the
 * process alive.
 */
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, 10);
} catch {}
parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ id, key: scryptSync(password, salt, keyLength, options) });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message || err) });
  }
});`;

type Job = {
  id: number;
  password: string;
  salt: Buffer;
  keyLength: number;
  options: { N: number; r: number; p: number; maxmem: number };
  resolve: (key: Buffer) => void;
  reject: (err: Error) => void;
};
type Thread = { worker: Worker; job: Job | null };

const threads: Thread[] = [];
const queue: Job[] = [];
let nextId = 0;

function start(): Thread {
  const worker = new Worker(THREAD_SOURCE, { eval: true });
  const thread: Thread = { worker, job: null };
  worker.unref();
  worker.on('message', (m: { id: number; key?: Uint8Array; error?: string }) => {
    const job = thread.job;
    thread.job = null;
    if (job && job.id === m.id) {
      if (m.key) job.resolve(Buffer.from(m.key));
      else job.reject(new Error(`scrypt failed: ${m.error}`));
    }
    next(thread);
  });
  worker.on('error', (err) => {
    // The thread is gone: its job fails, and a new thread takes the queue.
    thread.job?.reject(err);
    threads.splice(threads.indexOf(thread), 1);
    if (queue.length) next(start());
  });
  threads.push(thread);
  return thread;
}

function next(thread: Thread) {
  const job = queue.shift();
  if (!job) return;
  thread.job = job;
  const { id, password, salt, keyLength, options } = job;
  thread.worker.postMessage({ id, password, salt, keyLength, options });
}

function dispatch(job: Job) {
  const idle =
    threads.find((t) => t.job === null) ?? (threads.length < availableParallelism() ? start() : null);
  queue.push(job);
  if (idle) next(idle);
}

/** scrypt on a low-priority hashing thread. */
export function scryptOnHashingThread(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: Job['options'],
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    dispatch({ id: nextId++, password, salt, keyLength, options, resolve, reject });
  });
}
