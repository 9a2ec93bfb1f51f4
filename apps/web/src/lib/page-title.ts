import { BRAND_NAME } from '@pulsa/shared/constants/business';
import { createContext, useContext, useEffect } from 'react';
import { usePlatform } from './platform';

/** What a page rendered on the server puts in its <head>: collected while it renders. */
export interface PageHead {
  title?: string;
  description?: string;
}

/** Given only by the server's renderer (app/render-app-page.tsx), which has no `document`. */
export const PageHeadContext = createContext<PageHead | null>(null);

/** "Pacientes" → "Pacientes | Pulsa"; the brand (the platform's name) alone when there is no title. */
export function documentTitle(title?: string, brand: string = BRAND_NAME): string {
  return title ? `${title} | ${brand}` : brand;
}

/** Sets the tab title and, when given, the meta description of the current page. */
export function usePageTitle(title?: string, description?: string): void {
  const head = useContext(PageHeadContext);
  const brand = usePlatform().platformName;
  if (head) {
    head.title = documentTitle(title, brand);
    if (description !== undefined) head.description = description;
  }
  useEffect(() => {
    document.title = documentTitle(title, brand);
    if (description === undefined) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description, brand]);
}
