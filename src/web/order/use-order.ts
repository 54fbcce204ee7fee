import { useQuery } from '@apollo/client';
import { useCallback, useState } from 'react';
import type { QuestionnaireType } from '../../domain';
import {
  getCookie,
  ORDER_COOKIE,
  ORDER_COOKIE_DAYS,
  readOrderServices,
  SERVICES_COOKIE,
  setCookie,
} from '../app/cookies';
import type { OrderDetailsQuery } from '../gql/graphql';
import { ORDER_DETAILS } from './order-documents';

export type WizardOrder = NonNullable<OrderDetailsQuery['order']>;

/**
 * The order in progress: the id from the order cookie, the order from the server (cache-and-network),
 * and the services chosen (the order's, else the services cookie's).
 */
export function useOrder() {
  const [oid] = useState(() => getCookie(ORDER_COOKIE));
  const { data, loading, error, refetch } = useQuery(ORDER_DETAILS, {
    variables: { oid },
    skip: !oid,
    fetchPolicy: 'cache-and-network',
  });
  const order = data?.order && data.order.status === 'CART' ? data.order : null;
  const services = (
    order?.serviceKeys.length ? order.serviceKeys : (readOrderServices()?.services ?? [])
  ) as QuestionnaireType[];
  const reload = useCallback(() => refetch(), [refetch]);
  return { oid: order ? oid : null, order, services, loading: loading && !data, error, refetch: reload };
}

export class CookieError extends Error {}

/**
 * Stores the order id and services cookies (7 days), then confirms the id cookie is readable by polling
 * every 250 ms; more than 5 failed checks is 'Cannot Set Order Cookie' (spec).
 */
export async function storeOrderCookies(oid: string, services: readonly string[]): Promise<void> {
  setCookie(ORDER_COOKIE, oid, ORDER_COOKIE_DAYS);
  setCookie(SERVICES_COOKIE, JSON.stringify({ oid, services }), ORDER_COOKIE_DAYS);
  for (let checks = 0; checks <= 5; checks++) {
    if (getCookie(ORDER_COOKIE) === oid) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new CookieError('Cannot Set Order Cookie');
}
