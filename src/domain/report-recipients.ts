// Who is told that a shop's report is ready, and by which link (fieldwork approval).
import { parseEmailList } from './schemas/additional-emails';

export interface ReportAudience {
  /** The order's account, or null for an order placed as a guest. */
  customer: { email: string; receiveShopComplete: boolean } | null;
  /** A guest order's e-mail and report addresses (comma-separated); unused for an account's order. */
  guestEmail: string | null;
  guestAdditionalEmails: string;
  /** The location's 'Emails to Receive Reports for this Location' (comma-separated). */
  locationAdditionalEmails: string;
  /** Addresses that followed a report e-mail's unsubscribe link (lower-cased): they get no shared link. */
  unsubscribed?: readonly string[];
}

export interface ReportRecipient {
  /** Lower-cased; each address once. */
  to: string;
  /** True: the report's shared link (no login); false: the customer's account link. */
  shared: boolean;
}

/**
 * The customer, if their 'shop complete' preference allows, by the account's link, with the location's
 * report addresses by the shared link (they have no login; the preference covers them too). For a guest
 * order: the guest, their report addresses and the location's, all by the shared link.
 */
export function reportRecipients(audience: ReportAudience): ReportRecipient[] {
  const { customer } = audience;
  if (customer && !customer.receiveShopComplete) return [];
  const shared = [
    ...(customer ? [] : [audience.guestEmail ?? '', ...parseEmailList(audience.guestAdditionalEmails)]),
    ...parseEmailList(audience.locationAdditionalEmails),
  ];
  const candidates = [
    ...(customer ? [{ to: customer.email, shared: false }] : []),
    ...shared.map((to) => ({ to, shared: true })),
  ];
  const byAddress = new Map<string, ReportRecipient>();
  for (const c of candidates) {
    const to = c.to.trim().toLowerCase();
    if (!to || byAddress.has(to)) continue;
    if (c.shared && audience.unsubscribed?.includes(to)) continue;
    byAddress.set(to, { to, shared: c.shared });
  }
  return [...byAddress.values()];
}
