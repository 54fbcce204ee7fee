import { z } from 'zod';
import { isPublicHost, normalisedHost } from './ip-addresses';

// Outgoing webhooks (issue 20): what a customer's endpoint may be sent, how a message is signed
// (Standard Webhooks), how often a failed delivery is tried again, and which addresses are never
// called. Pure rules shared by the server (authoritative) and the account page's form.

/** Every event an endpoint can subscribe to, in the order the page lists them. */
export const WEBHOOK_EVENTS = [
  'order.placed',
  'visit.scheduled',
  'shop.submitted',
  'report.ready',
  'survey.response',
  'invoice.paid',
  'invoice.payment_failed',
  'action_plan.created',
  'action_plan.completed',
  'score.alert',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event "Send test event" sends; never subscribed to, sent only on request. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.placed': 'An order is placed',
  'visit.scheduled': 'A shopper schedules a visit',
  'shop.submitted': 'A shopper submits a shop for review',
  'report.ready': 'A shop report is approved and ready',
  'survey.response': 'A survey response arrives',
  'invoice.paid': 'An invoice is paid',
  'invoice.payment_failed': 'An invoice payment fails',
  'action_plan.created': 'An action plan is created',
  'action_plan.completed': 'An action plan is resolved',
  'score.alert': "A location's score trips its program's alert rule",
};

export const isWebhookEvent = (value: unknown): value is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly unknown[]).includes(value);

/** Endpoints one account may register. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** Tries of one delivery: the first and 9 retries, spread over about 8.5 to 17 hours (retryWindows). */
export const WEBHOOK_MAX_ATTEMPTS = 10;
/** Seconds before the first retry; pg-boss doubles it at each further retry. */
export const WEBHOOK_RETRY_DELAY = 60;
/**
 * Days an endpoint's log keeps a finished delivery (delivered or failed; as Stripe keeps events): older
 * ones go when the endpoint is next sent a message. One still being tried is kept until it finishes.
 */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;
/** Seconds one delivery may take (connect, send, read): far under the job's expiry (5 minutes). */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** Characters of the endpoint's answer kept in the delivery log. */
export const WEBHOOK_EXCERPT_CHARS = 1000;

export const MSG_WEBHOOK_URL_REQUIRED = 'Endpoint URL is required.';
export const MSG_WEBHOOK_URL_INVALID =
  'Endpoint URL must be a full address such as https://example.com/hooks.';
export const MSG_WEBHOOK_URL_HTTPS = 'Endpoint URL must start with https://.';
export const MSG_WEBHOOK_URL_CREDENTIALS = 'Endpoint URL must not contain a user name or password.';
export const MSG_WEBHOOK_URL_PRIVATE = 'Endpoint URL must be a public address, not a local or private one.';
export const MSG_WEBHOOK_EVENTS_REQUIRED = 'Choose at least one event.';
export const MSG_WEBHOOK_EVENT_UNKNOWN = 'Choose events from the list.';
export const MSG_WEBHOOK_TOO_MANY = `An account can have at most ${MAX_WEBHOOK_ENDPOINTS} endpoints.`;
export const MSG_WEBHOOK_NOT_FOUND = 'Webhook endpoint not found.';
export const MSG_WEBHOOK_DELIVERY_NOT_FOUND = 'Delivery not found.';
export const MSG_WEBHOOK_DELIVERY_PENDING = 'This delivery is still being tried; wait for it to finish.';

/**
 * Why `url` cannot be an endpoint, or null when it can. `allowedHosts` (host:port, lower case) are
 * the WEBHOOK_ALLOWED_HOSTS of tests and local receivers: for them http is allowed and nothing else
 * is checked. Otherwise https only, no credentials, and a public host (ip-addresses.ts: no loopback,
 * private, link-local or reserved address however it is written, no local or single-label name, a
 * trailing dot ignored); the addresses a name resolves to are checked again at each delivery.
 */
