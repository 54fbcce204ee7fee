import type { ApolloClient } from '@apollo/client';
import { isShopperEditable } from '../../../evaluation';
import { EVALUATION } from '../evaluator-documents';
import { offlineStoreAvailable, pendingOf, saveSnapshot } from './offline-store';

/**
 * My Evaluations keeps a copy of each evaluation in progress on the phone (form, answers, version),
 * so the shopper can open and fill it in without a connection. One with saves still waiting keeps the
 * copy those saves were made on.
 */
export async function keepEvaluationsOffline(
  client: ApolloClient<unknown>,
  rows: readonly { _id: string; status: number }[],
) {
  if (!offlineStoreAvailable() || !navigator.onLine) return;
  for (const row of rows) {
    if (!isShopperEditable(row.status)) continue;
    try {
      if ((await pendingOf(row._id)).length > 0) continue;
      const res = await client.query({
        query: EVALUATION,
        variables: { id: row._id },
        fetchPolicy: 'no-cache',
      });
      const evaluation = res.data.evaluation;
      if (evaluation?.viewerRole === 'shopper') await saveSnapshot(evaluation);
    } catch {
      // Offline again, or gone: the next visit to the page tries again.
    }
  }
}
