import { and, count, eq, isNull } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  API_KEY_SECRET_LENGTH,
  apiKeyPrefix,
  MAX_ACTIVE_API_KEYS,
  MSG_TOO_MANY_API_KEYS,
  ZCreateApiKeyInput,
} from '../../domain/index.js';
import { recordAudit } from '../audit/index.js';
import { hashToken } from '../auth/tokens.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import { apiKeys } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import { recordEvent } from '../events/index.js';
import { type KeyManager, keysAccountOf } from './access.js';
import { type ApiKeyView, apiKeyView } from './list-api-keys.js';

/**
 * Makes a key for the owner's account and returns it with its secret: the only time the secret
 * leaves the server (the database keeps its SHA-256 and its first characters).
 */
export async function createApiKey(
  db: Db,
  c: KeyManager,
  input: { name: string; scopes?: string[] | null },
): Promise<{ key: ApiKeyView; secret: string }> {
  // Made only for the caller's own account: a platform admin may list and revoke a customer's keys,
  // never hold one of theirs.
  const accountId = keysAccountOf(c);
  const parsed = parseInput(ZCreateApiKeyInput, { name: input.name, scopes: input.scopes ?? undefined });
  const secret = `${API_KEY_PREFIX}${newId(API_KEY_SECRET_LENGTH)}`;
  const row = await inTransaction(db, async (tx) => {
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) throw new AppError('CONFLICT', MSG_TOO_MANY_API_KEYS);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        id: newId(),
        accountId,
        name: parsed.name,
        scopes: parsed.scopes,
        prefix: apiKeyPrefix(secret),
        keyHash: hashToken(secret),
        createdBy: c.person?.id ?? null,
      })
      .returning();
    const at = inserted!.createdAt;
    await recordAudit(tx, c, {
      accountId,
      action: 'api_key.created',
      subject: { type: 'api_key', id: inserted!.id, label: parsed.name },
      // The key's visible prefix only: its secret and hash never enter the log.
      after: { name: parsed.name, scopes: parsed.scopes, prefix: inserted!.prefix },
      at,
    });
    // The account's owner hears of every new key (security-notices, not suppressible).
    await recordEvent(tx, {
      type: 'security.api_key_created',
      accountId,
      at,
      payload: {
        apiKeyId: inserted!.id,
        name: parsed.name,
        prefix: inserted!.prefix,
        scopes: parsed.scopes,
        byUserId: c.person?.id ?? null,
        createdAt: at.toISOString(),
      },
    });
    return inserted!;
  });
  return { key: apiKeyView(row, c.person?.email ?? null), secret };
}
