import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { DEMO_LOGINS, DEMO_PASSWORDS } from '../apps/server/src/seed/demo-data.ts';
import { routePatterns } from '../apps/web/src/config/paths.ts';
import { api, type Role, SESSION_COOKIE, sessionToken, signInContext } from './support/accounts.ts';
import { demoHeldConsultation, issueDemoDocument } from './support/clinical-documents.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_URL,
  type DoctorPage,
  demoApi,
  demoUrl,
  type SpecialtySummary,
} from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { PUBLIC_PAGES, storeTheme } from './support/pages.ts';
import { SLOWDOWN } from './support/slowdown.ts';

/**
 * The accessibility sweep (WCAG 2.0, 2.1 and 2.2, levels A and AA) of every route of the app, taken
 * from the route table the router is built from (config/paths.ts; app/routes.test.ts keeps the two
 * equal): a route without an entry here fails the first test, so a new page cannot escape it.
 *
 * Each route is loaded once, on the demo app as its role sees it, and scanned at 1280 px and then,
 * resized in place, at 390 px; each role's main page also in the dark theme; the dialogs listed for
 * a route are scanned while open, and closing each must give the focus back to what opened it.
 * A serious or critical violation fails the route; moderate and minor ones are listed in the
 * test's annotations (and the log) to be looked at.
 *
 * The full-page screenshots people look at (e2e/.artifacts/screenshots/, never committed) are
 * taken here too, where the sweep already stands on the page (decision 142): a route with
 * `screenshots` is also loaded in the dark theme, so each is shot at 1280 and 390 px, light and
 * dark, loaded at each width once (light at 1280, dark at 390) and resized in place to the other.
 * Each shot checks the page heading, the theme and that nothing sticks out sideways.
 * screenshots.spec.ts keeps the few pictures of pages the sweep does not stand on.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Who looks at the route: a visitor, a role's demo account, or the demo's doctor who has just signed up. */
type Who = 'visitor' | Role | 'newDoctor';
type Member = Exclude<Who, 'visitor'>;

const demoAccount = (who: Member) =>
  who === 'newDoctor'
    ? { email: DEMO_LOGINS.newDoctor, password: DEMO_PASSWORDS.doctor }
    : DEMO_ACCOUNTS[who];

interface DialogCheck {
  /** What the dialog is, for the report. */
  name: string;
  /** Opens it; returns the dialog and the control the focus must come back to. */
  open: (page: Page) => Promise<{ dialog: Locator; returnsTo: Locator }>;
}

type Theme = 'light' | 'dark';

interface Screenshots {
  /** The files' name: <name>-<width>-<theme>.png. */
  name: string;
  /** The page's main heading. */
  heading: string | RegExp | (() => Promise<string | RegExp>);
  /** What else the page must show, checked at 1280 px in each theme. */
  shows?: (page: Page) => Promise<void>;
  /** Pictures of its own (tabs, a section) instead of the one of the whole page, at each width and theme. */
  pictures?: (page: Page, width: number, theme: Theme) => Promise<void>;
}

interface RouteSweep {
  who: Who;
  /** The address to load (the pattern's parameters filled from the demo data). */
  path: string | (() => Promise<string>);
  /** The role's main page: also scanned in the dark theme. */
  main?: true;
  dialogs?: DialogCheck[];
  screenshots?: Screenshots;
}

// ── The demo data behind the parameters, fetched once per worker ──────────────────────────────

const once = <T>(make: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make();
    return value;
  };
};

const sessions = new Map<Member, Promise<string>>();
function demoSession(who: Member): Promise<string> {
  let session = sessions.get(who);
  if (!session) {
    session = sessionToken(demoAccount(who), DEMO_URL);
    sessions.set(who, session);
  }
  return session;
}

async function demoGet<T>(role: Role, path: string): Promise<T> {
  const res = await api<T>('GET', path, { token: await demoSession(role), baseUrl: DEMO_URL });
  if (res.status !== 200) throw new Error(`GET ${path} as ${role} answered ${res.status}`);
  return res.body;
}

