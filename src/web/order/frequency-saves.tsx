import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';

/** Saves a row's pending edit now; resolves false when the row cannot be saved (invalid or failed). */
export type FlushSave = () => Promise<boolean>;

type Registry = { register: (flush: FlushSave) => () => void; flushAll: () => Promise<boolean> };

const SavesContext = createContext<Registry | null>(null);

/** Every autosaving shop row registers here so that Next can submit all pending edits first (spec 2). */
export function FrequencySavesProvider({ children, registry }: { children: ReactNode; registry: Registry }) {
  return <SavesContext.Provider value={registry}>{children}</SavesContext.Provider>;
}

export function useSavesRegistry(): Registry {
  const flushers = useRef(new Set<FlushSave>());
  return useMemo(
    () => ({
      register(flush) {
        flushers.current.add(flush);
        return () => flushers.current.delete(flush);
      },
      async flushAll() {
        const results = await Promise.all([...flushers.current].map((flush) => flush()));
        return results.every(Boolean);
      },
    }),
    [],
  );
}

/** Registers the row's flush for its lifetime; `flush` is read through a ref so it may change freely. */
export function useRegisterFlush(flush: FlushSave) {
  const registry = useContext(SavesContext);
  const latest = useRef(flush);
  latest.current = flush;
  useEffect(() => registry?.register(() => latest.current()), [registry]);
}
