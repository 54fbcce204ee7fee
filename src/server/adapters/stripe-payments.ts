import Stripe from 'stripe';
import { AppError, badInput } from '../errors.js';
import { attachThenCharge, type CardDetails, type ChargeResult, type PaymentsAdapter } from './payments.js';

export type StripeOptions = {
  secretKey: string;
  publishableKey: string;
  /** Stripe's API origin; a local stand-in in tests. */
  apiBase?: string | undefined;
  /** Per-request time limit. */
  timeoutMs?: number;
};

type StripeErrorBody = { type?: string; code?: string; decline_code?: string; message?: string };

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

/** Stripe's errors other than card declines become StripeApiError with the call named. */
function apiError(what: string, err: unknown): StripeApiError {
  const e = err as { statusCode?: number; type?: string; message?: string; raw?: StripeErrorBody };
  return new StripeApiError(
    `Stripe ${what} failed: ${e.statusCode ?? 'no answer'} ${e.type ?? 'error'}: ${e.message ?? String(err)}`,
    e.statusCode ?? null,
    e.raw ?? null,
  );
}

const isCardError = (err: unknown): err is { message?: string; decline_code?: string } =>
  err instanceof Stripe.errors.StripeCardError;

/**
 * Stripe through its official SDK: customers, a default card (PaymentMethod), and an off-session
 * PaymentIntent per charge with an idempotency key. `apiBase` points the SDK at a stand-in in tests.
 */
export function stripePayments(opts: StripeOptions): PaymentsAdapter {
  const base = new URL(opts.apiBase ?? 'https://api.stripe.com');
  const stripe = new Stripe(opts.secretKey, {
    host: base.hostname,
    port: Number(base.port || (base.protocol === 'http:' ? 80 : 443)),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    timeout: opts.timeoutMs ?? 30_000,
    maxNetworkRetries: 2,
    telemetry: false,
  });
  const cardMessage = (error: { message?: string | undefined } | null | undefined) =>
    error?.message || FALLBACK_DECLINE;

  const adapter: Omit<PaymentsAdapter, 'chargeNewCard'> = {
    kind: 'stripe',
    publishableKey: opts.publishableKey,

    async createCustomer(_db, { email, name }) {
      try {
        return (await stripe.customers.create({ email, name })).id;
      } catch (err) {
        throw apiError('POST /v1/customers', err);
      }
    },

    async attachCard(_db, { customerId, cardToken }): Promise<CardDetails> {
      let paymentMethodId = cardToken;
      try {
        if (cardToken.startsWith('tok_')) {
          // A legacy Elements token becomes a PaymentMethod first.
          paymentMethodId = (await stripe.paymentMethods.create({ type: 'card', card: { token: cardToken } }))
            .id;
        } else if (!cardToken.startsWith('pm_')) {
          throw badInput('stripeToken', 'The card could not be read. Please enter it again.');
        }
        // Attaching runs a card check; a decline here is the customer's to fix.
        const attached = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
        await stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: paymentMethodId },
        });
        const card = attached.card;
        return {
          brand: BRAND_NAMES[card?.brand ?? ''] ?? card?.brand ?? 'Card',
          last4: card?.last4 ?? '',
          expireMonth: card?.exp_month ?? 0,
          expireYear: card?.exp_year ?? 0,
        };
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (isCardError(err)) throw new AppError('PAYMENT_FAILED', cardMessage(err));
        throw apiError(`attach ${paymentMethodId}`, err);
      }
    },

    async charge(_db, { customerId, amount, description, idempotencyKey }): Promise<ChargeResult> {
      let paymentMethod: string | null | undefined;
      try {
        const customer = await stripe.customers.retrieve(customerId);
        const settings = 'deleted' in customer && customer.deleted ? null : customer.invoice_settings;
        const pm = settings?.default_payment_method;
        paymentMethod = typeof pm === 'string' ? pm : pm?.id;
      } catch (err) {
        throw apiError(`GET /v1/customers/${customerId}`, err);
      }
      if (!paymentMethod) return { ok: false, message: 'There is no card on file. Please add a card.' };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount,
            currency: 'usd',
            customer: customerId,
            payment_method: paymentMethod,
            // Cards only need no redirect, so Stripe asks for no return_url.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            off_session: true,
            description,
          },
          { idempotencyKey },
        );
        // Cards settle synchronously; 'processing' is Stripe's word for "accepted, settling".
        if (intent.status === 'succeeded' || intent.status === 'processing')
          return { ok: true, chargeId: intent.id };
        return { ok: false, message: cardMessage(intent.last_payment_error) };
      } catch (err) {
        if (isCardError(err)) return { ok: false, message: cardMessage(err) };
        throw apiError('POST /v1/payment_intents', err);
      }
    },
  };
  return { ...adapter, chargeNewCard: attachThenCharge(adapter) };
}
