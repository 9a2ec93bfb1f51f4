import type { Locator, Page } from '@playwright/test';
import {
  type DoctorPage,
  demoApi,
  demoUrl,
  type PricingSummary,
  type PublicDoctor,
  reais,
  type SpecialtySummary,
  UNLISTED_DOCTORS,
} from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { settle } from './support/pages.ts';

/**
 * The public catalogue with real data (spec sections 1 and 3), on the demo app: what the landing,
 * /specialties and /specialties/:slug show must be what the public API answers at that moment —
 * live doctor counts, the price range, the approved doctors of each specialty and never one who is
 * awaiting review or was rejected. Expectations are read from the API, never written in here.
 */

/** The smallest page of a server-side list (PAGE_SIZE_OPTIONS[0]); the pager shows above it. */
const SMALLEST_PAGE = 10;

/** The landing's six cards, in the spec's order. */
const FEATURED_SLUGS = [
  'cardiologia',
  'neurologia',
  'pneumologia',
  'clinica-geral',
  'oftalmologia',
  'ortopedia-e-traumatologia',
];

const integer = new Intl.NumberFormat('pt-BR');

/** How a specialty card words its live count. */
const countLabel = (n: number) =>
  n === 0 ? 'Nenhum médico ainda' : n === 1 ? '1 médico' : `${integer.format(n)} médicos`;

const specialties = (query = '') =>
  demoApi<{ items: SpecialtySummary[] }>(`/api/specialties${query}`).then((answer) => answer.items);

/** The first page of a specialty's listed doctors as the page asks for it (by name, 10 a page). */
const firstPage = (slug: string) =>
  demoApi<DoctorPage>(`/api/specialties/${slug}/doctors`).then((answer) => answer.items);

/** Every listed doctor of a specialty in the page's default order (name), all pages together. */
async function allDoctors(slug: string): Promise<PublicDoctor[]> {
  const first = await demoApi<DoctorPage>(`/api/specialties/${slug}/doctors?pageSize=50`);
  const rest = [];
  for (let page = 2; page <= first.pageCount; page++) {
    rest.push(demoApi<DoctorPage>(`/api/specialties/${slug}/doctors?pageSize=50&page=${page}`));
  }
  return [first, ...(await Promise.all(rest))].flatMap((p) => p.items);
}

/** The cards of a specialty list: the list items that lead to a specialty's doctors. */
const specialtyCards = (scope: Page | Locator) =>
  scope.getByRole('listitem').filter({ has: scope.getByRole('link', { name: /^Ver médicos de / }) });

const doctorList = (page: Page, specialtyName: string) =>
  page.getByRole('region', { name: `Médicos de ${specialtyName}` });

/** The cards on screen are exactly these doctors, in this order, each with CRM/UF, price and booking. */
async function expectDoctorCards(page: Page, specialtyName: string, doctors: PublicDoctor[]) {
  const list = doctorList(page, specialtyName);
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(doctors.map((d) => d.name));
  for (const doctor of doctors) {
    const card = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2, name: doctor.name, exact: true }) });
    await expect(card).toContainText(`CRM ${doctor.crmNumber}/${doctor.crmState}`);
    // The price appears once, beside the name on phones and at the right on wider screens.
    await expect(
      card.getByText(reais(doctor.consultationPrice), { exact: true }).filter({ visible: true }),
    ).toHaveCount(1);
    // Signed out, booking goes through sign-in and comes back to this very doctor.
    await expect(card.getByRole('link', { name: `Agendar consulta com ${doctor.name}` })).toHaveAttribute(
      'href',
      new RegExp(`^/login\\?redirect=.*${doctor.id}`),
    );
  }
}

