import { slotTakenSchema } from '@pulsa/shared/schemas/appointments';
import { ApiError } from '@/lib/api-client';

export interface SlotTaken {
  message: string;
  /** Starts (ISO) of the doctor's nearest free slots, soonest first as the server ranks them. */
  nearest: string[];
}

/** The lost race of a booking (409 `slot_taken`) with the slots the server offers instead; null otherwise. */
export function slotTakenOf(error: unknown): SlotTaken | null {
  if (!(error instanceof ApiError) || error.code !== 'slot_taken') return null;
  const parsed = slotTakenSchema.safeParse(error.body);
  return {
    message: error.message,
    nearest: parsed.success ? parsed.data.nearest.map((s) => s.start) : [],
  };
}
