import { BRAND_NAME } from '@pulsa/shared/constants/business';
import { useEffect } from 'react';

/** "Pacientes" → "Pacientes | Pulsa"; the brand alone when there is no title. */
export function documentTitle(title?: string): string {
  return title ? `${title} | ${BRAND_NAME}` : BRAND_NAME;
}

/** Sets the tab title and, when given, the meta description of the current page. */
export function usePageTitle(title?: string, description?: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
    if (description === undefined) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
