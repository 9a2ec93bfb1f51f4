import './zod-setup.ts';
import { z } from 'zod';

/**
 * Live events of the clinical documents and the access log (decision 129). They carry ids only:
 * an open screen reads again what it shows, with its own authorization.
 */
export const clinicalLiveEvents = [
  /** A document was issued or revoked: sent to its patient and its doctor. */
  z.object({ type: z.literal('document.changed'), documentId: z.uuid(), appointmentId: z.uuid() }),
  /** Someone read the patient's clinical data: sent to the patient, whose access log refreshes. */
  z.object({ type: z.literal('access-log.changed') }),
] as const;