/** A specialty with doctors and a pending one in the demo data. */
const SPECIALTY_SLUG = 'cardiologia';
const specialty = once(() => demoApi<SpecialtySummary>(`/api/specialties/${SPECIALTY_SLUG}`));
const firstDoctor = once(async () => {
  const doctors = await demoApi<DoctorPage>(`/api/specialties/${SPECIALTY_SLUG}/doctors`);
  const doctor = doctors.items[0];
  if (!doctor) throw new Error('the demo specialty has no doctor');
  return doctor;
});
const heldConsultation = once(() => demoHeldConsultation());
/** The held consultation with a prescription issued in it, for its documents panel. */
const consultationWithPrescription = once(async () => {
  const consultation = await heldConsultation();
  await issueDemoDocument(consultation, {
    type: 'prescription',
    // An antimicrobial: the prescription carries the patient's age and sex (RDC 471/2021).
    patientSex: 'female',
    patientAge: 34,
    items: [
      {
        medicine: 'Amoxicilina',
        presentation: 'cápsula 500 mg',
        dose: '1 cápsula',
        route: 'oral',
        frequency: 'de 8 em 8 horas',
        duration: '7 dias',
        quantity: '21 cápsulas',
      },
    ],
  });
  return consultation;
});
const verificationCode = once(async () => {
  const document = await issueDemoDocument(await heldConsultation(), {
    type: 'certificate',
    daysOff: 1,
    startDate: new Date().toISOString().slice(0, 10),
  });
  return document.verificationCode;
});
/**
 * The demo patient's conversation with the demo doctor, with a few messages and one reported (set
 * up through the API; the doctor's message reopens it if the follow-up window had closed).
 */
const demoConversation = once(async () => {
  const [patientToken, doctorToken] = [await demoSession('patient'), await demoSession('doctor')];
  const list = (token: string) =>
    api<{ items: { id: string }[] }>('GET', '/api/conversations', { token, baseUrl: DEMO_URL });
  const mine = new Set((await list(patientToken)).body.items.map((c) => c.id));
  const id = (await list(doctorToken)).body.items.find((c) => mine.has(c.id))?.id;
  if (!id) throw new Error('the demo doctor and patient have no conversation');
  const post = (token: string, body: string) =>
    api<{ id: string }>('POST', `/api/conversations/${id}/messages`, {
      token,
      baseUrl: DEMO_URL,
      body: { body },
    });
  const fromDoctor = await post(doctorToken, 'Olá! Como você está se sentindo depois da consulta?');
  await post(patientToken, 'Bem melhor, obrigado. A dor de cabeça passou.');
  await api('POST', `/api/conversations/${id}/messages/${fromDoctor.body.id}/report`, {
    token: patientToken,
    baseUrl: DEMO_URL,
    body: { reason: 'other', details: 'Teste de denúncia' },
  });
  return id;
});
/** A real read for the access log to show: the demo patient opens the file of their last consultation. */
const patientReadAFile = once(async () => {
  const cookie = { cookie: `${SESSION_COOKIE}=${await demoSession('patient')}` };
  const records = await (await fetch(demoUrl('/api/patient/records'), { headers: cookie })).json();
  const file = records.items.flatMap((c: { files: { url: string }[] }) => c.files)[0];
  if (!file) throw new Error('the demo patient has no consultation file');
  expect((await fetch(demoUrl(file.url), { headers: cookie })).status).toBe(200);
});
const pendingDoctorId = once(async () => {
  const page = await demoGet<{ items: { id: string }[] }>('admin', '/api/admin/doctors?status=pending');
  const first = page.items[0];
  if (!first) throw new Error('the demo data has no doctor awaiting review');
  return first.id;
});

// ── Dialogs ──────────────────────────────────────────────────────────────────────────────────

