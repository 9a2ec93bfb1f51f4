import { createHash } from 'node:crypto';
import { CLINICAL_DOCUMENT_MESSAGES as M } from '@pulsa/shared/schemas/clinical-documents';
import type { SignatureStatus } from '@pulsa/shared/schemas/signatures';
import { and, count, eq, lt } from 'drizzle-orm';
import type { SignatureSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { clinicalDocuments, signatureAuthorizations, signatureLinks, userProfiles } from '../../db/schema.ts';
import { decryptText, encryptText } from '../../lib/encryption.ts';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors.ts';
import type { Viewer } from '../appointments/appointments.context.ts';
import { chainSigner, type DocumentSigner } from '../clinical-documents/clinical-documents.signing.ts';
import {
  type CertificateSummary,
  CHAIN_LABEL,
  type ChainKind,
  chainKindOf,
  maskCpf,
  summarize,
  type TrustAnchors,
} from './signatures.certificates.ts';
import {
  authorizeUrl,
  exchangeCode,
  fetchCertificateChain,
  type PscConfig,
  PscError,
  pkce,
  signHashes,
} from './signatures.psc.ts';
import type { TimeStamper } from './signatures.tsa.ts';

/** What the doctor's signatures need (decision 121). */
export interface SignatureContext {
  db: Db;
  dataKey: Buffer;
  appUrl: string;
  settings: SignatureSettings;
  /** The configured TSA's time-stamp for each signature (decision 133); none without SIGNATURE_TSA_URL. */
  timeStamp?: TimeStamper;
}

/** Where the PSC sends the doctor back after authorising (an API route: the token never reaches the page). */
export const callbackUrlOf = (appUrl: string) => `${appUrl}/api/signature/callback`;
const AUTHORIZATION_TTL_MS = 10 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const anchorsOf = (ctx: SignatureContext): TrustAnchors => ({
  icpBrasil: ctx.settings.icpBrasilRoots,
  test: ctx.settings.testRoots,
});

function providerOf(ctx: SignatureContext, id: string): PscConfig {
  const provider = ctx.settings.providers.find((p) => p.id === id);
  if (!provider)
    throw badRequest('Provedor de certificado desconhecido.', { provider: 'Escolha um provedor da lista' });
  return provider;
}

export interface AcceptedCertificate {
  summary: CertificateSummary;
  chain: ChainKind;
}

/**
 * The one rule for a doctor's certificate, A1 or cloud (decision 121): within its validity, its
 * chain reaching an ICP-Brasil root (or, outside production, the configured test root), and its
 * holder's CPF (ICP-Brasil otherName 2.16.76.1.3.1) the doctor's own.
 */
export async function acceptCertificate(
  ctx: Pick<SignatureContext, 'settings'>,
  chain: Buffer[],
  doctorCpf: string | null,
  at = new Date(),
): Promise<AcceptedCertificate> {
  const [own] = chain;
  if (!own) throw badRequest(M.certificateNoKey, { certificate: M.certificateNoKey });
  const summary = summarize(own);
  if (summary.notBefore > at || summary.notAfter < at)
    throw badRequest(M.certificateExpired, { certificate: M.certificateExpired }, 'certificate_expired');
  const kind = await chainKindOf(
    chain,
    { icpBrasil: ctx.settings.icpBrasilRoots, test: ctx.settings.testRoots },
    at,
  );
  if (kind === 'untrusted')
    throw badRequest(
      M.certificateUntrusted,
      { certificate: M.certificateUntrusted },
      'certificate_untrusted',
    );
  if (!summary.cpf)
    throw badRequest(M.certificateNoCpf, { certificate: M.certificateNoCpf }, 'certificate_no_cpf');
  if (!doctorCpf || summary.cpf !== doctorCpf)
    throw badRequest(M.certificateNotYours, { certificate: M.certificateNotYours }, 'certificate_not_yours');
  return { summary, chain: kind };
}

async function cpfOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ cpf: userProfiles.cpf })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return row?.cpf ?? null;
}

export async function doctorCpfOf(db: Db, userId: string) {
  return cpfOf(db, userId);
}

function doctorOnly(viewer: Viewer) {
  if (viewer.role !== 'doctor') throw forbidden('Apenas médicos assinam documentos.');
}

export async function signatureStatus(ctx: SignatureContext, viewer: Viewer): Promise<SignatureStatus> {
  doctorOnly(viewer);
  const [link] = await ctx.db.select().from(signatureLinks).where(eq(signatureLinks.doctorUserId, viewer.id));
  const [pending] = await ctx.db
    .select({ n: count() })
    .from(clinicalDocuments)
    .where(and(eq(clinicalDocuments.doctorUserId, viewer.id), eq(clinicalDocuments.signer, 'pending')));
  const now = Date.now();
  const provider = link && ctx.settings.providers.find((p) => p.id === link.provider);
  const [own] = link?.certificateChain ?? [];
  const summary = own ? summarize(Buffer.from(own, 'base64')) : undefined;
  return {
    providers: ctx.settings.providers.map((p) => ({ id: p.id, name: p.name, test: !!p.test })),
    pendingDocuments: Number(pending?.n ?? 0),
    link:
      link && summary
        ? {
            provider: link.provider,
            providerName: provider?.name ?? link.provider,
            holder: link.holder,
            cpfMasked: maskCpf(summary.cpf),
            issuer: link.issuer,
            certificateValidUntil: link.certNotAfter.toISOString(),
            chain: link.chainKind,
            chainLabel: CHAIN_LABEL[link.chainKind],
            sessionExpiresAt: link.accessToken ? (link.sessionExpiresAt?.toISOString() ?? null) : null,
            sessionActive:
              !!link.accessToken && !!link.sessionExpiresAt && link.sessionExpiresAt.getTime() > now,
          }
        : null,
  };
}

