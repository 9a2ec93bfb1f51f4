/** Every text of the doctor's signature card (profile) — decision 121. */
export const SIGNATURE_TEXT = {
  title: 'Assinatura digital',
  description:
    'Receitas e atestados só valem com a sua assinatura ICP-Brasil. Vincule o provedor do seu certificado em nuvem: uma sessão de assinatura assina os documentos do dia sem pedir autorização a cada um.',
  loadError: 'Falha ao carregar sua assinatura digital',
  provider: 'Provedor do certificado (PSC)',
  noProviders:
    'Nenhum provedor de certificado em nuvem está configurado nesta instalação. Você ainda pode assinar com seu certificado A1 (.pfx) ao emitir cada documento.',
  testProvider: 'ambiente de teste',
  link: 'Vincular e abrir sessão de assinatura',
  renew: 'Abrir nova sessão de assinatura',
  opening: 'Abrindo o provedor…',
  unlink: 'Desvincular',
  unlinked: 'Certificado desvinculado: nada mais é assinado em seu nome.',
  unlinkError: 'Falha ao desvincular',
  startError: 'Falha ao abrir o provedor',
  holder: 'Titular',
  cpf: 'CPF',
  issuer: 'AC emissora',
  validUntil: 'Certificado válido até',
  chain: 'Cadeia',
  session: 'Sessão de assinatura',
  sessionUntil: (when: string) => `Ativa até ${when}`,
  sessionClosed: 'Fechada: abra uma nova sessão para assinar',
  pending: (n: number) =>
    n === 1 ? '1 documento aguarda sua assinatura.' : `${n} documentos aguardam sua assinatura.`,
  activated: 'Sessão de assinatura aberta.',
  canceled: 'A autorização no provedor foi cancelada.',
  failed: (reason: string) => `Não foi possível vincular: ${reason}`,
  tokensNote:
    'Sua senha e sua chave ficam no provedor: o Pulsa guarda apenas a autorização da sessão, cifrada.',
} as const;
