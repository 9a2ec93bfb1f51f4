import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { calendarDateIn, weekStart } from '@/lib/zoned-time';
import {
  type BookingSort,
  clearFilters,
  type FILTER_KEYS,
  parseFilters,
  parseSelection,
  writeFilter,
} from './search-state';

type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * The booking page's state, read from and written to the address. Choosing a doctor or a slot is
 * a new history entry (the back button undoes it); filters and closing the confirmation replace
 * the current one. Changes start from the address bar as it is now, so a debounced filter never
 * undoes a click made meanwhile.
 */
export function useBookingParams(viewerZone: string) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => parseFilters(params), [params]);
  const selection = useMemo(() => parseSelection(params), [params]);

  const change = useCallback(
    (update: (next: URLSearchParams) => void, mode: 'push' | 'replace') => {
      const next = new URLSearchParams(window.location.search);
      update(next);
      const search = next.toString();
      return navigate({ search: search ? `?${search}` : '' }, { replace: mode === 'replace' });
    },
    [navigate],
  );

  return {
    filters,
    selection,
    setFilter: useCallback(
      (key: FilterKey, value: string) => change((p) => writeFilter(p, key, value), 'replace'),
      [change],
    ),
    setSort: useCallback(
      (sort: BookingSort) => change((p) => writeFilter(p, 'sort', sort), 'replace'),
      [change],
    ),
    clearFilters: useCallback(() => change(clearFilters, 'replace'), [change]),
    /** Opens a doctor's week, at the week of `slot` when one was chosen on their card. */
    chooseDoctor: useCallback(
      (doctorId: string, slot?: string) =>
        change((p) => {
          p.set('doctor', doctorId);
          p.delete('week');
          p.delete('slot');
          if (slot) selectSlot(p, slot, viewerZone);
        }, 'push'),
      [change, viewerZone],
    ),
    showWeek: useCallback((sunday: string) => change((p) => p.set('week', sunday), 'replace'), [change]),
    chooseSlot: useCallback(
      (slot: string, mode: 'push' | 'replace' = 'push') =>
        change((p) => selectSlot(p, slot, viewerZone), mode),
      [change, viewerZone],
    ),
    /** Closes the confirmation, staying on the slot's week (a slot from a link came without one). */
    closeSlot: useCallback(
      () =>
        change((p) => {
          const slot = parseSelection(p).slot;
          if (slot && !p.has('week')) p.set('week', weekStart(calendarDateIn(slot, viewerZone)));
          p.delete('slot');
        }, 'replace'),
      [change, viewerZone],
    ),
    backToList: useCallback(
      () =>
        change((p) => {
          for (const key of ['doctor', 'week', 'slot']) p.delete(key);
        }, 'push'),
      [change],
    ),
  };
}

/** The slot and its week together, so closing the confirmation stays on the slot's week. */
function selectSlot(params: URLSearchParams, slot: string, viewerZone: string) {
  params.set('slot', slot);
  params.set('week', weekStart(calendarDateIn(slot, viewerZone)));
}
