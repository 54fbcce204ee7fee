import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AT_RISK_DAYS,
  addDays,
  EARTH_RADIUS_MILES,
  MSG_ASSIGN_REASON,
  SILENT_DAYS,
  VISIT_HISTORY_LABEL,
  type VisitHistoryAction,
} from '../../domain/index.js';
import { EvaluationStatus as S, VisitStatus } from '../../evaluation/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import {
  evaluations,
  locations,
  questionnaireShopperRules,
  shopperProfiles,
  shopperRatings,
  shops,
  users,
  visitHistory,
  visitHolds,
  visits,
} from '../db/schema.js';
import { AppError, badInput } from '../errors.js';
import { recordTransition } from './evaluation-store.js';
import { ROLES, requireScheduler } from './roles.js';
import { checkMayTake } from './take-rules.js';
import { releaseHold } from './visit-history.js';
import { acceptVisit } from './visits.js';

// The scheduler's desk (issue 47): how each program fills per region, the visits at risk, direct and
// bulk assignment to a chosen shopper, and each visit's history. Schedulers (and admins) only; every
// action is in the visit's history.

export const MSG_VISIT_DONE = 'This visit is already submitted or complete; it cannot be reassigned.';
export const MSG_NOT_A_SHOPPER = 'Choose a shopper.';
export const MSG_BULK_LIMIT = 'Choose from 1 to 200 visits.';

/** Days ahead the fill rate looks at. */
export const FILL_WINDOW_DAYS = 14;

export type DeskRow = {
  programId: string;
  programName: string;
  region: string;
  open: number;
  accepted: number;
  submitted: number;
  complete: number;
  late: number;
  /** Of the visits due within FILL_WINDOW_DAYS (or late), the share a shopper holds or has done; null when none. */
  fillRate: number | null;
};

/** The latest evaluation of a visit that is not cancelled or expired (what its shopper is doing). */
const liveEvaluation = sql`(select e.status from ${evaluations} e where e.visit_id = ${visits.id}
  and e.status not in (${S.ShopperCancelled}, ${S.Expired}, ${S.ClientCancelled}) order by e.created_at desc limit 1)`;

/**
 * Per program (the questionnaire) and region (the location's state): open, accepted (held, not yet
 * submitted), submitted (with QA), complete and late visits (past due, not submitted), and the fill
 * rate of the visits due within FILL_WINDOW_DAYS.
 */
export async function schedulerDesk(db: Db, opts: { user: UserRow | null; now: Date }): Promise<DeskRow[]> {
  requireScheduler(opts.user);
  const today = opts.now.toISOString().slice(0, 10);
  const horizon = addDays(today, FILL_WINDOW_DAYS);
  const submittedStatuses = sql.raw([S.Submitted, S.Reviewing, S.Rejected].join(','));
  // Due within the window, or past due and not done.
  const inFillWindow = sql`(${visits.dueDate} between ${today} and ${horizon}
    or ${visits.dueDate} < ${today} and ${visits.status} in (${VisitStatus.Open}, ${VisitStatus.InProgress}))`;
  const rows = await db
    .select({
      programId: shops.qid,
      programName: sql<string>`min(${shops.questionnaireTitle})`,
      region: sql<string>`upper(${locations.state})`,
      open: sql<number>`count(*) filter (where ${visits.status} = ${VisitStatus.Open})`.mapWith(Number),
      accepted:
        sql<number>`count(*) filter (where ${visits.status} = ${VisitStatus.InProgress} and coalesce(${liveEvaluation}, 0) not in (${submittedStatuses}))`.mapWith(
          Number,
        ),
      submitted:
        sql<number>`count(*) filter (where ${visits.status} = ${VisitStatus.InProgress} and ${liveEvaluation} in (${submittedStatuses}))`.mapWith(
          Number,
        ),
      complete: sql<number>`count(*) filter (where ${visits.status} = ${VisitStatus.Delivered})`.mapWith(
        Number,
      ),
      late: sql<number>`count(*) filter (where ${visits.dueDate} < ${today} and ${visits.status} in (${VisitStatus.Open}, ${VisitStatus.InProgress}) and coalesce(${liveEvaluation}, 0) not in (${submittedStatuses}))`.mapWith(
        Number,
      ),
      due: sql<number>`count(*) filter (where ${inFillWindow})`.mapWith(Number),
      filled:
        sql<number>`count(*) filter (where ${inFillWindow} and ${visits.status} in (${VisitStatus.InProgress}, ${VisitStatus.Delivered}))`.mapWith(
          Number,
        ),
    })
    .from(visits)
    .innerJoin(shops, eq(shops.id, visits.shopId))
    .innerJoin(locations, eq(locations.id, visits.locationId))
    .where(and(sql`${visits.status} <> ${VisitStatus.Cancelled}`, eq(shops.status, 'active')))
    .groupBy(shops.qid, sql`upper(${locations.state})`)
    .orderBy(sql`min(${shops.questionnaireTitle})`, sql`upper(${locations.state})`);
  return rows.map(({ due, filled, ...r }) => ({
    ...r,
    fillRate: due ? Math.round((filled / due) * 100) : null,
  }));
}

