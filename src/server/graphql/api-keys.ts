import { API_KEY_SCOPE_LABELS, isApiKeyScope } from '../../domain/index.js';
import { type ApiKeyView, createApiKey, listApiKeys, revokeApiKey } from '../api-keys/index.js';
import { builder } from './builder.js';
import { ApiKeyScopeEnum } from './enums.js';

// API keys for customers' systems (issue 20): the owner makes, lists and revokes them; platform
// admins list and revoke a customer's for support. The secret is in createApiKey's answer only.

const ApiKeyType = builder.objectRef<ApiKeyView>('ApiKey').implement({
  description: 'An API key of a customer account; never its secret.',
  fields: (t) => ({
    _id: t.exposeString('id'),
    name: t.exposeString('name'),
    prefix: t.exposeString('prefix', {
      description: 'sk_live_ and the first characters, to tell keys apart.',
    }),
    scopes: t.field({ type: [ApiKeyScopeEnum], resolve: (k) => k.scopes.filter(isApiKeyScope) }),
    scopeLabels: t.stringList({
      resolve: (k) => k.scopes.map((s) => (isApiKeyScope(s) ? API_KEY_SCOPE_LABELS[s].label : s)),
    }),
    createdByEmail: t.exposeString('createdByEmail', { nullable: true }),
    createdAt: t.string({ resolve: (k) => k.createdAt.toISOString() }),
    lastUsedAt: t.string({
      nullable: true,
      description: 'Updated at most once a minute.',
      resolve: (k) => k.lastUsedAt?.toISOString() ?? null,
    }),
    revokedAt: t.string({ nullable: true, resolve: (k) => k.revokedAt?.toISOString() ?? null }),
  }),
});

const CreatedApiKeyType = builder.objectRef<{ key: ApiKeyView; secret: string }>('CreatedApiKey').implement({
  fields: (t) => ({
    key: t.field({ type: ApiKeyType, resolve: (x) => x.key }),
    secret: t.exposeString('secret', {
      description: 'The key to send as Authorization: Bearer. Shown this once; it cannot be read again.',
    }),
  }),
});

builder.queryFields((t) => ({
  apiKeys: t.field({
    type: [ApiKeyType],
    description:
      "The account's API keys, newest first, revoked ones too (the owner; platform admins name a customer's clientId).",
    authScopes: { loggedIn: true },
    args: { clientId: t.arg.string() },
    resolve: (_r, a, ctx) => listApiKeys(ctx.db, ctx, a.clientId),
  }),
}));

builder.mutationFields((t) => ({
  createApiKey: t.field({
    type: CreatedApiKeyType,
    description: "Makes an API key for the owner's account; scopes default to [reporting:read].",
    authScopes: { loggedIn: true },
    args: { name: t.arg.string({ required: true }), scopes: t.arg({ type: [ApiKeyScopeEnum] }) },
    resolve: (_r, a, ctx) => createApiKey(ctx.db, ctx, { name: a.name, scopes: a.scopes }),
  }),
  revokeApiKey: t.field({
    type: ApiKeyType,
    description: "Revokes a key at once (the owner; platform admins any customer's, for support).",
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => revokeApiKey(ctx.db, ctx, a._id),
  }),
}));
