import { hmac, safeEqual } from '../auth/tokens.js';
import { newId } from '../db/ids.js';

/**
 * OWASP "device cookies": after a successful login the browser keeps a signed binding to the account,
 * `{nonce}.{issuedAtMs}.{hmac}`. A login that shows a genuine binding for the e-mail it tries is
 * throttled only by that device's own failures, so someone elsewhere hammering the account cannot
 * keep its owner's usual browser out. The e-mail is inside the signature, not the cookie: a binding
 * for one account says nothing about, and is worth nothing for, another.
 */
export const LOGIN_DEVICE_COOKIE = 'login_device';
export const LOGIN_DEVICE_DAYS = 180;
/** Bindings one browser keeps (a shared office computer); the least recently used goes first. */
const MAX_BINDINGS = 5;

const BINDING = /^([A-Za-z0-9]{16,32})\.(\d{1,15})\.([0-9a-f]{32})$/;

const sign = (secret: string, email: string, nonce: string, issued: number) =>
  hmac(secret, `login-device|${email.trim().toLowerCase()}|${nonce}|${issued}`).slice(0, 32);

const bindingsOf = (cookie: string | null | undefined) => (cookie ?? '').split('~').slice(0, MAX_BINDINGS);

/** The nonce of the cookie's genuine, unexpired binding to `email`, or null (no cookie, forged, expired). */
export function trustedDevice(
  secret: string,
  cookie: string | null | undefined,
  email: string,
  now: Date,
): string | null {
  const oldest = now.getTime() - LOGIN_DEVICE_DAYS * 86_400_000;
  for (const binding of bindingsOf(cookie)) {
    const m = BINDING.exec(binding);
    if (!m) continue;
    const [, nonce, issued, sig] = m as unknown as [string, string, string, string];
    if (Number(issued) > oldest && safeEqual(sign(secret, email, nonce, Number(issued)), sig)) return nonce;
  }
  return null;
}

/**
 * The cookie's new value once `email` has logged in from this browser: its binding, renewed (same
 * nonce if it had one, so the device's failures stay its own), in front of the others it holds.
 */
export function rememberDevice(
  secret: string,
  cookie: string | null | undefined,
  email: string,
  now: Date,
): string {
  const nonce = trustedDevice(secret, cookie, email, now) ?? newId(22);
  const issued = now.getTime();
  const mine = `${nonce}.${issued}.${sign(secret, email, nonce, issued)}`;
  const others = bindingsOf(cookie).filter((b) => BINDING.test(b) && !b.startsWith(`${nonce}.`));
  return [mine, ...others].slice(0, MAX_BINDINGS).join('~');
}
