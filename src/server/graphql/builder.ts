import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { AppContext } from '../context.js';
import { AppError, notAuthorized, notLoggedIn } from '../errors.js';
import { MSG_ADMIN_NEEDS_SECOND_FACTOR } from '../two-factor/enforcement.js';

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
    // A platform admin without a second factor has no admin rights (request-identity.ts): say why.
    unauthorizedError: (_parent, ctx) =>
      ctx.secondFactorSetup === 'admin'
        ? new AppError('FORBIDDEN', MSG_ADMIN_NEEDS_SECOND_FACTOR, [], { secondFactorSetup: 'admin' })
        : ctx.user
          ? notAuthorized()
          : notLoggedIn(),
  },
});

builder.queryType({});
builder.mutationType({});
