import { describe, expect, it } from 'vitest';
import { type GeocodeAnswer, type SchedulerTimer, scheduleBulkGeocode } from './bulk-geocode-scheduler';

/** A manual clock: callbacks run only when the test advances time. */
function fakeTimer() {
  let now = 0;
  let nextId = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timer: SchedulerTimer = {
    setTimeout(fn, ms) {
      nextId += 1;
      pending.set(nextId, { at: now + ms, fn });
      return nextId;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  async function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      await settle();
      const due = [...pending.entries()]
        .filter(([, t]) => t.at <= until)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = until;
    await settle();
  }
  return { timer, advance, now: () => now, pendingCount: () => pending.size };
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function recorder(
  answers: (line: string, attempt: number) => GeocodeAnswer<string> | Error,
  clock: () => number,
) {
  const calls: { line: string; at: number }[] = [];
  const attempts = new Map<string, number>();
  const geocode = async (line: string) => {
    calls.push({ line, at: clock() });
    const n = (attempts.get(line) ?? 0) + 1;
    attempts.set(line, n);
    const answer = answers(line, n);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { calls, geocode };
}

const ok = (line: string): GeocodeAnswer<string> => ({ status: 'OK', address: `addr:${line}` });
const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);

describe('bulk address validation scheduler', () => {
  it('geocodes 6 lines at once, then each further batch 2000 ms x its number after the first', async () => {
    const clock = fakeTimer();
    const { calls, geocode } = recorder(ok, clock.now);
    scheduleBulkGeocode({ lines: lines(14), geocode, onSettled: () => {}, timer: clock.timer });
    await clock.advance(0);
    expect(calls.map((c) => c.at)).toEqual([0, 0, 0, 0, 0, 0]);
    await clock.advance(1999);
    expect(calls).toHaveLength(6);
    await clock.advance(1);
    expect(calls).toHaveLength(12);
    await clock.advance(2000);
    expect(calls.map((c) => c.at)).toEqual([
      0, 0, 0, 0, 0, 0, 2000, 2000, 2000, 2000, 2000, 2000, 4000, 4000,
    ]);
    expect(calls.map((c) => c.line)).toEqual(lines(14));
  });

  it('marks good lines validated with their address and other answers or failures as errors', async () => {
    const clock = fakeTimer();
    const { geocode } = recorder(
      (line) =>
        line === 'bad'
          ? { status: 'ZERO_RESULTS' }
          : line === 'boom'
            ? new Error('network')
            : line === 'empty'
              ? { status: 'OK', address: null }
              : ok(line),
      clock.now,
    );
    const settled: unknown[] = [];
    scheduleBulkGeocode({
      lines: ['1 Main St, Reno, NV', 'bad', 'boom', 'empty'],
      geocode,
      onSettled: (i, u) => settled.push([i, u]),
      timer: clock.timer,
    });
    await clock.advance(0);
    expect(settled).toEqual([
      [0, { status: 'validated', address: 'addr:1 Main St, Reno, NV' }],
      [1, { status: 'error' }],
      [2, { status: 'error' }],
      [3, { status: 'error' }],
    ]);
  });

  it('keeps a rate-limited line loading and retries it after 5 seconds until it answers', async () => {
    const clock = fakeTimer();
    const { calls, geocode } = recorder(
      (line, attempt) => (line === 'busy' && attempt < 3 ? { status: 'OVER_QUERY_LIMIT' } : ok(line)),
      clock.now,
    );
    const settled: unknown[] = [];
    scheduleBulkGeocode({
      lines: ['busy'],
      geocode,
      onSettled: (i, u) => settled.push([i, u]),
      timer: clock.timer,
    });
    await clock.advance(4999);
    expect(settled).toEqual([]);
    expect(calls.map((c) => c.at)).toEqual([0]);
    await clock.advance(1);
    expect(calls.map((c) => c.at)).toEqual([0, 5000]);
    await clock.advance(5000);
    expect(calls.map((c) => c.at)).toEqual([0, 5000, 10000]);
    expect(settled).toEqual([[0, { status: 'validated', address: 'addr:busy' }]]);
  });

  it('stops pending batches and retries when cancelled', async () => {
    const clock = fakeTimer();
    const { calls, geocode } = recorder(
      (line) => (line === 'line 1' ? { status: 'OVER_QUERY_LIMIT' } : ok(line)),
      clock.now,
    );
    const settled: unknown[] = [];
    const job = scheduleBulkGeocode({
      lines: lines(8),
      geocode,
      onSettled: (i, u) => settled.push([i, u]),
      timer: clock.timer,
    });
    await clock.advance(0);
    job.cancel();
    await clock.advance(10_000);
    expect(calls).toHaveLength(6);
    expect(settled).toHaveLength(5);
    expect(clock.pendingCount()).toBe(0);
  });

  it('does nothing for no lines', async () => {
    const clock = fakeTimer();
    const { calls, geocode } = recorder(ok, clock.now);
    scheduleBulkGeocode({ lines: [], geocode, onSettled: () => {}, timer: clock.timer });
    await clock.advance(10_000);
    expect(calls).toEqual([]);
  });
});
