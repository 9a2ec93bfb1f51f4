import type { SpecialtySummary } from '@pulsa/shared/schemas/catalog';
import { SpecialtyDirectory } from '@/features/catalog/components/specialty-directory';
import type { DirectoryFilter } from '@/features/catalog/directory-filter';
import { PublicPage } from '@/features/marketing/components/public-page';

/** /specialties: every specialty with its live doctor count, searchable. */
export function SpecialtiesPage(props: {
  all: SpecialtySummary[];
  results: SpecialtySummary[];
  filter: DirectoryFilter;
}) {
  return (
    <PublicPage>
      <SpecialtyDirectory {...props} />
    </PublicPage>
  );
}
