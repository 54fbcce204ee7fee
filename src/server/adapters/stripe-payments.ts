import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.js';
import type { CardDetails, ChargeResult, PaymentsAdapter } from './payments.js';

export type StripeOptions = {
  secretKey: string;
  publishableKey: string;
  /** Stripe's API origin; a local stand-in in tests. */
  apiBase?: string | undefined;
  /** Per-request time limit. */
  timeoutMs?: number;
};

type StripeErrorBody = { type?: string; code?: string; decline_code?: string; message?: string };
type StripePaymentMethod = {
  id: string;
  card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number };
};
type StripePaymentIntent = {
  id: string;
  status: string;
  last_payment_error?: StripeErrorBody | null;
};

/** A Stripe failure that is not an expected card outcome: network, 5xx, bad key, bad request. */
export class StripeApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly stripeError: StripeErrorBody | null = null,
  ) {
    super(message);
    this.name = 'StripeApiError';
  }
}

/** Card-network brand codes as the built-in processor names them, so saved cards read the same. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

const FALLBACK_DECLINE = 'Your card was declined.';

type Reply<T> = { ok: true; body: T } | { ok: false; status: number; error: StripeErrorBody };

/** Stripe over its REST API: form-encoded bodies, secret-key bearer auth, idempotency keys on charges. */
export function stripePayments(opts: StripeOptions): PaymentsAdapter {
  const base = (opts.apiBase ?? 'https://api.stripe.com').replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 30_000;

  /** Card errors (402) come back as a value; anything else unexpected throws StripeApiError. */
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string> = {},
    idempotencyKey?: string,
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { authorization: `Bearer ${opts.secretKey}` };
    if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers,
        ...(method === 'POST' ? { body: new URLSearchParams(params).toString() } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new StripeApiError(`Stripe ${method} ${path} could not be reached: ${String(err)}`, null);
    }
    const text = await res.text();
    let json: { error?: StripeErrorBody } & Record<string, unknown>;
    try {
      json = JSON.parse(text);
    } catch {
      throw new StripeApiError(
        `Stripe ${method} ${path} answered ${res.status} with a non-JSON body`,
        res.status,
      );
    }
    if (res.ok) return { ok: true, body: json as T };
    const error = json.error ?? {};
    if (res.status === 402 && error.type === 'card_error') return { ok: false, status: 402, error };
    throw new StripeApiError(
      `Stripe ${method} ${path} failed: ${res.status} ${error.type ?? 'error'}: ${error.message ?? text.slice(0, 200)}`,
      res.status,
      error,
    );
  }

  const cardMessage = (error: StripeErrorBody | null | undefined) => error?.message || FALLBACK_DECLINE;

  return {
    kind: 'stripe',
    publishableKey: opts.publishableKey,

    async createCustomer(_db, { email, name }) {
      const res = await call<{ id: string }>('POST', '/v1/customers', { email, name });
      if (!res.ok)
        throw new StripeApiError(`Stripe refused the customer: ${cardMessage(res.error)}`, res.status);
      return res.body.id;
    },

    async attachCard(_db, { customerId, cardToken }): Promise<CardDetails> {
      let paymentMethodId = cardToken;
      if (cardToken.startsWith('tok_')) {
        // A legacy Elements/Checkout token becomes a PaymentMethod first.
        const created = await call<StripePaymentMethod>('POST', '/v1/payment_methods', {
          type: 'card',
          'card[token]': cardToken,
        });
        if (!created.ok) throw new AppError('PAYMENT_FAILED', cardMessage(created.error));
        paymentMethodId = created.body.id;
      } else if (!cardToken.startsWith('pm_')) {
        throw new AppError('BAD_USER_INPUT', 'The card could not be read. Please enter it again.');
      }
      const attached = await call<StripePaymentMethod>(
        'POST',
        `/v1/payment_methods/${encodeURIComponent(paymentMethodId)}/attach`,
        { customer: customerId },
      );
      // Attaching runs a card check; a decline here is the customer's to fix.
      if (!attached.ok) throw new AppError('PAYMENT_FAILED', cardMessage(attached.error));
      await call('POST', `/v1/customers/${encodeURIComponent(customerId)}`, {
        'invoice_settings[default_payment_method]': paymentMethodId,
      });
      const card = attached.body.card ?? {};
      return {
        brand: BRAND_NAMES[card.brand ?? ''] ?? card.brand ?? 'Card',
        last4: card.last4 ?? '',
        expireMonth: card.exp_month ?? 0,
        expireYear: card.exp_year ?? 0,
      };
    },

    async charge(_db, { customerId, amount, description, idempotencyKey }): Promise<ChargeResult> {
      const customer = await call<{ invoice_settings?: { default_payment_method?: string | null } }>(
        'GET',
        `/v1/customers/${encodeURIComponent(customerId)}`,
      );
      const paymentMethod = customer.ok ? customer.body.invoice_settings?.default_payment_method : null;
      if (!paymentMethod) return { ok: false, message: 'There is no card on file. Please add a card.' };
      const res = await call<StripePaymentIntent>(
        'POST',
        '/v1/payment_intents',
        {
          amount: String(amount),
          currency: 'usd',
          customer: customerId,
          payment_method: paymentMethod,
          'payment_method_types[0]': 'card',
          confirm: 'true',
          off_session: 'true',
          description,
        },
        idempotencyKey,
      );
      if (!res.ok) return { ok: false, message: cardMessage(res.error) };
      // Cards settle synchronously; 'processing' is Stripe's word for "accepted, settling".
      if (res.body.status === 'succeeded' || res.body.status === 'processing') {
        return { ok: true, chargeId: res.body.id };
      }
      return { ok: false, message: cardMessage(res.body.last_payment_error) };
    },
  };
}

/**
 * Checks a webhook's `Stripe-Signature` header (`t=<unix seconds>,v1=<hex>[,v1=...]`): some v1 must be
 * the HMAC-SHA256 of `${t}.${payload}` under the endpoint secret, and t must be within the tolerance.
 * `payload` is the raw request body exactly as received.
 */
export function verifyStripeWebhook(
  payload: string | Buffer,
  header: string | undefined,
  secret: string,
  toleranceSeconds = 300,
  now = Date.now(),
): boolean {
  if (!header || !secret) return false;
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1') signatures.push(value);
  }
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload)
    .digest();
  return signatures.some((sig) => {
    const given = Buffer.from(sig, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
