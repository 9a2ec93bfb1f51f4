import '../styles.css';
import { enhanceAccountMenus } from './account-menu';
import { enhanceDirectorySearch } from './directory-search';
import { showKeptNotice } from './notice';
import { enhanceSiteMenus } from './site-menu';
import { enhanceThemeSwitches } from './theme-switch';

/**
 * The only script of a server-rendered page (the landing page, the specialty directory): the page
 * is complete HTML from the server, and these few islands make its header and its search work.
 * No React, no router (decision 005).
 */
enhanceThemeSwitches();
enhanceSiteMenus();
enhanceAccountMenus();
enhanceDirectorySearch();
showKeptNotice();
