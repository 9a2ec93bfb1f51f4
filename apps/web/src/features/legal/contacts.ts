/** Who answers for the platform and how to reach them; the legal pages read these, nothing else repeats them. */
export const LEGAL_ENTITY = {
  name: 'Pulsa Tecnologia em Saúde Ltda.',
  brand: 'Pulsa',
  contactEmail: 'contato@pulsa.com.br',
  /** The encarregado (DPO) under art. 41 of the LGPD. */
  dpoEmail: 'privacidade@pulsa.com.br',
  anpdUrl: 'https://www.gov.br/anpd',
} as const;

/** When the current versions of the terms and the privacy policy took effect. */
export const LEGAL_UPDATED_AT = '2026-11-22';

const longDate = new Intl.DateTimeFormat('pt-BR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-11-22" → "22 de novembro de 2026". */
export function formatLegalDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}
