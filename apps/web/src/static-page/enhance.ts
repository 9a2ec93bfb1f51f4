import '../styles.css';
import { enhanceAccountMenus } from './account-menu';
import { enhanceDirectorySearch } from './directory-search';
import { enhanceLoginForm } from './login-form';
import { showKeptNotice } from './notice';
import { enhanceSiteMenus } from './site-menu';
import { enhanceThemeSwitches } from './theme-switch';

/**
 * The only script of a server-rendered page (the landing page, the specialty directory, the
 * sign-in page): the page is complete HTML from the server, and these few islands make its header,
 * its search and its form work.
 * No React, no router (decision 005).
 */
enhanceThemeSwitches();
enhanceSiteMenus();
enhanceAccountMenus();
enhanceDirectorySearch();
enhanceLoginForm();
showKeptNotice();
