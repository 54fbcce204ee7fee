import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { AppContext } from '../context.js';
import { notAuthorized, notLoggedIn } from '../errors.js';

export const builder = new SchemaBuilder<{
  Context: AppContext;
  AuthScopes: { loggedIn: boolean; admin: boolean };
  Scalars: { JSON: { Input: unknown; Output: unknown } };
  DefaultFieldNullability: false;
}>({
  plugins: [ScopeAuthPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => ({ loggedIn: !!ctx.user, admin: !!ctx.user?.admin }),
    unauthorizedError: (_parent, ctx) => (ctx.user ? notAuthorized() : notLoggedIn()),
  },
});

builder.queryType({});
builder.mutationType({});
