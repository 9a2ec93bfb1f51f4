import { SETTINGS_MESSAGES } from '@pulsa/shared/schemas/settings';

/** /admin/settings: the spec's tabs and fields, in Portuguese. */
export const SETTINGS_TEXT = {
  ...SETTINGS_MESSAGES,
  tabsLabel: 'Seções das configurações',
  tabs: { general: 'Geral', payment: 'Pagamento', email: 'Email' },
  save: 'Salvar',
  saving: 'Salvando…',
  replace: 'Substituir',
  cancelReplace: 'Manter o atual',
  notSet: 'Não definido',
  secretHint: 'Guardado criptografado; nunca é exibido. Use "Substituir" para trocar.',
  saveError: 'Falha ao salvar configurações',
  general: {
    title: 'Geral',
    description: 'Nome, logo, comissão padrão, modo de manutenção e tema da plataforma.',
    platformName: 'Nome da plataforma',
    logoUrl: 'URL do logo',
    logoHint: 'Endereço de uma imagem (https://…). Vazio: o logo padrão.',
    defaultCommission: 'Comissão padrão (%)',
    defaultCommissionHint:
      'É a regra de comissão padrão: salvar cria uma nova versão dela (veja Comissões). Consultas já pagas mantêm a sua.',
    maintenanceMode: 'Modo de manutenção',
    maintenanceHint:
      'Mostra um aviso em todas as páginas e recusa novos agendamentos. Consultas já marcadas seguem normalmente.',
    theme: 'Tema padrão',
    themeHint: 'O tema de quem ainda não escolheu o seu.',
    themes: { light: 'Claro', dark: 'Escuro', system: 'Sistema' },
  },
  payment: {
    title: 'Pagamento',
    description: 'Chaves da Stripe para cobrar cartão, PIX e boleto.',
    publishableKey: 'Chave publicável',
    secretKey: 'Chave secreta',
    webhookSecret: 'Segredo do webhook',
    webhookHint: 'Opcional, mas sem ele a Stripe não consegue confirmar pagamentos.',
    enabled: 'Pagamentos pela Stripe ativos',
    enabledHint: 'Desativado: a plataforma usa o ambiente de teste, onde ele é permitido.',
    test: 'Testar conexão',
    testing: 'Testando…',
    active: {
      stripe_env: 'Em uso agora: Stripe, com as chaves das variáveis de ambiente.',
      stripe_settings: 'Em uso agora: Stripe, com as chaves salvas aqui.',
      sandbox: 'Em uso agora: o ambiente de teste (nenhuma cobrança real).',
    },
  },
  email: {
    title: 'Email',
    description: 'Servidor SMTP que envia os emails da plataforma.',
    smtpHost: 'Host SMTP',
    smtpPort: 'Porta SMTP',
    smtpUser: 'Usuário SMTP',
    smtpPassword: 'Senha SMTP',
    emailFrom: 'Email de envio',
    emailFromHint: 'O remetente dos emails; o nome exibido é o nome da plataforma.',
    emailEnabled: 'Envio de emails ativo',
    emailEnabledHint: 'Desativado: os emails ficam guardados, criptografados, até haver um servidor.',
    test: 'Enviar email de teste',
    testing: 'Enviando…',
    testHint:
      'Vai para o seu próprio email, com o que está no formulário. A senha salva só vale para o mesmo servidor, porta e usuário; para outro, digite a senha.',
  },
} as const;
