import { and, asc, count, eq } from 'drizzle-orm';
import {
  MAX_WEBHOOK_ENDPOINTS,
  MSG_WEBHOOK_NOT_FOUND,
  MSG_WEBHOOK_TOO_MANY,
  type WebhookEvent,
  webhookUrlProblem,
  ZWebhookEndpointInput,
} from '../../domain/index.js';
import { recordAudit } from '../audit/index.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import { users, webhookEndpoints } from '../db/schema.js';
import { AppError, badInput, parseInput } from '../errors.js';
import { type Caller, requireTeam } from '../team/index.js';
import { newWebhookSecret } from './signature.js';

// A customer's webhook endpoints (issue 20): the owner and admins of the account manage them
// (permission 'settings'); managers and everyone else are refused.

export type EndpointView = {
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
};

const columns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};

const view = (row: { events: string[] } & Omit<EndpointView, 'events'>): EndpointView => ({
  ...row,
  events: row.events as WebhookEvent[],
});

/** An endpoint's fields as the audit log keeps them (never its secret). */
const shown = (r: { url: string; description: string; events: string[]; enabled: boolean }) => ({
  url: r.url,
  description: r.description,
  events: [...r.events],
  enabled: r.enabled,
});

/** The account the caller manages webhooks for; throws for anyone else. */
export const webhookAccount = (c: Caller) => requireTeam(c, 'settings');

export async function listEndpoints(db: Db, c: Caller): Promise<EndpointView[]> {
  const account = webhookAccount(c);
  const rows = await db
    .select(columns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, account.id))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(view);
}

/** One endpoint of the caller's account, or NOT_FOUND (another account's looks the same). */
export async function loadEndpoint(db: Db, accountId: string, id: string, opts: { lock?: boolean } = {}) {
  const query = db
    .select({ ...columns, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)))
    .limit(1);
  const [row] = await (opts.lock ? query.for('update') : query);
  if (!row)
    throw new AppError('NOT_FOUND', MSG_WEBHOOK_NOT_FOUND, [{ field: 'id', message: MSG_WEBHOOK_NOT_FOUND }]);
  return row;
}

export async function readEndpoint(db: Db, c: Caller, id: string): Promise<EndpointView> {
  const { secret: _, ...row } = await loadEndpoint(db, webhookAccount(c).id, id);
  return view(row);
}

/** The input checked: the shared schema, then the URL's rules (its host public, however written). */
function parseEndpoint(input: unknown, allowedHosts: readonly string[]) {
  const parsed = parseInput(ZWebhookEndpointInput, input);
  const problem = webhookUrlProblem(parsed.url, allowedHosts);
  if (problem) throw badInput('url', problem);
  return { ...parsed, url: new URL(parsed.url).toString() };
}

export async function createEndpoint(
  db: Db,
  c: Caller,
  input: unknown,
  opts: { allowedHosts: readonly string[]; now: Date },
): Promise<EndpointView> {
  const account = webhookAccount(c);
  const values = parseEndpoint(input, opts.allowedHosts);
  return inTransaction(db, async (tx) => {
    // Counted under the account row's lock: two creations at once cannot pass the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, account.id)).for('update');
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, account.id))) as [{ n: number }];
    if (Number(n) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('CONFLICT', MSG_WEBHOOK_TOO_MANY);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id: newId(),
        accountId: account.id,
        ...values,
        secret: newWebhookSecret(),
        createdAt: opts.now,
        updatedAt: opts.now,
      })
      .returning(columns);
    await recordAudit(tx, c, {
      accountId: account.id,
      action: 'webhook.created',
      subject: { type: 'webhook', id: row!.id, label: row!.url },
      after: shown(row!),
      at: opts.now,
    });
    return view(row!);
  });
}

export async function updateEndpoint(
  db: Db,
  c: Caller,
  id: string,
  input: unknown,
  opts: { allowedHosts: readonly string[]; now: Date },
): Promise<EndpointView> {
  const account = webhookAccount(c);
  const values = parseEndpoint(input, opts.allowedHosts);
  return inTransaction(db, async (tx) => {
    const old = await loadEndpoint(tx, account.id, id, { lock: true });
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ ...values, updatedAt: opts.now })
      .where(eq(webhookEndpoints.id, id))
      .returning(columns);
    await recordAudit(tx, c, {
      accountId: account.id,
      action: 'webhook.updated',
      subject: { type: 'webhook', id, label: row!.url },
      before: shown(old),
      after: shown(row!),
      at: opts.now,
    });
    return view(row!);
  });
}

/** Deletes an endpoint and its delivery log; queued tries then find nothing to send. */
export async function deleteEndpoint(db: Db, c: Caller, id: string): Promise<boolean> {
  const account = webhookAccount(c);
  const old = await loadEndpoint(db, account.id, id);
  await inTransaction(db, async (tx) => {
    await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, account.id)));
    await recordAudit(tx, c, {
      accountId: account.id,
      action: 'webhook.deleted',
      subject: { type: 'webhook', id, label: old.url },
      before: shown(old),
    });
  });
  return true;
}

/** The signing secret, shown on request (as Stripe's "Reveal"). */
export async function revealSecret(db: Db, c: Caller, id: string): Promise<string> {
  const account = webhookAccount(c);
  const row = await loadEndpoint(db, account.id, id);
  // That it was shown, and to whom; never the secret.
  await recordAudit(db, c, {
    accountId: account.id,
    action: 'webhook.secret_revealed',
    subject: { type: 'webhook', id, label: row.url },
  });
  return row.secret;
}

/** A new signing secret; the old one stops at once (messages are signed when sent, each try). */
export async function rollSecret(db: Db, c: Caller, id: string, now: Date): Promise<string> {
  const account = webhookAccount(c);
  const old = await loadEndpoint(db, account.id, id);
  const secret = newWebhookSecret();
  await inTransaction(db, async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set({ secret, updatedAt: now })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, account.id)));
    await recordAudit(tx, c, {
      accountId: account.id,
      action: 'webhook.secret_rolled',
      subject: { type: 'webhook', id, label: old.url },
      at: now,
    });
  });
  return secret;
}
