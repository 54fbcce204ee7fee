// Fieldwork e-mails: 'report ready' when an evaluation is approved (to whom: reportRecipients in
// src/domain), and 'corrections needed' to the shopper.
import type { MailMessage } from '../adapters/mail.js';
import { hmac, safeEqual } from '../auth/tokens.js';

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
  `${origin}/reports/shop/${evaluationId}?key=${shopReportKey(secret, evaluationId)}`;

export function reportReadyEmail(
  to: string,
  f: {
    brandName: string;
    /** reportUrl for the customer, sharedReportUrl for anyone else. */
    url: string;
    programName: string;
    locationName: string;
    percentage: number;
  },
): MailMessage {
  return {
    to,
    kind: 'report-ready',
    subject: `Your ${f.programName} report for ${f.locationName} is ready`,
    text: [
      'Hello,',
      '',
      `The ${f.programName} report for ${f.locationName} has passed quality assurance and is ready to read.`,
      `Overall score: ${f.percentage}%`,
      '',
      `Read the report: ${f.url}`,
      '',
      `${f.brandName}`,
    ].join('\n'),
  };
}

export function correctionsNeededEmail(
  to: string,
  f: {
    brandName: string;
    origin: string;
    evaluationId: string;
    programName: string;
    locationName: string;
    comment: string;
  },
): MailMessage {
  return {
    to,
    kind: 'evaluation-rejected',
    subject: `Corrections needed: ${f.programName} at ${f.locationName}`,
    text: [
      'Hello,',
      '',
      `Our quality-assurance team reviewed your ${f.programName} evaluation of ${f.locationName} and needs a few corrections.`,
      '',
      `Reviewer's note: ${f.comment}`,
      '',
      `Open the evaluation: ${f.origin}/evaluator/evaluations/${f.evaluationId}`,
      '',
      `${f.brandName}`,
    ].join('\n'),
  };
}
