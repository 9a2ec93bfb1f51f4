import { formatBRL } from '@pulsa/shared/format/money';
import type { PublicDoctor, PublicDoctorProfile, SpecialtySummary } from '@pulsa/shared/schemas/catalog';
import { describe, expect, it } from 'vitest';
import {
  type RenderedPage,
  renderStaticPage,
  type StaticPageData,
  staticPagePaths,
} from './render-static-page';

const NO_DOCTORS = { doctorCount: 0, minPrice: null, maxPrice: null, medianPrice: null };

const specialty = (slug: string, name: string, doctorCount: number): SpecialtySummary => ({
  id: slug,
  slug,
  name,
  description: `Cuidados de ${name.toLowerCase()}.`,
  icon: 'stethoscope',
  doctorCount,
});

const doctor = (n: number): PublicDoctor => ({
  id: `d${n}`,
  name: `Médica ${String(n).padStart(2, '0')}`,
  photoUrl: null,
  crmNumber: String(100000 + n),
  crmState: 'SP',
  consultationPrice: 10000 + n * 100,
  bio: 'Atendimento humanizado.',
  slug: `medica-${n}-crm-sp-${100000 + n}`,
  rating: n === 1 ? { average: 4.5, count: 2 } : { average: null, count: 0 },
  bookable: true,
});

const PROFILE: PublicDoctorProfile = {
  id: 'p1',
  slug: 'ana-lima-crm-sp-123456',
  name: 'Ana <Lima>',
  photoUrl: '/uploads/ana.png',
  crmNumber: '123456',
  crmState: 'SP',
  specialty: { name: 'Cardiologia', slug: 'cardiologia', icon: 'heart-pulse', active: true },
  consultationPrice: 25000,
  consultationMinutes: 40,
  bio: 'Cardiologista. </script><script>alert(1)</script>',
  education: 'Medicina pela USP.\nResidência no InCor.',
  professionalExperience: null,
  timeZone: 'America/Sao_Paulo',
  nextAvailableDays: [
    { date: '2026-11-24', times: ['09:00', '09:40'], total: 2 },
    { date: '2026-11-26', times: ['14:00', '14:40', '15:20', '16:00', '16:40', '17:20'], total: 9 },
  ],
  rating: { average: 4.5, count: 2 },
  reviews: {
    items: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        rating: 5,
        comment: 'Muito atenciosa </script>.',
        author: 'Anônimo',
        createdAt: '2026-11-20T12:00:00.000Z',
        reply: { text: 'Obrigada!', at: '2026-11-21T12:00:00.000Z' },
      },
      {
        id: '00000000-0000-4000-8000-000000000002',
        rating: 4,
        comment: null,
        author: 'Maria S.',
        createdAt: '2026-11-19T12:00:00.000Z',
        reply: null,
      },
    ],
    total: 2,
    page: 1,
    pageSize: 5,
    pageCount: 1,
  },
};

type Pricing = Awaited<ReturnType<StaticPageData['pricing']>>;

/** The data a request would read, from fixed values; filters as the server applies them. */
function data(
  user: StaticPageData['user'],
  specialties: SpecialtySummary[],
  pricing: Pricing,
  doctors: PublicDoctor[] = [],
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
    getSpecialty: async (slug) => specialties.find((s) => s.slug === slug) ?? null,
    listSpecialtyDoctors: async (_slug, query) => {
      asked.push(query);
      const found = doctors.filter((d) => !query.q || d.name.toLowerCase().includes(query.q.toLowerCase()));
      const start = (query.page - 1) * query.pageSize;
      return {
        items: found.slice(start, start + query.pageSize),
        total: found.length,
        page: query.page,
        pageSize: query.pageSize,
        pageCount: Math.ceil(found.length / query.pageSize),
      };
    },
    getPublicDoctor: async (slug) => (slug === PROFILE.slug ? PROFILE : null),
    platform: async () => ({ platformName: 'Pulsa', logoUrl: null, theme: 'light', maintenanceMode: false }),
  };
}

/** A rendered page (not a redirect), or the test fails. */
function rendered(page: RenderedPage | null) {
  if (!page || page.status === 302) throw new Error(`expected a page, got ${JSON.stringify(page)}`);
  return page;
}

