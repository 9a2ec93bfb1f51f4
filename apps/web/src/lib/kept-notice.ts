/**
 * A toast kept for the next page, for an action that ends by loading another page (Sair, Entrar on
 * a server-rendered page). That page shows it once: the app's toaster or a server-rendered page's
 * notice.
 */
export type NoticeTone = 'success' | 'error';

export interface Notice {
  title: string;
  description?: string;
  tone: NoticeTone;
}

const STORAGE_KEY = 'pulsa-notice';

export function keepNoticeForNextPage(notice: Notice): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(notice));
  } catch {
    // Storage refused: the next page opens all the same, only without the word that it worked.
  }
}

/** The notice kept by the previous page, once. */
export function takeKeptNotice(): Notice | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Notice> | null;
    sessionStorage.removeItem(STORAGE_KEY);
    if (!kept || typeof kept.title !== 'string') return null;
    return {
      title: kept.title,
      description: typeof kept.description === 'string' ? kept.description : undefined,
      tone: kept.tone === 'error' ? 'error' : 'success',
    };
  } catch {
    return null;
  }
}
