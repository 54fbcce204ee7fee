// Scheduled report e-mails (issue 48). The owner chooses, per account, weekly or monthly and the
// recipients among the team; each scheduled day a job per recipient renders the Performance Summary in
// that recipient's scope (read when it runs: a manager's regions, a removed member nothing) and records
// the e-mail with the PDF attached, or a signed download link when the PDF is too large.
import { and, asc, eq, isNull, notInArray } from 'drizzle-orm';
import {
  MAX_PDF_ATTACHMENT_BYTES,
  MAX_REPORT_RECIPIENTS,
  MSG_NO_RECIPIENTS,
  MSG_PAPER_SIZE,
  MSG_RECIPIENT_NOT_MEMBER,
  MSG_REPORT_FREQUENCY,
  MSG_TOO_MANY_RECIPIENTS,
  nextReportDay,
  PAPER_SIZES,
  type PaperSize,
  periodLabel,
  REPORT_FREQUENCIES,
  REPORT_LINK_DAYS,
  type ReportFrequency,
  type ReportPeriod,
  reportEmailSubject,
  reportPeriodDue,
  summaryPdfFileName,
  type TeamRole,
} from '../../domain/index.js';
import { type Db, inTransaction } from '../db/client.js';
import { accountMembers, reportScheduleRecipients, reportSchedules, users } from '../db/schema.js';
import { renderScheduledReport } from '../email/index.js';
import { badInput } from '../errors.js';
import { enqueue, type JobData } from '../jobs/index.js';
import {
  type BackgroundMailDeps,
  backgroundNotifyDeps,
  customerBrand,
  unsubscribeLink,
} from '../notifications/index.js';
import { readerScopeOf, reportLinkQuery, summaryPdfFor } from '../report-pdf/index.js';
import { type Caller, requireTeam } from '../team/access.js';

export type ScheduleMember = {
  userId: string;
  email: string;
  name: string;
  role: TeamRole;
};

export type ReportScheduleView = {
  frequency: ReportFrequency | null;
  paper: PaperSize;
  recipients: (ScheduleMember & { unsubscribed: boolean })[];
  /** Who may be chosen: the team's current members (the account's own login among them). */
  members: ScheduleMember[];
  /** The next day (YYYY-MM-DD) the report goes out, when scheduled. */
  nextSendDay: string | null;
};

/** The account's team as recipients may be chosen from: current members and the account's login. */
export async function teamOf(db: Db, accountId: string): Promise<ScheduleMember[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: accountMembers.role,
    })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.accountId, accountId), isNull(accountMembers.removedAt)))
    .orderBy(asc(accountMembers.createdAt), asc(accountMembers.id));
  const members: ScheduleMember[] = rows.map((r) => ({
    userId: r.userId,
    email: r.email,
    name: `${r.firstName} ${r.lastName}`.trim() || r.email,
    role: r.role as TeamRole,
  }));
  if (!members.some((m) => m.userId === accountId)) {
    const [own] = await db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, accountId))
      .limit(1);
    if (own)
      members.unshift({
        userId: accountId,
        email: own.email,
        name: `${own.firstName} ${own.lastName}`.trim() || own.email,
        role: 'owner',
      });
  }
  return members;
}

/** The schedule of the caller's account (its owner: the setting is theirs). */
export async function reportScheduleOf(db: Db, caller: Caller, now: Date): Promise<ReportScheduleView> {
  const account = requireTeam(caller, 'ownership');
  const [schedule] = await db
    .select()
    .from(reportSchedules)
    .where(eq(reportSchedules.accountId, account.id))
    .limit(1);
  const members = await teamOf(db, account.id);
  const chosen = schedule
    ? await db
        .select({
          userId: reportScheduleRecipients.userId,
          unsubscribedAt: reportScheduleRecipients.unsubscribedAt,
        })
        .from(reportScheduleRecipients)
        .where(eq(reportScheduleRecipients.accountId, account.id))
    : [];
  const byId = new Map(members.map((m) => [m.userId, m]));
  return {
    frequency: schedule?.frequency ?? null,
    paper: schedule?.paper ?? 'a4',
    // A recipient removed from the team since drops out of the list (and gets nothing).
    recipients: chosen.flatMap((c) => {
      const m = byId.get(c.userId);
      return m ? [{ ...m, unsubscribed: c.unsubscribedAt !== null }] : [];
    }),
    members,
    nextSendDay: schedule ? nextReportDay(schedule.frequency, now.toISOString().slice(0, 10)) : null,
  };
}

