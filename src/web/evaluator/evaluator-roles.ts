import type { CurrentUser } from '../app/session';

// Evaluation roles on users (admin-and-evaluation 6): shoppers fill in visits; employees, proofers
// and admins review them. The server enforces the same rules (src/server/fieldwork/roles.ts).

export const isShopper = (user: Pick<CurrentUser, 'roles'> | null): boolean =>
  !!user?.roles.includes('shopper');

export const isStaff = (user: Pick<CurrentUser, 'admin' | 'roles'> | null): boolean =>
  !!user && (user.admin || user.roles.includes('employee') || user.roles.includes('proofer'));

/** Admins and QA staff with the scheduler role run the scheduler's desk (issue 47). */
export const isScheduler = (user: Partial<Pick<CurrentUser, 'admin' | 'scheduler'>> | null): boolean =>
  !!user && (!!user.admin || !!user.scheduler);
