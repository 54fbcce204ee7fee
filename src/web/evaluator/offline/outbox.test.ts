import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingSave } from './outbox-logic';

// The outbox's sending loop over an in-memory stand-in for IndexedDB (offline-store.ts is a thin idb
// wrapper): saves go in order on the version the last one returned; a conflict or a refusal stops it
// (no loop) and keeps the saves; "Keep mine" sends them again on the newest version.

const store = vi.hoisted(() => ({ outbox: [] as PendingSave[], seq: 0 }));
vi.mock('./offline-store', () => ({
  enqueue: async (s: PendingSave) => {
    store.seq += 1;
    store.outbox.push({ ...s, seq: store.seq });
    return store.seq;
  },
  pendingOf: async (id: string) => store.outbox.filter((s) => s.evaluationId === id),
  removePending: async (seq: number) => {
    store.outbox = store.outbox.filter((s) => s.seq !== seq);
  },
  replacePending: async (s: PendingSave) => {
    store.outbox = store.outbox.map((x) => (x.seq === s.seq ? s : x));
  },
  dropPending: async (id: string) => {
    store.outbox = store.outbox.filter((s) => s.evaluationId !== id);
  },
  readPhoto: async () => undefined,
  deletePhoto: async () => undefined,
  readSnapshot: async () => undefined,
  saveSnapshot: async () => undefined,
}));

const { Outbox } = await import('./outbox');

const conflict = {
  graphQLErrors: [
    { message: 'Changed elsewhere.', extensions: { code: 'CONFLICT', fields: [{ field: 'baseVersion' }] } },
  ],
};
const refused = {
  graphQLErrors: [
    {
      message: 'This evaluation can no longer be changed.',
      extensions: { code: 'CONFLICT', fields: [{ field: '_id' }] },
    },
  ],
};
const change = (answers: Record<string, unknown>) => ({ answers, currentSectionId: 's1', photoTakenAt: {} });

beforeEach(() => {
  store.outbox = [];
  store.seq = 0;
});

describe('the outbox', () => {
  it('sends the saves in order, each on the version the previous one returned', async () => {
    const sent: { answers: unknown; baseVersion: number }[] = [];
    let version = 3;
    const outbox = new Outbox('e1', 3, {
      send: async (v) => {
        sent.push({ answers: v.answers, baseVersion: v.baseVersion });
        version += 1;
        return { version, document: {} };
      },
      upload: async () => '',
    });
    await outbox.add(change({ a: 1 }));
    await outbox.add(change({ b: 2 }));
    expect(await outbox.flush()).toBe(true);
    expect(sent).toEqual([
      { answers: { a: 1 }, baseVersion: 3 },
      { answers: { b: 2 }, baseVersion: 4 },
    ]);
    expect(outbox.getState()).toMatchObject({ waiting: 0, problem: null });
    expect(store.outbox).toEqual([]);
  });

  it('stops on a conflict, keeps the saves, and sends them on the newest version when asked', async () => {
    const send = vi.fn().mockRejectedValueOnce(conflict).mockResolvedValue({ version: 9, document: {} });
    const outbox = new Outbox('e1', 1, { send, upload: async () => '' });
    await outbox.add(change({ a: 1 }));
    expect(await outbox.flush()).toBe(false);
    expect(outbox.getState().problem).toEqual({ kind: 'conflict', message: 'Changed elsewhere.' });
    expect(store.outbox).toHaveLength(1);
    // Stopped: more changes wait and nothing is sent until the shopper chooses.
    await outbox.add(change({ b: 2 }));
    expect(send).toHaveBeenCalledTimes(1);
    outbox.keepMine(8);
    expect(await outbox.flush()).toBe(true);
    expect(send.mock.calls.map((c) => c[0].baseVersion)).toEqual([1, 8, 9]);
  });

  it('stops without looping when the shopper no longer holds the evaluation; Reload newest drops the saves', async () => {
    const send = vi.fn().mockRejectedValue(refused);
    const outbox = new Outbox('e1', 1, { send, upload: async () => '' });
    await outbox.add(change({ a: 1 }));
    await outbox.flush();
    await outbox.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.getState().problem).toEqual({
      kind: 'refused',
      message: 'This evaluation can no longer be changed.',
    });
    expect(store.outbox).toHaveLength(1);
    await outbox.dropAll();
    expect(store.outbox).toEqual([]);
    expect(outbox.getState()).toMatchObject({ waiting: 0, problem: null });
  });

  it('keeps the saves and tries again later when the server cannot be reached', async () => {
    vi.useFakeTimers();
    try {
      const send = vi
        .fn()
        .mockRejectedValueOnce({ networkError: new TypeError('Failed to fetch') })
        .mockResolvedValue({ version: 2, document: {} });
      const outbox = new Outbox('e1', 1, { send, upload: async () => '' });
      await outbox.add(change({ a: 1 }));
      await outbox.kick();
      expect(outbox.getState()).toMatchObject({ waiting: 1, problem: null });
      await vi.advanceTimersByTimeAsync(1000);
      expect(send).toHaveBeenCalledTimes(2);
      expect(outbox.getState().waiting).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
