// Benchmark of the e-mail outbox and its delivery queue on PostgreSQL: COUNT e-mails recorded the way the
// app records them, delivered by the app's own mail-delivery worker to the local SMTP stand-in.
// Run: npm run bench:email-queue
//   COUNT=100000        e-mails
//   CONCURRENCY=4       transactions recording at once (as concurrent requests would)
//   PER_TRANSACTION=1   e-mails recorded per transaction: a change (a password reset, a checkout) records
//                       one message with itself, so 1 is the honest default
//   RATE=0              e-mails per second offered, spread evenly; 0 = as fast as the recorders go (a
//                       burst: the queue then holds a backlog, and the delay mostly measures that backlog)
//   SMTP_OPTIONS=       nodemailer options as SMTP_URL's query, as an operator would set them, e.g.
//                       'pool=true&maxConnections=10' (connections kept and reused; by default the
//                       adapter opens one connection per message, and smtp-server, like many servers,
//                       waits 100 ms before its greeting)
//   TIMEOUT=1800        seconds to wait for every message before giving up
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test   (the server, to create the database)
//   KEEP_DB=1           keep the database afterwards (its name is printed)
//
// A fresh, uniquely named database is created and migrated (bench-database.ts) and dropped afterwards.
// Recording goes through the real path: `mail.send(tx, message)` of the SMTP mail adapter inside
// `inTransaction`, which writes the outbox row and its pg-boss delivery job in that transaction (the
// change's own writes are left out). The message is the order-confirmation e-mail of the previews (HTML
// and text, rendered once: this measures the queue, not React). Delivery starts with the first message:
// `startBackgroundWork` as `npm start` runs it (one process, WEB_CONCURRENCY=1; the daily runs off), so
// the 'mail-delivery' worker, deliverEmail and nodemailer send over loopback to the SMTP stand-in,
// which runs in a child process (smtp-stand-in-process.ts) so that its CPU is not counted as the app's.
//
// Prints: the recording rate (messages/s over the recording phase, the workers running beside it), the
// delivery rate end to end (first recording to the stand-in's last accepted message), the queue delay
// p50/p95/p99 (from the recording transaction's commit, seen here, to the stand-in accepting the
// message, matched by Message-ID; the same from the row's created_at to sent_at, as a check), messages
// sent, failed and duplicated (received more than once), and CPU ms per message of this process (the
// recorders and the worker), of PostgreSQL (this database's backends, read from /proc as order-flow.ts
// does; not the server's background writer or autovacuum) and of the stand-in.
// Exit status 1 unless the stand-in accepted every message exactly once and every row is 'sent'.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { createAdapters } from '../../src/server/adapters/index.js';
import { mailDomain, messageId } from '../../src/server/adapters/mail.js';
import { loadConfig } from '../../src/server/config.js';
import { inTransaction } from '../../src/server/db/client.js';
import { EMAIL_PREVIEWS } from '../../src/server/email/previews.js';
import { startBackgroundWork } from '../../src/server/wiring/background-work.js';
import { ADMIN_URL, percentile, withBenchDatabase } from './bench-database.js';

