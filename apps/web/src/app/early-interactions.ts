import { APP_HYDRATED_EVENT } from './server-state';

/**
 * A page the server rendered shows its form before the app has taken it over (hydrated it). Until
 * then, typing works as in any page (what is typed stays, see main.tsx), and this holds on to what
 * else someone does inside it: a form sent (it would otherwise be posted natively) and a click on
 * one of the app's own buttons (a radio, a checkbox: without the app they do nothing). Once the app
 * has the page (APP_HYDRATED_EVENT), they are done again, now for the app, which hydrates at once
 * what they reach: the form is sent through it, the option is chosen. Links and fields keep their
 * own behaviour throughout.
 */
export function holdEarlyInteractions(root: HTMLElement): void {
  const replay: (() => void)[] = [];
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    replay.push(() => form.requestSubmit(submitter));
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    // A submit button sends its form: the submit event above holds that.
    if (!button || !root.contains(button) || button.type === 'submit') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    replay.push(() => button.click());
  };
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener(
    APP_HYDRATED_EVENT,
    () => {
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('click', onClick, true);
      for (const again of replay) again();
    },
    { once: true },
  );
}
