import type { Page, Request } from '@playwright/test';
import { formatCpf } from '../packages/shared/src/format/cpf.ts';
import {
  type Account,
  ADMIN,
  api,
  BASE_URL,
  createAccount,
  ROLE_HOME,
  type Role,
  sessionToken,
  signInContext,
} from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { SLOWDOWN } from './support/slowdown.ts';
import { trustDeviceIn } from './support/two-factor.ts';

/**
 * The signed-in areas (spec section 2, "Shared layout for signed-in areas", and the landing's
 * account menu): route guards, the avatar menu, each role's sidebar, the dashboards' greeting, the
 * phone menu, notifications, the theme, and the server-driven patient table of the admin.
 */

const SIDEBAR: Record<Role, { label: string; href: string }[]> = {
  patient: [
    { label: 'Dashboard', href: '/patient' },
    { label: 'Agendar consulta', href: '/patient/schedule' },
    { label: 'Pronto atendimento', href: '/patient/pronto-atendimento' },
    { label: 'Minhas consultas', href: '/patient/consultations' },
    { label: 'Meu histórico', href: '/patient/records' },
    { label: 'Pagamentos', href: '/patient/payments' },
    { label: 'Mensagens', href: '/patient/messages' },
  ],
  doctor: [
    { label: 'Dashboard', href: '/doctor' },
    { label: 'Meu Perfil', href: '/doctor/profile' },
    { label: 'Agenda', href: '/doctor/schedule' },
    { label: 'Agendamentos', href: '/doctor/appointments' },
    { label: 'Pacientes', href: '/doctor/patients' },
    { label: 'Pagamentos', href: '/doctor/payments' },
    { label: 'Mensagens', href: '/doctor/messages' },
  ],
  admin: [
    { label: 'Dashboard', href: '/admin' },
    { label: 'Médicos', href: '/admin/doctors' },
    { label: 'Pacientes', href: '/admin/patients' },
    { label: 'Comissões', href: '/admin/commissions' },
    { label: 'Avaliações', href: '/admin/reviews' },
    { label: 'Mensagens denunciadas', href: '/admin/messages' },
    { label: 'Consultas', href: '/admin/consultations' },
    { label: 'Pagamentos', href: '/admin/payments' },
    { label: 'Repasses', href: '/admin/payouts' },
    { label: 'Especialidades', href: '/admin/specialties' },
    { label: 'Pronto atendimento', href: '/admin/pronto-atendimento' },
    { label: 'Auditoria', href: '/admin/audit' },
    { label: 'Emails enviados', href: '/admin/emails' },
    { label: 'Configurações', href: '/admin/settings' },
  ],
};

const AREA_LABEL: Record<Role, string> = {
  admin: 'Administração',
  doctor: 'Área do médico',
  patient: 'Área do paciente',
};

/** A new doctor has no professional profile yet; the spec sends them on to complete it. */
const DOCTOR_LANDING = /\/doctor(\/complete-profile)?$/;
const homePattern = (role: Role) => (role === 'doctor' ? DOCTOR_LANDING : new RegExp(`${ROLE_HOME[role]}$`));

async function accountFor(role: Role): Promise<Account> {
  return role === 'admin' ? ADMIN : createAccount(role);
}

async function signInThroughForm(page: Page, account: Account) {
  // Admins have two-factor sign-in; this browser is one they asked to remember.
  if (account.role === 'admin') {
    await sessionToken(account);
    await trustDeviceIn(page.context(), account, BASE_URL);
  }
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
}

const sidebar = (page: Page, role: Role) =>
  page.getByRole('navigation', { name: `Menu — ${AREA_LABEL[role]}` });

