/** Cookies the web app reads and writes itself (not HttpOnly by design: the spec polls them). */
export const ORDER_COOKIE = 'orderId';
export const SERVICES_COOKIE = 'orderServices';
/** Order id and services cookies expire after 7 days (spec). */
export const ORDER_COOKIE_DAYS = 7;

/**
 * The cookies a render reads: the document's in the browser; the request's in a server render (ssr.tsx);
 * while the browser takes over a server-rendered page, the ones the server rendered it with (start.tsx),
 * since an order started in another tab meanwhile would make the first render differ from the page.
 */
let cookieHeader = () => document.cookie;

export function readCookiesFrom(source: () => string) {
  cookieHeader = source;
}

/** Of a Cookie header, the cookies pages read in their render: what a server-rendered page hands the browser. */
export function renderedCookies(header: string): string {
  const prefixes = [ORDER_COOKIE, SERVICES_COOKIE].map((name) => `${encodeURIComponent(name)}=`);
  return header
    .split(/;\s*/)
    .filter((part) => prefixes.some((prefix) => part.startsWith(prefix)))
    .join('; ');
}

export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of cookieHeader().split(/;\s*/)) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

export function setCookie(name: string, value: string, days: number) {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser.
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser.
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}

export type OrderServices = { oid: string; services: string[] };

export function readOrderServices(): OrderServices | null {
  const raw = getCookie(SERVICES_COOKIE);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as OrderServices;
    const oid = getCookie(ORDER_COOKIE);
    // A mismatch between the two cookies is only logged (spec).
    if (oid && v.oid !== oid) console.warn('Order services cookie does not match the order id cookie.');
    return Array.isArray(v.services) ? v : null;
  } catch {
    return null;
  }
}

/** Fired on window when the order cookies are cleared, so the resume bar can update at once. */
export const ORDER_COOKIES_CHANGED = 'order-cookies-changed';

export function clearOrderCookies() {
  deleteCookie(ORDER_COOKIE);
  deleteCookie(SERVICES_COOKIE);
  window.dispatchEvent(new Event(ORDER_COOKIES_CHANGED));
}
