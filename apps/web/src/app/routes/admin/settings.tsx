import { SECTIONS } from '@/config/sections';
import { SettingsPage } from '@/features/settings/components/settings-page';

export function Component() {
  return <SettingsPage section={SECTIONS.admin.settings} />;
}
