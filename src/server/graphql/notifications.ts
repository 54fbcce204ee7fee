import type { AppContext } from '../context.js';
import {
  backgroundMailDeps,
  type DigestDeps,
  describeUnsubscribe,
  sendDigests,
  type UnsubscribeDescription,
  unsubscribe,
} from '../notifications/index.js';
import { builder } from './builder.js';

// Customer notifications: the unsubscribe link's page (no login: the signed token is the capability),
// and the digest run on demand for admins.

const UnsubscribeType = builder.objectRef<UnsubscribeDescription>('Unsubscribe').implement({
  description: 'What an e-mail’s unsubscribe link stops.',
  fields: (t) => ({
    email: t.exposeString('email', {
      nullable: true,
      description: 'The account’s address; null for an address the link does not name.',
    }),
    topic: t.exposeString('topic', {
      description:
        'shop-scheduled | shop-sent-to-qa | shop-completed | survey-complete | digest | news | reports',
    }),
    label: t.exposeString('label', { description: 'The e-mails it stops, in words.' }),
    unsubscribed: t.exposeBoolean('unsubscribed', {
      description: 'Whether they are stopped already (the link was followed before, or turned off since).',
    }),
  }),
});

/** The digest run's dependencies in a request: links go to each customer's brand site, as the daily run's do. */
export const digestDepsOf = (ctx: AppContext): DigestDeps => backgroundMailDeps(ctx.config, ctx.adapters);

builder.queryFields((t) => ({
  unsubscribeLink: t.field({
    type: UnsubscribeType,
    description: 'Reads an unsubscribe link’s token (from /unsubscribe/{token}) without changing anything.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => describeUnsubscribe(ctx.db, ctx.config.appSecret, a.token),
  }),
}));

builder.mutationFields((t) => ({
  unsubscribe: t.field({
    type: UnsubscribeType,
    description:
      'Follows an unsubscribe link: its e-mails stop (the other preferences stay). No login needed.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => unsubscribe(ctx.db, ctx.config.appSecret, a.token),
  }),
  runDigestNow: t.int({
    description:
      'Sends every waiting daily digest now (as the daily run at DIGEST_AT does); returns how many.',
    authScopes: { admin: true },
    resolve: async (_r, _a, ctx) => (await sendDigests(ctx.db, digestDepsOf(ctx), new Date())).digests,
  }),
}));
