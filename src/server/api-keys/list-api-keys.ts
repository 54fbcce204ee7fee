import { desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../audit/index.js';
import type { Db } from '../db/client.js';
import { apiKeys, users } from '../db/schema.js';
import { type KeyManager, keysAccountOf } from './access.js';

/** A key as its list shows it: never the secret or its hash. */
export type ApiKeyView = {
  id: string;
  accountId: string;
  name: string;
  scopes: string[];
  prefix: string;
  createdByEmail: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

type KeyRow = Omit<ApiKeyView, 'createdByEmail'>;

export const apiKeyView = (row: KeyRow, createdByEmail: string | null): ApiKeyView => ({
  id: row.id,
  accountId: row.accountId,
  name: row.name,
  scopes: row.scopes,
  prefix: row.prefix,
  createdByEmail,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
  revokedAt: row.revokedAt,
});

const creator = alias(users, 'creator');

/** The keys matching `where`, newest first, as their list shows them. */
export async function selectApiKeys(db: Db, where: SQL): Promise<ApiKeyView[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      createdByEmail: creator.email,
    })
    .from(apiKeys)
    .leftJoin(creator, eq(creator.id, apiKeys.createdBy))
    .where(where)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(200);
  return rows.map((r) => apiKeyView(r, r.createdByEmail));
}

/** The account's keys, newest first, the revoked ones too (with when). */
export async function listApiKeys(db: Db, c: KeyManager, clientId?: string | null): Promise<ApiKeyView[]> {
  const accountId = keysAccountOf(c, clientId);
  // A platform admin reading a customer's keys is on the customer's audit log.
  if (c.person?.admin && accountId !== c.user?.id)
    await recordAudit(db, c, {
      accountId,
      action: 'admin.api_keys_viewed',
      subject: { type: 'account', id: accountId },
    });
  return selectApiKeys(db, eq(apiKeys.accountId, accountId));
}
