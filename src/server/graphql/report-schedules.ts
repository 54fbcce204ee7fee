import {
  type ReportScheduleView,
  reportScheduleOf,
  type ScheduleMember,
  saveReportSchedule,
} from '../report-emails/index.js';
import { builder } from './builder.js';
import { TeamRoleEnum } from './enums.js';

// Scheduled report e-mails (issue 48): the owner reads and sets the account's schedule. Recipients are
// chosen among the team (checked on the server); each gets the Performance Summary in their own scope.

const ScheduleMemberType = builder
  .objectRef<ScheduleMember & { unsubscribed?: boolean }>('ReportRecipient')
  .implement({
    description: 'A member of the team who may get, or gets, the scheduled report.',
    fields: (t) => ({
      userId: t.exposeString('userId'),
      email: t.exposeString('email'),
      name: t.exposeString('name'),
      role: t.field({ type: TeamRoleEnum, resolve: (m) => m.role }),
      unsubscribed: t.boolean({
        description: 'They followed the e-mail’s unsubscribe link: they get no more until they ask again.',
        resolve: (m) => m.unsubscribed ?? false,
      }),
    }),
  });

const ReportScheduleType = builder.objectRef<ReportScheduleView>('ReportSchedule').implement({
  description: "The account's scheduled Performance Summary e-mail.",
  fields: (t) => ({
    frequency: t.string({
      nullable: true,
      description:
        "'weekly' (Mondays, the week before) or 'monthly' (first business day, the month before); null: off.",
      resolve: (s) => s.frequency,
    }),
    paper: t.string({ description: "'a4' or 'letter'.", resolve: (s) => s.paper }),
    recipients: t.field({ type: [ScheduleMemberType], resolve: (s) => s.recipients }),
    members: t.field({
      type: [ScheduleMemberType],
      description: 'The team members recipients are chosen from.',
      resolve: (s) => s.members,
    }),
    nextSendDay: t.string({
      nullable: true,
      description: 'YYYY-MM-DD (UTC).',
      resolve: (s) => s.nextSendDay,
    }),
  }),
});

builder.queryFields((t) => ({
  reportSchedule: t.field({
    type: ReportScheduleType,
    description: "The account's scheduled report e-mail (the owner).",
    authScopes: { loggedIn: true },
    resolve: (_r, _a, ctx) => reportScheduleOf(ctx.db, ctx, new Date()),
  }),
}));

builder.mutationFields((t) => ({
  saveReportSchedule: t.field({
    type: ReportScheduleType,
    description:
      "Sets the account's scheduled report (the owner): frequency 'weekly' or 'monthly' (null turns it off), paper 'a4' or 'letter', and recipients among the team.",
    authScopes: { loggedIn: true },
    args: {
      frequency: t.arg.string(),
      paper: t.arg.string(),
      recipientIds: t.arg.stringList({ required: true }),
    },
    resolve: (_r, a, ctx) =>
      saveReportSchedule(
        ctx.db,
        ctx,
        { frequency: a.frequency ?? null, paper: a.paper, recipientIds: a.recipientIds },
        new Date(),
      ),
  }),
}));
