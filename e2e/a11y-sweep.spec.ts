import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { DEMO_LOGINS, DEMO_PASSWORDS } from '../apps/server/src/seed/demo-data.ts';
import { routePatterns } from '../apps/web/src/config/paths.ts';
import { api, type Role, sessionToken, signInContext } from './support/accounts.ts';
import { demoHeldConsultation, issueDemoDocument } from './support/clinical-documents.ts';
import { DEMO_ACCOUNTS, DEMO_URL, type DoctorPage, demoApi, demoUrl } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { storeTheme } from './support/pages.ts';

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

interface RouteSweep {
  who: Who;
  /** The address to load (the pattern's parameters filled from the demo data). */
  path: string | (() => Promise<string>);
  /** The role's main page: also scanned in the dark theme. */
  main?: true;
  dialogs?: DialogCheck[];
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

const SPECIALTY_SLUG = 'cardiologia';
const doctorSlug = once(async () => {
  const doctors = await demoApi<DoctorPage>(`/api/specialties/${SPECIALTY_SLUG}/doctors`);
  const doctor = doctors.items[0];
  if (!doctor) throw new Error('the demo specialty has no doctor');
  return doctor.slug;
});
const heldConsultation = once(() => demoHeldConsultation());
const verificationCode = once(async () => {
  const document = await issueDemoDocument(await heldConsultation(), {
    type: 'certificate',
    daysOff: 1,
    startDate: new Date().toISOString().slice(0, 10),
  });
  return document.verificationCode;
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

// ── Every route ──────────────────────────────────────────────────────────────────────────────

const SWEEP: Record<string, RouteSweep> = {
  // Public site
  '/': { who: 'visitor', path: '/', main: true },
  '/specialties': { who: 'visitor', path: '/specialties' },
  '/specialties/:slug': { who: 'visitor', path: `/specialties/${SPECIALTY_SLUG}` },
  '/medicos/:slug': { who: 'visitor', path: async () => `/medicos/${await doctorSlug()}` },
  '/terms': { who: 'visitor', path: '/terms' },
  '/privacy': { who: 'visitor', path: '/privacy' },
  '/help': { who: 'visitor', path: '/help' },
  '/verificar/:codigo': { who: 'visitor', path: async () => `/verificar/${await verificationCode()}` },
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
  '/admin': { who: 'admin', path: '/admin', main: true },
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
  '/admin/messages': { who: 'admin', path: '/admin/messages' },
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
  '/admin/payouts': { who: 'admin', path: '/admin/payouts' },
  '/admin/settings': { who: 'admin', path: '/admin/settings' },
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
  '/admin/import-specialties': { who: 'admin', path: '/admin/import-specialties' },
  '/admin/specialties': {
    who: 'admin',
    path: '/admin/specialties',
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
    dialogs: [
      byButton(
        'audit entry details',
        (page) => page.getByRole('button', { name: /^Detalhes: / }).first(),
        // Named after the entry's action.
        (page) => page.getByRole('dialog'),
      ),
    ],
  },
  '/admin/emails': { who: 'admin', path: '/admin/emails' },

  // Doctor area
  '/doctor': { who: 'doctor', path: '/doctor', main: true },
  '/doctor/complete-profile': { who: 'newDoctor', path: '/doctor/complete-profile' },
  '/doctor/profile': { who: 'doctor', path: '/doctor/profile' },
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
  '/doctor/payments': { who: 'doctor', path: '/doctor/payments' },
  '/doctor/messages': { who: 'doctor', path: '/doctor/messages' },
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
    dialogs: [
      byButton(
        'consultation details',
        (page) => page.getByRole('main').getByRole('button', { name: 'Ver detalhes' }).first(),
        (page) => page.getByRole('dialog', { name: 'Detalhes da consulta' }),
      ),
    ],
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
  '/patient/messages': { who: 'patient', path: '/patient/messages' },
  '/patient/records': { who: 'patient', path: '/patient/records' },
  '/patient/access-log': { who: 'patient', path: '/patient/access-log' },
  '/patient/profile': { who: 'patient', path: '/patient/profile' },
  '/patient/settings': {
    who: 'patient',
    path: '/patient/settings',
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
  '/consulta/:id': { who: 'doctor', path: async () => `/consulta/${(await heldConsultation()).id}` },
};

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
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
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
    // A page, two widths, its dialogs (and, for a main page, a second load in the dark theme).
    test.setTimeout(sweep.main || sweep.dialogs ? 180_000 : 120_000);
    if (sweep.who !== 'visitor') {
      await signInContext(page.context(), demoAccount(sweep.who), {
        baseUrl: DEMO_URL,
        token: await demoSession(sweep.who),
      });
    }
    const address = typeof sweep.path === 'string' ? sweep.path : await sweep.path();
    const findings: Findings = { blocking: [], listed: [] };

    await page.setViewportSize(WIDE);
    await page.goto(demoUrl(address));
    await settled(page);
    expect(new URL(page.url()).pathname, 'the page was not redirected').toMatch(patternRegExp(pattern));
    await scan(page, '1280 px', findings);

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

    if (sweep.main) {
      await storeTheme(page, 'dark');
      await page.reload();
      await settled(page);
      await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
      await scan(page, '390 px, dark', findings);
      await page.setViewportSize(WIDE);
      await settled(page);
      await scan(page, '1280 px, dark', findings);
    }

    for (const line of findings.listed)
      test.info().annotations.push({ type: 'a11y (moderate/minor)', description: line });
    if (findings.listed.length > 0) console.log(`${pattern}:\n  ${findings.listed.join('\n  ')}`);
    expect(findings.blocking, 'serious or critical violations').toEqual([]);
  });
}
