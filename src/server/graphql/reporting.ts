import { AppError, notAuthorized, notLoggedIn } from '../errors.js';
import { requestParties, signText } from '../reporting-api/index.js';
import { callerMay } from '../team/index.js';
import { builder } from './builder.js';

builder.queryFields((t) => ({
  reportingApiUrl: t.string({
    description: "Base URL of the reporting API ('' = this app); set with REPORTING_API_URL.",
    resolve: (_r, _a, ctx) => (ctx.config.REPORTING_API_URL ?? '').replace(/\/$/, ''),
  }),
}));

builder.mutationFields((t) => ({
  generateSignature: t.string({
    description:
      'Signs a reporting API request: the pipe-joined values userMakingRequest|client|... (see README). ' +
      'Only for the caller as userMakingRequest, and their own id as client unless they are an admin.',
    authScopes: { loggedIn: true },
    args: { text: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => {
      if (!ctx.user) throw notLoggedIn();
      const parties = requestParties(a.text);
      if (!parties || a.text.length > 2000) {
        const message = 'text must start with userMakingRequest|client.';
        throw new AppError('BAD_USER_INPUT', message, [{ field: 'text', message }]);
      }
      // The login signs as itself; the client is the account it acts for (any, for platform admins).
      const person = ctx.person ?? ctx.user;
      if (parties.user !== person.id) throw notAuthorized();
      if (parties.client !== ctx.user.id && !person.admin) throw notAuthorized();
      if (!callerMay(ctx, 'reports')) throw notAuthorized();
      return signText(ctx.config.appSecret, a.text);
    },
  }),
}));
