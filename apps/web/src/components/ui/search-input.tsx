import { Search, X } from 'lucide-react';
import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';
import { SEARCH_DEBOUNCE_MS } from './search-debounce';

export interface SearchInputProps
  extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'defaultValue'> {
  /** The search in effect (e.g. from the URL). */
  value: string;
  /** Called once typing pauses, and at once on Enter or clear. */
  onSearch: (value: string) => void;
  /** Accessible name, also the placeholder unless one is given. */
  label: string;
}

/** A search box that asks the server only after typing pauses. */
export function SearchInput({ value, onSearch, label, className, placeholder, ...props }: SearchInputProps) {
  const [text, setText] = useState(value);
  const last = useRef(value);

  // Follow outside changes (back button, a cleared filter).
  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === last.current) return;
    const timer = setTimeout(() => {
      last.current = text;
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  const commit = (next: string) => {
    last.current = next;
    setText(next);
    onSearch(next);
  };

  return (
    <div className={cn('relative w-full sm:max-w-sm', className)}>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder ?? label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(text);
        }}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
        {...props}
      />
      {text ? (
        <button
          type="button"
          data-clear-search=""
          onClick={() => commit('')}
          aria-label="Limpar busca"
          className="absolute top-1/2 right-2 grid size-6 -translate-y-1/2 place-items-center rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X aria-hidden className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
