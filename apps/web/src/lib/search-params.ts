import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Changes the URL's query in place (history replace), starting from the address bar as it is now.
 * react-router's functional setSearchParams starts from the params of the last render instead, so
 * a debounced search firing after a click elsewhere (a filter, a sort) would undo that click.
 */
export function useUpdateSearchParams(): (update: (params: URLSearchParams) => void) => void {
  const navigate = useNavigate();
  return useCallback(
    (update) => {
      const next = new URLSearchParams(window.location.search);
      update(next);
      const search = next.toString();
      void navigate({ search: search ? `?${search}` : '', hash: window.location.hash }, { replace: true });
    },
    [navigate],
  );
}
