import { createContext, useContext } from 'react';

/**
 * True while a page is rendered to HTML on the server (static-page/render-static-page.tsx). Such a
 * page is never hydrated, so a component with an interactive part renders the markup that
 * static-page/enhance.ts drives instead of code that would only run in React.
 */
const StaticRenderContext = createContext(false);

export const StaticRenderProvider = StaticRenderContext.Provider;

export function useStaticRender(): boolean {
  return useContext(StaticRenderContext);
}
