import { useMutation } from '@apollo/client';
import { useState } from 'react';
import { notifyError } from '../app/apollo';
import { clearOrderCookies } from '../app/cookies';
import { storeOrderCookies } from '../order/use-order';
import { REORDER } from './account-documents';

/**
 * Re-order (account-and-reporting 4): forget the current cart and its services, copy the placed
 * order into a new cart, store its id (polled until readable) and load /checkout in full. A failed
 * call or cookie shows a notification.
 */
export function useReorder() {
  const [reorder] = useMutation(REORDER);
  const [pending, setPending] = useState<string | null>(null);
  const run = async (oid: string) => {
    setPending(oid);
    try {
      clearOrderCookies();
      const { data } = await reorder({ variables: { oid } });
      if (!data) throw new Error('The order could not be copied.');
      await storeOrderCookies(data.reorder._id, data.reorder.serviceKeys);
      window.location.assign('/checkout');
    } catch (err) {
      notifyError(err);
      setPending(null);
    }
  };
  return { reorder: run, pending };
}
