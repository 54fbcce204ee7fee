import { and, eq } from 'drizzle-orm';
import { actionPlanEvents, actionPlans } from '../db/schema.js';
import type { Subscriber } from '../events/index.js';
import { type BackgroundMailDeps, backgroundNotifyDeps } from '../notifications/index.js';
import { tellPlan } from './notify-plans.js';
import { planNames } from './plans.js';

const TOLD = {
  'plan.created': 'created',
  'plan.submitted': 'submitted',
  'plan.returned': 'returned',
  'plan.resolved': 'resolved',
  'plan.due_soon': 'due-soon',
  'plan.overdue': 'overdue',
} as const;

/**
 * A plan's e-mails, as a subscriber of its events: created, submitted (the owner and admins review
 * it), returned and resolved (with the note the reviewer wrote), and the daily run's reminders (due
 * tomorrow, overdue), to the people notify-plans.ts names. They wear the account's brand, with links
 * to its site.
 */
export function planMailSubscriber(deps: BackgroundMailDeps): Subscriber {
  return {
    name: 'plan-mail',
    events: Object.keys(TOLD) as (keyof typeof TOLD)[],
    async handle(tx, event) {
      if (!(event.type in TOLD)) return;
      const told = TOLD[event.type as keyof typeof TOLD];
      const { actionPlanId } = event.payload as { actionPlanId: string };
      const [plan] = await tx.select().from(actionPlans).where(eq(actionPlans.id, actionPlanId)).limit(1);
      if (!plan) return;
      const [history] = await tx
        .select({ note: actionPlanEvents.note })
        .from(actionPlanEvents)
        .where(
          and(
            eq(actionPlanEvents.planId, plan.id),
            eq(actionPlanEvents.kind, told),
            eq(actionPlanEvents.at, event.at),
          ),
        )
        .limit(1);
      const notice = await backgroundNotifyDeps(tx, plan.accountId, deps);
      const note = history?.note ?? '';
      await tellPlan(tx, notice, {
        plan,
        event: told,
        ...(note ? { note } : {}),
        ...(await planNames(tx, plan)),
      });
    },
  };
}
