import { type LiveClientMessage, liveClientMessageSchema } from '@pulsa/shared/schemas/live';

/** A client frame, or undefined for anything that is not one of the contract's messages. */
export function parseClientMessage(text: string): LiveClientMessage | undefined {
  if (text.length > 64 * 1024) return undefined;
  try {
    const parsed = liveClientMessageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
