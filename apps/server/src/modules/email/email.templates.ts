/** Portuguese emails with the brand, as HTML and plain text. Links come from APP_URL. */

export interface EmailContent {
  kind: string;
  subject: string;
  html: string;
  text: string;
  /** The body holds a live secret (a sign-in or reset link): encrypted at rest, blanked once delivered. */
  secret?: boolean;
}

/**
 * The templates name the platform "Pulsa"; a message leaves with the name the admin set in the
 * settings instead (decision 112), put in when it is sent, so a message kept in the outbox follows a
 * rename. Only the capitalised word is replaced: addresses and links (lower case) are left alone.
 */
export function withPlatformName(
  text: string,
  platformName: string | undefined,
  as: 'text' | 'html' = 'text',
) {
  if (!platformName || platformName === 'Pulsa') return text;
  const name = as === 'html' ? escapeHtml(platformName) : platformName;
  return text.replace(/\bPulsa\b/g, () => name);
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function layout(opts: {
  title: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}) {
  const actionHtml = opts.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#0d9488;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(opts.action.label)}</a></p>
<p style="font-size:13px;color:#64748b">Se o botão não funcionar, copie e cole este endereço no navegador:<br><a href="${escapeHtml(opts.action.url)}" style="color:#0d9488;word-break:break-all">${escapeHtml(opts.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(opts.title)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
<p style="font-size:22px;font-weight:700;margin:0 0 24px;color:#0d9488">Pulsa</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(opts.title)}</h1>
<p style="margin:0 0 12px">${escapeHtml(opts.greeting)}</p>
${opts.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${actionHtml}
${opts.footnote ? `<p style="font-size:13px;color:#64748b;margin-top:24px">${escapeHtml(opts.footnote)}</p>` : ''}
<p style="font-size:12px;color:#94a3b8;margin-top:32px">Pulsa — telemedicina com médicos verificados.<br>Este é um email automático; não é preciso respondê-lo.</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    opts.title,
    '',
    opts.greeting,
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    ...(opts.action ? [`${opts.action.label}: ${opts.action.url}`, ''] : []),
    ...(opts.footnote ? [opts.footnote, ''] : []),
    '— Pulsa',
  ].join('\n');
  return { html, text };
}

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;

export function verificationEmail(name: string, url: string): EmailContent {
  return {
    kind: 'email_verification',
    secret: true,
    subject: 'Confirme seu email no Pulsa',
    ...layout({
      title: 'Confirme seu email',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: ['Sua conta no Pulsa foi criada. Para começar a usar, confirme que este email é seu.'],
      action: { label: 'Confirmar email', url },
      footnote: 'O link vale por 24 horas. Se você não criou esta conta, ignore esta mensagem.',
    }),
  };
}

export function passwordResetEmail(name: string, url: string): EmailContent {
  return {
    kind: 'password_reset',
    secret: true,
    subject: 'Redefinição de senha do Pulsa',
    ...layout({
      title: 'Redefinir sua senha',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: ['Recebemos um pedido para redefinir a senha da sua conta no Pulsa.'],
      action: { label: 'Redefinir senha', url },
      footnote:
        'O link vale por 1 hora e só pode ser usado uma vez. Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.',
    }),
  };
}

export function passwordChangedEmail(name: string): EmailContent {
  return {
    kind: 'password_changed',
    subject: 'Sua senha do Pulsa foi alterada',
    ...layout({
      title: 'Senha alterada',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: [
        'A senha da sua conta no Pulsa acabou de ser redefinida e as sessões abertas em outros dispositivos foram encerradas.',
        'Se não foi você, redefina a senha novamente e fale com o nosso suporte.',
      ],
    }),
  };
}

// ── Account security notices ──

const NOT_YOU =
  'Se não foi você, troque sua senha agora e encerre as outras sessões em Configurações > Segurança, ou fale com o nosso suporte.';

export function newSignInEmail(name: string, device: string, when: string): EmailContent {
  return {
    kind: 'new_sign_in',
    subject: 'Novo acesso à sua conta do Pulsa',
    ...layout({
      title: 'Novo acesso à sua conta',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: [
        `Sua conta no Pulsa acabou de ser acessada de um dispositivo novo: ${device}, em ${when}.`,
        NOT_YOU,
      ],
    }),
  };
}

export function twoFactorChangedEmail(name: string, enabled: boolean): EmailContent {
  return {
    kind: enabled ? 'two_factor_enabled' : 'two_factor_disabled',
    subject: enabled
      ? 'Verificação em duas etapas ativada no Pulsa'
      : 'Verificação em duas etapas desativada no Pulsa',
    ...layout({
      title: enabled ? 'Verificação em duas etapas ativada' : 'Verificação em duas etapas desativada',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: [
        enabled
          ? 'A partir de agora, além da senha, pediremos um código do seu aplicativo autenticador para entrar. Guarde seus códigos de recuperação em um lugar seguro.'
          : 'Sua conta voltou a pedir apenas a senha para entrar. Recomendamos reativar a verificação em duas etapas em Configurações > Segurança.',
        NOT_YOU,
      ],
    }),
  };
}

/** Too many wrong second-factor codes: the account is locked for a while, and its owner told once. */
export function secondFactorLockedEmail(name: string): EmailContent {
  return {
    kind: 'second_factor_locked',
    subject: 'Tentativas de código bloqueadas na sua conta do Pulsa',
    ...layout({
      title: 'Códigos incorretos na sua conta',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: [
        'Alguém informou a senha da sua conta no Pulsa e errou várias vezes o código da verificação em duas etapas. Por segurança, bloqueamos novas tentativas por algum tempo.',
        'Se não foi você, sua senha pode ter vazado: troque-a agora em Configurações > Segurança e encerre as outras sessões.',
      ],
    }),
  };
}

export function accountPasswordChangedEmail(name: string): EmailContent {
  return {
    kind: 'password_changed',
    subject: 'Sua senha do Pulsa foi alterada',
    ...layout({
      title: 'Senha alterada',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: [
        'A senha da sua conta no Pulsa acabou de ser alterada e as sessões abertas em outros dispositivos foram encerradas.',
        NOT_YOU,
      ],
    }),
  };
}

export function emailChangeConfirmEmail(name: string, url: string): EmailContent {
  return {
    kind: 'email_change',
    secret: true,
    subject: 'Confirme seu novo email no Pulsa',
    ...layout({
      title: 'Confirme seu novo email',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: ['Recebemos um pedido para usar este endereço na sua conta do Pulsa.'],
      action: { label: 'Confirmar novo email', url },
      footnote: 'O link vale por 24 horas. Se você não pediu esta alteração, ignore esta mensagem.',
    }),
  };
}

export function emailChangeRequestedEmail(name: string, newEmail: string): EmailContent {
  return {
    kind: 'email_change_requested',
    subject: 'Pedido de alteração do seu email no Pulsa',
    ...layout({
      title: 'Pedido de alteração de email',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: [
        `Foi pedido que o email da sua conta passe a ser ${newEmail}. A alteração só acontece quando o link enviado para o novo endereço for aberto.`,
        NOT_YOU,
      ],
    }),
  };
}

export function emailChangedEmail(name: string, newEmail: string): EmailContent {
  return {
    kind: 'email_changed',
    subject: 'O email da sua conta do Pulsa foi alterado',
    ...layout({
      title: 'Email alterado',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: [
        `O email da sua conta no Pulsa agora é ${newEmail}. Este endereço não recebe mais as mensagens da conta.`,
        NOT_YOU,
      ],
    }),
  };
}

/** A verification decision on a doctor's registration or one of their documents. */
export function doctorVerificationEmail(
  name: string,
  message: { subject: string; title: string; paragraphs: string[] },
  url: string,
): EmailContent {
  return {
    kind: 'doctor_verification',
    subject: message.subject,
    ...layout({
      title: message.title,
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: message.paragraphs,
      action: { label: 'Abrir o Pulsa', url },
    }),
  };
}

/** To the owner of a CPF someone else tried to sign up with; the sign-up itself says nothing. */
export function cpfInUseNoticeEmail(name: string, loginUrl: string, resetUrl: string): EmailContent {
  return {
    kind: 'cpf_in_use_notice',
    subject: 'Tentativa de cadastro com o seu CPF no Pulsa',
    ...layout({
      title: 'Tentativa de cadastro com o seu CPF',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: [
        'Alguém tentou criar uma nova conta no Pulsa usando o CPF que está na sua conta. A nova conta não foi criada e a sua continua como estava.',
        `Se foi você, entre na conta que já tem (${loginUrl}) ou redefina a senha se não se lembrar dela.`,
        'Se não foi você, nenhuma ação é necessária; se isso se repetir, fale com o nosso suporte.',
      ],
      action: { label: 'Redefinir senha', url: resetUrl },
    }),
  };
}

/** To the address of a sign-up refused because its CPF already has an account. */
export function signUpRefusedEmail(name: string, loginUrl: string): EmailContent {
  return {
    kind: 'sign_up_refused',
    subject: 'Não foi possível criar sua conta no Pulsa',
    ...layout({
      title: 'Não foi possível criar sua conta',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: [
        'Recebemos um cadastro no Pulsa com este email, mas o CPF informado já pertence a outra conta, por isso a nova conta não foi criada.',
        'Se a outra conta é sua, entre com o email dela ou redefina a senha na página de login. Se o CPF foi digitado errado, faça o cadastro de novo com o CPF correto.',
      ],
      action: { label: 'Ir para o login', url: loginUrl },
    }),
  };
}

/**
 * A doctor asks to list the patient: the link opens the patient's page to accept or decline. The
 * doctor sees nothing of the patient until they accept.
 */
export function doctorInvitationEmail(
  name: string,
  doctor: { name: string; specialty: string | null; crm: string | null },
  url: string,
  days: number,
): EmailContent {
  const who = [doctor.specialty, doctor.crm ? `CRM ${doctor.crm}` : null].filter(Boolean).join(', ');
  return {
    kind: 'doctor_invitation',
    secret: true,
    subject: `${doctor.name} quer adicionar você à lista de pacientes no Pulsa`,
    ...layout({
      title: 'Convite para a lista de pacientes',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: [
        `${doctor.name}${who ? ` (${who})` : ''} quer adicionar você à lista de pacientes no Pulsa.`,
        'Se você autorizar, o médico passa a ver o seu nome, email e telefone na lista dele. Sem a sua autorização, ele não vê nenhum dado seu.',
      ],
      action: { label: 'Ver o convite', url },
      footnote: `O convite vale por ${days} dias e só pode ser usado uma vez. Se você não conhece este médico, ignore esta mensagem ou recuse o convite.`,
    }),
  };
}

/** Something happened to a consultation: a request, an answer, a payment, a reminder. */
export function appointmentEmail(
  name: string,
  message: { kind: string; subject: string; title: string; paragraphs: string[]; actionLabel: string },
  url: string,
): EmailContent {
  return {
    kind: message.kind,
    subject: message.subject,
    ...layout({
      title: message.title,
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: message.paragraphs,
      action: { label: message.actionLabel, url },
    }),
  };
}

/** A payout to a doctor was created, sent, paid or failed (decision 082): what happened, exactly. */
export function payoutEmail(
  name: string,
  message: { subject: string; title: string; paragraphs: string[] },
  url: string,
): EmailContent {
  return {
    kind: 'payout',
    subject: message.subject,
    ...layout({
      title: message.title,
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: message.paragraphs,
      action: { label: 'Ver meus repasses', url },
    }),
  };
}

/** The monthly reminder of the Receita Saúde receipts a doctor has still to issue (decision 084). */
export function taxReceiptsReminderEmail(
  name: string,
  monthLabel: string,
  count: number,
  url: string,
): EmailContent {
  const receipts = count === 1 ? '1 recibo' : `${count} recibos`;
  return {
    kind: 'tax_receipts_reminder',
    subject: `Recibos do Receita Saúde de ${monthLabel}`,
    ...layout({
      title: `Recibos de ${monthLabel} a emitir`,
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: [
        `Você tem ${receipts} de ${monthLabel} ainda não marcados como emitidos.`,
        'Se você atende como pessoa física, emita cada recibo no Receita Saúde (app ou portal da Receita Federal) com o nome e o CPF do paciente, o valor e a data que listamos para você, e marque-o como emitido no Pulsa.',
      ],
      action: { label: 'Ver os recibos do mês', url },
    }),
  };
}

const dateBr = (d: Date | string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(
    typeof d === 'string' ? new Date(`${d}T12:00:00Z`) : d,
  );

/** "Baixar meus dados": the link to the ZIP, which works until it expires. */
export function dataExportReadyEmail(name: string, url: string, expiresAt: Date): EmailContent {
  return {
    kind: 'data_export_ready',
    secret: true,
    subject: 'A cópia dos seus dados no Pulsa está pronta',
    ...layout({
      title: 'Sua cópia de dados está pronta',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: [
        'Preparamos o arquivo que você pediu com todos os seus dados no Pulsa: conta, consultas, orientações dos médicos, conversas, arquivos, consentimentos, pagamentos e o registro de quem acessou seus dados clínicos.',
        'O arquivo é um ZIP com os dados no padrão FHIR (dados.json) e os arquivos das consultas. Ele contém dados de saúde: guarde-o em local seguro.',
      ],
      action: { label: 'Baixar meus dados', url },
      footnote: `O link vale até ${dateBr(expiresAt)}; depois disso o arquivo é apagado e você pode pedir uma nova cópia nas configurações. Se você não pediu esta cópia, troque sua senha.`,
    }),
  };
}

/** The last message to the address of an account its owner deleted. */
export function accountDeletedEmail(name: string, retainUntil: string | null): EmailContent {
  return {
    kind: 'account_deleted',
    subject: 'Sua conta no Pulsa foi excluída',
    ...layout({
      title: 'Sua conta foi excluída',
      greeting: `Olá, ${firstName(name)}.`,
      paragraphs: [
        'Como você pediu, sua conta no Pulsa foi excluída: seu nome, email, telefone, CPF, endereço e foto foram apagados, suas sessões foram encerradas e não é mais possível entrar com ela.',
        retainUntil
          ? `Os dados clínicos das suas consultas ficam guardados, sem acesso pela plataforma, até ${dateBr(retainUntil)}, como exige a Lei 13.787/2018 (20 anos desde o último registro). Os registros de pagamento ficam pelo prazo da legislação fiscal.`
          : 'Não havia dados clínicos a guardar. Os registros de pagamento, se houver, ficam pelo prazo da legislação fiscal.',
      ],
      footnote: 'Se não foi você quem pediu a exclusão, escreva agora para privacidade@pulsa.com.br.',
    }),
  };
}

/**
 * A message waited unread for 15 minutes (decision 091): one email per conversation until the
 * recipient reads it. Health data never leaves by email: no text of the message, no file name.
 */
export function unreadMessageEmail(name: string, fromName: string, url: string): EmailContent {
  return {
    kind: 'message_unread',
    subject: 'Você tem uma nova mensagem no Pulsa',
    ...layout({
      title: 'Nova mensagem',
      greeting: `Olá, ${firstName(name)}!`,
      paragraphs: [
        `${fromName} enviou uma mensagem para você no Pulsa. Por segurança, o conteúdo só pode ser lido na plataforma.`,
      ],
      action: { label: 'Ler mensagem', url },
      footnote:
        'Enviamos um único aviso por conversa até que você a leia. As mensagens não são para emergências: em caso de emergência, ligue 192 (SAMU).',
    }),
  };
}
