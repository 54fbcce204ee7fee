// Score alerts (issue 48): a program's rule ("under X %, or more than Y points under the location's
// trailing average of its last N shops"), checked when a shop is approved by a subscriber of the event
// log's `evaluation.approved`; at most one alert per shop (unique evaluation id), told to the location's
// managers and the account's owner by e-mail (preference "Score alerts") and to the account's webhook
// endpoints as `score.alert` (the `score.alerted` event), and shown on the dashboard until acknowledged.
import { and, desc, eq, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  alertOf,
  formatDateUs,
  MAX_TRAILING_SHOPS,
  MSG_ALERT_BELOW,
  MSG_ALERT_DROP,
  MSG_ALERT_NOT_FOUND,
  MSG_ALERT_TRAILING,
  SCORE_ALERT_REASON_LABELS,
  type ScoreAlertReason,
  type StoredDomainEvent,
} from '../../domain/index.js';
import { EvaluationStatus, percentage } from '../../evaluation/index.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import {
  accountMembers,
  actionPlans,
  evaluations,
  locations,
  questionnaires,
  scoreAlertRules,
  scoreAlerts,
  userQuestionnaires,
  users,
} from '../db/schema.js';
import { renderScoreAlert } from '../email/index.js';
import { AppError, notAuthorized, notLoggedIn, parseInput } from '../errors.js';
import { recordEvent } from '../events/index.js';
import { type BackgroundMailDeps, backgroundNotifyDeps, notifyCustomer } from '../notifications/notify.js';
import { type Caller, locationScopeOf, managersOfLocation, teamRoleOf } from '../team/index.js';

export const alertNotFound = () => new AppError('NOT_FOUND', MSG_ALERT_NOT_FOUND);

// ---------------------------------------------------------------- the rule

export type ScoreAlertRuleView = {
  programId: string;
  belowPercent: number | null;
  dropPoints: number | null;
  trailingShops: number;
  /** No rule saved: no alerts. */
  isSet: boolean;
};

/** The owner or an admin of the account whose program `uqid` is; platform admins for any. */
async function programForSettings(db: Db, c: Caller, uqid: string) {
  if (!c.person || !c.user) throw notLoggedIn();
  const [program] = await db
    .select({ id: userQuestionnaires.id, accountId: userQuestionnaires.uid })
    .from(userQuestionnaires)
    .where(eq(userQuestionnaires.id, uqid))
    .limit(1);
  const role = teamRoleOf(c);
  const maySet = c.person.admin || (role !== null && role !== 'manager' && program?.accountId === c.user.id);
  if (!program || !maySet) throw notAuthorized();
  return program;
}

async function ruleOf(db: Db, uqid: string): Promise<ScoreAlertRuleView> {
  const [row] = await db.select().from(scoreAlertRules).where(eq(scoreAlertRules.uqid, uqid)).limit(1);
  return row
    ? {
        programId: uqid,
        belowPercent: row.belowPercent,
        dropPoints: row.dropPoints,
        trailingShops: row.trailingShops,
        isSet: row.belowPercent !== null || row.dropPoints !== null,
      }
    : { programId: uqid, belowPercent: null, dropPoints: null, trailingShops: 5, isSet: false };
}

/** A program's alert rule, for its owner and admins. */
export async function readScoreAlertRule(db: Db, c: Caller, uqid: string): Promise<ScoreAlertRuleView> {
  await programForSettings(db, c, uqid);
  return ruleOf(db, uqid);
}

const whole = (msg: string, max: number) => z.number({ message: msg }).int(msg).min(1, msg).max(max, msg);

const ZRuleInput = z.object({
  programId: z.string().min(1).max(64),
  belowPercent: whole(MSG_ALERT_BELOW, 100).nullable(),
  dropPoints: whole(MSG_ALERT_DROP, 100).nullable(),
  trailingShops: whole(MSG_ALERT_TRAILING, MAX_TRAILING_SHOPS),
});

/** Sets a program's alert rule (both parts empty: no alerts). Checked before anything is written. */
export async function saveScoreAlertRule(db: Db, c: Caller, input: unknown): Promise<ScoreAlertRuleView> {
  const r = parseInput(ZRuleInput, input);
  await programForSettings(db, c, r.programId);
  const values = {
    belowPercent: r.belowPercent,
    dropPoints: r.dropPoints,
    trailingShops: r.trailingShops,
    updatedAt: new Date(),
    updatedBy: c.person!.id,
  };
  await db
    .insert(scoreAlertRules)
    .values({ uqid: r.programId, ...values })
    .onConflictDoUpdate({ target: scoreAlertRules.uqid, set: values });
  return ruleOf(db, r.programId);
}

// ---------------------------------------------------------------- at approval (the subscriber)