export function webhookUrlProblem(url: string, allowedHosts: readonly string[] = []): string | null {
  const text = url.trim();
  if (!text) return MSG_WEBHOOK_URL_REQUIRED;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return MSG_WEBHOOK_URL_INVALID;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return MSG_WEBHOOK_URL_INVALID;
  if (!parsed.hostname) return MSG_WEBHOOK_URL_INVALID;
  if (parsed.username || parsed.password) return MSG_WEBHOOK_URL_CREDENTIALS;
  if (allowedHosts.includes(hostPort(parsed))) return null;
  if (parsed.protocol !== 'https:') return MSG_WEBHOOK_URL_HTTPS;
  return isPublicHost(parsed.hostname) ? null : MSG_WEBHOOK_URL_PRIVATE;
}

/** `host:port` of a URL as WEBHOOK_ALLOWED_HOSTS lists it (the scheme's port when none is given). */
export function hostPort(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = normalisedHost(url.hostname);
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** WEBHOOK_ALLOWED_HOSTS as a list: comma-separated host:port, lower case. */
export const parseAllowedHosts = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

/** An endpoint as the form and the API take it. */
export const ZWebhookEndpointInput = z.object({
  url: z
    .string({ error: MSG_WEBHOOK_URL_REQUIRED })
    .trim()
    .min(1, { error: MSG_WEBHOOK_URL_REQUIRED })
    .max(2000, { error: 'Endpoint URL must be at most 2000 characters.' }),
  description: z
    .string()
    .trim()
    .max(200, { error: 'Description must be at most 200 characters.' })
    .default(''),
  events: z
    .array(z.string(), { error: MSG_WEBHOOK_EVENTS_REQUIRED })
    .min(1, { error: MSG_WEBHOOK_EVENTS_REQUIRED })
    .refine((list) => list.every(isWebhookEvent), { error: MSG_WEBHOOK_EVENT_UNKNOWN })
    .transform((list) => WEBHOOK_EVENTS.filter((e) => list.includes(e))),
  enabled: z.boolean().default(true),
});
export type TWebhookEndpointInput = z.input<typeof ZWebhookEndpointInput>;

// ---------------------------------------------------------------- signing (Standard Webhooks)

/** The text signed: `msgId.timestamp.body` (Standard Webhooks, "Signature scheme"). */
export const signedContent = (msgId: string, timestamp: number, body: string) =>
  `${msgId}.${timestamp}.${body}`;

/** The secret's key bytes, as base64: a Standard Webhooks secret is `whsec_` and base64. */
export function secretKey(secret: string): string {
  if (!secret.startsWith('whsec_')) throw new Error('A webhook secret starts with whsec_.');
  return secret.slice('whsec_'.length);
}

/** The `webhook-signature` header: space-separated `v1,<base64 signature>`s (one per secret). */
export const signatureHeader = (signatures: string[]) => signatures.map((s) => `v1,${s}`).join(' ');

// ---------------------------------------------------------------- deliveries

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** An answer counts as delivered when its status is 2xx; redirects are not followed and fail. */
export const isDelivered = (httpStatus: number | null) =>
  httpStatus !== null && httpStatus >= 200 && httpStatus < 300;

/** The status a delivery has after a try: delivered, or failed after the last try, else retrying. */
export function statusAfterTry(httpStatus: number | null, lastTry: boolean): WebhookDeliveryStatus {
  if (isDelivered(httpStatus)) return 'delivered';
  return lastTry ? 'failed' : 'retrying';
}

/**
 * The wait before each retry, in seconds, as pg-boss computes it (retryBackoff): retryDelay * 2^n
 * with jitter between half and all of it, n = 1 for the first retry (exponent capped at 16).
 */
export function retryWindows(
  retries = WEBHOOK_MAX_ATTEMPTS - 1,
  delay = WEBHOOK_RETRY_DELAY,
): { min: number; max: number }[] {
  return Array.from({ length: retries }, (_, i) => {
    const max = delay * 2 ** Math.min(16, i + 1);
    return { min: max / 2, max };
  });
}

/** The start of an answer for the log: at most `max` characters, marked when cut. */
export function excerpt(text: string, max = WEBHOOK_EXCERPT_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
