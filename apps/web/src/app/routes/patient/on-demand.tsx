import { OnDemandPage } from '@/features/on-demand/components/on-demand-page';

export function Component() {
  return <OnDemandPage />;
}
