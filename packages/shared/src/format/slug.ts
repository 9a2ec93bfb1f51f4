/** "Clínica Geral" → "clinica-geral". */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The public address of an approved doctor's page: "Ana Clara Mendes", SP, 123456 →
 * "ana-clara-mendes-crm-sp-123456". CRM number and state are unique together, so the slug is too.
 */
export function doctorSlug(fullName: string, crmState: string, crmNumber: string): string {
  return `${slugify(fullName)}-crm-${crmState.toLowerCase()}-${crmNumber}`;
}
