/**
 * The teleconsultation consent (Termo de Consentimento Livre e Esclarecido, CFM Res. 2.314/2022).
 * A new text gets a new version: patients accept each version once, and the acceptance keeps the
 * version, so the text a patient accepted can always be shown again.
 */
export const TELECONSULTATION_CONSENT = {
  version: '2026-11-1',
  title: 'Termo de consentimento para teleconsulta',
  paragraphs: [
    'Autorizo a realização de consultas médicas a distância (teleconsulta) pela plataforma Pulsa, nos termos da Resolução CFM nº 2.314/2022.',
    'Entendo que a teleconsulta tem limitações: o médico não pode me examinar fisicamente e pode, a qualquer momento, indicar um atendimento presencial quando julgar necessário. Posso também pedir um atendimento presencial em vez da teleconsulta.',
    'As consultas não são gravadas. O que for dito e compartilhado na sala é sigiloso e fica protegido pelo sigilo médico e pela Lei Geral de Proteção de Dados (LGPD); meus dados de saúde só são acessíveis a mim e aos médicos que me atendem.',
    'Em caso de emergência, não devo usar a teleconsulta: devo procurar o pronto-socorro mais próximo ou ligar para o SAMU (192).',
    'Posso retirar este consentimento a qualquer momento, sem prejuízo do meu atendimento.',
  ],
} as const;

/** The consent as one text, as it is shown and kept. */
export const consentText = (consent: { title: string; paragraphs: readonly string[] }) =>
  [consent.title, ...consent.paragraphs].join('\n\n');
