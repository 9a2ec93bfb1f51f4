import { holdEarlyInteractions } from './early-interactions';
import { APP_FAILED_EVENT, APP_SCRIPTS_ELEMENT_ID } from './server-state';
import '../styles.css';

/**
 * The script of a page the server rendered for the app to hydrate (app-page.html). The page paints
 * from its HTML and stylesheet alone; the app's own scripts (index.html's, which the server copies
 * into an inert <template> of the page) are added only once it has, so their ~150 KB never compete
 * with the stylesheet on a slow connection. The app then hydrates the page (main.tsx). Until it
 * has, a form sent or a button pressed is held and done again then (early-interactions.ts).
 */
const root = document.getElementById('root');
if (root) holdEarlyInteractions(root);

let started = false;
const start = () => {
  const scripts = document.getElementById(APP_SCRIPTS_ELEMENT_ID);
  if (started || !(scripts instanceof HTMLTemplateElement)) return;
  started = true;
  const added = document.importNode(scripts.content, true);
  // The app's script, or one it imports, did not arrive: the page stays a plain form.
  added.querySelector('script')?.addEventListener('error', () => {
    document.dispatchEvent(new Event(APP_FAILED_EVENT));
  });
  document.head.append(added);
};
// After the next frame is painted. A page opened in a background tab paints when it is shown, and
// loads the app then.
requestAnimationFrame(() => setTimeout(start, 0));
