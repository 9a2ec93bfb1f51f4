import type { Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';
import { newPerson } from './support/people.ts';
import { SLOWDOWN } from './support/slowdown.ts';

async function fillRegistration(page: Page, person: ReturnType<typeof newPerson>) {
  await page.getByLabel(/^Nome completo/).fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Telefone').fill(person.phone);
  await page.getByLabel('CPF').fill(person.cpf);
  await page.getByLabel('Senha').fill(person.password);
  await page.getByRole('checkbox').check();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('a patient registers, confirms from the email, signs in and signs out', async ({ page }) => {
  const person = newPerson();
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Crie sua conta' })).toBeVisible();

  // Validation messages come from the shared schema, before anything is sent.
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('Nome deve ter no mínimo 3 caracteres')).toBeVisible();
  await expect(page.getByText('Você deve aceitar os termos de uso e política de privacidade')).toBeVisible();

  await fillRegistration(page, person);
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Signing in before confirming is refused, with a way to get the email again.
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Senha').fill(person.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('button', { name: 'Reenviar email de confirmação' })).toBeVisible();

  const mail = await waitForMail(person.email, 'Confirme seu email no Pulsa');
  await page.goto(mail.link);
  await expect(page.getByRole('heading', { name: 'Email confirmado!' })).toBeVisible();
  await page.getByRole('link', { name: 'Entrar na minha conta' }).click();
  // The confirmation page is labelled "Email confirmado!": wait for the sign-in form itself.
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Senha').fill(person.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  // Signed in, the patient lands in their own area; the sign-in and sign-up screens lead back there.
  await expect(page).toHaveURL(/\/patient$/);
  for (const screen of ['/login', '/register', '/register-doctor']) {
    await page.goto(screen);
    await expect(page, screen).toHaveURL(/\/patient$/);
  }

  await page.getByRole('button', { name: /^Abrir menu (da conta|do usuário)/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByText('Logout realizado com sucesso')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible();
  const session = await page.request.get('/api/auth/session');
  expect((await session.json()).user).toBeNull();
});

test('a duplicate CPF is not revealed: the form answers as usual and both addresses are told by email', async ({
  page,
  request,
}) => {
  const first = newPerson();
  const res = await request.post('/api/auth/register', {
    data: { ...first, userType: 'patient', acceptTerms: true },
  });
  expect(res.status()).toBe(201);

  const second = { ...newPerson(), cpf: first.cpf };
  await page.goto('/register');
  await fillRegistration(page, second);
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible();
  await expect(page.getByText('Já existe uma conta com este CPF')).toHaveCount(0);
  await waitForMail(first.email, 'Tentativa de cadastro com o seu CPF no Pulsa');
  await waitForMail(second.email, 'Não foi possível criar sua conta no Pulsa');
});

test('forgot password, reset through the emailed link, sign in with the new password', async ({
  page,
  request,
}) => {
  const person = newPerson();
  await request.post('/api/auth/register', { data: { ...person, userType: 'patient', acceptTerms: true } });
  const confirmation = await waitForMail(person.email, 'Confirme seu email no Pulsa');
  await request.post('/api/auth/verify-email', {
    data: { token: new URL(confirmation.link).searchParams.get('token') },
  });

  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Esqueceu sua senha?' })).toBeVisible();
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Enviar instruções' }).click();
  await expect(page.getByText('Instruções enviadas')).toBeVisible();
  await expect(
    page.getByText('Enviamos as instruções para redefinir sua senha para o email fornecido.'),
  ).toBeVisible();

  const mail = await waitForMail(person.email, 'Redefinição de senha do Pulsa');
  await page.goto(mail.link);
  await expect(page.getByRole('heading', { name: 'Redefinir Senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-456');
  await page.getByLabel('Confirme a nova senha').fill('outra-senha-789');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('As senhas não coincidem')).toBeVisible();

  await page.getByLabel('Confirme a nova senha').fill('nova-senha-456');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Senha atualizada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 * SLOWDOWN });

  await signIn(page, person.email, person.password);
  await expect(page.getByText('Erro ao fazer login')).toBeVisible();
  await expect(page.getByText('Email ou senha incorretos')).toBeVisible();

  await signIn(page, person.email, 'nova-senha-456');
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
});

test('a doctor registers with the doctor type preselected', async ({ page }) => {
  const person = newPerson('medico');
  await page.goto('/register-doctor');
  await expect(page.getByRole('radio', { name: 'Médico' })).toBeChecked();
  await expect(page.getByLabel('Nome completo (como no CRM)')).toBeVisible();
  await fillRegistration(page, { ...person, name: 'Dr. Paulo Henrique Ramos' });
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible();

  const mail = await waitForMail(person.email, 'Confirme seu email no Pulsa');
  await page.goto(mail.link);
  await expect(page.getByRole('heading', { name: 'Email confirmado!' })).toBeVisible();
  await signIn(page, person.email, person.password);
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.user.role).toBe('doctor');
});

test.describe('the sign-in page, one form (the app’s)', () => {
  test('field messages, refusal, and the page asked for', async ({ page }) => {
    const account = await createAccount('patient');
    await page.goto(`/login?redirect=${encodeURIComponent('/patient/consultations')}`);
    await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
    await expect(page).toHaveTitle('Acesse sua conta | Pulsa');

    // The schema's messages, under their fields, and the first field wrong gets the focus.
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Email inválido')).toBeVisible();
    await expect(page.getByText('Senha deve ter no mínimo 6 caracteres')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Senha').fill('senha-errada-123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Erro ao fazer login')).toBeVisible();
    await expect(page.getByText('Email ou senha incorretos')).toBeVisible();
    await expect(page.getByText('Email inválido')).toHaveCount(0);

    await page.getByLabel('Senha').fill(account.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/patient\/consultations$/);
    await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  });

  test('an unconfirmed email gets the way to receive the link again', async ({ page, request }) => {
    const person = newPerson();
    await request.post('/api/auth/register', { data: { ...person, userType: 'patient', acceptTerms: true } });
    await page.goto('/login');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Senha').fill(person.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Confirme seu email', { exact: true })).toBeVisible();
    await expect(page.getByText(person.email)).toBeVisible();
    await page.getByRole('button', { name: 'Reenviar email de confirmação' }).click();
    await expect(page.getByText('Email de confirmação enviado')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
