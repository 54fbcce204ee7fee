// Who hears of an action plan's events, by e-mail written to the outbox in the event's transaction
// (delivered by the job queue). Logins by their preference "Action plans"; a location's report
// addresses (no login) through the plan's signed link, unless they unsubscribed from action plans.
//
// - created, due tomorrow, returned, resolved: the location's managers (else the account's owner and
//   admins, so that someone acts), and the location's report addresses;
// - overdue: the location's managers, the owner and admins, and the report addresses;
// - submitted: the owner and admins, who review.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { formatDateUs } from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { accountMembers } from '../db/schema.js';
import { type ActionPlanEvent, renderActionPlan } from '../email/index.js';
import { type NotifyDeps, notifyCustomer } from '../notifications/notify.js';
import { suppressedAmong, unsubscribeLink } from '../notifications/unsubscribe.js';
import { managersOfLocation } from '../team/index.js';
import { type PlanRow, planLinkUrl, planUrl } from './plan-links.js';

/** What sending a plan's e-mails needs: the brand they wear, the site's origin and the app secret. */
export type PlanNotice = NotifyDeps;

/** The account's owner and admins (the account's login when it has no team yet). */
export async function reviewersOf(tx: Db, accountId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: accountMembers.userId })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        inArray(accountMembers.role, ['owner', 'admin']),
        isNull(accountMembers.removedAt),
      ),
    );
  return rows.length ? [...new Set(rows.map((r) => r.userId))] : [accountId];
}

export async function tellPlan(
  tx: Db,
  deps: PlanNotice,
  e: {
    plan: PlanRow;
    event: ActionPlanEvent;
    note?: string;
    programName: string;
    locationName: string;
    reportAddresses: string[];
  },
) {
  const { plan } = e;
  const managers = await managersOfLocation(tx, plan.accountId, plan.locationId);
  const reviewers = e.event === 'submitted' || e.event === 'overdue' || !managers.length;
  const logins = new Set([
    ...(e.event === 'submitted' ? [] : managers),
    ...(reviewers ? await reviewersOf(tx, plan.accountId) : []),
  ]);
  const content = {
    brand: deps.brand,
    event: e.event,
    programName: e.programName,
    locationName: e.locationName,
    score: `${Math.round(plan.percentage)}%`,
    dueDate: formatDateUs(plan.dueDate),
    ...(e.note ? { note: e.note } : {}),
  };
  for (const userId of logins)
    await notifyCustomer(tx, deps, {
      userId,
      kind: 'action-plan',
      facts: { planId: plan.id, event: e.event },
      render: (links) => renderActionPlan({ ...content, url: planUrl(deps.origin, plan.id), ...links }),
    });
  if (e.event === 'submitted') return;
  const unsubscribed = await suppressedAmong(tx, 'action-plan', e.reportAddresses);
  for (const to of e.reportAddresses.filter((a) => !unsubscribed.includes(a))) {
    const unsubscribe = unsubscribeLink({
      origin: deps.origin,
      secret: deps.secret,
      subject: { email: to, topic: 'action-plan' },
    });
    const message = renderActionPlan({
      ...content,
      url: planLinkUrl(deps.origin, plan.id, deps.secret),
      preferencesUrl: null,
      unsubscribeUrl: unsubscribe.url,
    });
    await deps.mail.send(tx, { to, kind: 'action-plan', ...message, headers: unsubscribe.headers });
  }
}
