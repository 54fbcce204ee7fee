import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { PaymentsAdapter } from '../adapters/payments.js';
import { type AuditActor, cardSavedEntry, recordAudit } from '../audit/index.js';
import { retryUnpaidInvoicesSoon } from '../billing/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { type PaymentCard, users } from '../db/schema.js';
import { parseInput } from '../errors.js';

const ZCardToken = z.object({
  stripeToken: z
    .string({ error: 'A card is required.' })
    .trim()
    .min(1, { error: 'A card is required.' })
    .max(255, { error: 'The card could not be read. Please enter it again.' }),
});

/**
 * saveDefaultCard: the card token from the card entry is attached to the caller's payment-provider
 * customer (created on first use) and becomes the card on file that recurring billing charges; unpaid
 * recurring invoices become due again so the new card pays them at the next run.
 */
export async function saveDefaultCard(
  db: Db,
  opts: { user: UserRow; payments: PaymentsAdapter; stripeToken: unknown; actor?: AuditActor },
): Promise<PaymentCard> {
  const { stripeToken } = parseInput(ZCardToken, { stripeToken: opts.stripeToken });
  return inTransaction(db, async (tx) => {
    const customerId =
      opts.user.paymentCustomerId ??
      (await opts.payments.createCustomer(tx, {
        email: opts.user.email,
        name: `${opts.user.firstName} ${opts.user.lastName}`.trim(),
      }));
    const card = await opts.payments.attachCard(tx, { customerId, cardToken: stripeToken });
    await tx
      .update(users)
      .set({ paymentCustomerId: customerId, paymentCard: card, updatedAt: new Date() })
      .where(eq(users.id, opts.user.id));
    // Invoices that failed on the old card are charged again at the next billing run.
    await retryUnpaidInvoicesSoon(tx, opts.user.id, new Date());
    await recordAudit(
      tx,
      opts.actor ?? { person: opts.user },
      cardSavedEntry(opts.user.id, opts.user.paymentCard ?? null, card),
    );
    return card;
  });
}
