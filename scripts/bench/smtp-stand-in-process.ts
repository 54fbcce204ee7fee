// The SMTP stand-in (src/server/test/smtp-stand-in.ts) in a process of its own, for the e-mail queue
// benchmark (email-queue.ts): the receiving server's CPU is then not counted as the app's. It keeps
// no message, only when each Message-ID arrived (and how often), and talks to its parent over IPC:
//   -> { type: 'listening', url }            once it accepts connections
//   -> { type: 'progress', accepted }        every 250 ms
//   <- 'report'  -> { type: 'report', accepted, duplicates, noMessageId, arrivals: [messageId, epoch ms][] }
//   <- 'close'   closes the server and exits
import { performance } from 'node:perf_hooks';
import { header, startSmtpStandIn } from '../../src/server/test/smtp-stand-in.js';

if (!process.send) throw new Error('Run by email-queue.ts (child_process.fork), not by hand.');
const send = (message: object) => process.send!(message);

/** Message-ID -> when the server accepted it first (ms since the epoch, fractional). */
const arrivals = new Map<string, number>();
let duplicates = 0;
let noMessageId = 0;
const smtp = await startSmtpStandIn({
  keep: false,
  onMessage(mail) {
    const at = performance.timeOrigin + performance.now();
    const id = header(mail, 'Message-ID');
    if (!id) noMessageId++;
    else if (arrivals.has(id)) duplicates++;
    else arrivals.set(id, at);
  },
});
const progress = setInterval(() => send({ type: 'progress', accepted: smtp.accepted }), 250);
process.on('message', async (message) => {
  if (message === 'report') {
    send({ type: 'report', accepted: smtp.accepted, duplicates, noMessageId, arrivals: [...arrivals] });
  } else if (message === 'close') {
    clearInterval(progress);
    await smtp.close();
    process.disconnect();
  }
});
send({ type: 'listening', url: smtp.url });
