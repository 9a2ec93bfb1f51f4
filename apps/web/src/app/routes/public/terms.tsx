import { LegalDocument } from '@/features/legal/components/legal-document';
import { TERMS_INTRO, TERMS_SECTIONS } from '@/features/legal/content/terms-of-use';
import { LEGAL_TEXT } from '@/features/legal/texts';
import { PublicPage } from '@/features/marketing/components/public-page';
import { usePageTitle } from '@/lib/page-title';

/** /terms: the terms of use (roles, emergencies, payments, cancellation). */
export function Component() {
  usePageTitle(LEGAL_TEXT.terms.title, LEGAL_TEXT.terms.metaDescription);
  return (
    <PublicPage>
      <LegalDocument title={LEGAL_TEXT.terms.title} intro={TERMS_INTRO} sections={TERMS_SECTIONS} />
    </PublicPage>
  );
}
