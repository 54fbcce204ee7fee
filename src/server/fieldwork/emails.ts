// Fieldwork e-mails: 'report ready' to the customer and the location's report addresses when an
// evaluation is approved (if their preferences allow), and 'corrections needed' to the shopper.
import type { MailMessage } from '../adapters/mail.js';

export const reportUrl = (origin: string, evaluationId: string) =>
  `${origin}/account/reports/shop/${evaluationId}`;

export function reportReadyEmail(
  to: string,
  f: {
    brandName: string;
    origin: string;
    evaluationId: string;
    programName: string;
    locationName: string;
    percentage: number;
  },
): MailMessage {
  const url = reportUrl(f.origin, f.evaluationId);
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
      `Read the report: ${url}`,
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