test.describe('route guards', () => {
  const cases: { role: Role; path: string; heading: string }[] = [
    { role: 'admin', path: '/admin/patients', heading: 'Pacientes' },
    { role: 'doctor', path: '/doctor', heading: '' },
    { role: 'patient', path: '/patient/consultations', heading: 'Minhas consultas' },
  ];
  for (const { role, path, heading } of cases) {
    test(`signed out, ${path} asks to sign in and comes back after it`, async ({ page }) => {
      const account = await accountFor(role);
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
      await signInThroughForm(page, account);
      if (role === 'doctor') {
        await expect(page).toHaveURL(DOCTOR_LANDING);
        await expect(
          page.getByRole('button', { name: `Abrir menu do usuário ${account.name}` }),
        ).toBeVisible();
      } else {
        await expect(page).toHaveURL(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      }
    });
  }

  test('the way back to the page keeps its query string', async ({ page }) => {
    await page.goto('/admin/patients?q=ana&page=2');
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/admin/patients?q=ana&page=2')}`);
    await page.goto('/patient');
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/patient')}`);
  });

  test('a patient visiting /admin or /doctor lands on /patient', async ({ page }) => {
    await signInContext(page.context(), await createAccount('patient'));
    for (const path of ['/admin', '/admin/patients', '/doctor', '/doctor/schedule']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/patient$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Olá, Juliana' })).toBeVisible();
    }
  });

  test('a doctor visiting /patient or /admin lands on /doctor', async ({ page }) => {
    const doctor = await createAccount('doctor');
    await signInContext(page.context(), doctor);
    for (const path of ['/patient', '/patient/consultations', '/admin']) {
      await page.goto(path);
      await expect(page).toHaveURL(DOCTOR_LANDING);
      await expect(page.getByRole('button', { name: `Abrir menu do usuário ${doctor.name}` })).toBeVisible();
    }
  });

  test('an admin visiting /patient or /doctor lands on /admin', async ({ page }) => {
    await signInContext(page.context(), ADMIN);
    for (const path of ['/patient', '/doctor/patients']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Olá, Administrador' })).toBeVisible();
    }
  });
});

test.describe('landing account menu', () => {
  test.describe('sent whole by the server', () => {
    // The session is known before the first byte, so the spec's "neither while loading" moment does
    // not exist: even without any script the header is already the right one.
    test.use({ javaScriptEnabled: false });

    test('a visitor gets Entrar and Cadastrar, a signed-in user the avatar, with no script', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/');
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Entrar' })).toBeVisible();
      await expect(header.getByRole('button', { name: /^Abrir menu da conta/ })).toHaveCount(0);

      const patient = await createAccount('patient');
      await signInContext(page.context(), patient);
      await page.reload();
      await expect(
        header.getByRole('button', { name: `Abrir menu da conta de ${patient.name}` }),
      ).toBeVisible();
      await expect(header.getByRole('link', { name: 'Entrar' })).toHaveCount(0);
      await expect(header.getByRole('link', { name: 'Cadastrar' })).toHaveCount(0);
    });
  });

  test('the avatar menu works by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const patient = await createAccount('patient');
    await signInContext(page.context(), patient);
    await page.goto('/');
    const avatar = page.getByRole('button', { name: `Abrir menu da conta de ${patient.name}` });
    await avatar.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu');
    await expect(avatar).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Sair' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Sair' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(avatar).toBeFocused();
    await expect(avatar).toHaveAttribute('aria-expanded', 'false');

    // Enter opens it on the first item, and Enter on an item follows it.
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/patient$/);
  });

  test('a click outside closes the avatar menu', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const patient = await createAccount('patient');
    await signInContext(page.context(), patient);
    await page.goto('/');
    await page.getByRole('button', { name: `Abrir menu da conta de ${patient.name}` }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('menu')).toBeHidden();
  });

  for (const role of ['patient', 'doctor', 'admin'] as const) {
    test(`a signed-in ${role} sees the avatar menu, and Dashboard opens their area`, async ({ page }) => {
      const account = await accountFor(role);
      await signInContext(page.context(), account);
      await page.goto('/');
      const header = page.getByRole('banner');
      const avatar = header.getByRole('button', { name: `Abrir menu da conta de ${account.name}` });
      await expect(avatar).toBeVisible();
      // Initials: first letters of up to two words of the name.
      const expected = account.name
        .split(/\s+/)
        .slice(0, 2)
        .map((w) => w[0])
        .join('')
        .toUpperCase();
      await expect(avatar).toHaveText(expected);
      await expect(header.getByRole('link', { name: 'Entrar' })).toHaveCount(0);
      await expect(header.getByRole('link', { name: 'Cadastrar' })).toHaveCount(0);
      // An account already: no doctor sign-up anywhere on the page.
      await expect(page.getByRole('link', { name: 'Cadastre-se como médico' })).toHaveCount(0);

      await avatar.click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem')).toHaveText(['Dashboard', 'Sair']);
      await menu.getByRole('menuitem', { name: 'Dashboard' }).click();
      await expect(page).toHaveURL(homePattern(role));
    });
  }

  test('Sair ends the session and stays on the landing page', async ({ page }) => {
    const patient = await createAccount('patient');
    await signInContext(page.context(), patient);
    await page.goto('/');
    await page.getByRole('button', { name: `Abrir menu da conta de ${patient.name}` }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page.getByText('Logout realizado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
    const session = await page.request.get('/api/auth/session');
    expect((await session.json()).user).toBeNull();
    await page.goto('/patient');
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/patient')}`);
  });
});

