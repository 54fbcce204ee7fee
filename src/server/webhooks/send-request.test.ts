import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG_WEBHOOK_URL_HTTPS, MSG_WEBHOOK_URL_PRIVATE } from '../../domain/index.js';
import { RefusedAddress, sendWebhookRequest } from './send-request.js';
import { sign, webhookHeaders } from './signature.js';
import { startReceiver, verifyStandardWebhook } from './test-receiver.js';

// Sending a webhook: the Standard Webhooks signature, and the addresses it is never sent to (SSRF).

describe('the signature', () => {
  // The Standard Webhooks specification's published test vector.
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
  const timestamp = 1614265330;
  const body = '{"test": 2432232314}';

  it('reproduces the specification’s test vector', () => {
    expect(webhookHeaders(secret, id, timestamp, body)).toEqual({
      'webhook-id': id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('is accepted by a verifier written from the specification, and only for the same body, id and time', () => {
    const headers = webhookHeaders(secret, id, timestamp, body);
    const at = timestamp * 1000;
    expect(verifyStandardWebhook(secret, headers, body, at)).toBe(true);
    expect(verifyStandardWebhook(secret, headers, '{"test": 2432232315}', at)).toBe(false);
    expect(verifyStandardWebhook(secret, { ...headers, 'webhook-id': 'msg_other' }, body, at)).toBe(false);
    expect(verifyStandardWebhook('whsec_c2VjcmV0LW9mLWFub3RoZXI=', headers, body, at)).toBe(false);
    // Older than five minutes: a replay.
    expect(verifyStandardWebhook(secret, headers, body, at + 301_000)).toBe(false);
    expect(sign(secret, id, timestamp, body)).toBe('g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});

describe('sending', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  const refusal = (url: string, addresses: string[], allowedHosts: string[] = []) =>
    sendWebhookRequest(
      url,
      '{}',
      {},
      {
        allowedHosts,
        resolve: async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      },
    ).then(
      () => null,
      (err: Error) => err,
    );

  it.each([
    ['https://127.0.0.1/hook', []],
    ['https://[::1]/hook', []],
    ['https://[::ffff:127.0.0.1]/hook', []],
    ['https://169.254.169.254/latest/meta-data', []],
    ['https://hooks.example.com/a', ['10.0.0.5']],
    ['https://hooks.example.com/a', ['93.184.216.34', '192.168.0.10']],
    ['https://hooks.example.com/a', ['fd00::1']],
    ['https://rebind.example.com/a', ['::ffff:169.254.169.254']],
    ['https://localhost./h', ['127.0.0.1']],
    ['https://[::7f00:1]/h', []],
    ['https://[::ffff:7f00:1]/h', []],
    ['https://2130706433/h', []],
    ['https://hooks.example.com./a', ['127.0.0.1']],
    ['https://hooks.example.com/a', ['::7f00:1']],
    ['https://hooks.example.com/a', ['::ffff:7f00:1']],
    ['https://hooks.example.com/a', ['0.0.0.0']],
    ['https://hooks.example.com/a', ['100.64.1.1']],
    ['https://hooks.example.com/a', ['fe80::1%eth0']],
  ])('refuses %s resolving to %j before connecting', async (url, addresses) => {
    const err = await refusal(url, addresses);
    expect(err).toBeInstanceOf(RefusedAddress);
    expect(err?.message).toContain(MSG_WEBHOOK_URL_PRIVATE);
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses plain http unless the host is allow-listed', async () => {
    const err = await refusal('http://hooks.example.com/a', ['93.184.216.34']);
    expect(err?.message).toBe(MSG_WEBHOOK_URL_HTTPS);
  });

  it('connects to the address it checked, not to a second DNS answer', async () => {
    // The name resolves nowhere in real DNS: the request can only arrive through the pinned address.
    const host = `pinned.example.test:${receiver.port}`;
    const answer = await sendWebhookRequest(
      `http://${host}/pinned`,
      '{"a":1}',
      { 'webhook-id': 'msg_1' },
      {
        allowedHosts: [host],
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      },
    );
    expect(answer).toEqual({ httpStatus: 200, body: 'ok' });
    const got = receiver.received.at(-1)!;
    expect(got.url).toBe('/pinned');
    expect(got.headers.host).toBe(host);
    expect(got.headers['webhook-id']).toBe('msg_1');
    expect(got.body).toBe('{"a":1}');
  });

  it('does not follow a redirect, and keeps only the start of a long answer', async () => {
    const allowedHosts = [`127.0.0.1:${receiver.port}`];
    receiver.answers.push({ status: 302, body: 'moved' }, { status: 500, body: 'x'.repeat(5000) });
    const before = receiver.received.length;
    expect(await sendWebhookRequest(receiver.url, '{}', {}, { allowedHosts })).toEqual({
      httpStatus: 302,
      body: 'moved',
    });
    expect(receiver.received.length).toBe(before + 1);
    const long = await sendWebhookRequest(receiver.url, '{}', {}, { allowedHosts });
    expect(long.httpStatus).toBe(500);
    expect(long.body).toBe(`${'x'.repeat(1000)}…`);
  });

  it('gives up on an endpoint that does not answer in time, at its deadline and not before', async () => {
    receiver.answers.push({ status: 200, hang: true });
    const before = receiver.received.length;
    // The deadline runs on a fake clock: the test waits for no wall time and depends on none.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const outcome = sendWebhookRequest(
        receiver.url,
        '{}',
        {},
        { allowedHosts: [`127.0.0.1:${receiver.port}`], timeoutMs: 60_000 },
      ).then(
        () => 'answered',
        (e: Error) => e.message,
      );
      // Real I/O until the endpoint has the request (vi.waitFor would move the fake clock).
      while (receiver.received.length === before) await new Promise((r) => setImmediate(r));
      await vi.advanceTimersByTimeAsync(59_999);
      expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toBe('No answer within 60 s.');
    } finally {
      vi.useRealTimers();
    }
  });
});
