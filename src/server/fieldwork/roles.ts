import type { UserRow } from '../context.js';
import { notAuthorized, notLoggedIn } from '../errors.js';

/** Evaluation roles on users (admin-and-evaluation 6): shopper, employee, proofer. Admins act as staff. */
export const ROLES = {
  shopper: 'shopper',
  employee: 'employee',
  proofer: 'proofer',
  /** QA staff who run the fieldwork (issue 47): the scheduler's desk, assignment, extensions. */
  scheduler: 'scheduler',
} as const;

export const isStaff = (user: UserRow | null): boolean =>
  !!user && (user.admin || user.roles.includes(ROLES.employee) || user.roles.includes(ROLES.proofer));

export const isShopper = (user: UserRow | null): boolean => !!user && user.roles.includes(ROLES.shopper);

/** The caller, who must be a shopper (the evaluator app's field work). */
export function requireShopper(user: UserRow | null): UserRow {
  if (!user) throw notLoggedIn();
  if (!isShopper(user)) throw notAuthorized();
  return user;
}

/** The caller, who must be QA staff: an employee, a proofer or an admin. */
export function requireStaff(user: UserRow | null): UserRow {
  if (!user) throw notLoggedIn();
  if (!isStaff(user)) throw notAuthorized();
  return user;
}

/** The engine's evaluation role of a staff member: proofers (and admins) proof, employees are employees. */
export const staffRole = (user: UserRow): 'proofer' | 'employee' =>
  user.roles.includes(ROLES.proofer) || user.admin ? 'proofer' : 'employee';

/** Admins and users with the scheduler role run the scheduler's desk (issue 47). */
export const isScheduler = (user: UserRow | null): boolean =>
  !!user && (user.admin || user.roles.includes(ROLES.scheduler));

/** The caller, who must be a scheduler or an admin. */
export function requireScheduler(user: UserRow | null): UserRow {
  if (!user) throw notLoggedIn();
  if (!isScheduler(user)) throw notAuthorized();
  return user;
}
