// Bulk address validation timing (spec: order-flow 4 and 9): lines are geocoded in batches of 6, batch n
// starting 2000 ms x n after the first; a rate-limited line stays loading and retries after 5 seconds;
// any other failure marks the line as an error. Pure: the geocoder and the timer are injected.

export const GEOCODE_BATCH_SIZE = 6;
export const GEOCODE_BATCH_INTERVAL_MS = 2000;
export const GEOCODE_RETRY_MS = 5000;

export type GeocodeAnswer<A> = { status: string; address?: A | null };

export type BulkRowUpdate<A> = { status: 'validated'; address: A } | { status: 'error' };

export interface SchedulerTimer {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTimer: SchedulerTimer = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface BulkGeocodeOptions<A> {
  lines: readonly string[];
  geocode: (line: string) => Promise<GeocodeAnswer<A>>;
  /** Called once per line when it settles (validated or error); rate-limited lines stay loading. */
  onSettled: (index: number, update: BulkRowUpdate<A>) => void;
  timer?: SchedulerTimer;
}

/** Starts geocoding every line; `cancel()` stops pending batches and retries and ignores late answers. */
export function scheduleBulkGeocode<A>(options: BulkGeocodeOptions<A>): { cancel: () => void } {
  const timer = options.timer ?? browserTimer;
  const handles = new Set<unknown>();
  let cancelled = false;

  const later = (fn: () => void, ms: number) => {
    const handle = timer.setTimeout(() => {
      handles.delete(handle);
      if (!cancelled) fn();
    }, ms);
    handles.add(handle);
  };

  const attempt = (index: number) => {
    const line = options.lines[index]!;
    options
      .geocode(line)
      .then(
        (answer): BulkRowUpdate<A> | 'retry' => {
          if (answer.status === 'OVER_QUERY_LIMIT') return 'retry';
          return answer.status === 'OK' && answer.address
            ? { status: 'validated', address: answer.address }
            : { status: 'error' };
        },
        (): BulkRowUpdate<A> => ({ status: 'error' }),
      )
      .then((outcome) => {
        if (cancelled) return;
        if (outcome === 'retry') later(() => attempt(index), GEOCODE_RETRY_MS);
        else options.onSettled(index, outcome);
      });
  };

  const startBatch = (first: number) => {
    const end = Math.min(first + GEOCODE_BATCH_SIZE, options.lines.length);
    for (let i = first; i < end; i++) attempt(i);
  };

  for (let batch = 0; batch * GEOCODE_BATCH_SIZE < options.lines.length; batch++) {
    const first = batch * GEOCODE_BATCH_SIZE;
    if (batch === 0) startBatch(first);
    else later(() => startBatch(first), GEOCODE_BATCH_INTERVAL_MS * batch);
  }

  return {
    cancel() {
      cancelled = true;
      for (const handle of handles) timer.clearTimeout(handle);
      handles.clear();
    },
  };
}
