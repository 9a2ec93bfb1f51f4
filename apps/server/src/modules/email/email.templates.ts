/** Portuguese e-mails with the brand, as HTML and plain text. Links come from APP_URL. */

export interface EmailContent {
  kind: string;
  subject: string;
  html: string;
  text: string;
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
