import { SpecialtyDirectory } from '@/features/catalog/components/specialty-directory';
import { CATALOG_TEXT } from '@/features/catalog/texts';
import { PublicPage } from '@/features/marketing/components/public-page';
import { usePageTitle } from '@/lib/page-title';

/** /specialties: every specialty with its live doctor count, searchable. */
export function Component() {
  usePageTitle(CATALOG_TEXT.directory.title, CATALOG_TEXT.directory.metaDescription);
  return (
    <PublicPage>
      <SpecialtyDirectory />
    </PublicPage>
  );
}