/**
 * Starts a signing session at a PSC: PKCE verifier kept (encrypted) under the state's hash, and the
 * address to send the doctor to, with their CPF as login_hint.
 */
export async function startSession(ctx: SignatureContext, viewer: Viewer, providerId: string) {
  doctorOnly(viewer);
  const provider = providerOf(ctx, providerId);
  const cpf = await cpfOf(ctx.db, viewer.id);
  if (!cpf) throw conflict('Cadastre seu CPF antes de vincular um certificado.');
  const { verifier, challenge, state } = pkce();
  await ctx.db.delete(signatureAuthorizations).where(lt(signatureAuthorizations.expiresAt, new Date()));
  await ctx.db.insert(signatureAuthorizations).values({
    stateHash: sha256(state),
    doctorUserId: viewer.id,
    provider: provider.id,
    codeVerifier: encryptText(ctx.dataKey, verifier),
    expiresAt: new Date(Date.now() + AUTHORIZATION_TTL_MS),
  });
  return {
    authorizeUrl: authorizeUrl(provider, {
      redirectUri: callbackUrlOf(ctx.appUrl),
      state,
      codeChallenge: challenge,
      cpf,
    }),
  };
}

const pscFailed = (error: unknown) => {
  if (error instanceof AppError) return error;
  return new AppError(502, M.pscFailed, { code: 'psc_failed' });
};

/**
 * The PSC sent the doctor back: the code becomes a session token (kept encrypted, never returned),
 * the certificate is fetched and must pass `acceptCertificate`; the link is created or renewed.
 */
export async function completeSession(
  ctx: SignatureContext,
  viewer: Viewer,
  input: { state: string; code: string },
): Promise<void> {
  doctorOnly(viewer);
  const [authorization] = await ctx.db
    .delete(signatureAuthorizations)
    .where(eq(signatureAuthorizations.stateHash, sha256(input.state)))
    .returning();
  if (!authorization || authorization.doctorUserId !== viewer.id || authorization.expiresAt < new Date())
    throw badRequest('A autorização expirou ou não é sua. Comece de novo pelo seu perfil.');
  const provider = providerOf(ctx, authorization.provider);
  let token: { accessToken: string; expiresIn: number };
  let chain: Buffer[];
  try {
    token = await exchangeCode(provider, {
      code: input.code,
      codeVerifier: decryptText(ctx.dataKey, authorization.codeVerifier),
      redirectUri: callbackUrlOf(ctx.appUrl),
    });
    chain = await fetchCertificateChain(provider, token.accessToken);
  } catch (error) {
    throw pscFailed(error);
  }
  const accepted = await acceptCertificate(ctx, chain, await cpfOf(ctx.db, viewer.id));
  const values = {
    provider: provider.id,
    accessToken: encryptText(ctx.dataKey, token.accessToken),
    sessionExpiresAt: new Date(Date.now() + token.expiresIn * 1000),
    certificateChain: chain.map((c) => c.toString('base64')),
    holder: accepted.summary.holder,
    issuer: accepted.summary.issuer,
    certNotAfter: accepted.summary.notAfter,
    chainKind: accepted.chain,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(signatureLinks)
    .values({ doctorUserId: viewer.id, ...values })
    .onConflictDoUpdate({ target: signatureLinks.doctorUserId, set: values });
}

/** The doctor unlinks their PSC: the row goes, token included; nothing signs for them any more. */
export async function revokeLink(ctx: SignatureContext, viewer: Viewer) {
  doctorOnly(viewer);
  await ctx.db.delete(signatureLinks).where(eq(signatureLinks.doctorUserId, viewer.id));
}

/**
 * The doctor's cloud signer while their signing session lasts; null without a link or session.
 * The certificate is checked again at every use (it may have expired since it was linked).
 */
export async function cloudSigner(
  ctx: SignatureContext,
  doctorUserId: string,
): Promise<DocumentSigner | null> {
  const [link] = await ctx.db
    .select()
    .from(signatureLinks)
    .where(eq(signatureLinks.doctorUserId, doctorUserId));
  if (!link?.accessToken || !link.sessionExpiresAt || link.sessionExpiresAt.getTime() <= Date.now())
    return null;
  const provider = ctx.settings.providers.find((p) => p.id === link.provider);
  if (!provider) return null;
  const chain = link.certificateChain.map((c) => Buffer.from(c, 'base64'));
  await acceptCertificate(ctx, chain, await cpfOf(ctx.db, doctorUserId));
  const token = decryptText(ctx.dataKey, link.accessToken);
  return chainSigner(
    'cloud',
    chain,
    async (signedAttrs) => {
      const digests = signedAttrs.map((attrs) => createHash('sha256').update(attrs).digest());
      try {
        return await signHashes(provider, token, digests);
      } catch (error) {
        if (error instanceof PscError && error.status === 401) {
          // The PSC no longer honours the token (revoked there, or expired early): the session ended.
          await ctx.db
            .update(signatureLinks)
            .set({ accessToken: null, sessionExpiresAt: null, updatedAt: new Date() })
            .where(eq(signatureLinks.doctorUserId, doctorUserId));
          throw conflict(M.noSigningSession, undefined, 'no_signing_session');
        }
        throw pscFailed(error);
      }
    },
    { batchSize: provider.maxHashesPerCall, timeStamp: ctx.timeStamp },
  );
}
