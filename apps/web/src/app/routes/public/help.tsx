import { FaqBrowser } from '@/features/help/components/faq-browser';
import { HELP_TEXT } from '@/features/help/texts';
import { PublicPage } from '@/features/marketing/components/public-page';
import { usePageTitle } from '@/lib/page-title';

/** /help: searchable answers for patients and doctors. */
export function Component() {
  usePageTitle(HELP_TEXT.title, HELP_TEXT.metaDescription);
  return (
    <PublicPage>
      <FaqBrowser />
    </PublicPage>
  );
}
