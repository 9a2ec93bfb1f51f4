import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_TIMER_MS,
  nextChangeDelay,
  refetchAtNextChange,
  staleUntilNextChange,
} from './refetch-at-next-change';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const at = (nextChangeAt: string | null) => ({ nextChangeAt });

describe('nextChangeDelay', () => {
  it('waits for the soonest change among the appointments, a second past it', () => {
    expect(
      nextChangeDelay(
        [
          at('2026-11-24T12:50:00.000Z'),
          at(null),
          at('2026-11-24T12:10:00.000Z'),
          at('2026-11-25T09:00:00Z'),
        ],
        NOW,
      ),
    ).toBe(10 * 60_000 + 1000);
  });

  it('has nothing to wait for when no appointment changes by the clock, or there is none', () => {
    expect(nextChangeDelay([at(null), at(null)], NOW)).toBeNull();
    expect(nextChangeDelay([], NOW)).toBeNull();
  });

  it('asks again a little later, not in a loop, for an instant this clock has already passed', () => {
    expect(nextChangeDelay([at('2026-11-24T11:59:59.000Z')], NOW)).toBe(2000);
    expect(nextChangeDelay([at('2026-11-24T12:00:00.500Z')], NOW)).toBe(2000);
  });

  it('never asks for a longer timer than a browser holds', () => {
    expect(nextChangeDelay([at('2027-03-02T12:00:00.000Z')], NOW)).toBe(MAX_TIMER_MS);
    expect(MAX_TIMER_MS).toBe(2 ** 31 - 1);
  });
});

describe('refetchAtNextChange', () => {
  afterEach(() => vi.useRealTimers());

  /** A list query whose answers name `nextChangeAt`; counts the reads. */
  function listQuery(queryClient: QueryClient, answers: (string | null)[]) {
    let reads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['appointments', 'patient', 'list', { page: 1 }],
      queryFn: async () => ({ items: [at(answers[Math.min(reads++, answers.length - 1)] ?? null)] }),
      staleTime: Number.POSITIVE_INFINITY,
    });
    return { observer, reads: () => reads };
  }

  it('reads the query again at the instant the clock changes its appointments, and not before', async () => {
    vi.useFakeTimers({ now: NOW });
    const queryClient = new QueryClient();
    const { observer, reads } = listQuery(queryClient, ['2026-11-24T12:10:00.000Z', null]);
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBeDefined());
    const first = observer.getCurrentResult().data as { items: { nextChangeAt: string | null }[] };
    const disarm = refetchAtNextChange(first.items, () => observer.refetch());

    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(reads()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads()).toBe(2);
    // The new answer names nothing ahead: nothing more is armed.
    const second = observer.getCurrentResult().data as { items: { nextChangeAt: string | null }[] };
    const disarmSecond = refetchAtNextChange(second.items, () => observer.refetch());
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(reads()).toBe(2);
    disarm();
    disarmSecond();
    unsubscribe();
    queryClient.clear();
  });

  it('is disarmed when the screen goes away or a new answer comes', async () => {
    vi.useFakeTimers({ now: NOW });
    let reads = 0;
    const disarm = refetchAtNextChange([at('2026-11-24T12:05:00.000Z')], () => reads++);
    disarm();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(reads).toBe(0);
  });
});

describe('staleUntilNextChange', () => {
  const staleTime = staleUntilNextChange((page: { items: { nextChangeAt: string | null }[] }) => page.items);
  const read = (nextChangeAt: (string | null)[], at = NOW) => ({
    state: { data: { items: nextChangeAt.map((at_) => ({ nextChangeAt: at_ })) }, dataUpdatedAt: at },
  });

  it('keeps an answer fresh no longer than until the clock changes its appointments', () => {
    expect(staleTime(read(['2026-11-24T12:02:00.000Z', null]))).toBe(2 * 60_000);
  });

  it('keeps the usual five minutes when nothing changes sooner, or nothing changes by the clock', () => {
    expect(staleTime(read(['2026-11-24T18:00:00.000Z']))).toBe(5 * 60_000);
    expect(staleTime(read([null]))).toBe(5 * 60_000);
    expect(staleTime({ state: { data: undefined, dataUpdatedAt: 0 } })).toBe(5 * 60_000);
  });

  it('takes an answer read after the instant as stale at once', () => {
    expect(staleTime(read(['2026-11-24T11:59:00.000Z']))).toBe(0);
  });
});