test.describe('landing page with real data', () => {
  test('the specialty cards and the hero show the live counts of approved doctors', async ({ page }) => {
    const [all, pricing] = await Promise.all([
      specialties(),
      demoApi<PricingSummary>('/api/catalog/pricing'),
    ]);
    const bySlug = new Map(all.map((s) => [s.slug, s]));
    await page.goto(demoUrl('/'));
    await settle(page, 'Consulte especialistas de onde estiver');

    const section = page.locator('section#specialties');
    const cards = section.getByRole('article');
    await expect(cards).toHaveCount(FEATURED_SLUGS.length);
    for (const [index, slug] of FEATURED_SLUGS.entries()) {
      const specialty = bySlug.get(slug);
      if (!specialty) throw new Error(`the catalogue has no ${slug}`);
      // The demo data has doctors in each of the six, so a real count shows, not the empty wording.
      expect(specialty.doctorCount, slug).toBeGreaterThan(0);
      const card = cards.nth(index);
      await expect(card.getByRole('link', { name: /^Ver médicos de / })).toHaveAttribute(
        'href',
        `/specialties/${slug}`,
      );
      await expect(card).toContainText(countLabel(specialty.doctorCount));
      if (specialty.description) await expect(card).toContainText(specialty.description);
    }

    // The hero's figures: approved doctors, specialties with doctors, the lowest price.
    const withDoctors = all.filter((s) => s.doctorCount > 0).length;
    expect(pricing.minPrice).not.toBeNull();
    const figures = page.locator('dl').first();
    await expect(figures.locator('dd')).toHaveText([
      integer.format(pricing.doctorCount),
      integer.format(withDoctors),
      reais(pricing.minPrice as number),
    ]);
    await expect(figures.locator('dt')).toHaveText([
      'médicos com CRM verificado',
      'especialidades com atendimento',
      'menor valor de consulta',
    ]);
    // The counts agree with each other: the specialties' counts add up to the approved doctors.
    expect(all.reduce((sum, s) => sum + s.doctorCount, 0)).toBe(pricing.doctorCount);
  });

  test('the pricing section shows the real range of consultation prices', async ({ page }) => {
    const pricing = await demoApi<PricingSummary>('/api/catalog/pricing');
    // The same figures worked out from every listed doctor, so the summary cannot drift from the lists.
    const withDoctors = (await specialties('?withDoctors=true')).map((s) => s.slug);
    const prices = (await Promise.all(withDoctors.map(allDoctors)))
      .flat()
      .map((d) => d.consultationPrice)
      .sort((a, b) => a - b);
    const middle = prices.length / 2;
    const median = Math.round(
      prices.length % 2
        ? (prices[Math.floor(middle)] as number)
        : ((prices[middle - 1] as number) + (prices[middle] as number)) / 2,
    );
    expect(pricing).toEqual({
      doctorCount: prices.length,
      minPrice: prices[0],
      maxPrice: prices.at(-1),
      medianPrice: median,
    });
    expect(prices[0]).toBeLessThan(prices.at(-1) as number);

    await page.goto(demoUrl('/#pricing'));
    await settle(page, 'Consulte especialistas de onde estiver');
    const section = page.locator('section#pricing');
    const range = section.getByText(/^R\$ .* a R\$ .*$/);
    await expect(range).toHaveText(`${reais(prices[0] as number)} a ${reais(prices.at(-1) as number)}`);
    await expect(section).toContainText(`Valor mediano: ${reais(median)}`);
    await expect(section).toContainText(`Valores de ${integer.format(prices.length)} médicos verificados.`);
  });

  test('“Ver médicos” on a card opens the specialty with its approved doctors only', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // Cardiologia has a doctor awaiting review in the demo data: they must not be listed.
    const slug = 'cardiologia';
    const [specialty, doctors, shown] = await Promise.all([
      demoApi<SpecialtySummary>(`/api/specialties/${slug}`),
      allDoctors(slug),
      firstPage(slug),
    ]);
    const hidden = UNLISTED_DOCTORS.filter((d) => d.specialty === specialty.name);
    expect(hidden.length).toBeGreaterThan(0);
    expect(doctors.length).toBe(specialty.doctorCount);
    for (const doctor of hidden) expect(doctors.map((d) => d.name)).not.toContain(doctor.name);

    await page.goto(demoUrl('/'));
    await settle(page, 'Consulte especialistas de onde estiver');
    await page.getByRole('link', { name: `Ver médicos de ${specialty.name}` }).click();
    await expect(page).toHaveURL(demoUrl(`/specialties/${slug}`));
    await settle(page, specialty.name);
    await expect(page).toHaveTitle(`${specialty.name} | Pulsa`);
    await expect(
      page.getByText(`${integer.format(specialty.doctorCount)} médicos verificados`),
    ).toBeVisible();
    await expectDoctorCards(page, specialty.name, shown);
    for (const doctor of hidden) await expect(page.getByText(doctor.name)).toHaveCount(0);
  });
});

