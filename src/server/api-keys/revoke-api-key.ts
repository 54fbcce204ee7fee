import { and, eq, isNull } from 'drizzle-orm';
import { MSG_API_KEY_NOT_FOUND } from '../../domain/index.js';
import { recordAudit } from '../audit/index.js';
import { type Db, inTransaction } from '../db/client.js';
import { apiKeys } from '../db/schema.js';
import { badInput, notAuthorized, notLoggedIn } from '../errors.js';
import { type KeyManager, keysAccountOf } from './access.js';
import { type ApiKeyView, selectApiKeys } from './list-api-keys.js';

/**
 * Revokes a key of the owner's account (any account's, for a platform admin): from its next request
 * it is refused. Revoking a revoked key changes nothing. Another account's key is "not found".
 */
export async function revokeApiKey(db: Db, c: KeyManager, id: string): Promise<ApiKeyView> {
  if (c.apiKey) throw notAuthorized();
  if (!c.person) throw notLoggedIn();
  const [key] = await db
    .select({ accountId: apiKeys.accountId, name: apiKeys.name, prefix: apiKeys.prefix })
    .from(apiKeys)
    .where(eq(apiKeys.id, id))
    .limit(1);
  const accountId = keysAccountOf(c, c.person.admin ? key?.accountId : null);
  if (!key || key.accountId !== accountId) throw badInput('_id', MSG_API_KEY_NOT_FOUND);
  const person = c.person;
  await inTransaction(db, async (tx) => {
    const done = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date(), revokedBy: person.id })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ revokedAt: apiKeys.revokedAt });
    // Revoking a revoked key changes nothing, and records nothing.
    if (done.length === 0) return;
    await recordAudit(tx, c, {
      accountId,
      action: 'api_key.revoked',
      subject: { type: 'api_key', id, label: key.name },
      before: { prefix: key.prefix, revoked: false },
      after: { prefix: key.prefix, revoked: true },
    });
  });
  const [view] = await selectApiKeys(db, eq(apiKeys.id, id));
  return view!;
}
