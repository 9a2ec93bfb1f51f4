import {
  type ClinicalRecord,
  RECORD_AUTOSAVE_DELAY_MS,
  type RecordContent,
} from '@pulsa/shared/schemas/records';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { showApiError } from '@/lib/api-errors';
import { saveDraft } from './api/records';
import { RECORD_TEXT } from './texts';

/** What the browser keeps of a draft: written on every keystroke, removed once the server has it. */
interface LocalCopy {
  content: RecordContent;
  /** The server revision the edit started from. */
  baseRevision: number;
  /** When it was last edited (the browser's clock). */
  editedAt: string;
}

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'offline' | 'conflict';

const localKey = (appointmentId: string) => `pulsa.record-draft.${appointmentId}`;
const RETRY_OFFLINE_MS = 5000;

export function readLocalCopy(appointmentId: string): LocalCopy | null {
  try {
    const raw = localStorage.getItem(localKey(appointmentId));
    return raw ? (JSON.parse(raw) as LocalCopy) : null;
  } catch {
    return null;
  }
}

export function clearLocalCopy(appointmentId: string) {
  localStorage.removeItem(localKey(appointmentId));
}

const same = (a: RecordContent, b: RecordContent) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The newer of the browser's copy and the server's draft. The browser's wins when it was edited on
 * top of the server's latest revision, or later than the server's last save.
 */
export function startingPoint(record: ClinicalRecord, local: LocalCopy | null) {
  if (record.status === 'signed' || !local || same(local.content, record.content))
    return { content: record.content, restored: false };
  const newer =
    local.baseRevision >= record.revision ||
    !record.updatedAt ||
    Date.parse(local.editedAt) > Date.parse(record.updatedAt);
  return newer ? { content: local.content, restored: true } : { content: record.content, restored: false };
}

/**
 * The draft as the doctor types: kept in the browser at once, saved to the server after a pause
 * (one save at a time, each from the revision it started from), retried when the connection
 * returns. Nothing typed is lost on a reload, a dropped connection or a closed tab.
 */
export function useRecordDraft(record: ClinicalRecord) {
  const id = record.appointmentId;
  const [initial] = useState(() => startingPoint(record, readLocalCopy(id)));
  const [content, setContent] = useState<RecordContent>(initial.content);
  const [state, setState] = useState<SaveState>(
    initial.restored ? 'pending' : record.updatedAt ? 'saved' : 'idle',
  );
  const [savedAt, setSavedAt] = useState<string | null>(record.updatedAt);
  const [restored, setRestored] = useState(initial.restored);
  const revision = useRef(record.revision);
  const latest = useRef(content);
  const saving = useRef(false);
  const dirty = useRef(initial.restored);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    if (saving.current || !dirty.current) return !dirty.current && !saving.current;
    saving.current = true;
    const sent = latest.current;
    dirty.current = false;
    setState('saving');
    let retry: 'soon' | 'later' | null = null;
    try {
      const result = await saveDraft(id, { revision: revision.current, content: sent });
      revision.current = result.revision;
      setSavedAt(result.updatedAt);
      if (same(sent, latest.current)) {
        clearLocalCopy(id);
        setState('saved');
      } else {
        // Edits made while this save was on its way go next.
        writeLocal(id, latest.current, revision.current);
        dirty.current = true;
        retry = 'soon';
      }
    } catch (error) {
      dirty.current = true;
      if (error instanceof ApiError && error.status === 409) setState('conflict');
      else if (error instanceof ApiError && error.isClientError) {
        setState('pending');
        showApiError(error, { title: RECORD_TEXT.saving.pending });
      } else {
        setState('offline');
        retry = 'later';
      }
    } finally {
      saving.current = false;
    }
    if (retry)
      timer.current = setTimeout(
        () => void flushRef.current(),
        retry === 'soon' ? RECORD_AUTOSAVE_DELAY_MS : RETRY_OFFLINE_MS,
      );
    return !dirty.current;
  }, [id]);
  const flushRef = useRef(flush);
  flushRef.current = flush;

  const change = useCallback(
    (next: RecordContent) => {
      latest.current = next;
      dirty.current = true;
      setContent(next);
      writeLocal(id, next, revision.current);
      setState((s) => (s === 'offline' || s === 'conflict' ? s : 'pending'));
      clearTimeout(timer.current);
      // While a save is on its way, the next one waits for it (flush re-arms itself).
      if (!saving.current) timer.current = setTimeout(() => void flush(), RECORD_AUTOSAVE_DELAY_MS);
    },
    [id, flush],
  );

  // A restored copy goes to the server at once; the connection's return retries a failed save.
  useEffect(() => {
    if (initial.restored) void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, [flush, initial.restored]);

  return {
    content,
    change,
    state,
    savedAt,
    restored,
    dismissRestored: () => setRestored(false),
    /** Saves what is pending now (before signing). */
    flush,
    revision: () => revision.current,
    isDirty: () => dirty.current || saving.current,
  };
}

function writeLocal(id: string, content: RecordContent, baseRevision: number) {
  try {
    const copy: LocalCopy = { content, baseRevision, editedAt: new Date().toISOString() };
    localStorage.setItem(localKey(id), JSON.stringify(copy));
  } catch {
    // Storage full or refused (private mode): the server copy still saves.
  }
}
