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
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), browsing-topics=()',
  // The card form is Stripe Elements in iframes; no flow opens a popup that must talk back to the
  // page (Stripe wallets or Link popups would need same-origin-allow-popups).
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** HTTPS only from now on (production runs behind TLS); a year, as OWASP and the preload list ask. */
export const HSTS = 'max-age=31536000; includeSubDomains';

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

/** GraphiQL (development only, never in production) runs an inline script and loads from unpkg. */
export const GRAPHIQL_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline' https://unpkg.com; style-src 'self' 'unsafe-inline' https://unpkg.com; img-src 'self' data: https:; font-src 'self' data: https://unpkg.com; worker-src 'self' blob: https://unpkg.com; connect-src 'self'; frame-ancestors 'none'";

const isSet = (reply: FastifyReply, name: string) => reply.hasHeader(name) || reply.raw.hasHeader(name);

/** Adds the security headers a route did not set itself (onSend, for every response). */
export function securityHeadersHook(config: Pick<Config, 'production'>, appCsp: string) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (isPublicFile(req.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!isSet(reply, name)) reply.header(name, value);
    }
    if (config.production) reply.header('strict-transport-security', HSTS);
    if (!isSet(reply, 'content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? reply.raw.getHeader('content-type') ?? '');
      reply.header('content-security-policy', type.startsWith('text/html') ? appCsp : NON_HTML_CSP);
    }
    reply.removeHeader('x-powered-by');
    reply.removeHeader('server');
    return payload;
  };
}