/** A dialog opened by a button on the page: the focus comes back to that button. */
function byButton(
  name: string,
  button: (page: Page) => Locator,
  dialog: (page: Page) => Locator,
): DialogCheck {
  return {
    name,
    open: async (page) => {
      const opener = button(page);
      await opener.click();
      return { dialog: dialog(page), returnsTo: opener };
    },
  };
}

/** A dialog opened by an item of a row's menu: the focus comes back to the menu's button. */
function byMenu(
  name: string,
  menuButton: (page: Page) => Locator,
  item: string,
  dialog: (page: Page) => Locator,
): DialogCheck {
  return {
    name,
    open: async (page) => {
      const opener = menuButton(page);
      await opener.click();
      await page.getByRole('menuitem', { name: item }).click();
      return { dialog: dialog(page), returnsTo: opener };
    },
  };
}

// ── Screenshots ──────────────────────────────────────────────────────────────────────────────

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '.artifacts/screenshots');
const DARK = /(^|\s)dark(\s|$)/;

/** Nothing sticks out sideways: the page scrolls only down, on a phone as on a desktop. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function wholePage(page: Page, name: string, width: number, theme: Theme) {
  await expectNoSidewaysScroll(page, width);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}-${width}-${theme}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

/** Where the sweep stands on a page with screenshots: check its heading and theme, and shoot it. */
async function shoot(page: Page, shots: Screenshots, width: number, theme: Theme) {
  const heading = typeof shots.heading === 'function' ? await shots.heading() : shots.heading;
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(DARK);
  else await expect(page.locator('html')).not.toHaveClass(DARK);
  if (shots.pictures) await shots.pictures(page, width, theme);
  else await wholePage(page, shots.name, width, theme);
  if (width === WIDE.width) await shots.shows?.(page);
}

