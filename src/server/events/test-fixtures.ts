import type { DomainEvent } from '../../domain/index.js';

/** An invoice.paid event of `accountId` (null: no account), as a billing run records it. */
export function invoicePaid(accountId: string | null): DomainEvent & { type: 'invoice.paid' } {
  const at = new Date('2027-03-01T06:30:00Z');
  return {
    type: 'invoice.paid',
    accountId,
    at,
    payload: {
      invoiceId: 'inv1',
      billingMonth: '2027-03',
      amount: 12_500,
      currency: 'usd',
      attempt: 1,
      receiptNumber: 'R-1',
      paidAt: at.toISOString(),
    },
  };
}
