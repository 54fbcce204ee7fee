/**
 * The links that carry a capability: whoever holds one may do what it names without logging in (set a
 * password, join a team, unsubscribe, answer a survey, read a shared report or action plan). `:secret`
 * marks the path segment that is the capability; `?key` a query parameter that is. The e-mails build
 * these links with capabilityLink, and the request log blanks what this list marks
 * (server/logging/logger.ts: redactUrl), so a route added here is blanked everywhere at once.
 */
export const CAPABILITY_ROUTES = {
  resetPassword: '/reset-password/:secret',
  invitation: '/invitation/:secret',
  unsubscribe: '/unsubscribe/:secret',
  // A survey code lets anyone answer the customer's survey; the summary and QR pages carry it too.
  survey: '/survey/:secret',
  surveyQrImage: '/survey/:secret/qr.png',
  surveySummary: '/survey/program-summary/:secret',
  surveyQrPage: '/account/reports/qr/:programId/:secret/:clientId?',
  sharedShopReport: '/reports/shop/:evaluationId?key',
  sharedActionPlan: '/action-plans/:id?key',
} as const;

export type CapabilityRoute = keyof typeof CAPABILITY_ROUTES;

/** A route's path and its capability query parameter (`?key` at the end; `:name?` is an optional segment). */
function routeParts(route: string): { path: string; param: string | undefined } {
  const m = /\?(\w+)$/.exec(route);
  return m ? { path: route.slice(0, m.index), param: m[1] } : { path: route, param: undefined };
}

/**
 * A capability link on `origin`: the route's `:name` segments filled from `values` (`secret` for the
 * capability; an optional segment left out when not given) and its `?key` parameter from `values.key`.
 */
export function capabilityLink(
  origin: string,
  route: CapabilityRoute,
  values: Record<string, string | undefined>,
): string {
  const { path, param } = routeParts(CAPABILITY_ROUTES[route]);
  const filled = path
    .split('/')
    .flatMap((s) => {
      if (!s.startsWith(':')) return [s];
      const name = s.replace(/^:|\?$/g, '');
      const value = values[name];
      if (value === undefined && s.endsWith('?')) return [];
      if (value === undefined) throw new Error(`capabilityLink(${route}): no ${name}`);
      return [encodeURIComponent(value)];
    })
    .join('/');
  const query = param ? `?${param}=${encodeURIComponent(values[param] ?? '')}` : '';
  return `${origin}${filled}${query}`;
}

/**
 * The indexes of the capability segments of a path split on '/', per the routes it matches. Matched
 * loosely, as a browser would still open the page: literal segments in any case, empty segments
 * (a doubled or trailing slash) skipped, and the route anywhere in the path (after an entry path).
 */
export function capabilitySegments(segments: readonly string[]): number[] {
  const parts = segments.flatMap((s, i) => (s ? [{ s: s.toLowerCase(), i }] : []));
  const found = new Set<number>();
  for (const route of Object.values(CAPABILITY_ROUTES)) {
    const pattern = routeParts(route).path.split('/').filter(Boolean);
    const required = pattern.filter((s) => !s.endsWith('?')).length;
    for (let start = 0; start < parts.length; start++) {
      const rest = parts.slice(start);
      if (rest.length < required || rest.length > pattern.length) continue;
      if (!rest.every((p, k) => pattern[k]!.startsWith(':') || pattern[k] === p.s)) continue;
      rest.forEach((p, k) => {
        if (pattern[k] === ':secret') found.add(p.i);
      });
    }
  }
  return [...found];
}