const COUNT = Number(process.env.COUNT ?? 100_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const PER_TRANSACTION = Number(process.env.PER_TRANSACTION ?? 1);
const RATE = Number(process.env.RATE ?? 0);
const TIMEOUT_S = Number(process.env.TIMEOUT ?? 1800);
const SMTP_OPTIONS = process.env.SMTP_OPTIONS ?? '';

/** Wall-clock time in ms, fractional; the stand-in's clock is the same (one machine). */
const now = () => performance.timeOrigin + performance.now();

type Report = {
  accepted: number;
  duplicates: number;
  noMessageId: number;
  arrivals: [string, number][];
};

/** The SMTP stand-in in its child process (smtp-stand-in-process.ts). */
async function startStandIn() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const child = fork(path.join(here, 'smtp-stand-in-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let accepted = 0;
  let onReport: ((r: Report) => void) | null = null;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The SMTP stand-in exited (${code}).`)));
    child.on('message', (m: { type: string; url?: string; accepted?: number } & Report) => {
      if (m.type === 'listening') resolve(m.url!);
      else if (m.type === 'progress') accepted = m.accepted;
      else if (m.type === 'report') onReport?.(m);
    });
  });
  return {
    url,
    pid: child.pid!,
    accepted: () => accepted,
    report: () =>
      new Promise<Report>((resolve) => {
        onReport = resolve;
        child.send('report');
      }),
    close: () => stop(child),
  };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.send('close');
  await Promise.race([gone, sleep(5000).then(() => child.kill('SIGKILL'))]);
}

/** CPU time (user + system, ms) of a process, from /proc; undefined when it is gone. */
function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // USER_HZ = 100
  } catch {
    return undefined;
  }
}

async function main() {
  const rendered = EMAIL_PREVIEWS.find((p) => p.name === 'order-confirmation')!.render();
  const standIn = await startStandIn();
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  let ok = false;
  try {
    ok = await withBenchDatabase('email', async (bench) => {
      const config = loadConfig({
        NODE_ENV: 'production',
        APP_SECRET: randomBytes(24).toString('hex'),
        LOG_LEVEL: 'silent',
        DATABASE_URL: bench.url,
        DATA_DIR: `/tmp/${bench.name}`,
        SMTP_URL: SMTP_OPTIONS ? `${standIn.url}?${SMTP_OPTIONS}` : standIn.url,
        BILLING_RUN_AT: 'off',
        VISIT_SCHEDULING_AT: 'off',
        DIGEST_AT: 'off',
      });
      const adapters = createAdapters(config);
      const db = bench.database.db;
      const warnings = new Map<string, number>();
      const note = (msg: string) => {
        // One line per distinct error, without the job's id and try.
        const key = msg.replace(/job [0-9a-f-]{36}, try \d+ of \d+/, 'job').slice(0, 200);
        warnings.set(key, (warnings.get(key) ?? 0) + 1);
      };
      const log = {
        info: () => {},
        warn: note,
        error: (msg: string, err: unknown) => note(`${msg}: ${String(err)}`),
      };

      // CPU of this database's backends, sampled as they come and go (the queue's pool drops idle ones).
      const pgCpu = new Map<number, { first: number; last: number }>();
      const samplePostgres = async () => {
        const rows = await admin<{ pid: number }[]>`
          select pid from pg_stat_activity where datname = ${bench.name}`;
        for (const { pid } of rows) {
          const ms = cpuMs(pid);
          if (ms === undefined) continue;
          const seen = pgCpu.get(pid);
          if (seen) seen.last = ms;
          else pgCpu.set(pid, { first: ms, last: ms });
        }
      };
      await samplePostgres();

      const background = await startBackgroundWork({ database: bench.database, config, adapters, log });
      const committedAt = new Float64Array(COUNT);
      const index = new Map<string, number>();
      const domain = mailDomain(config.MAIL_FROM);
      const cpu0 = process.cpuUsage();
      const standIn0 = cpuMs(standIn.pid) ?? 0;
      console.log(
        `E-mail queue: ${COUNT} messages (${(rendered.html.length / 1024).toFixed(1)} KB HTML each), ` +
          `${PER_TRANSACTION} per transaction, ${CONCURRENCY} transactions at once, ` +
          `${RATE > 0 ? `offered at ${RATE}/s` : 'as fast as they record'}; PostgreSQL ${bench.name}; ` +
          `SMTP_URL ${config.SMTP_URL}.`,
      );

      const t0 = now();
      let next = 0;
      let recorded = 0;
      const recorder = async () => {
        for (;;) {
          const first = next;
          if (first >= COUNT) return;
          const n = Math.min(PER_TRANSACTION, COUNT - first);
          next += n;
          if (RATE > 0) {
            const due = t0 + (first / RATE) * 1000 - now();
            if (due > 0) await sleep(due);
          }
          const ids = await inTransaction(db, async (tx) => {
            const out: (string | null)[] = [];
            for (let i = first; i < first + n; i++) {
              out.push(
                await adapters.mail.send(tx, {
                  to: `shopper-${i}@bench.test`,
                  subject: rendered.subject,
                  text: rendered.text,
                  html: rendered.html,
                  kind: 'order-confirmation',
                }),
              );
            }
            return out;
          });
          const at = now();
          ids.forEach((id, k) => {
            committedAt[first + k] = at;
            index.set(messageId(id!, domain), first + k);
          });
          recorded += n;
        }
      };

      let lastPrint = t0;
      const progress = setInterval(() => {
        samplePostgres().catch(() => {});
        if (now() - lastPrint >= 5000) {
          lastPrint = now();
          console.log(
            `  ${((lastPrint - t0) / 1000).toFixed(0)} s: ${recorded} recorded, ${standIn.accepted()} delivered`,
          );
        }
      }, 1000);
      try {
        await Promise.all(Array.from({ length: CONCURRENCY }, recorder));
        const recordedIn = (now() - t0) / 1000;
        console.log(
          `Recorded ${recorded} in ${recordedIn.toFixed(1)} s = ${(recorded / recordedIn).toFixed(0)} messages/s ` +
            `(outbox row and delivery job per message, workers running).`,
        );

        // Every message accepted by the stand-in, then marked sent.
        const deadline = t0 + TIMEOUT_S * 1000;
        const sent = async () =>
          (
            await bench.direct<{ n: number }[]>`
            select count(*)::int as n from outbox_emails where status <> 'pending'`
          )[0]!.n;
        while (now() < deadline && (standIn.accepted() < COUNT || (await sent()) < COUNT)) await sleep(250);
        await samplePostgres();
      } finally {
        clearInterval(progress);
      }
      const cpu = process.cpuUsage(cpu0);
      const standInCpu = (cpuMs(standIn.pid) ?? 0) - standIn0;
      // A moment for a late repeat to arrive, then nothing more runs.
      await sleep(1000);
      await background.stop();

      const report = await standIn.report();
      const delays: number[] = [];
      let lastArrival = t0;
      let unknown = 0;
      for (const [id, at] of report.arrivals) {
        const i = index.get(id);
        if (i === undefined) {
          unknown++;
          continue;
        }
        delays.push(at - committedAt[i]!);
        if (at > lastArrival) lastArrival = at;
      }
      const deliveredIn = (lastArrival - t0) / 1000;
      const [rows] = await bench.direct<
        {
          sent: number;
          failed: number;
          pending: number;
          retried: number;
          p50: number;
          p95: number;
          p99: number;
        }[]
      >`select count(*) filter (where status = 'sent')::int as sent,
          count(*) filter (where status = 'failed')::int as failed,
          count(*) filter (where status = 'pending')::int as pending,
          count(*) filter (where tries > 1)::int as retried,
          1000 * extract(epoch from percentile_disc(0.50) within group (order by sent_at - created_at))::float8 as p50,
          1000 * extract(epoch from percentile_disc(0.95) within group (order by sent_at - created_at))::float8 as p95,
          1000 * extract(epoch from percentile_disc(0.99) within group (order by sent_at - created_at))::float8 as p99
        from outbox_emails`;
      const jobs = await bench.direct<{ state: string; n: number }[]>`
        select state::text, count(*)::int as n from pgboss.job where name = 'mail-delivery' group by 1 order by 1`;

      const ms = (v: number) => `${v.toFixed(0)} ms`;
      const delivered = report.arrivals.length - unknown;
      console.log(
        `Delivered ${delivered} in ${deliveredIn.toFixed(1)} s end to end = ${(delivered / deliveredIn).toFixed(0)} messages/s.`,
      );
      console.log(
        `Queue delay, commit to accepted by the SMTP server: p50 ${ms(percentile(delays, 50))}, ` +
          `p95 ${ms(percentile(delays, 95))}, p99 ${ms(percentile(delays, 99))}, max ${ms(percentile(delays, 100))}` +
          ` (created_at to sent_at of the rows: p50 ${ms(rows!.p50)}, p95 ${ms(rows!.p95)}, p99 ${ms(rows!.p99)}).`,
      );
      console.log(
        `Outbox: ${rows!.sent} sent, ${rows!.failed} failed, ${rows!.pending} pending, ${rows!.retried} needed more than one try. ` +
          `Delivery jobs: ${jobs.map((j) => `${j.n} ${j.state}`).join(', ')}.`,
      );
      console.log(
        `SMTP stand-in: ${report.accepted} accepted, ${report.duplicates} duplicates, ` +
          `${report.noMessageId} without a Message-ID, ${unknown} not recorded here.`,
      );
      const pgMs = [...pgCpu.values()].reduce((sum, s) => sum + s.last - s.first, 0);
      const per = (v: number) => `${(v / COUNT).toFixed(3)} ms`;
      console.log(
        `CPU per message: this process ${per((cpu.user + cpu.system) / 1000)} (recording and delivery), ` +
          `PostgreSQL ${per(pgMs)} (${pgCpu.size} backends), SMTP stand-in ${per(standInCpu)}.`,
      );
      for (const [msg, n] of warnings) console.log(`  ${n} x ${msg}`);

      const exactlyOnce =
        delivered === COUNT &&
        report.accepted === COUNT &&
        report.duplicates === 0 &&
        report.noMessageId === 0 &&
        unknown === 0 &&
        rows!.sent === COUNT;
      console.log(
        exactlyOnce ? 'Every message delivered exactly once.' : 'NOT every message delivered exactly once.',
      );
      return exactlyOnce;
    });
  } finally {
    await standIn.close();
    await admin.end({ timeout: 5 });
  }
  process.exitCode = ok ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
