import { describe, expect, it } from 'vitest';
import {
  excerpt,
  isDelivered,
  MSG_WEBHOOK_EVENT_UNKNOWN,
  MSG_WEBHOOK_EVENTS_REQUIRED,
  MSG_WEBHOOK_URL_CREDENTIALS,
  MSG_WEBHOOK_URL_HTTPS,
  MSG_WEBHOOK_URL_INVALID,
  MSG_WEBHOOK_URL_PRIVATE,
  MSG_WEBHOOK_URL_REQUIRED,
  parseAllowedHosts,
  retryWindows,
  secretKey,
  signatureHeader,
  signedContent,
  statusAfterTry,
  WEBHOOK_EVENTS,
  webhookUrlProblem,
  ZWebhookEndpointInput,
} from './webhooks';

describe('endpoint URLs', () => {
  const allowed = ['127.0.0.1:4555', 'localhost:4555'];
  it.each([
    ['https://hooks.example.com/in', null],
    ['https://hooks.example.com:8443/in?x=1', null],
    ['  https://example.com  ', null],
    ['', MSG_WEBHOOK_URL_REQUIRED],
    ['example.com/hook', MSG_WEBHOOK_URL_INVALID],
    ['ftp://example.com/hook', MSG_WEBHOOK_URL_INVALID],
    ['http://example.com/hook', MSG_WEBHOOK_URL_HTTPS],
    ['https://user:pw@example.com/hook', MSG_WEBHOOK_URL_CREDENTIALS],
    ['https://localhost/hook', MSG_WEBHOOK_URL_PRIVATE],
    ['https://api.localhost/hook', MSG_WEBHOOK_URL_PRIVATE],
    ['https://printer.local/hook', MSG_WEBHOOK_URL_PRIVATE],
    ['https://intranet/hook', MSG_WEBHOOK_URL_PRIVATE],
    ['https://db.internal/hook', MSG_WEBHOOK_URL_PRIVATE],
    ['https://localhost./h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://[::7f00:1]/h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://[::ffff:127.0.0.1]/h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://[::1]/h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://[fe80::1]/h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://[fc00::1]/h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://2130706433/h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://0177.0.0.1/h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://0x7f.1/h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://0.0.0.0/h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://169.254.169.254/h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://100.64.0.1/h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://10.0.0.1/h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://172.16.0.1/h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://192.168.0.1/h', MSG_WEBHOOK_URL_PRIVATE],
    ['https://hooks.example.com./in', null],
    ['https://93.184.216.34/in', null],
    ['https://[2606:4700:4700::1111]/in', null],
    ['http://localhost.:4555/hook', null],
    ['http://127.0.0.1:4555/hook', null],
    ['http://localhost:4555/hook', null],
    ['http://localhost:4556/hook', MSG_WEBHOOK_URL_HTTPS],
    ['https://localhost:4556/hook', MSG_WEBHOOK_URL_PRIVATE],
  ])('%s: %s', (url, problem) => {
    expect(webhookUrlProblem(url, allowed)).toBe(problem);
  });

  it('reads WEBHOOK_ALLOWED_HOSTS as a lower-case list', () => {
    expect(parseAllowedHosts(' 127.0.0.1:4555, LocalHost:4555 ,')).toEqual([
      '127.0.0.1:4555',
      'localhost:4555',
    ]);
    expect(parseAllowedHosts(undefined)).toEqual([]);
  });
});

describe('the endpoint form', () => {
  it('keeps the chosen events in the listed order, once each', () => {
    const parsed = ZWebhookEndpointInput.parse({
      url: 'https://example.com',
      events: ['report.ready', 'order.placed', 'report.ready'],
    });
    expect(parsed.events).toEqual(['order.placed', 'report.ready']);
    expect(parsed.enabled).toBe(true);
    expect(parsed.description).toBe('');
  });

  it.each([
    [{ url: 'https://example.com', events: [] }, 'events', MSG_WEBHOOK_EVENTS_REQUIRED],
    [{ url: 'https://example.com', events: ['order.shipped'] }, 'events', MSG_WEBHOOK_EVENT_UNKNOWN],
    [{ url: ' ', events: ['order.placed'] }, 'url', MSG_WEBHOOK_URL_REQUIRED],
    [
      { url: 'https://example.com', events: ['order.placed'], description: 'x'.repeat(201) },
      'description',
      null,
    ],
  ])('refuses %j naming %s', (input, field, message) => {
    const result = ZWebhookEndpointInput.safeParse(input);
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.path[0]).toBe(field);
    if (message) expect(issue.message).toBe(message);
  });

  it('offers the nine events of the issue and the score alert (issue 48)', () => {
    expect(WEBHOOK_EVENTS).toHaveLength(10);
    expect(WEBHOOK_EVENTS).toContain('score.alert');
  });
});

describe('signing (Standard Webhooks)', () => {
  it('signs msgId.timestamp.body', () => {
    expect(signedContent('msg_1', 1700000000, '{"a":1}')).toBe('msg_1.1700000000.{"a":1}');
  });
  it('reads the key from a whsec_ secret and refuses anything else', () => {
    expect(secretKey('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    expect(() => secretKey('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toThrow();
  });
  it('writes each signature as v1,<base64>, space-separated', () => {
    expect(signatureHeader(['abc=', 'def='])).toBe('v1,abc= v1,def=');
  });
});

describe('deliveries', () => {
  it.each([
    [200, false, 'delivered'],
    [204, true, 'delivered'],
    [301, false, 'retrying'],
    [500, false, 'retrying'],
    [500, true, 'failed'],
    [null, false, 'retrying'],
    [null, true, 'failed'],
  ] as const)('HTTP %s (last try %s) leaves it %s', (status, last, expected) => {
    expect(statusAfterTry(status, last)).toBe(expected);
  });

  it('spreads the default tries over 8.5 to 17 hours', () => {
    const windows = retryWindows();
    expect(windows).toHaveLength(9);
    const hours = (key: 'min' | 'max') => windows.reduce((sum, w) => sum + w[key], 0) / 3600;
    expect(hours('min')).toBeCloseTo(8.5, 1);
    expect(hours('max')).toBeCloseTo(17, 0);
  });

  it('counts only 2xx as delivered', () => {
    expect([199, 200, 299, 300, null].map(isDelivered)).toEqual([false, true, true, false, false]);
  });

  it('waits 1-2 minutes before the first retry and doubles each time (pg-boss backoff)', () => {
    expect(retryWindows(7, 60)).toEqual([
      { min: 60, max: 120 },
      { min: 120, max: 240 },
      { min: 240, max: 480 },
      { min: 480, max: 960 },
      { min: 960, max: 1920 },
      { min: 1920, max: 3840 },
      { min: 3840, max: 7680 },
    ]);
  });

  it('keeps the start of a long answer, marked as cut', () => {
    expect(excerpt('abc', 5)).toBe('abc');
    expect(excerpt('abcdefgh', 5)).toBe('abcde…');
  });
});
