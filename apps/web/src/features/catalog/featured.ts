import type { SpecialtySummary } from '@pulsa/shared/schemas/catalog';

/** The six cards of the landing page, in the spec's order and with its titles, by seeded slug. */
export const FEATURED_SPECIALTIES = [
  { slug: 'cardiologia', title: 'Cardiologia' },
  { slug: 'neurologia', title: 'Neurologia' },
  { slug: 'pneumologia', title: 'Pneumologia' },
  { slug: 'clinica-geral', title: 'Clínica Geral' },
  { slug: 'oftalmologia', title: 'Oftalmologia' },
  { slug: 'ortopedia-e-traumatologia', title: 'Ortopedia' },
] as const;

/**
 * The spec's six specialties that exist in the catalogue; when an admin removed some, the places
 * go to the specialties with the most doctors, so the section never shows a card that leads nowhere.
 */
export function pickFeatured(
  all: readonly SpecialtySummary[],
): { specialty: SpecialtySummary; title: string }[] {
  const bySlug = new Map(all.map((s) => [s.slug, s]));
  const picked: { specialty: SpecialtySummary; title: string }[] = FEATURED_SPECIALTIES.flatMap(
    ({ slug, title }) => {
      const specialty = bySlug.get(slug);
      return specialty ? [{ specialty, title }] : [];
    },
  );
  const taken = new Set(picked.map((p) => p.specialty.slug));
  const rest = all
    .filter((s) => !taken.has(s.slug))
    .sort((a, b) => b.doctorCount - a.doctorCount || a.name.localeCompare(b.name, 'pt-BR'));
  for (const specialty of rest) {
    if (picked.length >= FEATURED_SPECIALTIES.length) break;
    picked.push({ specialty, title: specialty.name });
  }
  return picked;
}