/** The three tabs of the platform settings, each shot whole; the first tab is open again after. */
async function settingsTabs(page: Page, width: number, theme: Theme) {
  for (const [tab, name] of [
    ['Geral', 'general'],
    ['Pagamento', 'payment'],
    ['Email', 'email'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await wholePage(page, `admin-settings-${name}`, width, theme);
  }
  await page.getByRole('tab', { name: 'Geral' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Geral' })).toBeVisible();
}

/** The patient's settings whole, and their data section on its own. */
async function patientSettings(page: Page, width: number, theme: Theme) {
  await wholePage(page, 'patient-settings', width, theme);
  const section = page.getByRole('region', { name: 'Seus dados' });
  await expect(section.getByRole('button', { name: 'Baixar meus dados' })).toBeVisible();
  await expect(section.getByText('Termos de uso e Política de privacidade')).toBeVisible();
  await section.screenshot({
    path: path.join(SCREENSHOT_DIR, `patient-settings-data-${width}-${theme}.png`),
    animations: 'disabled',
    caret: 'hide',
  });
}

/** Each role's dashboard: its greeting. */
const dashboard = (role: Role): Screenshots => ({
  name: `${role}-dashboard`,
  heading: DEMO_ACCOUNTS[role].heading,
});

// ── Every route ──────────────────────────────────────────────────────────────────────────────

const SWEEP: Record<string, RouteSweep> = {
  // Public site
  '/': { who: 'visitor', path: '/', main: true },
  '/specialties': { who: 'visitor', path: '/specialties' },
  '/specialties/:slug': {
    who: 'visitor',
    path: `/specialties/${SPECIALTY_SLUG}`,
    screenshots: {
      name: 'specialty',
      heading: async () => (await specialty()).name,
      // Its doctors are there (the first page of 10 at most), not an empty list.
      shows: async (page) => {
        const { name, doctorCount } = await specialty();
        await expect(
          page.getByRole('region', { name: `Médicos de ${name}` }).getByRole('listitem'),
        ).toHaveCount(Math.min(doctorCount, 10));
      },
    },
  },
  '/medicos/:slug': {
    who: 'visitor',
    path: async () => `/medicos/${(await firstDoctor()).slug}`,
    screenshots: { name: 'doctor-profile', heading: async () => (await firstDoctor()).name },
  },
  '/terms': { who: 'visitor', path: '/terms' },
  '/privacy': { who: 'visitor', path: '/privacy' },
  '/help': { who: 'visitor', path: '/help' },
  '/verificar/:codigo': {
    who: 'visitor',
    path: async () => `/verificar/${await verificationCode()}`,
    screenshots: {
      name: 'verify-document',
      heading: 'Verificar documento',
      // Just issued through the API: signed at once when the demo doctor has a signing session open
      // (clinical-documents.spec.ts opens one), otherwise waiting for the signature; never unknown
      // or revoked.
      shows: (page) =>
        expect(
          page.getByRole('heading', {
            level: 2,
            name: /^Documento (emitido pelo Pulsa e assinado pelo médico|AGUARDANDO a assinatura do médico)$/,
          }),
        ).toBeVisible(),
    },
  },
  '/verificar': { who: 'visitor', path: '/verificar' },
  '*': { who: 'visitor', path: '/pagina-que-nao-existe' },

  // Accounts
  '/login': { who: 'visitor', path: '/login' },
  '/register': { who: 'visitor', path: '/register' },
  '/register-doctor': { who: 'visitor', path: '/register-doctor' },
  '/forgot-password': { who: 'visitor', path: '/forgot-password' },
  '/reset-password': { who: 'visitor', path: '/reset-password?token=token-de-exemplo' },
  '/confirm-email': { who: 'visitor', path: '/confirm-email?token=token-de-exemplo' },
  '/confirm-email-change': { who: 'visitor', path: '/confirm-email-change?token=token-de-exemplo' },
  // Any account without two-factor sign-in may enrol here (admins are sent here first).
  '/two-factor-setup': { who: 'patient', path: '/two-factor-setup' },

  // Admin area
  '/admin': { who: 'admin', path: '/admin', main: true, screenshots: dashboard('admin') },
  '/admin/doctors': { who: 'admin', path: '/admin/doctors' },
  '/admin/doctors/:doctorId': {
    who: 'admin',
    path: async () => `/admin/doctors/${await pendingDoctorId()}`,
    dialogs: [
      byButton(
        'reject a doctor',
        (page) => page.getByRole('main').getByRole('button', { name: 'Rejeitar', exact: true }).first(),
        (page) => page.getByRole('dialog', { name: 'Rejeitar cadastro' }),
      ),
    ],
  },
  '/admin/patients': {
    who: 'admin',
    path: '/admin/patients',
    dialogs: [
      byButton(
        'patient details',
        (page) => page.getByRole('button', { name: /^Detalhes de / }).first(),
        (page) => page.getByRole('dialog', { name: 'Detalhes do Paciente' }),
      ),
    ],
  },
  '/admin/commissions': {
    who: 'admin',
    path: '/admin/commissions',
    dialogs: [
      byButton(
        'new commission',
        (page) => page.getByRole('button', { name: 'Nova comissão' }),
        (page) => page.getByRole('dialog', { name: 'Nova configuração de comissão' }),
      ),
    ],
  },
  '/admin/reviews': {
    who: 'admin',
    path: '/admin/reviews?tab=pending',
    dialogs: [
      byButton(
        'review details',
        (page) => page.getByRole('button', { name: /^Detalhes da avaliação/ }).first(),
        (page) => page.getByRole('dialog', { name: 'Detalhes da avaliação' }),
      ),
    ],
  },
  // After the demo conversation's report, so the list shows it.
  '/admin/messages': {
    who: 'admin',
    path: async () => {
      await demoConversation();
      return '/admin/messages';
    },
    screenshots: { name: 'admin-messages', heading: 'Mensagens denunciadas' },
  },
  '/admin/consultations': {
    who: 'admin',
    path: '/admin/consultations',
    dialogs: [
      byMenu(
        'consultation details from the row menu',
        (page) => page.getByRole('button', { name: /^Ações da consulta de / }).first(),
        'Ver detalhes',
        (page) => page.getByRole('dialog', { name: 'Detalhes da consulta' }),
      ),
    ],
  },
  '/admin/payments': {
    who: 'admin',
    path: '/admin/payments',
    dialogs: [
      byMenu(
        'payment details from the row menu',
        (page) => page.getByRole('button', { name: /^Ações do pagamento de / }).first(),
        'Detalhes',
        (page) => page.getByRole('dialog', { name: 'Detalhes do pagamento' }),
      ),
      byMenu(
        'refund from the row menu',
        (page) => page.getByRole('button', { name: /^Ações do pagamento de / }).first(),
        'Reembolsar',
        (page) => page.getByRole('dialog', { name: 'Reembolsar pagamento' }),
      ),
    ],
  },
  '/admin/payouts': {
    who: 'admin',
    path: '/admin/payouts',
    screenshots: { name: 'admin-payouts', heading: 'Repasses' },
  },
  '/admin/settings': {
    who: 'admin',
    path: '/admin/settings',
    screenshots: { name: 'admin-settings', heading: 'Configurações', pictures: settingsTabs },
  },
  '/admin/profile': {
    who: 'admin',
    path: '/admin/profile',
    dialogs: [
      byButton(
        'new recovery codes',
        (page) => page.getByRole('button', { name: 'Gerar novos códigos de recuperação' }),
        (page) => page.getByRole('alertdialog', { name: 'Gerar novos códigos?' }),
      ),
    ],
  },
  '/admin/import-specialties': {
    who: 'admin',
    path: '/admin/import-specialties',
    screenshots: {
      name: 'admin-import-specialties',
      heading: 'Importar especialidades',
      shows: (page) => expect(page.getByText(/^Já existem \d+ especialidades cadastradas/)).toBeVisible(),
    },
  },
  '/admin/specialties': {
    who: 'admin',
    path: '/admin/specialties',
    screenshots: { name: 'admin-specialties', heading: 'Especialidades' },
    dialogs: [
      byButton(
        'new specialty',
        (page) => page.getByRole('main').getByRole('button', { name: 'Nova especialidade' }),
        (page) => page.getByRole('dialog', { name: 'Nova especialidade' }),
      ),
    ],
  },
  '/admin/audit': {
    who: 'admin',
    path: '/admin/audit',
    screenshots: { name: 'admin-audit', heading: 'Auditoria' },
    dialogs: [
      byButton(
        'audit entry details',
        (page) => page.getByRole('button', { name: /^Detalhes: / }).first(),
        // Named after the entry's action.
        (page) => page.getByRole('dialog'),
      ),
    ],
  },
  '/admin/emails': {
    who: 'admin',
    path: '/admin/emails',
    screenshots: { name: 'admin-emails', heading: 'Emails enviados' },
  },
  '/admin/pronto-atendimento': {
    who: 'admin',
    path: '/admin/pronto-atendimento',
    screenshots: { name: 'admin-on-demand', heading: 'Pronto atendimento' },
  },

  // Doctor area
  '/doctor': { who: 'doctor', path: '/doctor', main: true, screenshots: dashboard('doctor') },
  '/doctor/complete-profile': { who: 'newDoctor', path: '/doctor/complete-profile' },
  '/doctor/profile': {
    who: 'doctor',
    path: '/doctor/profile',
    screenshots: {
      name: 'doctor-profile-payouts',
      heading: 'Meu Perfil',
      // The payout card.
      shows: (page) => expect(page.getByText('Recebimentos', { exact: true })).toBeVisible(),
    },
  },
  '/doctor/schedule': {
    who: 'doctor',
    path: '/doctor/schedule',
    dialogs: [
      byButton(
        'remove a weekly window',
        (page) => page.getByRole('button', { name: /^Remover horário de / }).first(),
        (page) => page.getByRole('alertdialog', { name: 'Remover horário?' }),
      ),
    ],
  },
  '/doctor/appointments': {
    who: 'doctor',
    path: '/doctor/appointments',
    dialogs: [
      byButton(
        'refuse a request',
        (page) => page.getByRole('main').getByRole('button', { name: 'Recusar', exact: true }).first(),
        (page) => page.getByRole('alertdialog', { name: 'Recusar solicitação?' }),
      ),
    ],
  },
  '/doctor/patients': {
    who: 'doctor',
    path: '/doctor/patients',
    dialogs: [
      byButton(
        'add an existing patient',
        (page) => page.getByRole('main').getByRole('button', { name: 'Adicionar paciente existente' }),
        (page) => page.getByRole('dialog', { name: 'Adicionar paciente existente' }),
      ),
    ],
  },
  '/doctor/payments': {
    who: 'doctor',
    path: '/doctor/payments',
    screenshots: {
      name: 'doctor-payments',
      heading: 'Pagamentos',
      shows: (page) => expect(page.getByRole('region', { name: 'Saldo' })).toBeVisible(),
    },
  },
  '/doctor/messages': {
    who: 'doctor',
    path: async () => `/doctor/messages?conversa=${await demoConversation()}`,
    screenshots: {
      name: 'doctor-messages',
      heading: 'Mensagens',
      shows: (page) => expect(page.getByText(/Em caso de emergência, ligue 192/)).toBeVisible(),
    },
  },
  '/doctor/settings': {
    who: 'doctor',
    path: '/doctor/settings',
    dialogs: [
      byButton(
        'delete the account',
        (page) =>
          page
            .getByRole('region', { name: 'Seus dados' })
            .getByRole('button', { name: 'Excluir minha conta' }),
        (page) => page.getByRole('dialog', { name: 'Excluir sua conta?' }),
      ),
    ],
  },
  '/doctor/consultations/:id/record': {
    who: 'doctor',
    path: async () => `/doctor/consultations/${(await heldConsultation()).id}/record`,
  },

  // Patient area
  '/patient': {
    who: 'patient',
    path: '/patient',
    main: true,
    screenshots: dashboard('patient'),
    dialogs: [
      byButton(
        'consultation details',
        (page) => page.getByRole('main').getByRole('button', { name: 'Ver detalhes' }).first(),
        (page) => page.getByRole('dialog', { name: 'Detalhes da consulta' }),
      ),
    ],
  },
  '/patient/pronto-atendimento': {
    who: 'patient',
    path: '/patient/pronto-atendimento',
    screenshots: { name: 'patient-on-demand', heading: 'Pronto atendimento' },
  },
  '/patient/schedule': {
    who: 'patient',
    path: '/patient/schedule',
    dialogs: [
      {
        // The list's slot opens the doctor's week behind the dialog: the focus comes back to the
        // same slot in the week ("07:00, Terça-feira, 01/12/2026" for "Ter, 01/12 · 07:00 com …").
        name: 'book a slot',
        open: async (page) => {
          const opener = page
            .getByRole('list', { name: /^Próximos horários de / })
            .getByRole('button')
            .first();
          const label = (await opener.getAttribute('aria-label')) ?? (await opener.textContent()) ?? '';
          const [, date, time] = label.match(/(\d{2}\/\d{2}) · (\d{2}:\d{2})/) ?? [];
          if (!date || !time) throw new Error(`unexpected slot label: ${label}`);
          await opener.click();
          return {
            dialog: page.getByRole('dialog', { name: 'Confirmar agendamento' }),
            returnsTo: page.getByRole('button', { name: new RegExp(`^${time}, .+, ${date}/\\d{4}$`) }),
          };
        },
      },
    ],
  },
  '/patient/consultations': {
    who: 'patient',
    path: '/patient/consultations',
    dialogs: [
      byButton(
        'cancel a consultation',
        (page) =>
          page
            .getByRole('main')
            .getByRole('button', { name: /^Cancelar/ })
            .first(),
        (page) => page.getByRole('dialog', { name: 'Cancelar consulta?' }),
      ),
      byButton(
        'reschedule a consultation',
        (page) => page.getByRole('main').getByRole('button', { name: 'Remarcar' }).first(),
        (page) => page.getByRole('dialog', { name: 'Remarcar consulta' }),
      ),
    ],
  },
  '/patient/consultations/:id/pagamento': {
    who: 'patient',
    path: async () => `/patient/consultations/${(await heldConsultation()).id}/pagamento`,
  },
  '/patient/payments': { who: 'patient', path: '/patient/payments' },
  '/patient/convite': { who: 'patient', path: '/patient/convite?token=convite-de-exemplo' },
  '/patient/messages': {
    who: 'patient',
    path: async () => `/patient/messages?conversa=${await demoConversation()}`,
    screenshots: {
      name: 'patient-messages',
      heading: 'Mensagens',
      shows: (page) => expect(page.getByText(/Em caso de emergência, ligue 192/)).toBeVisible(),
    },
  },
  '/patient/records': {
    who: 'patient',
    path: '/patient/records',
    screenshots: {
      name: 'patient-records',
      heading: 'Meu histórico',
      shows: (page) => expect(page.getByText('Orientações do médico').first()).toBeVisible(),
    },
  },
  '/patient/access-log': {
    who: 'patient',
    path: async () => {
      await patientReadAFile();
      return '/patient/access-log';
    },
    screenshots: {
      name: 'patient-access-log',
      heading: 'Quem acessou meus dados',
      shows: (page) =>
        expect(
          page.getByRole('list', { name: 'Quem acessou meus dados' }).getByRole('listitem').first(),
        ).toContainText('Você'),
    },
  },
  '/patient/profile': { who: 'patient', path: '/patient/profile' },
  '/patient/settings': {
    who: 'patient',
    path: '/patient/settings',
    screenshots: {
      name: 'patient-settings',
      heading: 'Configurações',
      pictures: patientSettings,
      shows: (page) => expect(page.getByRole('button', { name: 'Ler e aceitar o termo' })).toBeVisible(),
    },
    dialogs: [
      byButton(
        'delete the account',
        (page) =>
          page
            .getByRole('region', { name: 'Seus dados' })
            .getByRole('button', { name: 'Excluir minha conta' }),
        (page) => page.getByRole('dialog', { name: 'Excluir sua conta?' }),
      ),
      byButton(
        'the teleconsultation consent',
        (page) => page.getByRole('button', { name: 'Ler e aceitar o termo' }),
        (page) => page.getByRole('dialog', { name: 'Termo de consentimento para teleconsulta' }),
      ),
    ],
  },

  // The consultation room, as its doctor sees it (the patient's side is the same screen).
  '/consulta/:id': {
    who: 'doctor',
    path: async () => `/consulta/${(await consultationWithPrescription()).id}`,
    screenshots: { name: 'consultation-documents', heading: /Consulta de/ },
  },
};

// Every public page is shot too; its entry above is the page's address.
for (const route of PUBLIC_PAGES) {
  const sweep = Object.values(SWEEP).find((entry) => entry.path === route.path);
  if (!sweep) throw new Error(`the public page ${route.path} has no entry in the sweep`);
  sweep.screenshots = { name: route.name, heading: route.heading };
}

// ── The scan ─────────────────────────────────────────────────────────────────────────────────

interface Findings {
  blocking: string[];
  listed: string[];
}

/** Waits for toasts and enter animations to end (endless ones, such as a spinner, are left alone). */
function atRest(page: Page) {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Whether any of axe's offending elements is inside a toast. */
function inToast(page: Page, targets: string[]) {
  return page.evaluate(
    (selectors) =>
      selectors.some((selector) => document.querySelector(selector)?.closest('[data-sonner-toast]')),
    targets,
  );
}

async function scan(page: Page, where: string, findings: Findings) {
  // Colours are read at rest. A toast can arrive while axe runs (a live event of another test's
  // doing) and be read half faded in: then the page is scanned again once it has come to rest.
  await atRest(page);
  let results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const targets = results.violations.flatMap((v) => v.nodes.map((node) => String(node.target[0])));
  if (await inToast(page, targets)) {
    await atRest(page);
    results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  }
  for (const violation of results.violations) {
    for (const node of violation.nodes) {
      const line =
        `${where}: ${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(' ')}` +
        (node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ').trim()}` : '');
      if (violation.impact === 'serious' || violation.impact === 'critical') findings.blocking.push(line);
      else findings.listed.push(line);
    }
  }
}

/** The page has settled: a main heading, nothing loading, the fonts in. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 * SLOWDOWN });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('[data-slot="skeleton"], .animate-pulse')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** The address's path matches the route's pattern: the sweep scanned the page it meant to. */
function patternRegExp(pattern: string): RegExp {
  if (pattern === '*') return /^\/pagina-que-nao-existe$/;
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment));
  return new RegExp(`^/${segments.join('/')}$`);
}

test.describe.configure({ mode: 'parallel' });

test('every route of the router has an entry in the sweep', () => {
  expect(Object.keys(SWEEP).sort()).toEqual([...routePatterns, '*'].sort());
});

for (const [pattern, sweep] of Object.entries(SWEEP)) {
  test(`${pattern} (${sweep.who}) has no serious or critical WCAG violation`, async ({ page }) => {
    // A page, two widths, its dialogs (and, for a main page or one with screenshots, a second load
    // in the dark theme).
    test.setTimeout(sweep.main || sweep.dialogs || sweep.screenshots ? 180_000 : 120_000);
    const shots = sweep.screenshots;
    if (sweep.who !== 'visitor') {
      await signInContext(page.context(), demoAccount(sweep.who), {
        baseUrl: DEMO_URL,
        token: await demoSession(sweep.who),
      });
    }
    // The pictures are taken in a stored light theme, then in the dark one.
    if (shots) await storeTheme(page, 'light');
    const address = typeof sweep.path === 'string' ? sweep.path : await sweep.path();
    const findings: Findings = { blocking: [], listed: [] };

    await page.setViewportSize(WIDE);
    await page.goto(demoUrl(address));
    await settled(page);
    expect(new URL(page.url()).pathname, 'the page was not redirected').toMatch(patternRegExp(pattern));
    await scan(page, '1280 px', findings);
    if (shots) await shoot(page, shots, WIDE.width, 'light');

    for (const check of sweep.dialogs ?? []) {
      const { dialog, returnsTo } = await check.open(page);
      await expect(dialog).toBeVisible();
      await scan(page, `1280 px, dialog "${check.name}"`, findings);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(returnsTo, `closing "${check.name}" gives the focus back to its opener`).toBeFocused();
    }

    // The same page on a phone: resized in place, not loaded again.
    await page.setViewportSize(PHONE);
    await settled(page);
    await scan(page, '390 px', findings);
    if (shots) await shoot(page, shots, PHONE.width, 'light');

    if (sweep.main || shots) {
      await storeTheme(page, 'dark');
      await page.reload();
      await settled(page);
      await expect(page.locator('html')).toHaveClass(DARK);
      if (sweep.main) await scan(page, '390 px, dark', findings);
      if (shots) await shoot(page, shots, PHONE.width, 'dark');
      await page.setViewportSize(WIDE);
      await settled(page);
      if (sweep.main) await scan(page, '1280 px, dark', findings);
      if (shots) await shoot(page, shots, WIDE.width, 'dark');
    }

    for (const line of findings.listed)
      test.info().annotations.push({ type: 'a11y (moderate/minor)', description: line });
    if (findings.listed.length > 0) console.log(`${pattern}:\n  ${findings.listed.join('\n  ')}`);
    expect(findings.blocking, 'serious or critical violations').toEqual([]);
  });
}
