import { and, eq, isNull, lte, or } from 'drizzle-orm';
import {
  API_KEY_LAST_USED_EVERY_MS,
  type ApiKeyScope,
  isApiKeyScope,
  shouldMarkApiKeyUsed,
} from '../../domain/index.js';
import { hashToken } from '../auth/tokens.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { apiKeys, users } from '../db/schema.js';

/**
 * A request authenticated by an API key: the key, the customer account it acts for and what it may
 * do. The key acts for the whole account, as its owner would (never as a platform admin or QA staff),
 * but only within its scopes.
 */
export type ApiKeyCaller = { id: string; accountId: string; scopes: ApiKeyScope[] };

/**
 * The live (not revoked) key `key` and its account, or null. Read at every request, so a revoked key
 * is refused at once. Marks the key used, at most once a minute, so a busy integration does not write
 * a row per request.
 */
export async function findLiveApiKey(
  db: Db,
  key: string,
  now = new Date(),
): Promise<{ apiKey: ApiKeyCaller; account: UserRow } | null> {
  const [row] = await db
    .select({ id: apiKeys.id, scopes: apiKeys.scopes, lastUsedAt: apiKeys.lastUsedAt, account: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, hashToken(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (shouldMarkApiKeyUsed(row.lastUsedAt, now)) {
    const since = new Date(now.getTime() - API_KEY_LAST_USED_EVERY_MS);
    // The condition again in SQL (the same bound as the rule): of several instances seeing the same
    // stale time, one writes.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, since))));
  }
  return {
    apiKey: { id: row.id, accountId: row.account.id, scopes: row.scopes.filter(isApiKeyScope) },
    account: row.account,
  };
}
