import { and, desc, eq, ne } from 'drizzle-orm';
import { reportRecipients } from '../../domain/index.js';
import { EvaluationStatus, percentage } from '../../evaluation/index.js';
import type { Db } from '../db/client.js';
import { evaluations, users } from '../db/schema.js';
import type { Subscriber } from '../events/index.js';
import {
  audienceOf,
  type BackgroundMailDeps,
  backgroundNotifyDeps,
  notifyCustomer,
  suppressedAmong,
  unsubscribeLink,
} from '../notifications/index.js';
import { reportReadyEmail, reportUrl, sharedReportUrl } from './emails.js';
import type { EvaluationRow } from './evaluation-store.js';
import { namesOf } from './evaluations.js';
import { onApproval } from './on-approval.js';

/**
 * "Report ready", as a subscriber of evaluation.approved. The account's members who hear of the
 * location (its own login included, by its role and reach), each by their own preferences: the
 * report's e-mail, a digest line with the change since the location's last shop, or nothing. Then the
 * location's report addresses (and a guest order's), by the report's shared link: they have no login,
 * so the account's 'shop complete' preference covers them, and each may unsubscribe from reports. The
 * e-mails wear the customer's brand (a guest's: the default brand), with links to its site.
 */
export function reportReadySubscriber(deps: BackgroundMailDeps): Subscriber {
  return onApproval('report-ready', async (tx, row) => {
    const [client] = row.clientId
      ? await tx.select().from(users).where(eq(users.id, row.clientId)).limit(1)
      : [];
    const names = await namesOf(tx, row);
    const pct = percentage(row.score ?? 0, row.possibleScore ?? 0);
    const notify = await backgroundNotifyDeps(tx, client?.id ?? null, deps);
    const { brand, origin } = notify;
    const audience = client ? await audienceOf(tx, client.id, row.locationId) : [];
    const facts = {
      evaluationId: row.id,
      programName: names.programName,
      locationName: names.locationName,
      percentage: pct,
      previousPercentage: audience.length ? await previousPercentage(tx, row) : null,
    };
    for (const userId of audience) {
      await notifyCustomer(tx, notify, {
        userId,
        kind: 'shop-completed',
        facts,
        key: `shop-completed:${row.id}:${userId}`,
        mailKind: 'report-ready',
        render: (links) => {
          const { kind: _, ...message } = reportReadyEmail({
            ...names,
            brand,
            url: reportUrl(origin, row.id),
            ...links,
            percentage: pct,
          });
          return message;
        },
      });
    }
    const shared = reportRecipients({
      customer: client
        ? { email: client.email, receiveShopComplete: client.emailPreferences.receiveShopComplete }
        : null,
      guestEmail: names.guestEmail,
      guestAdditionalEmails: names.guestProfile?.additionalEmails ?? '',
      locationAdditionalEmails: names.additionalEmails,
    }).filter((r) => r.shared);
    const unsubscribed = await suppressedAmong(
      tx,
      'reports',
      shared.map((r) => r.to),
    );
    for (const { to } of shared.filter((r) => !unsubscribed.includes(r.to))) {
      const unsubscribe = unsubscribeLink({
        origin,
        secret: deps.secret,
        subject: { email: to, topic: 'reports' },
      });
      const message = reportReadyEmail({
        ...names,
        brand,
        url: sharedReportUrl(origin, row.id, deps.secret),
        preferencesUrl: null,
        unsubscribeUrl: unsubscribe.url,
        percentage: pct,
      });
      await deps.mail.send(tx, { to, ...message, headers: unsubscribe.headers });
    }
  });
}

/** The score of the location's previous approved shop on the same program, or null for its first. */
async function previousPercentage(db: Db, row: EvaluationRow): Promise<number | null> {
  if (!row.locationId || !row.uqid) return null;
  const [before] = await db
    .select({ score: evaluations.score, possibleScore: evaluations.possibleScore })
    .from(evaluations)
    .where(
      and(
        eq(evaluations.locationId, row.locationId),
        eq(evaluations.uqid, row.uqid),
        eq(evaluations.status, EvaluationStatus.Approved),
        eq(evaluations.isSurvey, false),
        ne(evaluations.id, row.id),
      ),
    )
    .orderBy(desc(evaluations.approvedAt))
    .limit(1);
  return before ? percentage(before.score ?? 0, before.possibleScore ?? 0) : null;
}
