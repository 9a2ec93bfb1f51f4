import { APP_FAILED_EVENT, APP_HYDRATED_EVENT } from './server-state';

/**
 * A page the server rendered shows its form before the app has taken it over (hydrated it). Until
 * then, typing works as in any page (what is typed stays, see main.tsx), and this holds on to what
 * else someone does inside it: a form sent (it would otherwise be posted natively) and a click on
 * one of the app's own buttons (a radio, a checkbox: without the app they do nothing). Once the app
 * has the page (APP_HYDRATED_EVENT), they are done again, now for the app, which hydrates at once
 * what they reach: the form is sent through it, the option is chosen. Links and fields keep their
 * own behaviour throughout. Should the app fail to load (APP_FAILED_EVENT), nothing is held any
 * more and a form already sent is sent again natively: it comes back to its page (see
 * plugins/app-pages.ts on the server), which then loads the app anew.
 */
/** Marks a checkbox or radio button (ARIA, and the state the UI kit styles) as checked or not. */
function markChecked(control: Element, checked: boolean) {
  control.setAttribute('aria-checked', String(checked));
  control.setAttribute('data-state', checked ? 'checked' : 'unchecked');
}

/**
 * A held click on a checkbox or a radio shows its outcome at once, as the control will have it once
 * the click is done again for the app: the box toggles, the radio is chosen in its group. (The app
 * then renders the same state, so nothing changes on screen when it takes over.)
 */
function showChoice(button: HTMLButtonElement) {
  const role = button.getAttribute('role');
  if (role === 'checkbox') markChecked(button, button.getAttribute('aria-checked') !== 'true');
  if (role === 'radio') {
    for (const radio of button.closest('[role="radiogroup"]')?.querySelectorAll('[role="radio"]') ?? [])
      markChecked(radio, radio === button);
  }
}

export function holdEarlyInteractions(root: HTMLElement): void {
  const replay: (() => void)[] = [];
  let lastSubmit: (() => void) | undefined;
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    lastSubmit = () => form.requestSubmit(submitter);
    replay.push(lastSubmit);
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    // A submit button sends its form: the submit event above holds that.
    if (!button || !root.contains(button) || button.type === 'submit') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    showChoice(button);
    replay.push(() => button.click());
  };
  const stop = () => {
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('click', onClick, true);
    document.removeEventListener(APP_HYDRATED_EVENT, hydrated);
    document.removeEventListener(APP_FAILED_EVENT, failed);
  };
  const hydrated = () => {
    stop();
    for (const again of replay) again();
  };
  const failed = () => {
    stop();
    lastSubmit?.();
  };
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener(APP_HYDRATED_EVENT, hydrated);
  document.addEventListener(APP_FAILED_EVENT, failed);
}
