import { z } from 'zod';
import { CHAIN_KINDS } from './clinical-documents.ts';

/** The doctor's signature by cloud certificate (issue 27, decision 121). Tokens never leave the server. */

export const signatureProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The local PSC of tests and the demo: a test chain, never ICP-Brasil. */
  test: z.boolean(),
});

export const signatureLinkSchema = z.object({
  provider: z.string(),
  providerName: z.string(),
  holder: z.string(),
  cpfMasked: z.string().nullable(),
  issuer: z.string(),
  certificateValidUntil: z.string(),
  chain: z.enum(CHAIN_KINDS),
  chainLabel: z.string(),
  /** Until when documents are signed without authorising again; null when no session is open. */
  sessionExpiresAt: z.string().nullable(),
  sessionActive: z.boolean(),
});
export type SignatureLink = z.infer<typeof signatureLinkSchema>;

export const signatureStatusSchema = z.object({
  providers: z.array(signatureProviderSchema),
  link: signatureLinkSchema.nullable(),
  /** Documents issued by this doctor waiting for their signature. */
  pendingDocuments: z.number().int(),
});
export type SignatureStatus = z.infer<typeof signatureStatusSchema>;

export const startSignatureSessionSchema = z.object({
  provider: z.string({ error: 'Escolha o provedor do seu certificado' }).min(1, {
    error: 'Escolha o provedor do seu certificado',
  }),
});
export const startSignatureSessionAnswerSchema = z.object({ authorizeUrl: z.string() });

export const signPendingInputSchema = z.object({
  /** The documents to sign; all the doctor's pending ones when left out. */
  ids: z.array(z.uuid()).max(100).optional(),
});
export const signPendingAnswerSchema = z.object({
  signed: z.number().int(),
  ids: z.array(z.uuid()),
  /** Documents the PSC left unsigned in their batch: they keep waiting, to be signed again. */
  unsigned: z.array(z.uuid()),
});
export type SignPendingAnswer = z.infer<typeof signPendingAnswerSchema>;
