// The daily digest (preference "daily digest"): each customer's waiting notifications (digest_items)
// go out as one e-mail at DIGEST_AT (UTC), with each completed shop's score and its change at that
// location. Each customer's digest is one transaction: the e-mail is recorded and the lines marked
// together, so a run that stops half-way, or runs twice, never loses or repeats a line.
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { formatCalendarDate, formatDateUs, scoreChange } from '../../domain/index.js';
import { type Db, inTransaction } from '../db/client.js';
import { digestItems, users } from '../db/schema.js';
import { type DigestContent, renderDailyDigest } from '../email/index.js';
import { reportUrl } from '../fieldwork/emails.js';
import { type BackgroundMailDeps, backgroundNotifyDeps, customerLinks, type DigestFacts } from './notify.js';

export type DigestDeps = BackgroundMailDeps;

type Item = { kind: string; facts: Record<string, unknown> };

/** The digest's sections from its lines, in the order they happened; survey counts summed per link. */
export function digestSections(
  items: Item[],
  origin: string,
): Omit<DigestContent, 'brand' | 'day' | 'accountUrl' | 'preferencesUrl' | 'unsubscribeUrl'> {
  const out: ReturnType<typeof digestSections> = { completed: [], scheduled: [], sentToQa: [], surveys: [] };
  const surveys = new Map<string, DigestContent['surveys'][number]>();
  for (const item of items) {
    switch (item.kind) {
      case 'shop-completed': {
        const f = item.facts as DigestFacts['shop-completed'];
        out.completed.push({
          programName: f.programName,
          locationName: f.locationName,
          percentage: f.percentage,
          change: scoreChange(f.percentage, f.previousPercentage),
          url: reportUrl(origin, f.evaluationId),
        });
        break;
      }
      case 'shop-scheduled': {
        const f = item.facts as DigestFacts['shop-scheduled'];
        out.scheduled.push({ ...pick(f), dueDate: formatDateUs(f.dueDate) });
        break;
      }
      case 'shop-sent-to-qa': {
        const f = item.facts as DigestFacts['shop-sent-to-qa'];
        out.sentToQa.push({ ...pick(f), shopDate: formatCalendarDate(f.shopDate) });
        break;
      }
      case 'survey-complete': {
        const f = item.facts as DigestFacts['survey-complete'];
        const key = `${f.programName}\u0000${f.locationName}`;
        const seen = surveys.get(key);
        if (seen) seen.responses += f.responses;
        else surveys.set(key, { ...pick(f), responses: f.responses });
        break;
      }
    }
  }
  out.surveys = [...surveys.values()];
  return out;
}

const pick = (f: { programName: string; locationName: string }) => ({
  programName: f.programName,
  locationName: f.locationName,
});

/** Sends one customer's digest of the lines waiting up to `now`; false when none were waiting. */
export async function sendDigest(db: Db, deps: DigestDeps, userId: string, now: Date): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const waiting = and(
      eq(digestItems.userId, userId),
      isNull(digestItems.digestedAt),
      lte(digestItems.createdAt, now),
    );
    // Locked, so two runs at once cannot both send these lines.
    const items = await tx
      .select({ id: digestItems.id, kind: digestItems.kind, facts: digestItems.facts })
      .from(digestItems)
      .where(waiting)
      .orderBy(asc(digestItems.createdAt), asc(digestItems.id))
      .for('update', { skipLocked: true });
    if (items.length === 0) return false;
    const [customer] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!customer) return false;
    const notify = await backgroundNotifyDeps(tx, userId, deps);
    const { headers, ...links } = customerLinks(notify, userId, 'digest');
    const rendered = renderDailyDigest({
      brand: notify.brand,
      day: formatDateUs(now),
      ...digestSections(items, notify.origin),
      accountUrl: `${notify.origin}/account/dashboard`,
      ...links,
    });
    await deps.mail.send(tx, { to: customer.email, kind: 'daily-digest', ...rendered, headers });
    await tx
      .update(digestItems)
      .set({ digestedAt: now })
      .where(
        inArray(
          digestItems.id,
          items.map((i) => i.id),
        ),
      );
    return true;
  });
}

/** The digest run: every customer with waiting lines gets their digest, each in its own transaction. */
export async function sendDigests(db: Db, deps: DigestDeps, now: Date): Promise<{ digests: number }> {
  const customers = await db
    .selectDistinct({ userId: digestItems.userId })
    .from(digestItems)
    .where(and(isNull(digestItems.digestedAt), lte(digestItems.createdAt, now)));
  let digests = 0;
  for (const { userId } of customers) {
    if (await sendDigest(db, deps, userId, now)) digests++;
  }
  return { digests };
}
