import { useApolloClient, useQuery } from '@apollo/client';
import { useCallback, useEffect, useState } from 'react';
import { isShopperEditable } from '../../../evaluation';
import type { FieldEvaluationQuery } from '../../gql/graphql';
import { uploadFile } from '../../order/upload-file';
import { EVALUATION, SAVE_EVALUATION } from '../evaluator-documents';
import { offlineStoreAvailable, pendingOf, readSnapshot, saveSnapshot } from './offline-store';
import { Outbox } from './outbox';
import { type PendingSave, sendFailure, withPending } from './outbox-logic';
import { toPageValue } from './photos';

export type LoadedEvaluation = NonNullable<FieldEvaluationQuery['evaluation']>;

type Loaded =
  | { kind: 'loading' }
  | { kind: 'error'; error: unknown }
  | { kind: 'missing' }
  | { kind: 'offline-unknown' }
  | { kind: 'ready'; evaluation: LoadedEvaluation; outbox: Outbox | null; offline: boolean };

async function onPage(pending: PendingSave[]) {
  return Promise.all(
    pending.map(async (p) => ({
      ...p,
      answers: Object.fromEntries(
        await Promise.all(
          Object.entries(p.answers).map(async ([k, v]) => [k, await toPageValue(v)] as const),
        ),
      ),
    })),
  );
}

/**
 * The evaluation page's data: the server's evaluation when there is a connection, else the snapshot
 * kept on the phone; either way with the saves still waiting in the outbox laid over it, so what the
 * shopper entered offline is there after a reload. Returns the outbox that sends those saves.
 */
export function useEvaluationWithOutbox(id: string) {
  const client = useApolloClient();
  const { data, loading, error, refetch } = useQuery(EVALUATION, {
    variables: { id },
    fetchPolicy: 'network-only',
  });
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  useEffect(() => {
    if (loading) return;
    let cancelled = false;
    let made: Outbox | null = null;
    void (async () => {
      const server = data?.evaluation ?? null;
      if (!offlineStoreAvailable()) {
        if (error) setLoaded({ kind: 'error', error });
        else
          setLoaded(
            server
              ? { kind: 'ready', evaluation: server, outbox: null, offline: false }
              : { kind: 'missing' },
          );
        return;
      }
      const [pending, snapshot] = await Promise.all([pendingOf(id), readSnapshot(id)]);
      const kept = snapshot?.data as LoadedEvaluation | undefined;
      const networkDown = !!error && sendFailure(error).kind === 'network';
      let base: LoadedEvaluation;
      let baseVersion: number;
      let offline = false;
      if (server && (pending.length === 0 || !kept)) {
        base = server;
        baseVersion = server.version;
        if (server.viewerRole === 'shopper') await saveSnapshot(server);
      } else if (kept && (networkDown || pending.length > 0)) {
        // Offline, or saves still waiting: the phone's copy (the server's answer to those saves,
        // a conflict or a refusal, shows when the outbox sends them).
        base =
          server && pending.length > 0 && isShopperEditable(server.status)
            ? { ...server, document: kept.document }
            : kept;
        baseVersion = kept.version;
        offline = networkDown;
      } else if (networkDown) {
        if (!cancelled) setLoaded({ kind: 'offline-unknown' });
        return;
      } else {
        if (!cancelled) setLoaded(error ? { kind: 'error', error } : { kind: 'missing' });
        return;
      }
      const document = withPending(base.document as Record<string, unknown>, await onPage(pending));
      made = new Outbox(
        id,
        baseVersion,
        {
          send: async (variables) => {
            // Not into Apollo's cache: the page holds the answers, and the query's result must not
            // change under it with every save.
            const res = await client.mutate({
              mutation: SAVE_EVALUATION,
              variables,
              fetchPolicy: 'no-cache',
            });
            const saved = res.data!.saveEvaluation;
            return { version: saved.version, document: saved.document };
          },
          upload: async (photo) => {
            const file = new File([photo.blob], photo.fileName, {
              type: photo.blob.type,
              lastModified: new Date(photo.takenAt).getTime(),
            });
            return (await uploadFile({ folder: `evaluations/${id}`, file, onProgress: () => {} })).publicUrl;
          },
        },
        pending.length,
      );
      if (cancelled) {
        made.dispose();
        return;
      }
      setLoaded({ kind: 'ready', evaluation: { ...base, document }, outbox: made, offline });
      void made.kick();
    })();
    return () => {
      cancelled = true;
      made?.dispose();
    };
  }, [id, data, loading, error, client]);

  const reload = useCallback(() => {
    setLoaded({ kind: 'loading' });
    void refetch().catch(() => undefined);
  }, [refetch]);

  return { loaded, reload, refetch };
}
