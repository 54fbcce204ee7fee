import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_RETENTION_DAYS } from '../../domain/index.js';
import { type AuditEntryView, auditLogCsv, readAuditLog } from '../account-audit/index.js';
import { builder } from './builder.js';

// The audit log (issue 50): read-only. The owner and the team's admins read their account's entries;
// platform admins every account's (account-audit/read-audit-log.ts decides; team-guard.ts keeps
// managers out before anything runs).

const AuditChangeType = builder.objectRef<AuditEntryView['changes'][number]>('AuditChange').implement({
  description: 'One changed field: its value before and after, as text (JSON for lists and objects).',
  fields: (t) => ({
    field: t.exposeString('field'),
    before: t.exposeString('before'),
    after: t.exposeString('after'),
  }),
});

const AuditEntryType = builder.objectRef<AuditEntryView>('AuditEntry').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    at: t.string({ resolve: (e) => e.at.toISOString() }),
    accountId: t.exposeString('accountId', { nullable: true }),
    action: t.exposeString('action'),
    actionLabel: t.exposeString('actionLabel'),
    actorEmail: t.exposeString('actorEmail', { nullable: true }),
    actorRole: t.exposeString('actorRole'),
    actorRoleLabel: t.exposeString('actorRoleLabel'),
    subjectType: t.exposeString('subjectType', { nullable: true }),
    subjectLabel: t.exposeString('subjectLabel', { nullable: true }),
    changes: t.field({ type: [AuditChangeType], resolve: (e) => e.changes }),
    ip: t.exposeString('ip', { nullable: true }),
    userAgent: t.exposeString('userAgent', { nullable: true }),
  }),
});

type AuditPage = Awaited<ReturnType<typeof readAuditLog>>;
const AuditLogPageType = builder.objectRef<AuditPage>('AuditLogPage').implement({
  fields: (t) => ({
    entries: t.field({ type: [AuditEntryType], resolve: (p) => p.entries }),
    total: t.exposeInt('total'),
    page: t.exposeInt('page'),
    pageSize: t.exposeInt('pageSize'),
    retentionDays: t.int({ resolve: () => AUDIT_RETENTION_DAYS }),
  }),
});

const AuditActionType = builder
  .objectRef<{ value: string; label: string }>('AuditActionOption')
  .implement({ fields: (t) => ({ value: t.exposeString('value'), label: t.exposeString('label') }) });

const AuditFilterInput = builder.inputType('AuditFilter', {
  fields: (t) => ({
    actor: t.string({ description: "Part of the acting login's e-mail." }),
    action: t.string({ description: 'One action (auditActions).' }),
    from: t.string({ description: 'From this day (UTC, YYYY-MM-DD), inclusive.' }),
    to: t.string({ description: 'To this day (UTC, YYYY-MM-DD), inclusive.' }),
    accountId: t.string({
      description: "Platform admins: one customer account's entries ('' for those of no account).",
    }),
  }),
});

builder.queryFields((t) => ({
  auditLog: t.field({
    type: AuditLogPageType,
    description:
      "The account's audit log, newest first (the owner and the team's admins; platform admins every account's).",
    authScopes: { loggedIn: true },
    args: {
      filter: t.arg({ type: AuditFilterInput }),
      page: t.arg.int({ description: 'From 1.' }),
      pageSize: t.arg.int({ description: 'At most 100; 25 when absent.' }),
    },
    resolve: (_r, a, ctx) =>
      readAuditLog(ctx.db, ctx, { filter: a.filter, page: a.page, pageSize: a.pageSize }),
  }),
  auditLogCsv: t.string({
    description: 'The audit log as CSV for the same filter (at most 20,000 entries, newest first).',
    authScopes: { loggedIn: true },
    args: { filter: t.arg({ type: AuditFilterInput }) },
    resolve: (_r, a, ctx) => auditLogCsv(ctx.db, ctx, a.filter),
  }),
  auditActions: t.field({
    type: [AuditActionType],
    description: 'The actions the log records, for its filter.',
    resolve: () => AUDIT_ACTION_NAMES.map((value) => ({ value, label: AUDIT_ACTIONS[value] })),
  }),
}));