export type ReportScheduleInput = {
  /** Null turns the schedule off. */
  frequency: string | null;
  paper?: string | null;
  recipientIds: string[];
};

/** Sets (or, with no frequency, removes) the account's schedule; validated, then written in one transaction. */
export async function saveReportSchedule(
  db: Db,
  caller: Caller,
  input: ReportScheduleInput,
  now: Date,
): Promise<ReportScheduleView> {
  const account = requireTeam(caller, 'ownership');
  if (input.frequency === null) {
    await db.delete(reportSchedules).where(eq(reportSchedules.accountId, account.id));
    return reportScheduleOf(db, caller, now);
  }
  if (!(REPORT_FREQUENCIES as readonly string[]).includes(input.frequency))
    throw badInput('frequency', MSG_REPORT_FREQUENCY);
  const paper = input.paper ?? 'a4';
  if (!(PAPER_SIZES as readonly string[]).includes(paper)) throw badInput('paper', MSG_PAPER_SIZE);
  const ids = [...new Set(input.recipientIds)];
  if (ids.length === 0) throw badInput('recipientIds', MSG_NO_RECIPIENTS);
  if (ids.length > MAX_REPORT_RECIPIENTS) throw badInput('recipientIds', MSG_TOO_MANY_RECIPIENTS);
  await inTransaction(db, async (tx) => {
    const team = new Set((await teamOf(tx, account.id)).map((m) => m.userId));
    if (ids.some((id) => !team.has(id))) throw badInput('recipientIds', MSG_RECIPIENT_NOT_MEMBER);
    const values = {
      frequency: input.frequency as ReportFrequency,
      paper: paper as PaperSize,
      updatedBy: caller.person?.id ?? null,
      updatedAt: now,
    };
    await tx
      .insert(reportSchedules)
      .values({ accountId: account.id, ...values })
      .onConflictDoUpdate({ target: reportSchedules.accountId, set: values });
    await tx
      .delete(reportScheduleRecipients)
      .where(
        and(
          eq(reportScheduleRecipients.accountId, account.id),
          notInArray(reportScheduleRecipients.userId, ids),
        ),
      );
    // A recipient who unsubscribed stays unsubscribed when the owner saves again (their row keeps it).
    await tx
      .insert(reportScheduleRecipients)
      .values(ids.map((userId) => ({ accountId: account.id, userId })))
      .onConflictDoNothing();
  });
  return reportScheduleOf(db, caller, now);
}

/** The job key of one recipient's report of one period: queued once, whatever reruns. */
export const reportEmailKey = (d: JobData['report-email']) =>
  `report-email:${d.accountId}:${d.userId}:${d.start}:${d.end}`;

/** The 'report-schedules' run of `day`: one 'report-email' job per due schedule's current recipient. */
export async function queueReportEmails(db: Db, day: string): Promise<number> {
  const rows = await db
    .select({
      accountId: reportSchedules.accountId,
      frequency: reportSchedules.frequency,
      userId: reportScheduleRecipients.userId,
    })
    .from(reportSchedules)
    .innerJoin(reportScheduleRecipients, eq(reportScheduleRecipients.accountId, reportSchedules.accountId))
    .where(isNull(reportScheduleRecipients.unsubscribedAt));
  let queued = 0;
  for (const r of rows) {
    const period = reportPeriodDue(r.frequency, day);
    if (!period) continue;
    const data = { accountId: r.accountId, userId: r.userId, ...period, frequency: r.frequency };
    if (await enqueue(db, 'report-email', data, { key: reportEmailKey(data) })) queued++;
  }
  return queued;
}

