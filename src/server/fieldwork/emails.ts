// Fieldwork e-mails: 'report ready' when an evaluation is approved (to whom: reportRecipients in
// src/domain), and 'corrections needed' to the shopper.
import { capabilityLink } from '../../domain/index.js';
import type { MailMessage } from '../adapters/mail.js';
import { hmac, safeEqual } from '../auth/tokens.js';
import { type EmailBrand, renderCorrectionsNeeded, renderReportReady } from '../email/index.js';

/** The report in the customer's account (they log in to read it). */
export const reportUrl = (origin: string, evaluationId: string) =>
  `${origin}/account/reports/shop/${evaluationId}`;

/**
 * The key of a report's shared link: whoever holds it reads that one approved report without logging
 * in. For readers without the customer's login: a guest who ordered without an account, and the
 * location's report addresses. Derived from the app secret, so nothing is stored and it never expires.
 */
export const shopReportKey = (secret: string, evaluationId: string) =>
  hmac(secret, `shop-report|${evaluationId}`).slice(0, 32);

export const shopReportKeyMatches = (secret: string, evaluationId: string, key: string) =>
  safeEqual(shopReportKey(secret, evaluationId), key);

export const sharedReportUrl = (origin: string, evaluationId: string, secret: string) =>
  capabilityLink(origin, 'sharedShopReport', { evaluationId, key: shopReportKey(secret, evaluationId) });

/** The 'report ready' message, for any number of recipients who read it through the same link. */
export function reportReadyEmail(f: {
  brand: EmailBrand;
  /** reportUrl for the customer, sharedReportUrl for anyone else. */
  url: string;
  /** The customer's preferences page (their "shop completed" preference sends this); null for anyone else. */
  preferencesUrl: string | null;
  /** The recipient's one-click unsubscribe link. */
  unsubscribeUrl: string | null;
  programName: string;
  locationName: string;
  percentage: number;
}): Omit<MailMessage, 'to'> {
  const rendered = renderReportReady({
    brand: f.brand,
    programName: f.programName,
    locationName: f.locationName,
    percentage: f.percentage,
    url: f.url,
    preferencesUrl: f.preferencesUrl,
    unsubscribeUrl: f.unsubscribeUrl,
  });
  return { kind: 'report-ready', ...rendered };
}

export function correctionsNeededEmail(
  to: string,
  f: {
    brand: EmailBrand;
    origin: string;
    evaluationId: string;
    programName: string;
    locationName: string;
    comment: string;
  },
): MailMessage {
  const rendered = renderCorrectionsNeeded({
    brand: f.brand,
    programName: f.programName,
    locationName: f.locationName,
    comment: f.comment,
    url: `${f.origin}/evaluator/evaluations/${f.evaluationId}`,
  });
  return { to, kind: 'evaluation-rejected', ...rendered };
}
