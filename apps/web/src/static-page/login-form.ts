import { loginSchema } from '@pulsa/shared/schemas/auth';
import { fieldErrorClassName, fieldErrorLabelClassName, fieldMessageId } from '@/components/ui/field-styles';
import { login, resendVerification } from '@/features/auth/api/requests';
import { safeRedirect } from '@/features/auth/redirect';
import { AUTH_TEXT } from '@/features/auth/texts';
import { ApiError } from '@/lib/api-client';
import { keepNoticeForNextPage } from '@/lib/kept-notice';
import { PLATFORM_TEXT } from '@/lib/messages';
import { showNotice } from './notice';

const T = AUTH_TEXT.login;
const FIELDS = ['email', 'password'] as const;

/**
 * The sign-in form on the server-rendered /login, behaving as the app's form: the shared schema
 * checks the fields before anything is sent and each problem shows in Portuguese under its field
 * (cleared as the field is edited); a refused sign-in shows the error toast, an unconfirmed e-mail
 * the way to get the link again, and a sign-in opens the page asked for (`?redirect=`, same site
 * only) with the success toast.
 */
export function enhanceLoginForm(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-login-form]');
  if (!form) return;
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const submitLabel = submit?.textContent ?? T.submit;

  const setBusy = (busy: boolean) => {
    for (const element of form.querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button')) {
      element.disabled = busy;
    }
    if (submit) submit.textContent = busy ? AUTH_TEXT.busy : submitLabel;
  };

  const showFieldErrors = (errors: Partial<Record<string, string>>) => {
    let first: HTMLInputElement | null = null;
    for (const name of FIELDS) {
      const message = errors[name];
      if (!message) continue;
      showFieldError(control(name), message);
      first ??= control(name);
    }
    first?.focus();
  };

  form.addEventListener('input', (event) => {
    if (event.target instanceof HTMLInputElement) showFieldError(event.target, null);
  });

  // Back from the page a sign-in opened, the browser may show this page as it was left.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    setBusy(false);
    const password = control('password');
    if (password) password.value = '';
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    for (const name of FIELDS) showFieldError(control(name), null);
    document.querySelector('[data-resend-box]')?.remove();
    const values = { email: control('email')?.value ?? '', password: control('password')?.value ?? '' };
    const checked = loginSchema.safeParse(values);
    if (!checked.success) {
      const errors: Record<string, string> = {};
      for (const issue of checked.error.issues) errors[String(issue.path[0])] ??= issue.message;
      showFieldErrors(errors);
      return;
    }
    const { email } = checked.data;
    setBusy(true);
    try {
      await login(checked.data);
      keepNoticeForNextPage({ title: T.successTitle, description: T.successDescription, tone: 'success' });
      window.location.assign(safeRedirect(new URLSearchParams(window.location.search).get('redirect')));
    } catch (error) {
      setBusy(false);
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.fieldErrors) showFieldErrors(apiError.fieldErrors);
      if (apiError?.code === 'email_not_verified') showResendVerification(form, email);
      showNotice({ title: T.errorTitle, description: apiError?.message ?? T.errorFallback, tone: 'error' });
    }
  });
}

/** The message under a field (FormField's markup), or none. */
function showFieldError(input: HTMLInputElement | null, message: string | null): void {
  if (!input) return;
  const messageId = fieldMessageId(input.id);
  document.getElementById(messageId)?.remove();
  const label = document.querySelector(`label[for="${CSS.escape(input.id)}"]`);
  label?.classList.toggle(fieldErrorLabelClassName, message !== null);
  if (message === null) {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
    return;
  }
  const paragraph = document.createElement('p');
  paragraph.id = messageId;
  paragraph.className = fieldErrorClassName;
  paragraph.textContent = message;
  input.after(paragraph);
  input.setAttribute('aria-invalid', 'true');
  input.setAttribute('aria-describedby', messageId);
}

/** The app's "confirm your e-mail" box, from the template the server rendered with the form. */
function showResendVerification(form: HTMLFormElement, email: string): void {
  const template = document.querySelector<HTMLTemplateElement>('template[data-resend-verification]');
  if (!template) return;
  document.querySelector('[data-resend-box]')?.remove();
  const box = template.content.firstElementChild?.cloneNode(true);
  if (!(box instanceof HTMLElement)) return;
  box.dataset.resendBox = '';
  const address = box.querySelector('[data-email]');
  if (address) address.textContent = email;
  const button = box.querySelector<HTMLButtonElement>('[data-resend]');
  button?.addEventListener('click', async () => {
    const label = button.textContent;
    button.disabled = true;
    button.textContent = AUTH_TEXT.busy;
    try {
      const answer = await resendVerification(email);
      button.textContent = label;
      showNotice({ title: T.resentTitle, description: answer.message, tone: 'success' });
    } catch (error) {
      button.disabled = false;
      button.textContent = label;
      showNotice({
        title: PLATFORM_TEXT.errorTitle,
        description: error instanceof ApiError ? error.message : T.errorFallback,
        tone: 'error',
      });
    }
  });
  form.before(box);
}