async function landing(user: StaticPageData['user'], specialties: SpecialtySummary[], pricing: Pricing) {
  return rendered(await renderStaticPage('/', data(user, specialties, pricing)));
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

  it('offers the doctor sign-up to visitors only, never to a signed-in patient, doctor or admin', async () => {
    const visitor = await landing(null, CATALOGUE, NO_DOCTORS);
    expect(visitor.body.match(/href="\/register-doctor"/g)).toHaveLength(2);
    expect(visitor.body).toContain('Cadastre-se como médico');
    for (const role of ['patient', 'doctor', 'admin'] as const) {
      const user = { id: 'u1', email: 'ana@exemplo.com.br', name: 'Ana Lima', role, avatarUrl: null };
      const { body } = await landing(user, CATALOGUE, NO_DOCTORS);
      expect(body, role).not.toContain('href="/register-doctor"');
      expect(body, role).not.toContain('Cadastre-se como médico');
    }
    const patient = {
      id: 'u1',
      email: 'ana@exemplo.com.br',
      name: 'Ana',
      role: 'patient' as const,
      avatarUrl: null,
    };
    const emptySpecialty = (user: StaticPageData['user']) =>
      renderStaticPage('/specialties/pediatria', data(user, CATALOGUE, NO_DOCTORS));
    expect(rendered(await emptySpecialty(null)).body).toContain('href="/register-doctor"');
    expect(rendered(await emptySpecialty(patient)).body).not.toContain('href="/register-doctor"');
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
  it('lists the catalogue with its intro, its search form and its cards, asking for it once', async () => {
    const d = data(null, CATALOGUE, NO_DOCTORS);
    const page = rendered(await renderStaticPage('/specialties', d));
    expect(d.asked).toEqual([{}]);
    expect(page.head).toContain('<title>Especialidades | Pulsa</title>');
    expect(page.body).toContain('3 especialidades no catálogo, 2 com médicos atendendo por vídeo.');
    const form = page.body.match(/<form[^>]*>/)?.[0] ?? '';
    for (const attribute of ['method="get"', 'action="/specialties"', 'data-live-form'])
      expect(form).toContain(attribute);
    expect(page.body).toMatch(/<input[^>]*type="search"[^>]*aria-label="Buscar especialidade"[^>]*name="q"/);
    expect(page.body).toContain('data-live-list');
    for (const s of CATALOGUE) expect(page.body).toContain(`Ver médicos de ${s.name}`);
    expect(page.body).not.toContain('animate-pulse');
  });

  it('answers the search in the address, keeping the whole catalogue for the intro', async () => {
    const d = data(null, CATALOGUE, NO_DOCTORS);
    const page = rendered(await renderStaticPage('/specialties?q=%20derma%20&withDoctors=1', d));
    expect(d.asked).toEqual(expect.arrayContaining([{}, { q: 'derma', withDoctors: true }]));
    expect(page.body).toContain('1 especialidade encontrada');
    expect(page.body).toContain('Ver médicos de Dermatologia');
    expect(page.body).not.toContain('Ver médicos de Cardiologia');
    expect(page.body).toMatch(/<input[^>]*type="checkbox"[^>]*name="withDoctors"[^>]*checked=""/);
    expect(page.body).toMatch(/value="derma"/);
  });

  it('says when nothing matches, with the way back to the whole list', async () => {
    const page = rendered(await renderStaticPage('/specialties?q=zzzz', data(null, CATALOGUE, NO_DOCTORS)));
    expect(page.body).toContain('Nenhuma especialidade encontrada para “zzzz”.');
    expect(page.body).toMatch(/data-clear-filters[^>]*>Limpar filtros/);
  });

  it('an empty catalogue says so', async () => {
    const page = rendered(await renderStaticPage('/specialties', data(null, [], NO_DOCTORS)));
    expect(page.body).toContain('As especialidades ainda não foram cadastradas.');
  });

  it('leaves every other address to the app, sign-in included', async () => {
    expect(staticPagePaths).toEqual(['/', '/specialties', '/specialties/:slug', '/medicos/:slug']);
    for (const url of ['/login', '/register', '/patient', '/help', '/specialties/a/b']) {
      expect(await renderStaticPage(url, data(null, CATALOGUE, NO_DOCTORS)), url).toBeNull();
    }
  });
});

describe('the server-rendered specialty page', () => {
  const DOCTORS = Array.from({ length: 23 }, (_, i) => doctor(i + 1));

  it('shows the specialty and one page of its doctors, each linking to their page', async () => {
    const d = data(null, CATALOGUE, NO_DOCTORS, DOCTORS);
    const page = rendered(await renderStaticPage('/specialties/cardiologia', d));
    expect(page.status).toBe(200);
    expect(page.head).toContain('<title>Cardiologia | Pulsa</title>');
    expect(page.head).toContain('Médicos de Cardiologia com CRM verificado');
    expect(d.asked).toContainEqual({ page: 1, pageSize: 10, q: undefined, sort: 'name', order: 'asc' });
    expect(page.body).toContain('<h1 class="font-bold text-3xl tracking-tight sm:text-4xl">Cardiologia</h1>');
    expect(page.body.match(/<h2[^>]*><a href="\/medicos\//g)).toHaveLength(10);
    expect(page.body).toContain('href="/medicos/medica-1-crm-sp-100001"');
    // Anonymous visitors book through sign-in.
    expect(page.body).toContain(
      `href="/login?redirect=${encodeURIComponent('/patient/schedule?doctor=d1')}"`,
    );
    expect(page.body).toContain('Página 1 de 3');
    expect(page.body).toMatch(/<a href="\/specialties\/cardiologia\?page=2"[^>]*aria-label="Próxima página"/);
    expect(page.body).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Página anterior"/);
  });

  it('reads search, sort, page size and page from the address, and keeps them in its links', async () => {
    const d = data(null, CATALOGUE, NO_DOCTORS, DOCTORS);
    const page = rendered(
      await renderStaticPage('/specialties/cardiologia?q=m%C3%A9dica&sort=price-desc&pageSize=20&page=1', d),
    );
    expect(d.asked).toContainEqual({ page: 1, pageSize: 20, q: 'médica', sort: 'price', order: 'desc' });
    expect(page.body).toMatch(/<option value="price-desc" selected="">Maior preço<\/option>/);
    expect(page.body).toMatch(/<option value="20" selected="">20<\/option>/);
    expect(page.body).toContain(
      'href="/specialties/cardiologia?q=m%C3%A9dica&amp;sort=price-desc&amp;pageSize=20&amp;page=2"',
    );
  });

  it('sends a page past the last one to the last one', async () => {
    const page = await renderStaticPage(
      '/specialties/cardiologia?page=9',
      data(null, CATALOGUE, NO_DOCTORS, DOCTORS),
    );
    expect(page).toEqual({ status: 302, location: '/specialties/cardiologia?page=3' });
  });

  it('says when a search finds no one, and when the specialty has no doctors yet', async () => {
    const searched = rendered(
      await renderStaticPage('/specialties/cardiologia?q=zzzz', data(null, CATALOGUE, NO_DOCTORS, DOCTORS)),
    );
    expect(searched.body).toContain('Nenhum médico encontrado para “zzzz”.');
    const empty = rendered(
      await renderStaticPage('/specialties/pediatria', data(null, CATALOGUE, NO_DOCTORS)),
    );
    expect(empty.body).toContain('Ainda não há médicos verificados nesta especialidade.');
    expect(empty.body).toMatch(/<form[^>]*hidden=""/);
  });

  it('answers 404 with its own page for an unknown specialty', async () => {
    const page = rendered(
      await renderStaticPage('/specialties/nao-existe', data(null, CATALOGUE, NO_DOCTORS)),
    );
    expect(page.status).toBe(404);
    expect(page.body).toContain('Especialidade não encontrada.');
    expect(page.body).toContain('href="/specialties"');
  });

  it('offers booking to patients only', async () => {
    const as = (role: 'patient' | 'doctor') => ({
      id: 'u',
      email: 'u@x.br',
      name: 'U',
      role,
      avatarUrl: null,
    });
    const patient = rendered(
      await renderStaticPage('/specialties/cardiologia', data(as('patient'), CATALOGUE, NO_DOCTORS, DOCTORS)),
    );
    expect(patient.body).toContain('href="/patient/schedule?doctor=d1"');
    const doctorView = rendered(
      await renderStaticPage('/specialties/cardiologia', data(as('doctor'), CATALOGUE, NO_DOCTORS, DOCTORS)),
    );
    expect(doctorView.body).not.toContain('Agendar consulta');
  });
});

describe('the server-rendered doctor page', () => {
  it('shows the whole public profile, with its title, description and schema.org Physician', async () => {
    const page = rendered(
      await renderStaticPage(`/medicos/${PROFILE.slug}`, data(null, CATALOGUE, NO_DOCTORS)),
    );
    expect(page.status).toBe(200);
    expect(page.head).toContain('<title>Ana &lt;Lima&gt;, Cardiologia | Pulsa</title>');
    expect(page.head).toContain('consulta de 40 minutos por');
    const json = page.head.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? '';
    // Nothing in the data can close the element.
    expect(json).not.toContain('</script>');
    const physician = JSON.parse(json);
    expect(physician).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Physician',
      name: 'Ana <Lima>',
      medicalSpecialty: 'Cardiologia',
      identifier: { propertyID: 'CRM-SP', value: '123456' },
      availableService: { offers: { price: '250.00', priceCurrency: 'BRL' } },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.5', reviewCount: 2 },
    });
    expect(physician.review).toHaveLength(2);
    expect(physician.review[0]).toMatchObject({
      '@type': 'Review',
      author: { name: 'Anônimo' },
      reviewRating: { ratingValue: 5 },
    });
    // The published reviews: the average with one decimal, the count, the author as shown, the reply.
    expect(page.body).toContain('Avaliações dos pacientes');
    expect(page.body).toContain('4,5');
    expect(page.body).toContain('2 avaliações');
    expect(page.body).toContain('Maria S.');
    expect(page.body).toContain('Resposta de Ana &lt;Lima&gt;');
    expect(page.body).not.toContain('Ver mais avaliações');
    expect(page.body).toContain('Ana &lt;Lima&gt;</h1>');
    expect(page.body).toContain('CRM 123456/SP');
    expect(page.body).toContain('CRM verificado');
    expect(page.body).toContain('href="/specialties/cardiologia"');
    expect(page.body).toContain(formatBRL(25000));
    expect(page.body).toContain('Consulta de 40 minutos por vídeo');
    expect(page.body).toContain('Residência no InCor.');
    expect(page.body).toContain('Experiência profissional');
    expect(page.body).toContain('Não informado pelo médico.');
    // The photo over the initials: a picture that fails leaves the initials.
    expect(page.body).toMatch(/<\/span><img src="\/uploads\/ana.png" alt=""/);
    expect(page.body).toContain('Agendar consulta');
    // The next bookable days from the slot module, on the doctor's clock.
    expect(page.body).toContain('Próximos horários livres');
    expect(page.body).toMatch(/Terça-feira<\/span> <span[^>]*>24\/11/);
    // Each time opens the booking on that slot (its instant), through sign-in for a visitor.
    expect(page.body).toContain(
      `href="/login?redirect=${encodeURIComponent('/patient/schedule?doctor=p1&slot=2026-11-24T12%3A40%3A00.000Z')}"`,
    );
    expect(page.body).toContain('aria-label="Agendar às 09:40 de Terça-feira, 24/11/2026"');
    expect(page.body).toContain('+3 horários');
    expect(page.body).toContain('Horários de Brasília.');
  });

  it('says so when the doctor has no free slot in the coming days', async () => {
    const profile = { ...PROFILE, nextAvailableDays: [] };
    const page = rendered(
      await renderStaticPage(`/medicos/${PROFILE.slug}`, {
        ...data(null, CATALOGUE, NO_DOCTORS),
        getPublicDoctor: async () => profile,
      }),
    );
    expect(page.body).toContain('Sem horários livres nos próximos dias.');
  });

  it('links each next time to its booking for a patient, and shows them as text to a doctor', async () => {
    const as = (role: 'patient' | 'doctor') => ({
      id: 'u',
      email: 'u@x.br',
      name: 'U',
      role,
      avatarUrl: null,
    });
    const patient = rendered(
      await renderStaticPage(`/medicos/${PROFILE.slug}`, data(as('patient'), CATALOGUE, NO_DOCTORS)),
    );
    // 14:00 in São Paulo on 26/11 is 17:00 UTC.
    expect(patient.body).toContain(
      'href="/patient/schedule?doctor=p1&amp;slot=2026-11-26T17%3A00%3A00.000Z"',
    );
    const doctorView = rendered(
      await renderStaticPage(`/medicos/${PROFILE.slug}`, data(as('doctor'), CATALOGUE, NO_DOCTORS)),
    );
    expect(doctorView.body).toContain('>09:40</li>');
    expect(doctorView.body).not.toContain('/patient/schedule');
  });

  it('answers 404 for anyone who is not a listed doctor', async () => {
    const page = rendered(await renderStaticPage('/medicos/nao-aprovado', data(null, CATALOGUE, NO_DOCTORS)));
    expect(page.status).toBe(404);
    expect(page.body).toContain('Médico não encontrado.');
    expect(page.head).not.toContain('ld+json');
  });
});
