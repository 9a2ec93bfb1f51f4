import { enhanceAccountMenus } from './account-menu';
import { enhanceSiteMenus } from './site-menu';
import { enhanceThemeSwitches } from './theme-switch';

/**
 * The public header's behaviour — theme button, phone menu, avatar menu — written once, as plain
 * DOM code over the header's markup: the server-rendered pages run it from their script, the app's
 * public pages (help, terms, privacy) from SiteHeader's effect. `signal` ends it (the app's
 * header unmounting).
 */
export function enhancePublicHeader(root: ParentNode, signal?: AbortSignal): void {
  enhanceThemeSwitches(root, signal);
  enhanceSiteMenus(root, signal);
  enhanceAccountMenus(root, signal);
}
