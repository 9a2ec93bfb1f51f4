import { LegalDocument } from '@/features/legal/components/legal-document';
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from '@/features/legal/content/privacy-policy';
import { LEGAL_TEXT } from '@/features/legal/texts';
import { PublicPage } from '@/features/marketing/components/public-page';
import { usePageTitle } from '@/lib/page-title';

/** /privacy: the privacy policy (LGPD, health data, CFM 2.314/2022). */
export function Component() {
  usePageTitle(LEGAL_TEXT.privacy.title, LEGAL_TEXT.privacy.metaDescription);
  return (
    <PublicPage>
      <LegalDocument title={LEGAL_TEXT.privacy.title} intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />
    </PublicPage>
  );
}
