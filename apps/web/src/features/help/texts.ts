/** What the help centre says around its questions. */
export const HELP_TEXT = {
  title: 'Central de Ajuda',
  metaDescription:
    'Respostas sobre consultas por vídeo no Pulsa: agendamento, pagamento por cartão, PIX ou boleto, cancelamento, cadastro de médicos e privacidade.',
  intro: 'Encontre respostas sobre consultas, pagamentos, cadastro de médicos e privacidade.',
  searchLabel: 'Buscar nas perguntas frequentes',
  searchPlaceholder: 'Digite sua dúvida, como “boleto”',
  sectionsLabel: 'Assuntos',
  found: (n: number) => (n === 1 ? '1 pergunta encontrada' : `${n} perguntas encontradas`),
  noResults: (q: string) => `Nenhuma pergunta encontrada para “${q}”.`,
  noResultsHint: 'Tente outras palavras ou fale com a nossa equipe.',
  clearSearch: 'Limpar busca',
  contactTitle: 'Não encontrou o que procurava?',
  contactText: 'Escreva para a nossa equipe de atendimento. Nunca envie dados de saúde por email.',
  contactEmail: 'suporte@pulsa.com.br',
  emergency: 'Em caso de emergência, ligue 192 (SAMU). O Pulsa não atende emergências.',
} as const;
