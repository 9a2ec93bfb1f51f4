/** Page chrome of the legal documents (the documents themselves live in content/). */
export const LEGAL_TEXT = {
  updatedAt: 'Última atualização:',
  toc: 'Nesta página',
  privacy: {
    title: 'Política de Privacidade',
    metaDescription:
      'Como o Pulsa trata seus dados pessoais e de saúde: bases legais da LGPD, compartilhamento, guarda do prontuário por 20 anos, seus direitos e o contato do encarregado.',
  },
  terms: {
    title: 'Termos de Uso',
    metaDescription:
      'Regras de uso do Pulsa: papel da plataforma e dos médicos, teleconsulta, pagamentos por cartão, PIX ou boleto, cancelamentos e reembolsos.',
  },
} as const;
