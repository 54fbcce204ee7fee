// The texts of /account/audit (issue 50), shared with its Playwright journey.

export const MSG_AUDIT_INTRO =
  'Every change to your team, roles, regions, invitations, API keys, webhooks, card, two-factor settings and ownership, and every look at your account by our support staff: who, when and from where.';
export const MSG_AUDIT_EMPTY = 'No entries match these filters.';