test.describe('a specialty’s doctors', () => {
  test('no doctor awaiting review or rejected is listed in any specialty', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const all = await specialties();
    const affected = all.filter((s) => UNLISTED_DOCTORS.some((d) => d.specialty === s.name));
    expect(affected.length).toBeGreaterThan(1);
    const search = page.getByRole('searchbox', { name: 'Buscar médico pelo nome' });
    for (const specialty of affected) {
      await page.goto(demoUrl(`/specialties/${specialty.slug}`));
      await settle(page, specialty.name);
      // At 390 px the price sits under the name; the checks are the same.
      await expectDoctorCards(page, specialty.name, await firstPage(specialty.slug));
      // Searched by their own name, on whichever page they would be, they are not there.
      for (const doctor of UNLISTED_DOCTORS.filter((d) => d.specialty === specialty.name)) {
        await search.fill(doctor.name);
        await expect(page.getByText(`Nenhum médico encontrado para “${doctor.name}”.`)).toBeVisible();
        await expect(doctorList(page, specialty.name).getByRole('heading', { level: 2 })).toHaveCount(0);
      }
    }
  });

  test('pages through the busiest specialty, or shows it whole when it fits one page', async ({ page }) => {
    const all = await specialties();
    const busiest = all.reduce((a, b) => (b.doctorCount > a.doctorCount ? b : a));
    const pageCount = Math.ceil(busiest.doctorCount / SMALLEST_PAGE);
    await page.goto(demoUrl(`/specialties/${busiest.slug}`));
    await settle(page, busiest.name);
    const pager = page.getByRole('navigation', { name: 'Paginação' });

    if (pageCount <= 1) {
      // Everything fits the first page: all the doctors and no pager to get lost in.
      await expectDoctorCards(page, busiest.name, await allDoctors(busiest.slug));
      await expect(pager).toHaveCount(0);
      return;
    }

    const onPage = async (n: number) =>
      (await demoApi<DoctorPage>(`/api/specialties/${busiest.slug}/doctors?page=${n}`)).items;
    // Links while there is a page to go to, disabled buttons at the ends.
    const next = pager.getByRole('link', { name: 'Próxima página' });
    const previous = pager.getByRole('button', { name: 'Página anterior' });
    await expect(previous).toBeDisabled();
    for (let n = 1; n <= pageCount; n++) {
      await expect(pager.getByText(`Página ${n} de ${pageCount}`)).toBeVisible();
      await expectDoctorCards(page, busiest.name, await onPage(n));
      if (n < pageCount) {
        await next.click();
        await expect(page).toHaveURL(new RegExp(`[?&]page=${n + 1}(&|$)`));
      }
    }
    await expect(pager.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
    await pager.getByRole('link', { name: 'Primeira página' }).click();
    await expect(pager.getByText(`Página 1 de ${pageCount}`)).toBeVisible();
    await expectDoctorCards(page, busiest.name, await onPage(1));
  });

  test('a link past the last page shows the last page, not an empty specialty', async ({ page }) => {
    const all = await specialties();
    const busiest = all.reduce((a, b) => (b.doctorCount > a.doctorCount ? b : a));
    const pageCount = Math.ceil(busiest.doctorCount / SMALLEST_PAGE);
    await page.goto(demoUrl(`/specialties/${busiest.slug}?page=99`));
    await settle(page, busiest.name);
    await expect(page).toHaveURL(
      pageCount > 1 ? new RegExp(`[?&]page=${pageCount}(&|$)`) : /\/specialties\/[^?]+$/,
    );
    const lastPage = await demoApi<DoctorPage>(`/api/specialties/${busiest.slug}/doctors?page=${pageCount}`);
    await expectDoctorCards(page, busiest.name, lastPage.items);
    await expect(page.getByText('Ainda não há médicos verificados nesta especialidade.')).toHaveCount(0);
  });

  test('sorts by price and searches by name on the server', async ({ page }) => {
    const slug = 'clinica-geral';
    const specialty = await demoApi<SpecialtySummary>(`/api/specialties/${slug}`);
    await page.goto(demoUrl(`/specialties/${slug}`));
    await settle(page, specialty.name);

    await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption({ label: 'Maior preço' });
    await expect(page).toHaveURL(/\?sort=price-desc$/);
    const byPrice = await demoApi<DoctorPage>(`/api/specialties/${slug}/doctors?sort=price&order=desc`);
    expect(byPrice.items.map((d) => d.consultationPrice)).toEqual(
      byPrice.items.map((d) => d.consultationPrice).sort((a, b) => b - a),
    );
    await expectDoctorCards(page, specialty.name, byPrice.items);

    // A surname typed in lower case and, when it has one, without its accent: the server folds both.
    const target =
      byPrice.items.find((d) => /[ãáâéêíóõôúç]/i.test(d.name.split(' ').at(-1) ?? '')) ?? byPrice.items[0];
    if (!target) throw new Error(`${slug} has no doctors`);
    const typed = (target.name.split(' ').at(-1) as string)
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    // The page asks the server for itself at the new address and puts the new list in place.
    const searched = page.waitForResponse(
      (res) => res.url().includes(`/specialties/${slug}?`) && res.url().includes(`q=${typed}`),
    );
    await page.getByRole('searchbox', { name: 'Buscar médico pelo nome' }).fill(typed);
    await searched;
    const found = await demoApi<DoctorPage>(
      `/api/specialties/${slug}/doctors?q=${encodeURIComponent(typed)}&sort=price&order=desc`,
    );
    expect(found.items.map((d) => d.name)).toContain(target.name);
    expect(found.total).toBeLessThan(byPrice.total);
    await expectDoctorCards(page, specialty.name, found.items);

    await page.getByRole('searchbox', { name: 'Buscar médico pelo nome' }).fill('zzzz');
    await expect(page.getByText('Nenhum médico encontrado para “zzzz”.')).toBeVisible();
  });
});

