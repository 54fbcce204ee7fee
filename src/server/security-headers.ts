import type { FastifyReply, FastifyRequest } from 'fastify';
import { s3UploadOrigin } from './adapters/s3-storage.js';
import type { Config } from './config.js';

/**
 * The response headers of the OWASP Secure Headers Project, in one place (docs/security-headers.md
 * gives the reasons). Sent on every response unless a route set its own value.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Legacy browsers; CSP frame-ancestors is the rule modern ones follow.
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  // The old XSS auditor is itself an attack surface; OWASP recommends turning it off.
  'x-xss-protection': '0',
  // The app uses none of these. Photo uploads use <input type="file">, which opens the camera
  // without the camera permission, so they keep working with camera=().
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self), usb=(), browsing-topics=()',
  // The card form is Stripe Elements in iframes; no flow opens a popup that must talk back to the
  // page (Stripe wallets or Link popups would need same-origin-allow-popups).
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** HTTPS only from now on (production runs behind TLS); a year, as OWASP and the preload list ask. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * What a script, stylesheet, font or image of the built web app (dist/web) gets: the headers that mean
 * something for a file another page loads, not those that govern a document (issue 16: the first page
 * loads some 45 such files, and the full set is 800 bytes on each). OWASP's HTTP Headers Cheat Sheet
 * (https://cheatsheetseries.owasp.org/cheatsheets/HTTP_Headers_Cheat_Sheet.html) and MDN's header
 * reference (https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Headers) say which is which:
 * - kept: X-Content-Type-Options (browsers refuse a script or stylesheet of the wrong type with nosniff:
 *   these are the responses it is for), Cross-Origin-Resource-Policy (it decides which sites may load
 *   the file at all) and, in production, Strict-Transport-Security (honoured on any HTTPS response);
 * - left off: X-Frame-Options and CSP frame-ancestors ("only useful when the response has something to
 *   interact with", OWASP), Permissions-Policy and Cross-Origin-Opener-Policy (they govern a document
 *   and its browsing context), X-XSS-Protection (the old auditor checked page loads), X-Permitted-
 *   Cross-Domain-Policies (Adobe clients' policy files), Referrer-Policy (a script's requests follow its
 *   page's policy; a stylesheet's own url()s would fall back to the browsers' default, which is the
 *   value we send: strict-origin-when-cross-origin), and the non-HTML CSP (a policy governs the
 *   document or worker it comes with; the app starts no workers).
 * SVG images keep the full set: opened on their own they are documents and can hold scripts.
 */
export const WEB_FILE_HEADERS: readonly string[] = ['x-content-type-options', 'cross-origin-resource-policy'];
const WEB_FILE_TYPE = /^(?:text\/javascript|application\/javascript|text\/css|font\/|image\/(?!svg))/i;

const webFiles = new WeakSet<FastifyReply>();
/** Marks a reply as a file of the built web app (the route that sends dist/web's files calls it). */
export function webFile(reply: FastifyReply): FastifyReply {
  webFiles.add(reply);
  return reply;
}

/**
 * Files other sites show: uploaded logos on custom-domain storefronts and in e-mails, the survey QR
 * code in the confirmation e-mail, the demo brands' logos and sample reports. They are public, so
 * any site may embed them (Cross-Origin-Resource-Policy: cross-origin); everything else is same-origin.
 */
const PUBLIC_FILE = /^\/(?:s3\/uploads\/|survey\/[^/?]+\/qr\.png(?:\?|$)|brands\/|samples\/|favicon\.svg)/;
export const isPublicFile = (url: string) => PUBLIC_FILE.test(url);

/** Responses that are not pages (JSON, CSV, files): nothing may run or load, nobody may frame them. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'";

const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The web app's Content-Security-Policy. Scripts: our bundle only (Vite emits no inline script; the
 * shell's bootstrap block is `type="application/json"`, data the browser never runs), plus Stripe.js
 * when Stripe is the payment provider. Styles keep 'unsafe-inline': Mantine writes its theme
 * variables and component styles into <style> tags at run time. Images and audio may come from any
 * HTTPS host (brand logos by URL, evaluators' recording links). Google Maps is not listed: address
 * suggestions come through our API, the browser never loads Google's scripts.
 */
export function contentSecurityPolicy(
  config: Pick<
    Config,
    'production' | 'STRIPE_SECRET_KEY' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_PUBLIC_URL'
  >,
): string {
  const stripe = config.STRIPE_SECRET_KEY ? STRIPE : { script: [], frame: [], connect: [] };
  // With S3 the browser PUTs uploads to the bucket and reads them from its public URL (which may be
  // plain http for a local MinIO).
  const bucket = config.S3_BUCKET
    ? [
        s3UploadOrigin({ bucket: config.S3_BUCKET, region: config.S3_REGION, endpoint: config.S3_ENDPOINT }),
        ...(config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : []),
      ]
    : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...stripe.script],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...bucket],
    ['media-src', "'self'", 'blob:', 'https:', ...bucket],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...stripe.connect, ...bucket],
    ['frame-src', ...(stripe.frame.length ? stripe.frame : ["'none'"])],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
    ...(config.production ? [['upgrade-insecure-requests'] as [string]] : []),
  ];
  return directives.map((d) => [...new Set(d)].join(' ')).join('; ');
}

/**
 * The API reference page (GET /api/docs, Swagger UI from this server's own files): scripts and styles
 * from here only (its start script is a file, not inline); Swagger UI sets style attributes; "Try it
 * out" calls this origin.
 */
export const API_DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * GraphiQL (GET /api in a browser; in production for platform admins only), from this server's own
 * files (@graphql-yoga/render-graphiql's bundle): no inline script. Its editor (Monaco) runs workers
 * from this origin and sets styles at run time.
 */
export const GRAPHIQL_CSP =
  "default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const isSet = (reply: FastifyReply, name: string) => reply.hasHeader(name) || reply.raw.hasHeader(name);

const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * Adds the security headers a route did not set itself (onSend, for every response): the full set, or
 * WEB_FILE_HEADERS on a script, stylesheet, font or image of the built web app.
 */
export function securityHeadersHook(config: Pick<Config, 'production'>, appCsp: string) {
  // A callback hook rather than an async one: no promise and no extra turn of the queue per response.
  return (
    req: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: null, value: unknown) => void,
  ) => {
    const type = String(reply.getHeader('content-type') ?? reply.raw.getHeader('content-type') ?? '');
    const subresource = webFiles.has(reply) && WEB_FILE_TYPE.test(type);
    if (isPublicFile(req.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    for (const [name, value] of SECURITY_HEADER_ENTRIES) {
      if (subresource && !WEB_FILE_HEADERS.includes(name)) continue;
      if (!isSet(reply, name)) reply.header(name, value);
    }
    if (config.production) reply.header('strict-transport-security', HSTS);
    if (!subresource && !isSet(reply, 'content-security-policy')) {
      reply.header('content-security-policy', type.startsWith('text/html') ? appCsp : NON_HTML_CSP);
    }
    reply.removeHeader('x-powered-by');
    reply.removeHeader('server');
    done(null, payload);
  };
}