export type AtRiskVisit = {
  visitId: string;
  programName: string;
  locationName: string;
  city: string;
  state: string;
  dueDate: string;
  /** open | held */
  state_: 'open' | 'held';
  shopperId: string | null;
  shopperName: string | null;
  submitBy: string | null;
  extensionState: string | null;
  why: string;
};

const holder = alias(users, 'holder');

/**
 * Visits at risk, soonest due first: open within AT_RISK_DAYS of their due date (or past it), or held
 * by a shopper who has saved nothing for SILENT_DAYS, or whose extension waits for a decision.
 */
export async function visitsAtRisk(
  db: Db,
  opts: { user: UserRow | null; now: Date; limit?: number },
): Promise<AtRiskVisit[]> {
  requireScheduler(opts.user);
  const today = opts.now.toISOString().slice(0, 10);
  const soon = addDays(today, AT_RISK_DAYS);
  const silentSince = new Date(opts.now.getTime() - SILENT_DAYS * 86_400_000);
  const rows = await db
    .select({
      visitId: visits.id,
      programName: shops.questionnaireTitle,
      locationName: locations.name,
      city: locations.city,
      state: locations.state,
      dueDate: visits.dueDate,
      status: visits.status,
      shopperId: visitHolds.shopperId,
      firstName: holder.firstName,
      lastName: holder.lastName,
      submitBy: visitHolds.submitBy,
      extensionState: visitHolds.extensionState,
      lastSaved: evaluations.updatedAt,
    })
    .from(visits)
    .innerJoin(shops, eq(shops.id, visits.shopId))
    .innerJoin(locations, eq(locations.id, visits.locationId))
    .leftJoin(visitHolds, eq(visitHolds.visitId, visits.id))
    .leftJoin(evaluations, eq(evaluations.id, visitHolds.evaluationId))
    .leftJoin(holder, eq(holder.id, visitHolds.shopperId))
    .where(
      and(
        eq(shops.status, 'active'),
        sql`(
          (${visits.status} = ${VisitStatus.Open} and ${visits.dueDate} <= ${soon})
          or (${visitHolds.visitId} is not null and ${evaluations.status} in (${S.Pending}, ${S.Started}) and (
            ${evaluations.updatedAt} < ${silentSince.toISOString()}
            or ${visitHolds.submitBy} <= ${addDays(today, 1)}
            or ${visitHolds.extensionState} = 'requested'))
        )`,
      ),
    )
    .orderBy(asc(visits.dueDate), asc(visits.id))
    .limit(Math.min(opts.limit ?? 100, 500));
  return rows.map((r) => {
    const held = r.shopperId !== null;
    const why = !held
      ? r.dueDate < today
        ? 'Open and past its due date'
        : `Open, due ${r.dueDate}`
      : r.extensionState === 'requested'
        ? 'Extension asked for'
        : r.submitBy! <= addDays(today, 1)
          ? `Held, must be submitted by ${r.submitBy}`
          : `Held, nothing saved since ${r.lastSaved?.toISOString().slice(0, 10)}`;
    return {
      visitId: r.visitId,
      programName: r.programName,
      locationName: r.locationName,
      city: r.city,
      state: r.state,
      dueDate: r.dueDate,
      state_: held ? 'held' : 'open',
      shopperId: r.shopperId,
      shopperName: held ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || null : null,
      submitBy: r.submitBy,
      extensionState: r.extensionState,
      why,
    };
  });
}