/** The account's owner (the account's login when it has no team yet). */
async function ownersOf(tx: Db, accountId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: accountMembers.userId })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        eq(accountMembers.role, 'owner'),
        isNull(accountMembers.removedAt),
      ),
    );
  return rows.length ? rows.map((r) => r.userId) : [accountId];
}

/**
 * Checks an approved shop against its program's rule and raises its alert (once: the alert's unique
 * evaluation id), with its event and e-mails, in `tx` (the subscriber's transaction). Returns the
 * alert's id, or null when the shop raises none.
 */
export async function alertAfterApproval(
  tx: Db,
  event: StoredDomainEvent & { type: 'evaluation.approved' },
  mail: BackgroundMailDeps,
): Promise<string | null> {
  const e = event.payload;
  if (!event.accountId || !e.programId || !e.locationId || e.percentage === null) return null;
  const [rule] = await tx
    .select()
    .from(scoreAlertRules)
    .where(eq(scoreAlertRules.uqid, e.programId))
    .limit(1);
  if (!rule || (rule.belowPercent === null && rule.dropPoints === null)) return null;
  // The location's previous approved shops on the program (approved before this one), newest first.
  const previous = await tx
    .select({ score: evaluations.score, possibleScore: evaluations.possibleScore })
    .from(evaluations)
    .where(
      and(
        eq(evaluations.locationId, e.locationId),
        eq(evaluations.uqid, e.programId),
        eq(evaluations.status, EvaluationStatus.Approved),
        eq(evaluations.isSurvey, false),
        ne(evaluations.id, e.evaluationId),
        lt(evaluations.approvedAt, event.at),
      ),
    )
    .orderBy(desc(evaluations.shopDate), desc(evaluations.approvedAt))
    .limit(rule.trailingShops);
  const found = alertOf(
    rule,
    e.percentage,
    previous.map((p) => percentage(p.score ?? 0, p.possibleScore ?? 0)),
  );
  if (!found) return null;
  const [plan] = await tx
    .select({ id: actionPlans.id })
    .from(actionPlans)
    .where(eq(actionPlans.evaluationId, e.evaluationId))
    .limit(1);
  const [alert] = await tx
    .insert(scoreAlerts)
    .values({
      id: newId(),
      accountId: event.accountId,
      evaluationId: e.evaluationId,
      uqid: e.programId,
      locationId: e.locationId,
      reason: found.reason,
      percentage: e.percentage,
      trailingAverage: found.trailingAverage,
      belowPercent: rule.belowPercent,
      dropPoints: rule.dropPoints,
      trailingShops: rule.trailingShops,
      shopDate: e.shopDate,
      actionPlanId: plan?.id ?? null,
      createdAt: event.at,
    })
    .onConflictDoNothing()
    .returning();
  if (!alert) return null;
  await recordEvent(tx, {
    type: 'score.alerted',
    accountId: event.accountId,
    at: event.at,
    payload: {
      alertId: alert.id,
      evaluationId: e.evaluationId,
      programId: e.programId,
      programName: e.programName,
      locationId: e.locationId,
      locationName: e.locationName,
      shopDate: e.shopDate,
      percentage: e.percentage,
      trailingAverage: found.trailingAverage,
      reason: found.reason,
      belowPercent: rule.belowPercent,
      dropPoints: rule.dropPoints,
      trailingShops: rule.trailingShops,
      actionPlanId: alert.actionPlanId,
      reportUrl: e.reportUrl,
      alertedAt: event.at.toISOString(),
    },
  });
  const deps = await backgroundNotifyDeps(tx, event.accountId, mail);
  const told = new Set([
    ...(await managersOfLocation(tx, event.accountId, e.locationId)),
    ...(await ownersOf(tx, event.accountId)),
  ]);
  const pct = (n: number) => `${Math.round(n)}%`;
  for (const userId of told)
    await notifyCustomer(tx, deps, {
      userId,
      kind: 'score-alert',
      facts: { alertId: alert.id },
      key: `score-alert:${alert.id}:${userId}`,
      render: (links) =>
        renderScoreAlert({
          brand: deps.brand,
          programName: e.programName,
          locationName: e.locationName,
          score: pct(e.percentage!),
          trailingAverage: found.trailingAverage === null ? null : pct(found.trailingAverage),
          reason: SCORE_ALERT_REASON_LABELS[found.reason],
          shopDate: e.shopDate ? formatDateUs(e.shopDate) : '',
          url: `${deps.origin}/account/dashboard#score-alerts`,
          ...links,
        }),
    });
  return alert.id;
}

// ---------------------------------------------------------------- reading and acknowledging

