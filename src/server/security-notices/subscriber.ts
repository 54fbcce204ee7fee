import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { StoredDomainEvent } from '../../domain/index.js';
import { SECURITY_EVENT_TYPES } from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { accountMembers, users } from '../db/schema.js';
import { renderSecurityNotice } from '../email/index.js';
import type { Subscriber } from '../events/index.js';
import { type BackgroundMailDeps, backgroundNotifyDeps } from '../notifications/index.js';

// Security notices (issue 50): the person a security event concerns hears of it by e-mail, through the
// job queue, as a subscriber of the event log. Not governed by the e-mail preferences (nor by the
// unsubscribe list): a notice someone could turn off would not warn of an attacker who did.

type Person = { id: string; email: string; firstName: string };

async function peopleByIds(tx: Db, ids: string[]): Promise<Map<string, Person>> {
  const list = [...new Set(ids.filter(Boolean))];
  if (list.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, list));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The owner of an account: its owner member, else (no team yet) the account's own login. */
async function ownerOf(tx: Db, accountId: string): Promise<string> {
  const [row] = await tx
    .select({ userId: accountMembers.userId })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        eq(accountMembers.role, 'owner'),
        isNull(accountMembers.removedAt),
      ),
    )
    .limit(1);
  return row?.userId ?? accountId;
}

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

type Notice = { to: string; subject: string; lines: string[]; path: string; linkLabel: string };

/** What each event tells whom. */
async function noticesOf(tx: Db, event: StoredDomainEvent, brandName: string): Promise<Notice[]> {
  switch (event.type) {
    case 'security.new_sign_in': {
      const p = event.payload;
      return [
        {
          to: p.userId,
          subject: `New sign-in to your ${brandName} account`,
          lines: [
            `Your login signed in from a device it had not used before: ${p.device}${p.ip ? `, IP address ${p.ip}` : ''}, at ${utc(p.signedInAt)}.`,
            'If this was you, there is nothing to do.',
          ],
          path: '/account/security',
          linkLabel: 'See where you are signed in',
        },
      ];
    }
    case 'security.second_factor_removed': {
      const p = event.payload;
      const what = p.method === 'passkey' ? 'A passkey' : 'Two-factor sign-in with your authenticator app';
      return [
        {
          to: p.userId,
          subject: `Two-factor sign-in changed on your ${brandName} account`,
          lines: [
            p.byAdmin
              ? `${what} was removed from your login by a platform admin at ${utc(p.removedAt)}, after a request to recover your account. Your sessions were signed out.`
              : `${what} was removed from your login at ${utc(p.removedAt)}.`,
            'Your login is now protected by fewer factors. Set up two-factor sign-in again on your security page.',
          ],
          path: '/account/security',
          linkLabel: 'Open your security page',
        },
      ];
    }
    case 'security.api_key_created': {
      const p = event.payload;
      if (!event.accountId) return [];
      const owner = await ownerOf(tx, event.accountId);
      const by = p.byUserId ? (await peopleByIds(tx, [p.byUserId])).get(p.byUserId) : undefined;
      return [
        {
          to: owner,
          subject: `A new API key was made for your ${brandName} account`,
          lines: [
            `An API key named "${p.name}" (starting ${p.prefix}) was made${by ? ` by ${by.email}` : ''} at ${utc(p.createdAt)}, with access ${p.scopes.join(', ')}.`,
            'Anyone holding the key reads your account through the API. If you do not know it, revoke it now.',
          ],
          path: '/account/api-keys',
          linkLabel: 'See your API keys',
        },
      ];
    }
    case 'security.ownership_transferred': {
      const p = event.payload;
      const people = await peopleByIds(tx, [p.fromUserId, p.toUserId]);
      const to = people.get(p.toUserId)?.email ?? 'another member';
      return [
        {
          to: p.toUserId,
          subject: `You now own ${p.accountName} on ${brandName}`,
          lines: [`${p.accountName} was handed to you at ${utc(p.at)}. You are its owner now.`],
          path: '/account/team',
          linkLabel: 'See your team',
        },
        {
          to: p.fromUserId,
          subject: `Ownership of ${p.accountName} was transferred`,
          lines: [`${p.accountName} was handed to ${to} at ${utc(p.at)}. You stay on the team as an admin.`],
          path: '/account/team',
          linkLabel: 'See your team',
        },
      ].filter((n, i, all) => all.findIndex((m) => m.to === n.to) === i);
    }
    default:
      return [];
  }
}

/** The security-notices subscriber: one e-mail per notice, once per event (receipt and dedup key). */
export function securityNoticesSubscriber(deps: BackgroundMailDeps): Subscriber {
  return {
    name: 'security-notices',
    events: SECURITY_EVENT_TYPES,
    async handle(tx, event) {
      const first = await noticesOf(tx, event, '');
      if (first.length === 0) return;
      const people = await peopleByIds(
        tx,
        first.map((n) => n.to),
      );
      for (const n of first) {
        const person = people.get(n.to);
        if (!person) continue;
        const mailDeps = await backgroundNotifyDeps(tx, person.id, deps);
        const [notice] = (await noticesOf(tx, event, mailDeps.brand.name)).filter((m) => m.to === n.to);
        if (!notice) continue;
        const rendered = renderSecurityNotice({
          brand: mailDeps.brand,
          name: person.firstName || person.email,
          subject: notice.subject,
          lines: notice.lines,
          link: `${mailDeps.origin}${notice.path}`,
          linkLabel: notice.linkLabel,
        });
        await mailDeps.mail.send(tx, {
          to: person.email,
          kind: 'security-notice',
          dedupKey: `security:${event.id}:${person.id}`,
          ...rendered,
        });
      }
    },
  };
}
