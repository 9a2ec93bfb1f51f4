import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Role } from './accounts.ts';

/** Every public route (spec section 2), its page heading and its tab title. */
export const PUBLIC_PAGES = [
  {
    name: 'landing',
    path: '/',
    heading: 'Consulte especialistas de onde estiver',
    title: 'Consultas médicas online com especialistas | Pulsa',
  },
  { name: 'specialties', path: '/specialties', heading: 'Especialidades', title: 'Especialidades | Pulsa' },
  { name: 'terms', path: '/terms', heading: 'Termos de Uso', title: 'Termos de Uso | Pulsa' },
  {
    name: 'privacy',
    path: '/privacy',
    heading: 'Política de Privacidade',
    title: 'Política de Privacidade | Pulsa',
  },
  { name: 'help', path: '/help', heading: 'Central de Ajuda', title: 'Central de Ajuda | Pulsa' },
  { name: 'login', path: '/login', heading: 'Acesse sua conta', title: 'Acesse sua conta | Pulsa' },
  { name: 'register', path: '/register', heading: 'Crie sua conta', title: 'Crie sua conta | Pulsa' },
  {
    name: 'register-doctor',
    path: '/register-doctor',
    heading: 'Crie sua conta',
    title: 'Cadastro de médico | Pulsa',
  },
  {
    name: 'forgot-password',
    path: '/forgot-password',
    heading: 'Esqueceu sua senha?',
    title: 'Esqueceu sua senha? | Pulsa',
  },
  {
    name: 'reset-password',
    path: '/reset-password?token=token-de-exemplo',
    heading: 'Redefinir Senha',
    title: 'Redefinir Senha | Pulsa',
  },
  {
    name: 'not-found',
    path: '/pagina-que-nao-existe',
    heading: 'Oops! Page not found',
    title: 'Página não encontrada | Pulsa',
  },
] as const;

/** The signed-in pages checked for layout and accessibility, with the heading each shows. */
export const SHELL_PAGES: { name: string; role: Role; path: string; heading: string | RegExp }[] = [
  { name: 'admin-dashboard', role: 'admin', path: '/admin', heading: 'Olá, Administrador' },
  { name: 'admin-patients', role: 'admin', path: '/admin/patients', heading: 'Pacientes' },
  {
    name: 'doctor-dashboard',
    role: 'doctor',
    path: '/doctor',
    heading: /^(Olá, Paulo|Complete seu perfil)$/,
  },
  { name: 'patient-dashboard', role: 'patient', path: '/patient', heading: 'Olá, Juliana' },
];

/**
 * Waits until a page has settled: its heading is there, nothing is loading (skeletons, busy
 * regions), web fonts are in and no toast is on its way in or out.
 */
export async function settle(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('[data-slot="skeleton"], .animate-pulse')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Sets the stored theme before any script of the page runs. */
export async function storeTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('pulsa-theme', value), theme);
}

/**
 * The scripts a page asks for, as they come, and which of them are the app's framework (React and
 * the router): a server-rendered page must run without it.
 */
export function watchScripts(page: Page) {
  const paths: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') paths.push(new URL(req.url()).pathname);
  });
  return {
    paths,
    framework: () => paths.filter((path) => path.includes('/framework-')),
  };
}