export type ScoreAlertView = {
  id: string;
  evaluationId: string;
  programId: string;
  programName: string;
  locationId: string | null;
  locationName: string;
  shopDate: string | null;
  percentage: number;
  trailingAverage: number | null;
  reason: ScoreAlertReason;
  belowPercent: number | null;
  dropPoints: number | null;
  trailingShops: number;
  actionPlanId: string | null;
  createdAt: Date;
  acknowledgedAt: Date | null;
  acknowledgedBy: string | null;
};

const programName = sql<string>`coalesce((select ${questionnaires.title} from ${userQuestionnaires}
  join ${questionnaires} on ${questionnaires.id} = ${userQuestionnaires.qid}
  where ${userQuestionnaires.id} = ${scoreAlerts.uqid}), 'Unknown Program')`;

const viewColumns = {
  id: scoreAlerts.id,
  evaluationId: scoreAlerts.evaluationId,
  programId: scoreAlerts.uqid,
  programName,
  locationId: scoreAlerts.locationId,
  locationName: sql<string>`coalesce(${locations.name}, '')`,
  shopDate: scoreAlerts.shopDate,
  percentage: scoreAlerts.percentage,
  trailingAverage: scoreAlerts.trailingAverage,
  reason: scoreAlerts.reason,
  belowPercent: scoreAlerts.belowPercent,
  dropPoints: scoreAlerts.dropPoints,
  trailingShops: scoreAlerts.trailingShops,
  // The plan the program's trigger made for the shop: the trigger is another subscriber of the same
  // event and may run after this one, so the alert finds it when read, not only when raised.
  actionPlanId: sql<string | null>`coalesce(${scoreAlerts.actionPlanId}, (select ${actionPlans.id}
    from ${actionPlans} where ${actionPlans.evaluationId} = ${scoreAlerts.evaluationId}
    order by ${actionPlans.createdAt} limit 1))`,
  createdAt: scoreAlerts.createdAt,
  acknowledgedAt: scoreAlerts.acknowledgedAt,
  acknowledgedBy: sql<string | null>`(select trim(${users.firstName} || ' ' || ${users.lastName})
    from ${users} where ${users.id} = ${scoreAlerts.acknowledgedBy})`,
};

/** The alerts' conditions for the caller: their account, and a manager's locations only. */
async function scopeConditions(db: Db, c: Caller): Promise<SQL[]> {
  const scope = await locationScopeOf(db, c);
  const where: SQL[] = [eq(scoreAlerts.accountId, c.user!.id)];
  if (scope) where.push(scope.length ? inArray(scoreAlerts.locationId, scope) : sql`false`);
  return where;
}

/** The caller's alerts (a manager's: of their locations), newest first; acknowledged ones on request. */
export async function listScoreAlerts(
  db: Db,
  c: Caller,
  opts: { includeAcknowledged?: boolean; limit?: number } = {},
): Promise<ScoreAlertView[]> {
  if (!c.person || !c.user) throw notLoggedIn();
  const where = await scopeConditions(db, c);
  if (!opts.includeAcknowledged) where.push(isNull(scoreAlerts.acknowledgedAt));
  return (await db
    .select(viewColumns)
    .from(scoreAlerts)
    .leftJoin(locations, eq(locations.id, scoreAlerts.locationId))
    .where(and(...where))
    .orderBy(desc(scoreAlerts.createdAt), desc(scoreAlerts.id))
    .limit(Math.min(Math.max(opts.limit ?? 20, 1), 100))) as ScoreAlertView[];
}

/**
 * Marks an alert seen, by anyone who sees it (the owner and admins of the account, a manager of its
 * location, platform admins acting for the account). Repeating it keeps the first acknowledgement.
 */
export async function acknowledgeScoreAlert(
  db: Db,
  c: Caller,
  alertId: string,
  now: Date,
): Promise<ScoreAlertView> {
  if (!c.person || !c.user) throw notLoggedIn();
  return inTransaction(db, async (tx) => {
    const where = await scopeConditions(tx, c);
    const [seen] = await tx
      .select({ id: scoreAlerts.id })
      .from(scoreAlerts)
      .where(and(eq(scoreAlerts.id, alertId), ...where))
      .for('update');
    if (!seen) {
      // Another account's alert, or outside a manager's reach: as if it did not exist for them.
      const [exists] = await tx
        .select({ id: scoreAlerts.id })
        .from(scoreAlerts)
        .where(eq(scoreAlerts.id, alertId));
      throw exists ? notAuthorized() : alertNotFound();
    }
    await tx
      .update(scoreAlerts)
      .set({ acknowledgedAt: now, acknowledgedBy: c.person!.id })
      .where(and(eq(scoreAlerts.id, alertId), isNull(scoreAlerts.acknowledgedAt)));
    const [view] = await tx
      .select(viewColumns)
      .from(scoreAlerts)
      .leftJoin(locations, eq(locations.id, scoreAlerts.locationId))
      .where(eq(scoreAlerts.id, alertId));
    return view as ScoreAlertView;
  });
}
