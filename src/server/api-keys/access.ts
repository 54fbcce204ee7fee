import { notAuthorized, notLoggedIn } from '../errors.js';
import { type Caller, requireTeam } from '../team/index.js';
import type { ApiKeyCaller } from './authenticate-api-key.js';

/** Who manages keys: a logged-in person, never a request made with a key (keys do not make keys). */
export type KeyManager = Caller & { apiKey: ApiKeyCaller | null };

/**
 * The account whose keys the caller manages: the account's owner their own; a platform admin any
 * customer's (`clientId`, for support). Admins and managers of a team are refused.
 */
export function keysAccountOf(c: KeyManager, clientId?: string | null): string {
  if (c.apiKey) throw notAuthorized();
  if (!c.person || !c.user) throw notLoggedIn();
  if (clientId && clientId !== c.user.id) {
    if (!c.person.admin) throw notAuthorized();
    return clientId;
  }
  return requireTeam(c, 'apiKeys').id;
}
