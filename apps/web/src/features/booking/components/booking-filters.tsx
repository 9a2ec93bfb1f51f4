import { BOOKING_SEARCH_SORTS } from '@pulsa/shared/schemas/appointments';
import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SEARCH_DEBOUNCE_MS } from '@/components/ui/search-debounce';
import { SearchInput } from '@/components/ui/search-input';
import { SelectField } from '@/components/ui/select-field';
import { useSpecialties } from '@/features/catalog';
import { calendarDateIn, viewerTimeZone } from '@/lib/zoned-time';
import { type BookingFilters, type BookingSort, isFiltered, priceInCentavos } from '../search-state';
import { BOOKING_TEXT } from '../texts';

const T = BOOKING_TEXT.filters;
const ALL = 'all';

const SORT_OPTIONS = BOOKING_SEARCH_SORTS.map((value) => ({ value, label: T.sorts[value] }));

type PriceKey = 'min' | 'max';

/**
 * A price box that writes to the address once typing pauses, and only an amount the API can take;
 * anything else stays in the box with its message.
 */
function PriceField({
  label,
  value,
  error,
  onCommit,
}: {
  label: string;
  value: string;
  error?: string;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const last = useRef(value);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  const invalid = text.trim() !== '' && priceInCentavos(text) === undefined;

  // Follow outside changes (back button, "Limpar filtros").
  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === last.current || invalid) return;
    const timer = setTimeout(() => {
      last.current = next;
      commit.current(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, invalid]);

  return (
    <FormField label={label} error={invalid ? T.invalidPrice : error}>
      <Input
        inputMode="decimal"
        autoComplete="off"
        placeholder={T.pricePlaceholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </FormField>
  );
}

/** Specialty, name, price range, first date and sort of "Agendar consulta"; all kept in the address. */
export function BookingFiltersCard({
  filters,
  onFilter,
  onSort,
  onClear,
}: {
  filters: BookingFilters;
  onFilter: (key: 'specialty' | 'q' | PriceKey | 'from', value: string) => void;
  onSort: (sort: BookingSort) => void;
  onClear: () => void;
}) {
  const specialties = useSpecialties({ withDoctors: true });
  const specialtyOptions = [
    { value: ALL, label: T.allSpecialties },
    ...(specialties.data ?? []).map((s) => ({ value: s.slug, label: s.name })),
  ];
  const min = priceInCentavos(filters.min);
  const max = priceInCentavos(filters.max);
  const today = calendarDateIn(new Date(), viewerTimeZone());

  return (
    <Card>
      <CardContent className="pt-6">
        <form
          aria-label={T.label}
          onSubmit={(e) => e.preventDefault()}
          className="grid grid-cols-2 gap-x-3 gap-y-4 lg:grid-cols-4 lg:gap-x-4"
        >
          <FormField label={T.specialty} id="booking-specialty" className="col-span-2 sm:col-span-1">
            <SelectField
              value={filters.specialty || ALL}
              onValueChange={(v) => onFilter('specialty', v === ALL ? '' : v)}
              options={specialtyOptions}
            />
          </FormField>
          <FormField label={T.name} id="booking-name" className="col-span-2 sm:col-span-1">
            <SearchInput
              label={T.name}
              value={filters.q}
              onSearch={(q) => onFilter('q', q)}
              className="sm:max-w-none"
            />
          </FormField>
          <FormField label={T.from} id="booking-from" className="col-span-2 sm:col-span-1">
            <Input
              type="date"
              min={today}
              value={filters.from}
              onChange={(e) => onFilter('from', e.target.value)}
            />
          </FormField>
          <FormField label={T.sort} id="booking-sort" className="col-span-2 sm:col-span-1">
            <SelectField
              value={filters.sort}
              onValueChange={(v) => onSort(v as BookingSort)}
              options={SORT_OPTIONS}
            />
          </FormField>
          <PriceField label={T.minPrice} value={filters.min} onCommit={(v) => onFilter('min', v)} />
          <PriceField
            label={T.maxPrice}
            value={filters.max}
            error={min !== undefined && max !== undefined && min > max ? T.priceOrder : undefined}
            onCommit={(v) => onFilter('max', v)}
          />
          {isFiltered(filters) ? (
            <div className="col-span-2 flex items-end">
              <Button type="button" variant="ghost" onClick={onClear}>
                <X aria-hidden />
                {T.clear}
              </Button>
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
