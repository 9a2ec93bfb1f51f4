import { formatBRL } from '@pulsa/shared/format/money';
import { describe, expect, it } from 'vitest';
import type { SpecialtySummary } from '@/features/catalog/api/types';
import { renderStaticPage, type StaticPageData, staticPagePaths } from './render-static-page';

const NO_DOCTORS = { doctorCount: 0, minPrice: null, maxPrice: null, medianPrice: null };

const specialty = (slug: string, name: string, doctorCount: number): SpecialtySummary => ({
  id: slug,
  slug,
  name,
  description: `Cuidados de ${name.toLowerCase()}.`,
  icon: 'stethoscope',
  doctorCount,
});

type Pricing = Awaited<ReturnType<StaticPageData['pricing']>>;

/** The data a request would read, from fixed values; filters as the server applies them. */
function data(
  user: StaticPageData['user'],
  specialties: SpecialtySummary[],
  pricing: Pricing,
): StaticPageData & { asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    asked,
    user,
    listSpecialties: async (filter) => {
      asked.push(filter);
      const q = filter.q?.toLowerCase() ?? '';
      return specialties.filter(
        (s) => (!q || s.name.toLowerCase().includes(q)) && (!filter.withDoctors || s.doctorCount > 0),
      );
    },
    pricing: async () => pricing,
  };
}

async function landing(user: StaticPageData['user'], specialties: SpecialtySummary[], pricing: Pricing) {
  const page = await renderStaticPage('/', data(user, specialties, pricing));
  if (!page) throw new Error('the landing page was not rendered');
  return page;
}

const CATALOGUE = [
  specialty('cardiologia', 'Cardiologia', 3),
  specialty('dermatologia', 'Dermatologia', 1),
  specialty('pediatria', 'Pediatria', 0),
];

describe('the server-rendered landing page', () => {
  it('is complete HTML with this request’s numbers: no skeleton, no loading boundary', async () => {
    const { body } = await landing(null, CATALOGUE, {
      doctorCount: 4,
      minPrice: 8000,
      maxPrice: 45000,
      medianPrice: 15000,
    });
    expect(body).toContain('Consulte especialistas de onde estiver');
    expect(body).toContain('Ver médicos de Cardiologia');
    expect(body).toContain(formatBRL(8000));
    expect(body).toContain(formatBRL(45000));
    expect(body).not.toContain('animate-pulse');
    // React's markers for a boundary that suspended, and the error it would leave for the client.
    expect(body).not.toContain('<!--$!-->');
    expect(body).not.toContain('<template');
  });

  it('a visitor gets Entrar and Cadastrar, in the header and in the phone menu', async () => {
    const { body } = await landing(null, CATALOGUE, NO_DOCTORS);
    expect(body.match(/href="\/login"/g)).toHaveLength(2);
    expect(body.match(/href="\/register"/g)?.length).toBeGreaterThanOrEqual(2);
    expect(body).not.toContain('data-account-menu');
  });

  it('a signed-in user gets the avatar menu the page script drives, leading to their area', async () => {
    const user = {
      id: 'u1',
      email: 'ana@exemplo.com.br',
      name: 'Ana <Lima>',
      role: 'doctor' as const,
      avatarUrl: null,
    };
    // The app's own menu is loaded lazily: a render must not wait for it (a loading boundary) nor,
    // once it has loaded, use it (React code nothing on this page runs). Render again to see both.
    await landing(user, CATALOGUE, NO_DOCTORS);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { body } = await landing(user, CATALOGUE, NO_DOCTORS);
    expect(body).not.toContain('<!--$');
    expect(body).not.toContain('<template');
    expect(body).toContain('data-account-menu');
    expect(body).toContain('aria-label="Abrir menu da conta de Ana &lt;Lima&gt;"');
    expect(body).toMatch(/role="menu"[^>]*hidden/);
    expect(body).toContain('href="/doctor"');
    expect(body).toContain('data-sign-out');
    expect(body).not.toContain('href="/login"');
    // The radix menu is code for the app; nothing here would run it.
    expect(body).not.toContain('radix-');
  });

  it('an empty catalogue says so instead of showing zeros', async () => {
    const { body } = await landing(null, [], NO_DOCTORS);
    expect(body).toContain('As especialidades ainda não foram cadastradas.');
    expect(body).not.toMatch(/\b0 médicos\b/);
  });

  it('gives the page its own title and description', async () => {
    const { head } = await landing(null, [], NO_DOCTORS);
    expect(head).toContain('<title>Consultas médicas online com especialistas | Pulsa</title>');
    expect(head).toMatch(/<meta name="description" content="[^"]+" \/>/);
  });
});

