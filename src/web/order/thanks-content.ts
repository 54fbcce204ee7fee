import type { QuestionnaireType } from '../../domain';

/** What a placed order contained, which decides the thank-you text (spec: order-flow 1). */
export type OrderContent = 'survey-only' | 'shop-only' | 'mixed';

const ORDER_CONTENTS: readonly OrderContent[] = ['survey-only', 'shop-only', 'mixed'];

/** Survey-only, shop-only or mixed, from the questionnaire types of the order's shops. */
export function orderContentOf(types: readonly (QuestionnaireType | string)[]): OrderContent {
  const surveys = types.some((t) => t === 'customerSurvey');
  const shops = types.some((t) => t !== 'customerSurvey');
  if (surveys && shops) return 'mixed';
  return surveys ? 'survey-only' : 'shop-only';
}

export const includesSurveys = (content: OrderContent) => content !== 'shop-only';
export const includesShops = (content: OrderContent) => content !== 'survey-only';

/** Checkout hands the order's content to /thanks across the full page load (the cookies are gone by then). */
export const ORDER_CONTENT_KEY = 'placedOrderContent';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export function rememberOrderContent(content: OrderContent, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(ORDER_CONTENT_KEY, content);
  } catch {
    // Storage can be disabled; the thank-you page then shows its general text.
  }
}

export function readOrderContent(storage: Storage = sessionStorage): OrderContent | null {
  try {
    const value = storage.getItem(ORDER_CONTENT_KEY);
    return ORDER_CONTENTS.find((c) => c === value) ?? null;
  } catch {
    return null;
  }
}
