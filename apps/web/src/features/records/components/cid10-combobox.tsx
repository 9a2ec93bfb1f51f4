import type { Cid10Code } from '@pulsa/shared/schemas/cid10';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SEARCH_DEBOUNCE_MS } from '@/components/ui/search-debounce';
import { cn } from '@/lib/cn';
import { cid10Query } from '../api/records';
import { RECORD_TEXT } from '../texts';

const T = RECORD_TEXT.cid;

/**
 * Chooses a CID-10 code by code or words (WAI-ARIA combobox with a list box): arrows move, Enter
 * chooses, Escape closes. Used by the record's diagnoses and by any form that takes a CID.
 */
export function Cid10Combobox({
  onChoose,
  disabled,
  label = T.label,
}: {
  onChoose: (code: Cid10Code) => void;
  disabled?: boolean;
  label?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS / 2);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useQuery(cid10Query(q));
  const items = q.length >= 2 ? (search.data?.items ?? []) : [];
  const expanded = open && q.length >= 2;

  const choose = (code: Cid10Code | undefined) => {
    if (!code) return;
    onChoose(code);
    setText('');
    setQ('');
    setOpen(false);
    setActive(0);
  };

  return (
    <div className="relative space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && items[active] ? `${listId}-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        placeholder={T.placeholder}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, Math.max(items.length - 1, 0)));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (event.key === 'Enter' && expanded) {
            event.preventDefault();
            choose(items[active]);
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {T.hint}
      </p>
      {expanded ? (
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {items.length === 0 ? (
            <p className="px-3 py-2 text-muted-foreground text-sm">
              {search.isFetching ? T.searching : T.empty}
            </p>
          ) : (
            items.map((item, index) => (
              <div
                key={item.code}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={cn(
                  'flex cursor-pointer gap-2 rounded-md px-3 py-2 text-sm',
                  index === active && 'bg-accent text-accent-foreground',
                )}
                // Chosen before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(item);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className="w-12 shrink-0 font-mono font-semibold">{item.display}</span>
                <span>{item.description}</span>
              </div>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
