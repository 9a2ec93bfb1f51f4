import { formatBRL } from '@pulsa/shared/format/money';
import { describe, expect, it } from 'vitest';
import type { SpecialtySummary } from '@/features/catalog/api/types';
import { renderLanding } from './render-landing';

const NO_DOCTORS = { doctorCount: 0, minPrice: null, maxPrice: null, medianPrice: null };

const specialty = (slug: string, name: string, doctorCount: number): SpecialtySummary => ({
  id: slug,
  slug,
  name,
  description: `Cuidados de ${name.toLowerCase()}.`,
  icon: 'stethoscope',
  doctorCount,
});

const CATALOGUE = [
  specialty('cardiologia', 'Cardiologia', 3),
  specialty('dermatologia', 'Dermatologia', 1),
  specialty('pediatria', 'Pediatria', 0),
];

describe('the server-rendered landing page', () => {
  it('is complete HTML with this request’s numbers: no skeleton, no loading boundary', () => {
    const { body } = renderLanding({
      user: null,
      specialties: CATALOGUE,
      pricing: { doctorCount: 4, minPrice: 8000, maxPrice: 45000, medianPrice: 15000 },
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

  it('a visitor gets Entrar and Cadastrar, in the header and in the phone menu', () => {
    const { body } = renderLanding({ user: null, specialties: CATALOGUE, pricing: NO_DOCTORS });
    expect(body.match(/href="\/login"/g)).toHaveLength(2);
    expect(body.match(/href="\/register"/g)?.length).toBeGreaterThanOrEqual(2);
    expect(body).not.toContain('data-account-menu');
  });

  it('a signed-in user gets the avatar menu the page script drives, leading to their area', async () => {
    const signedIn = {
      user: {
        id: 'u1',
        email: 'ana@exemplo.com.br',
        name: 'Ana <Lima>',
        role: 'doctor' as const,
        avatarUrl: null,
      },
      specialties: CATALOGUE,
      pricing: NO_DOCTORS,
    };
    // The app's own menu is loaded lazily: a render must not wait for it (a loading boundary) nor,
    // once it has loaded, use it (React code nothing on this page runs). Render again to see both.
    renderLanding(signedIn);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { body } = renderLanding(signedIn);
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

  it('an empty catalogue says so instead of showing zeros', () => {
    const { body } = renderLanding({ user: null, specialties: [], pricing: NO_DOCTORS });
    expect(body).toContain('As especialidades ainda não foram cadastradas.');
    expect(body).not.toMatch(/\b0 médicos\b/);
  });

  it('gives the page its own title and description', () => {
    const { head } = renderLanding({ user: null, specialties: [], pricing: NO_DOCTORS });
    expect(head).toContain('<title>Consultas médicas online com especialistas | Pulsa</title>');
    expect(head).toMatch(/<meta name="description" content="[^"]+" \/>/);
  });
});