/** Pages whose tab title differs from their link, so no two pages share a title (the public list is "Especialidades"). */
const TITLE_APART: Record<string, string> = { '/admin/specialties': 'Gestão de especialidades' };

test.describe('signed-in shell', () => {
  for (const role of ['patient', 'doctor', 'admin'] as const) {
    test(`the ${role} sidebar lists the spec's pages, each opening with its title`, async ({ page }) => {
      // The admin's sidebar opens thirteen pages in one test.
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      const account = await accountFor(role);
      await signInContext(page.context(), account);
      await page.goto(ROLE_HOME[role]);
      await expect(page).toHaveURL(homePattern(role));

      const nav = sidebar(page, role);
      const links = nav.getByRole('link');
      await expect(links).toHaveText(SIDEBAR[role].map((item) => item.label));
      for (const [index, item] of SIDEBAR[role].entries()) {
        await expect(links.nth(index)).toHaveAttribute('href', item.href);
      }

      // Every page of the sidebar opens, is marked as the current one and is titled like its link.
      for (const item of SIDEBAR[role].slice(1)) {
        await nav.getByRole('link', { name: item.label, exact: true }).click();
        await expect(page).toHaveURL(item.href);
        await expect(page.getByRole('heading', { level: 1, name: item.label, exact: true })).toBeVisible();
        await expect(page).toHaveTitle(`${TITLE_APART[item.href] ?? item.label} | Pulsa`);
        await expect(nav.getByRole('link', { name: item.label, exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      }
    });
  }

  test('the admin dashboard greets by name and is the current page', async ({ page }) => {
    await signInContext(page.context(), ADMIN);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Olá, Administrador' })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard | Pulsa');
    await expect(sidebar(page, 'admin').getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('button', { name: 'Abrir menu do usuário Administrador' })).toBeVisible();
  });

  test('the patient dashboard greets by first name', async ({ page }) => {
    await signInContext(page.context(), await createAccount('patient', { name: 'Maria Eduarda Nogueira' }));
    await page.goto('/patient');
    await expect(page.getByRole('heading', { level: 1, name: 'Olá, Maria' })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard | Pulsa');
    await expect(
      page.getByRole('button', { name: 'Abrir menu do usuário Maria Eduarda Nogueira' }),
    ).toBeVisible();
  });

  test('the doctor area greets by first name, leaving out the title "Dr."', async ({ page }) => {
    await signInContext(page.context(), await createAccount('doctor', { name: 'Dra. Helena Martins Prado' }));
    await page.goto('/doctor');
    await expect(page).toHaveURL(DOCTOR_LANDING);
    // Until the professional profile exists the spec sends the doctor to complete it.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Olá, Helena|Complete seu perfil)$/);
    await expect(
      page.getByRole('button', { name: 'Abrir menu do usuário Dra. Helena Martins Prado' }),
    ).toBeVisible();
  });

  test('the user menu offers Perfil, Configurações, Ajuda and Sair, and Sair signs out', async ({ page }) => {
    const patient = await createAccount('patient');
    await signInContext(page.context(), patient);
    await page.goto('/patient');
    await page.getByRole('button', { name: `Abrir menu do usuário ${patient.name}` }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(patient.email);
    await expect(menu.getByRole('menuitem')).toHaveText(['Perfil', 'Configurações', 'Ajuda', 'Sair']);
    await expect(menu.getByRole('menuitem', { name: 'Perfil' })).toHaveAttribute('href', '/patient/profile');
    await expect(menu.getByRole('menuitem', { name: 'Configurações' })).toHaveAttribute(
      'href',
      '/patient/settings',
    );
    await expect(menu.getByRole('menuitem', { name: 'Ajuda' })).toHaveAttribute('href', '/help');
    await menu.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page.getByText('Logout realizado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();
  });

  test('the phone menu slides in at 390 px, navigates and closes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const patient = await createAccount('patient');
    await signInContext(page.context(), patient);
    await page.goto('/patient');
    await expect(page.getByRole('heading', { level: 1, name: 'Olá, Juliana' })).toBeVisible();
    // The fixed sidebar is not on a phone screen.
    await expect(sidebar(page, 'patient')).toBeHidden();

    const open = page.getByRole('button', { name: 'Abrir menu', exact: true });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Área do paciente' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: /página inicial/ })).toBeVisible();
    const links = drawer.getByRole('navigation', { name: 'Menu — Área do paciente' }).getByRole('link');
    await expect(links).toHaveText(SIDEBAR.patient.map((item) => item.label));
    // Slid in from the left edge: 72 units wide, but never more than 85 % of a small screen.
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    expect((await drawer.boundingBox())?.width).toBeLessThanOrEqual(390 * 0.85 + 1);

    await drawer.getByRole('link', { name: 'Minhas consultas' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/patient\/consultations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Minhas consultas' })).toBeVisible();

    await open.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await open.click();
    await drawer.getByRole('button', { name: 'Fechar menu' }).click();
    await expect(drawer).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('closing the phone menu gives focus back to the button that opened it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInContext(page.context(), await createAccount('patient'));
    await page.goto('/patient');
    const open = page.getByRole('button', { name: 'Abrir menu', exact: true });
    const drawer = page.getByRole('dialog', { name: 'Área do paciente' });
    await open.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused({ timeout: 3000 * SLOWDOWN });
  });

  test('the notifications bell shows its empty state', async ({ page }) => {
    const doctor = await createAccount('doctor');
    await signInContext(page.context(), doctor);
    await page.goto('/doctor');
    const bell = page.getByRole('button', { name: 'Notificações', exact: true });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notificações' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Notificações' })).toBeVisible();
    await expect(panel.getByText('Nenhuma notificação', { exact: true })).toBeVisible();
    await expect(
      panel.getByText('Avisos sobre consultas, pagamentos e mensagens aparecem aqui.'),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Marcar todas como lidas' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(bell).toBeFocused();
  });

  test('choosing Escuro in the theme menu survives a reload', async ({ page }) => {
    const patient = await createAccount('patient');
    await signInContext(page.context(), patient);
    await page.goto('/patient');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Tema: Claro. Alterar tema' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Claro' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('menuitemradio', { name: 'Escuro' }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('pulsa-theme'))).toBe('dark');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Olá, Juliana' })).toBeVisible();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Tema: Escuro. Alterar tema' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Escuro' })).toHaveAttribute('aria-checked', 'true');
  });
});

test.describe('admin patient table (server-side paging, sorting and search)', () => {
  const FIRST_NAMES = [
    'Alice',
    'Bruno',
    'Carla',
    'Daniel',
    'Elisa',
    'Fábio',
    'Gabriela',
    'Heitor',
    'Isabela',
    'João',
    'Karina',
    'Lucas',
    'Mariana',
    'Nicolas',
    'Olívia',
    'Pedro',
    'Quitéria',
    'Rafael',
    'Sofia',
    'Tiago',
    'Valéria',
    'Wagner',
    'Yasmin',
  ];

  /** Resolves with the next patient-list request carrying all these query parameters. */
  function patientsRequest(page: Page, params: Record<string, string | null>): Promise<Request> {
    return page.waitForRequest((req) => {
      const url = new URL(req.url());
      if (url.pathname !== '/api/admin/patients') return false;
      return Object.entries(params).every(([key, value]) => url.searchParams.get(key) === value);
    });
  }

  test('pages, resizes, sorts and searches on the server', async ({ page }) => {
    test.setTimeout(120_000);
    // A surname no other test uses, so this batch is exactly what a search for it finds.
    const surname = `Lote${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
    const patients = await Promise.all(
      FIRST_NAMES.map((first) => createAccount('patient', { name: `${first} ${surname}`, prefix: 'tabela' })),
    );
    const byName = (first: string) => patients.find((p) => p.name.startsWith(`${first} `)) as Account;

    await signInContext(page.context(), ADMIN);
    await page.goto('/admin/patients');
    await expect(page.getByRole('heading', { level: 1, name: 'Pacientes' })).toBeVisible();
    const main = page.getByRole('main');
    const table = page.getByRole('table', { name: 'Pacientes cadastrados' });
    const rows = table.locator('tbody tr');
    // The first cell holds the avatar's initials, then the name and the email.
    const names = rows.locator('td:first-child p:first-of-type');
    const search = page.getByRole('searchbox', { name: 'Buscar por nome, email, CPF ou telefone' });
    const pageOf = main.getByText(/^Página \d+ de \d+$/);
    // The default page size is 10.
    await expect(page.getByRole('combobox', { name: 'Linhas por página' })).toHaveText('10');

    // Search: the server gets the text.
    let asked = patientsRequest(page, { q: surname, page: '1', pageSize: '10' });
    await search.fill(surname);
    await asked;
    await expect(page).toHaveURL(new RegExp(`[?&]q=${surname}`));
    await expect(main.getByText('23 pacientes encontrados', { exact: true })).toBeVisible();
    await expect(pageOf).toHaveText('Página 1 de 3');
    await expect(rows).toHaveCount(10);
    await expect(page.getByRole('button', { name: 'Página anterior' })).toBeDisabled();

    // Next page.
    asked = patientsRequest(page, { q: surname, page: '2' });
    await page.getByRole('button', { name: 'Próxima página' }).click();
    await asked;
    await expect(pageOf).toHaveText('Página 2 de 3');
    await expect(rows).toHaveCount(10);
    await expect(page).toHaveURL(/[?&]page=2/);

    // Last page: the remaining 3.
    asked = patientsRequest(page, { q: surname, page: '3' });
    await page.getByRole('button', { name: 'Última página' }).click();
    await asked;
    await expect(pageOf).toHaveText('Página 3 de 3');
    await expect(rows).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Próxima página' })).toBeDisabled();

    // Page size 20 (options 10 to 50) goes back to the first page.
    await page.getByRole('combobox', { name: 'Linhas por página' }).click();
    await expect(page.getByRole('option')).toHaveText(['10', '20', '30', '40', '50']);
    asked = patientsRequest(page, { q: surname, page: '1', pageSize: '20' });
    await page.getByRole('option', { name: '20' }).click();
    await asked;
    await expect(pageOf).toHaveText('Página 1 de 2');
    await expect(rows).toHaveCount(20);
    await expect(page).toHaveURL(/[?&]pageSize=20/);

    // Sorting by name, then the other way round.
    const sortByName = page.getByRole('button', { name: 'Ordenar por Paciente' });
    asked = patientsRequest(page, { q: surname, sort: 'name', order: 'asc' });
    await sortByName.click();
    await asked;
    await expect(table.getByRole('columnheader', { name: /Paciente/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(names).toHaveText(FIRST_NAMES.slice(0, 20).map((first) => `${first} ${surname}`));

    asked = patientsRequest(page, { q: surname, sort: 'name', order: 'desc' });
    await sortByName.click();
    await asked;
    await expect(table.getByRole('columnheader', { name: /Paciente/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(names).toHaveText(
      FIRST_NAMES.slice(3)
        .reverse()
        .map((first) => `${first} ${surname}`),
    );

    // A full name finds one patient; the details dialog shows what they registered.
    const carla = byName('Carla');
    asked = patientsRequest(page, { q: carla.name, page: '1' });
    await search.fill(carla.name);
    await asked;
    await expect(rows).toHaveCount(1);
    await expect(main.getByText(/^1 pacientes? encontrados?$/)).toBeVisible();
    await expect(pageOf).toHaveText('Página 1 de 1');
    await expect(rows.first()).toContainText(carla.email);
    await expect(rows.first()).toContainText('(11) 98765-4321');
    await expect(rows.first()).toContainText(formatCpf(carla.cpf ?? ''));
    await rows
      .first()
      .getByRole('button', { name: `Detalhes de ${carla.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Detalhes do Paciente' });
    await expect(dialog).toContainText(carla.name);
    await expect(dialog).toContainText(carla.email);
    await expect(dialog).toContainText('(11) 98765-4321');
    await expect(dialog).toContainText(carla.cpf ?? '');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();

    // Two matches: the count line reads exactly as the spec writes it.
    asked = patientsRequest(page, { q: `ela ${surname}` });
    await search.fill(`ela ${surname}`);
    await asked;
    await expect(main.getByText('2 pacientes encontrados', { exact: true })).toBeVisible();
    await expect(names).toHaveText([`Isabela ${surname}`, `Gabriela ${surname}`]);

    // The CPF's digits find its owner too.
    const heitor = byName('Heitor');
    const digits = (heitor.cpf ?? '').replace(/\D/g, '');
    asked = patientsRequest(page, { q: digits });
    await search.fill(digits);
    await asked;
    await expect(rows).toHaveCount(1);
    await expect(names).toHaveText([heitor.name]);

    // Nothing matches.
    asked = patientsRequest(page, { q: 'xqzw-ninguem-tem-este-nome' });
    await search.fill('xqzw-ninguem-tem-este-nome');
    await asked;
    await expect(table.getByText('Nenhum resultado encontrado.')).toBeVisible();
    await expect(main.getByText('0 pacientes encontrados', { exact: true })).toBeVisible();
    await expect(pageOf).toHaveText('Página 1 de 1');

    // Clearing the search asks for everyone again, keeping the page size and sort.
    asked = patientsRequest(page, { q: null, pageSize: '20', sort: 'name', order: 'desc' });
    await page.getByRole('button', { name: 'Limpar busca' }).click();
    await asked;
    await expect(search).toHaveValue('');
    await expect(rows).not.toHaveCount(0);
  });

  test('the table state lives in the URL, so a reload shows the same rows', async ({ page }) => {
    await signInContext(page.context(), ADMIN);
    const patient = await createAccount('patient', { name: 'Benedita Sampaio Rocha' });
    const asked = patientsRequest(page, {
      q: patient.email,
      pageSize: '30',
      sort: 'createdAt',
      order: 'desc',
    });
    await page.goto(
      `/admin/patients?q=${encodeURIComponent(patient.email)}&pageSize=30&sort=createdAt&order=desc`,
    );
    await asked;
    const table = page.getByRole('table', { name: 'Pacientes cadastrados' });
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr').first()).toContainText('Benedita Sampaio Rocha');
    await expect(page.getByRole('combobox', { name: 'Linhas por página' })).toHaveText('30');
    await expect(
      page.getByRole('searchbox', { name: 'Buscar por nome, email, CPF ou telefone' }),
    ).toHaveValue(patient.email);
    await expect(table.getByRole('columnheader', { name: /Data Cadastro/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  test('only admins get the list from the server', async () => {
    const patient = await createAccount('patient');
    const signedOut = await api('GET', '/api/admin/patients');
    expect(signedOut.status).toBe(401);
    const login = await api('POST', '/api/auth/login', {
      body: { email: patient.email, password: patient.password },
    });
    const asPatient = await api('GET', '/api/admin/patients', { token: login.sessionToken });
    expect(asPatient.status).toBe(403);
  });
});
