// The score alert e-mail (issue 48): a location's approved shop tripped its program's alert rule. To
// the location's managers and the account's owner; the preference "Score alerts" turns it off.
import type { EmailBrand } from './email-brand.js';
import { type NoticeLinks, renderNotice } from './shop-notifications.js';

export type ScoreAlertContent = {
  brand: EmailBrand;
  programName: string;
  locationName: string;
  /** The shop's score, e.g. "62%". */
  score: string;
  /** The location's trailing average before it, e.g. "88%", or null for none. */
  trailingAverage: string | null;
  /** Why, in words (SCORE_ALERT_REASON_LABELS). */
  reason: string;
  /** MM/DD/YYYY, or empty. */
  shopDate: string;
  /** The dashboard, where the alert is acknowledged. */
  url: string;
} & NoticeLinks;

export function renderScoreAlert(c: ScoreAlertContent) {
  const line = `The ${c.programName} shop at ${c.locationName} scored ${c.score}${
    c.trailingAverage ? ` against a recent average of ${c.trailingAverage}` : ''
  }.`;
  return renderNotice(
    {
      subject: `Score alert: ${c.locationName} scored ${c.score}`,
      preview: line,
      lines: [line, `${c.reason}.`],
      rows: [
        { label: 'Program', value: c.programName },
        { label: 'Location', value: c.locationName },
        { label: 'Score', value: c.score },
        ...(c.trailingAverage ? [{ label: 'Recent average', value: c.trailingAverage }] : []),
        ...(c.shopDate ? [{ label: 'Shop date', value: c.shopDate }] : []),
      ],
      action: { label: 'View the alert', url: c.url },
    },
    c,
  );
}
