// Input helpers of the built-in card form (the test card processor). They only shape what is typed;
// whether a card is accepted is the processor's answer (tokenizeTestCard).

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** American Express numbers are 15 digits (4-6-5); others up to 16 (4-4-4-4) for our test cards. */
const isAmex = (digits: string) => /^3[47]/.test(digits);

export const cardNumberLength = (digits: string): number => (isAmex(digits) ? 15 : 16);

/** '4242 4242 4242 4242', '3782 822463 10005' while typing; extra digits are dropped. */
export function formatCardNumber(input: string): string {
  const digits = digitsOf(input);
  const kept = digits.slice(0, cardNumberLength(digits));
  const groups = isAmex(kept) ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= kept.length) break;
    parts.push(kept.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** 'MM/YY' while typing: '1225' becomes '12/25'; the slash appears once the year starts. */
export function formatExpiry(input: string): string {
  const digits = digitsOf(input).slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Month and four-digit year from 'MM/YY', or null while incomplete or not a month. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

export function formatCvc(input: string): string {
  return digitsOf(input).slice(0, 4);
}

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** A card is complete once every field is fully typed (the widget reports 'complete'). */
export function cardComplete(card: CardFields): boolean {
  const digits = digitsOf(card.number);
  return (
    digits.length === cardNumberLength(digits) &&
    parseExpiry(card.expiry) !== null &&
    /^\d{3,4}$/.test(card.cvc)
  );
}

/** Spec (order-flow 9): at least 2 seconds between card token requests. */
export const TOKEN_REQUEST_INTERVAL_MS = 2000;

/** How long to wait before the next token request, given when the last one was made. */
export function tokenRequestDelay(lastRequestAt: number | null, now: number): number {
  if (lastRequestAt === null) return 0;
  return Math.max(0, lastRequestAt + TOKEN_REQUEST_INTERVAL_MS - now);
}

/**
 * A gate for card token requests: each call waits until the interval since the previous request has
 * passed, then runs the request it is given.
 */
export function createTokenThrottle(
  clock: { now: () => number; sleep: (ms: number) => Promise<void> } = {
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  },
) {
  let last: number | null = null;
  return async <T>(request: () => Promise<T>): Promise<T> => {
    const wait = tokenRequestDelay(last, clock.now());
    if (wait > 0) await clock.sleep(wait);
    last = clock.now();
    return request();
  };
}
