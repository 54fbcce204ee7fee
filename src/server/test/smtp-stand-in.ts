import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type SmtpStandIn = {
  url: string;
  port: number;
  /** Messages accepted so far (empty with `keep: false`). */
  received: ReceivedMail[];
  /** How many messages were accepted so far (kept or not). */
  readonly accepted: number;
  close(): Promise<void>;
};

export type SmtpStandInOptions = {
  /** 0 (the default) picks a free one. */
  port?: number;
  /** Recipients that get a 550. */
  refuse?: string[];
  /** Keep every accepted message in `received` (default true); false only counts them (benchmarks). */
  keep?: boolean;
  /** Called with each accepted message, just before the server answers 250. */
  onMessage?: (mail: ReceivedMail) => void;
};

/**
 * A local SMTP server for tests: accepts every message (no TLS, no login) and keeps it, except for the
 * `refuse` recipients, which get a 550.
 */
export async function startSmtpStandIn(opts: SmtpStandInOptions = {}): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  const keep = opts.keep ?? true;
  let accepted = 0;
  const refused = new Set(opts.refuse ?? []);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) return callback(new Error('550 mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        accepted++;
        if (keep) received.push(mail);
        opts.onMessage?.(mail);
        callback();
      });
    },
  });
  // A client that goes away mid-message (a killed app instance) is its own problem, not the stand-in's.
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    get accepted() {
      return accepted;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a received message (unfolded), or undefined. */
export function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/**
 * What two copies of one message have in common when it was handed over twice (a resend after a
 * crash): the envelope and the raw text without its Date header, with the MIME boundaries (random per
 * rendering) numbered in order. Receivers that drop a repeated Message-ID rely on a repeat being this.
 */
export function sameMessageKey(mail: ReceivedMail): string {
  const boundaries = [...mail.raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  const end = mail.raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? mail.raw : mail.raw.slice(0, end);
  let text = head.replace(/^Date:.*(\r?\n[ \t].*)*(\r?\n|$)/im, '') + mail.raw.slice(head.length);
  boundaries.forEach((b, i) => {
    text = text.split(b).join(`<boundary ${i}>`);
  });
  return JSON.stringify([mail.from, mail.to, text]);
}