describe('the server-rendered specialty directory', () => {
  it('lists the catalogue with its intro, its search box and its cards, asking for it once', async () => {
    const d = data(null, CATALOGUE, NO_DOCTORS);
    const page = await renderStaticPage('/specialties', d);
    expect(d.asked).toEqual([{ q: '', withDoctors: false }]);
    expect(page?.head).toContain('<title>Especialidades | Pulsa</title>');
    expect(page?.body).toContain('3 especialidades no catálogo, 2 com médicos atendendo por vídeo.');
    expect(page?.body).toMatch(/<input[^>]*type="search"[^>]*aria-label="Buscar especialidade"/);
    expect(page?.body).toContain('data-directory');
    for (const s of CATALOGUE) expect(page?.body).toContain(`Ver médicos de ${s.name}`);
    expect(page?.body).not.toContain('animate-pulse');
  });

  it('answers the search in the address, keeping the whole catalogue for the intro', async () => {
    const d = data(null, CATALOGUE, NO_DOCTORS);
    const page = await renderStaticPage('/specialties?q=%20derma%20&withDoctors=1', d);
    expect(d.asked).toEqual(expect.arrayContaining([{ q: 'derma', withDoctors: true }]));
    expect(page?.body).toContain('1 especialidade encontrada');
    expect(page?.body).toContain('Ver médicos de Dermatologia');
    expect(page?.body).not.toContain('Ver médicos de Cardiologia');
    expect(page?.body).toMatch(/role="checkbox"[^>]*aria-checked="true"/);
    expect(page?.body).toMatch(/value=" derma "/);
  });

  it('says when nothing matches, with the way back to the whole list', async () => {
    const page = await renderStaticPage('/specialties?q=zzzz', data(null, CATALOGUE, NO_DOCTORS));
    expect(page?.body).toContain('Nenhuma especialidade encontrada para “zzzz”.');
    expect(page?.body).toMatch(/data-clear-filters[^>]*>Limpar filtros/);
  });

  it('an empty catalogue says so', async () => {
    const page = await renderStaticPage('/specialties', data(null, [], NO_DOCTORS));
    expect(page?.body).toContain('As especialidades ainda não foram cadastradas.');
  });

  it('leaves every other address to the app', async () => {
    expect(staticPagePaths).toEqual(['/', '/specialties', '/login']);
    for (const url of ['/register', '/specialties/cardiologia', '/patient', '/help']) {
      expect(await renderStaticPage(url, data(null, CATALOGUE, NO_DOCTORS)), url).toBeNull();
    }
  });
});

describe('the server-rendered sign-in page', () => {
  it('has the form, posting to itself, and the unconfirmed e-mail box ready for the script', async () => {
    const page = await renderStaticPage('/login?redirect=%2Fpatient', data(null, [], NO_DOCTORS));
    expect(page?.head).toContain('<title>Acesse sua conta | Pulsa</title>');
    const form = page?.body.match(/<form[^>]*>/)?.[0] ?? '';
    expect(form).toContain('data-login-form');
    expect(form).toContain('method="post"');
    expect(page?.body).toMatch(/<input[^>]*type="email"[^>]*name="email"/);
    expect(page?.body).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
    expect(page?.body).toMatch(
      /<template data-resend-verification="">[\s\S]*data-resend=""[\s\S]*<\/template>/,
    );
    expect(page?.body).toContain('href="/forgot-password"');
  });
});
