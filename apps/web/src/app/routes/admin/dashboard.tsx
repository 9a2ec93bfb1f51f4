import { AreaWelcome } from '@/components/layout/area-welcome';

export function Component() {
  return <AreaWelcome area="admin" />;
}
