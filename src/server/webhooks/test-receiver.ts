import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: IncomingHttpHeaders; body: string; url: string };

/**
 * A webhook receiver for tests on 127.0.0.1 (a free port): keeps every request, and answers each with
 * the next of `answers` (status and body), then 200.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers: { status: number; body?: string; hang?: boolean }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body, url: req.url ?? '' });
      const answer = answers.shift() ?? { status: 200, body: 'ok' };
      if (answer.hang) return;
      res.writeHead(answer.status, answer.status === 302 ? { location: 'http://127.0.0.1:1/' } : {});
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Verifies a message as the Standard Webhooks specification says, written from the spec, not from our
 * signer: base64-decode the secret after `whsec_`, HMAC-SHA256 `id.timestamp.body`, base64, and compare
 * in constant time with each `v1,` signature of the header; the timestamp within 5 minutes of `now`.
 */
export function verifyStandardWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
  now = Date.now(),
) {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  const signatures = String(headers['webhook-signature'] ?? '').split(' ');
  if (!id || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.split('_')[1] ?? '', 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.some((s) => {
    const [version, sig] = s.split(',');
    const given = Buffer.from(sig ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
