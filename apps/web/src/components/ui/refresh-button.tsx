import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** What the button needs of a list's query. */
interface Refreshable {
  refetch: () => unknown;
  isFetching: boolean;
  isPending: boolean;
}

/**
 * A list's "Atualizar": reads it again, and spins while a later read (not the first load) runs.
 * `onRefresh` replaces the plain re-read where a screen reads more than one query.
 */
export function RefreshButton({
  query,
  label,
  onRefresh,
}: {
  query: Refreshable;
  label: string;
  onRefresh?: () => void;
}) {
  const refreshing = query.isFetching && !query.isPending;
  return (
    <Button variant="outline" onClick={onRefresh ?? (() => void query.refetch())} loading={refreshing}>
      {refreshing ? null : <RefreshCw aria-hidden />}
      {label}
    </Button>
  );
}