export type ShopperCandidate = {
  shopperId: string;
  name: string;
  city: string | null;
  state: string | null;
  /** Miles from the visit's location; null when either has no coordinates. */
  miles: number | null;
  rating: number | null;
  reliability: number | null;
  /** Visits the shopper holds now. */
  holding: number;
  /** Why the shopper may not take the visit (its requirements or rotation, in acceptVisit's words); null: they may. */
  unmet: string | null;
};

/**
 * Shoppers a scheduler may give a visit to: within `maxMiles` of its location (a bounding box on the
 * indexed coordinates, then haversine in SQL), nearest first then best rated; by the location's state,
 * best rated first, when the location or shoppers have no coordinates. Each says in `unmet` why the
 * shopper may not take it (the accept's own requirement and rotation check, in its words), so the desk
 * shows them greyed with the reason; both are re-checked when the visit is assigned (acceptVisit).
 */
export async function shoppersForVisit(
  db: Db,
  opts: {
    user: UserRow | null;
    visitId: string;
    maxMiles?: number | null;
    search?: string | null;
    limit?: number;
    now: Date;
  },
): Promise<ShopperCandidate[]> {
  requireScheduler(opts.user);
  const [loc] = await db
    .select({
      lat: locations.searchLatitude,
      lng: locations.searchLongitude,
      state: locations.state,
      visit: {
        id: visits.id,
        uqid: visits.uqid,
        locationId: visits.locationId,
        cycleStart: visits.cycleStart,
      },
      qid: shops.qid,
    })
    .from(visits)
    .innerJoin(locations, eq(locations.id, visits.locationId))
    .innerJoin(shops, eq(shops.id, visits.shopId))
    .where(eq(visits.id, opts.visitId))
    .limit(1);
  if (!loc)
    throw new AppError('NOT_FOUND', 'Visit not found.', [{ field: 'visitId', message: 'Visit not found.' }]);
  const maxMiles = Math.min(Math.max(opts.maxMiles ?? 50, 1), 500);
  const term = opts.search?.trim().toLowerCase();
  const home = shopperProfiles;
  const miles =
    loc.lat != null && loc.lng != null
      ? sql<number | null>`${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1, sqrt(
          power(sin(radians(${home.latitude} - ${loc.lat}::float8) / 2), 2) +
          cos(radians(${loc.lat}::float8)) * cos(radians(${home.latitude})) *
          power(sin(radians(${home.longitude} - ${loc.lng}::float8) / 2), 2))))`
      : sql<number | null>`null::double precision`;
  const near =
    loc.lat != null && loc.lng != null
      ? (() => {
          const dLat = maxMiles / 69.0;
          const dLng = maxMiles / (69.0 * Math.max(Math.cos((loc.lat * Math.PI) / 180), 0.01));
          return sql`point(${home.longitude}, ${home.latitude}) <@ box(
              point(${loc.lng - dLng}::float8, ${loc.lat - dLat}::float8),
              point(${loc.lng + dLng}::float8, ${loc.lat + dLat}::float8))
            and ${miles} <= ${maxMiles}::float8`;
        })()
      : sql`upper(${users.state}) = ${loc.state.toUpperCase()}`;
  const rows = await db
    .select({
      shopperId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      city: users.city,
      state: users.state,
      miles,
      rating: shopperRatings.rating,
      reliability: shopperRatings.reliability,
      holding: sql<number>`(select count(*) from ${visitHolds} h where h.shopper_id = ${users.id})`.mapWith(
        Number,
      ),
    })
    .from(users)
    .leftJoin(home, eq(home.userId, users.id))
    .leftJoin(shopperRatings, eq(shopperRatings.shopperId, users.id))
    .leftJoin(questionnaireShopperRules, eq(questionnaireShopperRules.qid, loc.qid))
    .where(
      and(
        sql`${ROLES.shopper} = any(${users.roles})`,
        term
          ? sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${`%${term}%`} or lower(${users.email}) like ${`%${term}%`})`
          : near,
      ),
    )
    .orderBy(sql`${miles} asc nulls last`, desc(sql`coalesce(${shopperRatings.rating}, 0)`), asc(users.id))
    .limit(Math.min(opts.limit ?? 25, 100));
  const unmet = await eligibilityOf(db, {
    shopperIds: rows.map((r) => r.shopperId),
    visit: loc.visit,
    qid: loc.qid,
    now: opts.now,
  });
  return rows.map((r) => ({
    shopperId: r.shopperId,
    name: `${r.firstName} ${r.lastName}`.trim(),
    city: r.city,
    state: r.state,
    miles: r.miles == null ? null : Math.round(Number(r.miles) * 10) / 10,
    rating: r.rating,
    reliability: r.reliability,
    holding: r.holding,
    unmet: unmet.get(r.shopperId) ?? null,
  }));
}

/**
 * Why each shopper may not take the visit, by the checks the accept makes (requirements, rotation),
 * read in one transaction that writes nothing; a shopper missing from the map may take it.
 */
async function eligibilityOf(
  db: Db,
  opts: {
    shopperIds: string[];
    visit: { id: string; uqid: string; locationId: string; cycleStart: string };
    qid: string;
    now: Date;
  },
): Promise<Map<string, string>> {
  const unmet = new Map<string, string>();
  if (opts.shopperIds.length === 0) return unmet;
  await inTransaction(db, async (tx) => {
    const shoppers = await tx.select().from(users).where(inArray(users.id, opts.shopperIds));
    for (const shopper of shoppers) {
      try {
        await checkMayTake(tx, { shopper, visit: opts.visit, qid: opts.qid, now: opts.now });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        unmet.set(shopper.id, err.message);
      }
    }
  });
  return unmet;
}

/**
 * Takes a visit back from its shopper (when one holds it) so it can go to another: the evaluation
 * ends Expired with the scheduler's reason, the hold is released (it does not count against the
 * shopper), and the history records who and why. A submitted or complete visit is refused.
 */
async function takeBack(tx: Db, opts: { scheduler: UserRow; visitId: string; reason: string; now: Date }) {
  const [visit] = await tx.select().from(visits).where(eq(visits.id, opts.visitId)).limit(1).for('update');
  if (!visit)
    throw new AppError('NOT_FOUND', 'Visit not found.', [{ field: 'visitId', message: 'Visit not found.' }]);
  if (visit.status === VisitStatus.Open) return visit;
  if (visit.status !== VisitStatus.InProgress || !visit.shopperId)
    throw new AppError('CONFLICT', MSG_VISIT_DONE, [{ field: 'visitId', message: MSG_VISIT_DONE }]);
  const [live] = await tx
    .select({ id: evaluations.id, status: evaluations.status })
    .from(evaluations)
    .where(and(eq(evaluations.visitId, visit.id), inArray(evaluations.status, [S.Pending, S.Started])))
    .limit(1)
    .for('update');
  if (!live) throw new AppError('CONFLICT', MSG_VISIT_DONE, [{ field: 'visitId', message: MSG_VISIT_DONE }]);
  await recordTransition(tx, {
    evaluationId: live.id,
    from: live.status,
    to: S.Expired,
    userId: opts.scheduler.id,
    comment: `Reassigned by a scheduler: ${opts.reason}`,
    now: opts.now,
  });
  await tx
    .update(evaluations)
    .set({ status: S.Expired, updatedAt: opts.now })
    .where(eq(evaluations.id, live.id));
  await tx
    .update(visits)
    .set({ status: VisitStatus.Open, shopperId: null, updatedAt: opts.now })
    .where(eq(visits.id, visit.id));
  await releaseHold(tx, {
    visitId: visit.id,
    evaluationId: live.id,
    shopperId: visit.shopperId,
    reason: 'scheduler',
    actorId: opts.scheduler.id,
    note: opts.reason,
    now: opts.now,
  });
  return { ...visit, status: VisitStatus.Open, shopperId: null };
}

const parseAssignReason = (reason: string) => {
  const r = reason.trim();
  if (!r || r.length > 1000) throw badInput('reason', MSG_ASSIGN_REASON);
  return r;
};

async function shopperRow(tx: Db, shopperId: string) {
  const [shopper] = await tx.select().from(users).where(eq(users.id, shopperId)).limit(1);
  if (!shopper?.roles.includes(ROLES.shopper)) throw badInput('shopperId', MSG_NOT_A_SHOPPER);
  return shopper;
}

/**
 * A scheduler gives visits to a chosen shopper: each is taken back from its holder if one holds it,
 * then accepted for the shopper in the same transaction (acceptVisit: its availability, and whatever
 * qualification and rotation rules it checks, apply as when the shopper accepts), recorded as assigned
 * by the scheduler with the reason. `shopperId` null puts the visits back on the board. All or nothing.
 */
export async function assignVisits(
  db: Db,
  opts: {
    user: UserRow | null;
    visitIds: string[];
    shopperId: string | null;
    reason: string;
    now: Date;
  },
): Promise<{ visitIds: string[]; evaluationIds: string[] }> {
  const scheduler = requireScheduler(opts.user);
  const ids = [...new Set(opts.visitIds)];
  if (ids.length === 0 || ids.length > 200) throw badInput('visitIds', MSG_BULK_LIMIT);
  const reason = parseAssignReason(opts.reason);
  return inTransaction(db, async (tx) => {
    const shopper = opts.shopperId ? await shopperRow(tx, opts.shopperId) : null;
    const evaluationIds: string[] = [];
    for (const visitId of ids) {
      const visit = await takeBack(tx, { scheduler, visitId, reason, now: opts.now });
      if (!shopper) continue;
      if (visit.shopperId === shopper.id) continue;
      evaluationIds.push(
        await acceptVisit(tx, {
          user: shopper,
          visitId,
          now: opts.now,
          assignedBy: { actorId: scheduler.id, reason },
        }),
      );
    }
    return { visitIds: ids, evaluationIds };
  });
}

export type VisitHistoryLine = {
  id: string;
  action: VisitHistoryAction;
  label: string;
  shopperName: string | null;
  actorName: string | null;
  reason: string;
  at: Date;
};

const actor = alias(users, 'actor');

/** A visit's history, oldest first: who held it, when, and why it changed hands. Schedulers only. */
export async function visitHistoryOf(
  db: Db,
  opts: { user: UserRow | null; visitId: string },
): Promise<VisitHistoryLine[]> {
  requireScheduler(opts.user);
  const rows = await db
    .select({
      id: visitHistory.id,
      action: visitHistory.action,
      reason: visitHistory.reason,
      at: visitHistory.at,
      shopperFirst: holder.firstName,
      shopperLast: holder.lastName,
      actorFirst: actor.firstName,
      actorLast: actor.lastName,
      actorEmail: actor.email,
      actorId: visitHistory.actorId,
      shopperId: visitHistory.shopperId,
    })
    .from(visitHistory)
    .leftJoin(holder, eq(holder.id, visitHistory.shopperId))
    .leftJoin(actor, eq(actor.id, visitHistory.actorId))
    .where(eq(visitHistory.visitId, opts.visitId))
    .orderBy(asc(visitHistory.seq));
  return rows.map((r) => {
    const action = r.action as VisitHistoryAction;
    return {
      id: r.id,
      action,
      label: VISIT_HISTORY_LABEL[action] ?? r.action,
      shopperName: r.shopperId ? `${r.shopperFirst ?? ''} ${r.shopperLast ?? ''}`.trim() || null : null,
      actorName: r.actorId
        ? r.actorId === r.shopperId
          ? 'the shopper'
          : `${r.actorFirst ?? ''} ${r.actorLast ?? ''}`.trim() || (r.actorEmail ?? null)
        : 'the system',
      reason: r.reason,
      at: r.at,
    };
  });
}
