import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Db } from '../db/client.js';
import { invoices, paymentEvents } from '../db/schema.js';

type IntentLike = { id: string; last_payment_error?: { message?: string | null } | null };

/** What an event changes here: the invoice charged by that PaymentIntent is paid, or failed. */
async function applyEvent(db: Db, event: Stripe.Event): Promise<void> {
  if (event.type === 'payment_intent.succeeded') {
    const intent = event.data.object as IntentLike;
    await db
      .update(invoices)
      .set({ paid: true, attempted: true, failureMessage: null })
      .where(eq(invoices.paymentChargeId, intent.id));
  } else if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object as IntentLike;
    await db
      .update(invoices)
      .set({
        attempted: true,
        paid: false,
        failureMessage: intent.last_payment_error?.message ?? 'Payment failed.',
      })
      .where(eq(invoices.paymentChargeId, intent.id));
  }
}

/**
 * POST /webhooks/stripe: verifies the Stripe-Signature header over the raw body with the SDK, stores
 * each event once (Stripe delivers at least once) and applies it. Only served when a secret is set.
 */
export async function registerStripeWebhook(
  app: FastifyInstance,
  deps: { db: Db; secret: string | undefined },
) {
  const { db, secret } = deps;
  if (!secret) return;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post('/webhooks/stripe', async (req, reply) => {
      const signature = req.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(req.body as string, String(signature ?? ''), secret);
      } catch {
        return reply.code(400).send({ error: 'Invalid signature.' });
      }
      const inserted = await db
        .insert(paymentEvents)
        .values({ id: event.id, provider: 'stripe', type: event.type, payload: event as unknown as object })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (inserted.length > 0) {
        await applyEvent(db, event);
        await db.update(paymentEvents).set({ processedAt: new Date() }).where(eq(paymentEvents.id, event.id));
      }
      return { received: true };
    });
  });
}