export type ReportEmailOutcome = 'sent' | 'attached-link' | 'skipped';

/**
 * One recipient's report e-mail. Skipped when the schedule or the recipient is gone, they unsubscribed,
 * or they are no longer on the team. A render that fails throws (ReportRenderError): the job is
 * retried, and no e-mail is recorded without its PDF.
 */
export async function sendReportEmail(
  db: Db,
  deps: BackgroundMailDeps,
  data: JobData['report-email'],
  now: Date,
): Promise<ReportEmailOutcome> {
  const [recipient] = await db
    .select({ email: users.email, unsubscribedAt: reportScheduleRecipients.unsubscribedAt })
    .from(reportScheduleRecipients)
    .innerJoin(reportSchedules, eq(reportSchedules.accountId, reportScheduleRecipients.accountId))
    .innerJoin(users, eq(users.id, reportScheduleRecipients.userId))
    .where(
      and(
        eq(reportScheduleRecipients.accountId, data.accountId),
        eq(reportScheduleRecipients.userId, data.userId),
      ),
    )
    .limit(1);
  if (!recipient || recipient.unsubscribedAt) return 'skipped';
  const reader = await readerScopeOf(db, data.accountId, data.userId);
  if (!reader) return 'skipped';
  const [schedule] = await db
    .select({ paper: reportSchedules.paper })
    .from(reportSchedules)
    .where(eq(reportSchedules.accountId, data.accountId))
    .limit(1);
  const paper = schedule?.paper ?? 'a4';
  const period: ReportPeriod = { start: data.start, end: data.end };
  const notify = await backgroundNotifyDeps(db, data.accountId, deps);
  const brand = await customerBrand(db, data.accountId);
  const { report, bytes } = await summaryPdfFor(
    db,
    { storage: deps.storage, origin: notify.origin, brand },
    { accountId: data.accountId, reader, period, paper, now },
  );
  const tooLarge = bytes.length > MAX_PDF_ATTACHMENT_BYTES;
  const expires = Math.floor(now.getTime() / 1000) + REPORT_LINK_DAYS * 86400;
  const downloadUrl = tooLarge
    ? `${notify.origin}/reports/emailed.pdf?${reportLinkQuery(deps.secret, { accountId: data.accountId, userId: data.userId, period, paper, expires })}`
    : null;
  const unsubscribe = unsubscribeLink({
    origin: notify.origin,
    secret: deps.secret,
    subject: { userId: data.userId, topic: 'scheduled-report' },
  });
  const lowest = [
    ...report.board.needsAttention,
    ...report.board.growthOpportunity,
    ...report.board.strong,
  ].sort((a, b) => a.score - b.score)[0];
  const worst = report.worstQuestions[0];
  const [account] = await db
    .select({ businessName: users.businessName, email: users.email })
    .from(users)
    .where(eq(users.id, data.accountId))
    .limit(1);
  const rendered = renderScheduledReport({
    brand: notify.brand,
    subject: reportEmailSubject(data.frequency, period),
    period: periodLabel(period),
    accountName: account?.businessName.trim() || account?.email || '',
    scoped: report.scoped,
    headline: report.headline,
    lowestLocation: lowest ? { name: lowest.name, percent: lowest.percent } : null,
    worstQuestion: worst ? { prompt: worst.quotedPrompt.slice(1, -1), percent: worst.percent } : null,
    downloadUrl,
    dashboardUrl: `${notify.origin}/account/dashboard`,
    unsubscribeUrl: unsubscribe.url,
  });
  await deps.mail.send(db, {
    to: recipient.email,
    kind: 'scheduled-report',
    ...rendered,
    headers: unsubscribe.headers,
    dedupKey: reportEmailKey(data),
    ...(tooLarge
      ? {}
      : {
          attachments: [
            {
              filename: summaryPdfFileName(period),
              contentType: 'application/pdf',
              content: bytes.toString('base64'),
            },
          ],
        }),
  });
  return tooLarge ? 'attached-link' : 'sent';
}