test.describe('the specialty directory', () => {
  test('lists every specialty with its description and live count, and searches on the server', async ({
    page,
  }) => {
    const all = await specialties();
    const withDoctors = all.filter((s) => s.doctorCount > 0);
    await page.goto(demoUrl('/specialties'));
    await settle(page, 'Especialidades');
    await expect(
      page.getByText(
        `${integer.format(all.length)} especialidades no catálogo, ${integer.format(withDoctors.length)} com médicos atendendo por vídeo.`,
      ),
    ).toBeVisible();

    const cards = specialtyCards(page);
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText(all.map((s) => s.name));
    const texts = await cards.allInnerTexts();
    for (const [i, specialty] of all.entries()) {
      expect(texts[i]).toContain(countLabel(specialty.doctorCount));
      if (specialty.description) expect(texts[i]).toContain(specialty.description);
    }

    const search = page.getByRole('searchbox', { name: 'Buscar especialidade' });
    // Part of a name, and a word only found in descriptions (“pele”), each answered by the server.
    for (const q of ['cardio', 'pele']) {
      const expected = await specialties(`?q=${q}`);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);
      // The server-rendered page asks the server for itself at the new address.
      const answered = page.waitForResponse((res) => {
        const url = new URL(res.url());
        return url.pathname === '/specialties' && url.searchParams.get('q') === q;
      });
      await search.fill(q);
      await answered;
      await expect(page).toHaveURL(new RegExp(`[?&]q=${q}(&|$)`));
      await expect(cards.getByRole('heading', { level: 2 })).toHaveText(expected.map((s) => s.name));
      await expect(
        page.getByText(
          expected.length === 1
            ? '1 especialidade encontrada'
            : `${expected.length} especialidades encontradas`,
          { exact: true },
        ),
      ).toBeVisible();
      const found = await cards.allInnerTexts();
      for (const [i, specialty] of expected.entries()) {
        expect(found[i]).toContain(countLabel(specialty.doctorCount));
      }
    }

    // Only the specialties with doctors.
    await search.fill('');
    // The box follows the URL, which updates a moment after the click: click, then wait for it.
    const onlyWithDoctors = page.getByRole('checkbox', { name: 'Somente especialidades com médicos' });
    await onlyWithDoctors.click();
    await expect(onlyWithDoctors).toBeChecked();
    await expect(page).toHaveURL(/[?&]withDoctors=1/);
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText(
      (await specialties('?withDoctors=true')).map((s) => s.name),
    );

    // Nothing found, and the way back to the whole list.
    await onlyWithDoctors.click();
    await expect(onlyWithDoctors).not.toBeChecked();
    await search.fill('zzzz');
    await expect(page.getByText('Nenhuma especialidade encontrada para “zzzz”.')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(cards).toHaveCount(all.length);
  });
});
