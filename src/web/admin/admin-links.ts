import { z } from 'zod';

// Pure rules of the admin's customer and order screens (admin-and-evaluation 2, 5).

/** Customers and orders lists load 25 at a time (spec 9). */
export const ADMIN_PAGE_SIZE = 25;

export const MSG_ORDER_NUMBER_REQUIRED = 'Order Number is Required.';
export const orderNotFoundMessage = (orderNumber: string) => `Order # ${orderNumber} not found.`;

/** Lookup By Order Number: the field must not be empty. */
export const ZOrderLookup = z.object({
  orderNumber: z.string().trim().min(1, MSG_ORDER_NUMBER_REQUIRED),
});
export type TOrderLookup = z.infer<typeof ZOrderLookup>;

const MAX_INT = 2 ** 31 - 1;

/** The order number typed or in the route, or null when it cannot be one (digits only, a GraphQL Int). */
export function parseOrderNumber(text: string | null | undefined): number | null {
  const trimmed = text?.trim() ?? '';
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n > 0 && n <= MAX_INT ? n : null;
}

/**
 * The return link of a details page comes from its query string, so only a path inside the admin area
 * is followed: anything else (another site, '//host', a script URL) is ignored.
 */
export function safeReturnUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith('/admin/')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\\\u0000-\u001f\s]/.test(url)) return null;
  return url;
}

// Slashes may stay as they are in a query value, which keeps the links readable.
const encodeQueryValue = (value: string) => encodeURIComponent(value).replace(/%2F/gi, '/');

/** `path?returnUrl=...&returnText=...`: a details page that links back to where it was opened from. */
export function withReturn(path: string, back: { returnUrl: string; returnText: string }): string {
  return `${path}?returnUrl=${encodeQueryValue(back.returnUrl)}&returnText=${encodeQueryValue(back.returnText)}`;
}

/** /admin/orders/{n} opened from the orders list, with 'Back To Orders'. */
export const orderFromList = (orderNumber: number) =>
  withReturn(`/admin/orders/${orderNumber}`, { returnUrl: '/admin/orders', returnText: 'Back To Orders' });
