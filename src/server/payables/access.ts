import type { UserRow } from '../context.js';
import { notAuthorized, notLoggedIn } from '../errors.js';

/** The caller, who must be a platform admin (payouts are the platform's business, not a customer's). */
export function requireAdmin(user: UserRow | null): UserRow {
  if (!user) throw notLoggedIn();
  if (!user.admin) throw notAuthorized();
  return user;
}
