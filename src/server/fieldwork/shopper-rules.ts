import { and, asc, eq, sql } from 'drizzle-orm';
import { ZCertificationInput, ZShopperRulesInput } from '../../domain/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import {
  certifications,
  questionnaireShopperRules,
  questionnaires,
  shopperCertifications,
  users,
} from '../db/schema.js';
import { AppError, notAuthorized, notLoggedIn, parseInput } from '../errors.js';
import { ROLES } from './roles.js';

export type ShopperRulesView = {
  qid: string;
  minAge: number | null;
  maxAge: number | null;
  gender: string | null;
  requiresCar: boolean;
  certificationId: string | null;
  minRating: number | null;
  locationGapDays: number | null;
  maxVisitsPerCycle: number | null;
};
export type CertificationView = { id: string; name: string; description: string; holders: number };

function requireAdmin(user: UserRow | null): UserRow {
  if (!user) throw notLoggedIn();
  if (!user.admin) throw notAuthorized();
  return user;
}

const MSG_QUESTIONNAIRE_NOT_FOUND = 'Questionnaire not found.';
const MSG_CERTIFICATION_NOT_FOUND = 'Certification not found.';
const MSG_CERTIFICATION_TAKEN = 'A certification with this name already exists.';
const MSG_SHOPPER_NOT_FOUND = 'No shopper has this e-mail address.';

const NO_RULES = {
  minAge: null,
  maxAge: null,
  gender: null,
  requiresCar: false,
  certificationId: null,
  minRating: null,
  locationGapDays: null,
  maxVisitsPerCycle: null,
};

/** A questionnaire's shopper requirements and rotation rules (admins). */
export async function shopperRulesOf(db: Db, user: UserRow | null, qid: string): Promise<ShopperRulesView> {
  requireAdmin(user);
  const [q] = await db
    .select({ id: questionnaires.id })
    .from(questionnaires)
    .where(eq(questionnaires.id, qid));
  if (!q)
    throw new AppError('NOT_FOUND', MSG_QUESTIONNAIRE_NOT_FOUND, [
      { field: 'qid', message: MSG_QUESTIONNAIRE_NOT_FOUND },
    ]);
  const [r] = await db.select().from(questionnaireShopperRules).where(eq(questionnaireShopperRules.qid, qid));
  return { qid, ...NO_RULES, ...(r ? stripMeta(r) : {}) };
}

const stripMeta = ({ updatedAt: _u, qid: _q, ...rest }: typeof questionnaireShopperRules.$inferSelect) =>
  rest;

/** Saves a questionnaire's rules (admins): validated, then one upsert. */
export async function saveShopperRules(
  db: Db,
  user: UserRow | null,
  opts: { qid: string; input: unknown; now: Date },
): Promise<ShopperRulesView> {
  requireAdmin(user);
  const input = parseInput(ZShopperRulesInput, opts.input);
  return inTransaction(db, async (tx) => {
    const [q] = await tx
      .select({ id: questionnaires.id })
      .from(questionnaires)
      .where(eq(questionnaires.id, opts.qid));
    if (!q)
      throw new AppError('NOT_FOUND', MSG_QUESTIONNAIRE_NOT_FOUND, [
        { field: 'qid', message: MSG_QUESTIONNAIRE_NOT_FOUND },
      ]);
    if (input.certificationId) {
      const [c] = await tx
        .select({ id: certifications.id })
        .from(certifications)
        .where(eq(certifications.id, input.certificationId));
      if (!c)
        throw new AppError('BAD_USER_INPUT', MSG_CERTIFICATION_NOT_FOUND, [
          { field: 'certificationId', message: MSG_CERTIFICATION_NOT_FOUND },
        ]);
    }
    const values = { ...input, updatedAt: opts.now };
    await tx
      .insert(questionnaireShopperRules)
      .values({ qid: opts.qid, ...values })
      .onConflictDoUpdate({ target: questionnaireShopperRules.qid, set: values });
    return { qid: opts.qid, ...input };
  });
}

/** The certifications admins defined, with how many shoppers hold each. */
export async function listCertifications(db: Db, user: UserRow | null): Promise<CertificationView[]> {
  requireAdmin(user);
  return db
    .select({
      id: certifications.id,
      name: certifications.name,
      description: certifications.description,
      holders:
        sql<number>`(select count(*) from shopper_certifications sc where sc.certification_id = ${certifications.id})`.mapWith(
          Number,
        ),
    })
    .from(certifications)
    .orderBy(asc(certifications.name));
}

/** Defines a certification (admins). */
export async function addCertification(
  db: Db,
  user: UserRow | null,
  raw: unknown,
): Promise<CertificationView> {
  requireAdmin(user);
  const input = parseInput(ZCertificationInput, raw);
  const [row] = await db
    .insert(certifications)
    .values({ id: newId(), name: input.name, description: input.description })
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw new AppError('CONFLICT', MSG_CERTIFICATION_TAKEN, [
      { field: 'name', message: MSG_CERTIFICATION_TAKEN },
    ]);
  return { ...row, holders: 0 };
}

/** Grants (or withdraws) a certification to the shopper with this e-mail address (admins). */
export async function setShopperCertification(
  db: Db,
  user: UserRow | null,
  opts: { email: string; certificationId: string; held: boolean },
): Promise<CertificationView> {
  requireAdmin(user);
  return inTransaction(db, async (tx) => {
    const [c] = await tx.select().from(certifications).where(eq(certifications.id, opts.certificationId));
    if (!c)
      throw new AppError('NOT_FOUND', MSG_CERTIFICATION_NOT_FOUND, [
        { field: 'certificationId', message: MSG_CERTIFICATION_NOT_FOUND },
      ]);
    const [shopper] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`lower(${users.email}) = ${opts.email.trim().toLowerCase()}`,
          sql`${ROLES.shopper} = any(${users.roles})`,
        ),
      );
    if (!shopper)
      throw new AppError('NOT_FOUND', MSG_SHOPPER_NOT_FOUND, [
        { field: 'email', message: MSG_SHOPPER_NOT_FOUND },
      ]);
    if (opts.held) {
      await tx
        .insert(shopperCertifications)
        .values({ userId: shopper.id, certificationId: c.id })
        .onConflictDoNothing();
    } else {
      await tx
        .delete(shopperCertifications)
        .where(
          and(eq(shopperCertifications.userId, shopper.id), eq(shopperCertifications.certificationId, c.id)),
        );
    }
    const [n] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(shopperCertifications)
      .where(eq(shopperCertifications.certificationId, c.id));
    return { id: c.id, name: c.name, description: c.description, holders: n?.n ?? 0 };
  });
}
