import { capabilityLink } from '../../domain/index.js';
import { hmac } from '../auth/tokens.js';
import type { actionPlans } from '../db/schema.js';

// A plan's addresses, apart from plans.ts so that notify-plans.ts (which plans.ts calls) needs no
// import of plans.ts: the two made a cycle (issue 44).

export type PlanRow = typeof actionPlans.$inferSelect;

/**
 * The key of a plan's link for the location's report addresses (no login): it opens that plan only,
 * to fill in and submit. Derived from the app secret, so nothing is stored.
 */
export const planLinkKey = (secret: string, planId: string) =>
  hmac(secret, `action-plan|${planId}`).slice(0, 32);

/** The plan's page in the account area. */
export const planUrl = (origin: string, planId: string) => `${origin}/account/action-plans/${planId}`;
/** The plan's page for a report address: the same page, opened by its key. */
export const planLinkUrl = (origin: string, planId: string, secret: string) =>
  capabilityLink(origin, 'sharedActionPlan', { id: planId, key: planLinkKey(secret, planId) });
