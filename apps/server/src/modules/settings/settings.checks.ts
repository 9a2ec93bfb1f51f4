import { SETTINGS_MESSAGES as M } from '@pulsa/shared/schemas/settings';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import Stripe from 'stripe';
import type { AppConfig } from '../../config.ts';
import type { SmtpSettings } from './settings.service.ts';

/**
 * The settings' two checks, run with what the form holds before it is saved: a call to Stripe that
 * changes nothing (the balance) and one test email to the admin. Short timeouts: the admin waits.
 * Answers say in Portuguese what went wrong; the provider's own words follow where they help.
 */

const STRIPE_TIMEOUT_MS = 8_000;

export async function checkStripe(
  config: AppConfig,
  keys: { publishableKey: string; secretKey: string | undefined },
): Promise<{ ok: boolean; message: string }> {
  if (!keys.secretKey) return { ok: false, message: 'Informe a chave secreta para testar a conexão.' };
  const mode = (key: string) => (/_test_/.test(key) ? 'test' : /_live_/.test(key) ? 'live' : null);
  const pk = mode(keys.publishableKey);
  const sk = mode(keys.secretKey);
  if (pk && sk && pk !== sk)
    return {
      ok: false,
      message:
        'As chaves são de modos diferentes: uma é de teste e a outra de produção. Use as duas do mesmo modo.',
    };
  const stripe = new Stripe(keys.secretKey, {
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 0,
    ...(config.stripeEndpoint ?? {}),
  });
  try {
    await stripe.balance.retrieve();
    return {
      ok: true,
      message: `Conexão com a Stripe funcionando (${sk === 'live' ? 'modo produção' : 'modo de teste'}).`,
    };
  } catch (error) {
    return { ok: false, message: stripeFailure(error) };
  }
}

function stripeFailure(error: unknown): string {
  if (error instanceof Stripe.errors.StripeAuthenticationError)
    return 'A Stripe recusou a chave secreta: confira se ela está correta e ativa.';
  if (error instanceof Stripe.errors.StripePermissionError)
    return 'A chave não tem permissão para consultar o saldo da conta na Stripe (chave restrita).';
  if (error instanceof Stripe.errors.StripeConnectionError)
    return 'Não foi possível conectar à Stripe. Verifique a conexão do servidor e tente novamente.';
  if (error instanceof Stripe.errors.StripeRateLimitError)
    return 'A Stripe limitou as chamadas no momento. Tente novamente em instantes.';
  const message = error instanceof Error ? error.message : String(error);
  return `A Stripe respondeu com um erro: ${message.slice(0, 300)}`;
}

export async function sendTestEmail(
  smtp: SmtpSettings,
  to: string,
  platformName: string,
  log: FastifyBaseLogger,
): Promise<{ ok: boolean; message: string }> {
  if (smtp.user && !smtp.password) return { ok: false, message: M.smtpTestPasswordMissing };
  const transporter = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: 8_000,
    greetingTimeout: 8_000,
    socketTimeout: 10_000,
  });
  try {
    await transporter.sendMail({
      from: smtp.from,
      to,
      subject: `Email de teste — ${platformName}`,
      text: `Este é um email de teste enviado pelas configurações da plataforma ${platformName}.\n\nSe você o recebeu, o envio de emails está funcionando.`,
    });
    return { ok: true, message: M.emailTestSent(to) };
  } catch (error) {
    // The detail stays in the server's log for whoever runs it; the admin reads our own words.
    const e = error as { code?: string; responseCode?: number };
    log.warn({ code: e.code, responseCode: e.responseCode }, 'SMTP test email failed');
    return { ok: false, message: smtpFailure(e.code) };
  } finally {
    transporter.close();
  }
}

/**
 * Three answers and no more: whatever a server said (its greeting, its refusal) is never echoed, and
 * a refused connection, a timeout and a server that does not speak SMTP read the same, so the test
 * tells nothing about what listens on a host and port (decision 110).
 */
function smtpFailure(code: string | undefined): string {
  if (code === 'EAUTH') return M.smtpTestAuthRefused;
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return M.smtpTestRefused;
  return M.smtpTestUnreachable;
}
