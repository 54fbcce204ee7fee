import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  excerpt,
  hostPort,
  isIpAddress,
  isPublicAddress,
  MSG_WEBHOOK_URL_PRIVATE,
  normalisedHost,
  WEBHOOK_TIMEOUT_SECONDS,
  webhookUrlProblem,
} from '../../domain/index.js';

/** The endpoint's answer: its HTTP status and the start of its body. */
export type WebhookAnswer = { httpStatus: number; body: string };

/** A delivery that can never succeed as the endpoint stands (its URL is refused): not retried. */
export class RefusedAddress extends Error {}

export type SendOptions = {
  /** WEBHOOK_ALLOWED_HOSTS: host:port that may be local and plain http (tests, a local receiver). */
  allowedHosts: readonly string[];
  timeoutMs?: number;
  /** How a name is resolved (tests replace it). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
};

const resolveAll = (host: string) => lookup(host, { all: true, verbatim: true });

/**
 * POSTs a webhook message to `url`, safely: the URL is checked again as at registration, the host is
 * resolved here, every address it resolves to must be public (the same isPublicAddress), and the connection goes to the address that was checked (a second DNS answer
 * cannot point it elsewhere: TLS still verifies the certificate against the name). Redirects are not
 * followed, the whole exchange has a deadline, and only the start of the answer is read.
 */
export async function sendWebhookRequest(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: SendOptions,
): Promise<WebhookAnswer> {
  const problem = webhookUrlProblem(url, opts.allowedHosts);
  if (problem) throw new RefusedAddress(problem);
  const target = new URL(url);
  const allowed = opts.allowedHosts.includes(hostPort(target));
  const host = normalisedHost(target.hostname);
  const addresses = isIpAddress(host)
    ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
    : await (opts.resolve ?? resolveAll)(host);
  if (addresses.length === 0) throw new Error(`${host} has no address.`);
  if (!allowed && addresses.some((a) => !isPublicAddress(a.address)))
    // The customer reads this in the delivery log: the addresses of our network stay out of it.
    throw new RefusedAddress(`${MSG_WEBHOOK_URL_PRIVATE} (${host} resolves to a non-public address)`);
  const pinned = addresses[0]!;
  const lookupPinned: LookupFunction = (_name, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000;
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<WebhookAnswer>((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        lookup: lookupPinned,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Storefront-Webhooks/1',
        },
        timeout: timeoutMs,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          // Enough for the log's excerpt; the rest is not read.
          if (size < 16_384) chunks.push(chunk);
          size += chunk.length;
          if (size >= 16_384) res.destroy();
        });
        const done = () =>
          resolve({ httpStatus: res.statusCode ?? 0, body: excerpt(Buffer.concat(chunks).toString('utf8')) });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const deadline = setTimeout(
      () => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s.`)),
      timeoutMs,
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s.`)));
    req.on('error', (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}
