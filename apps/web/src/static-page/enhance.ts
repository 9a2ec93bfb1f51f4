import '../styles.css';
import { enhanceLiveLists } from './live-list';
import { showKeptNotice } from './notice';
import { enhanceOnDemandEntry } from './on-demand-entry';
import { enhancePublicHeader } from './public-header';

/**
 * The only script of a server-rendered page (the landing page, the specialty directory, a
 * specialty, a doctor's page): the page is complete HTML from the server, and these few islands
 * make its header and its lists work. No React, no router (decision 005).
 */
enhancePublicHeader(document);
enhanceLiveLists();
showKeptNotice();
void enhanceOnDemandEntry();
