import { useParams } from 'react-router';
import { VerifyDocumentPage } from '@/features/clinical-documents';
import { DOCUMENTS_TEXT } from '@/features/clinical-documents/texts';
import { PublicPage } from '@/features/marketing/components/public-page';
import { usePageTitle } from '@/lib/page-title';

/** /verificar and /verificar/:codigo: public, no sign-in; kept out of search engines. */
export function Component() {
  const { codigo = '' } = useParams();
  usePageTitle(DOCUMENTS_TEXT.verify.title, DOCUMENTS_TEXT.verify.metaDescription);
  return (
    <PublicPage>
      {/* React 19 hoists it into <head>; the server also answers X-Robots-Tag: noindex. */}
      <meta name="robots" content="noindex, nofollow" />
      <VerifyDocumentPage key={codigo} code={codigo} />
    </PublicPage>
  );
}
