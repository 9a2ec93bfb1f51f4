import { FileText, Paperclip, Send } from 'lucide-react';
import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { fileSizeLabel, UPLOAD_ACCEPT, uploadRefusal } from '@/lib/file-upload';
import { CONSULTATION_TEXT } from '../texts';

const T = CONSULTATION_TEXT.chat;

export interface ChatItem {
  id: string;
  mine: boolean;
  senderName: string;
  text: string | null;
  file: { name: string; href: string; size: number } | null;
  /** "14:05" on the viewer's clock. */
  time: string;
}

/**
 * The room's chat: messages and files in order, newest at the bottom, a box to write and a button
 * to attach. Checks size and type before sending (the server checks them again, by content).
 */
export function ChatPanel({
  items,
  maxLength,
  onSend,
  onUpload,
  disabled = false,
  className,
  inputRef,
}: {
  items: ChatItem[];
  maxLength: number;
  onSend: (text: string) => Promise<unknown>;
  /** Without it (a chat that takes no files) no attach button is offered. */
  onUpload?: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  disabled?: boolean;
  className?: string;
  /** The message box, for the captions' "Escrever no chat" (decision 115). */
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const tooLong = text.length > maxLength;

  // Keeps the newest message in view as messages arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the list grows
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [items.length]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || tooLong || sending) return;
    setSending(true);
    try {
      await onSend(value);
      setText('');
    } catch {
      // The API client already told the user; the text stays to be sent again.
    } finally {
      setSending(false);
    }
  };

  const pick = async (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    const refusal = uploadRefusal(file);
    if (refusal) {
      toast.error(T[refusal], { description: T[`${refusal}Hint`] });
      return;
    }
    if (!onUpload) return;
    setProgress(0);
    try {
      await onUpload(file, setProgress);
    } catch {
      // Reported by the API client.
    } finally {
      setProgress(null);
    }
  };

  return (
    <section
      aria-label={T.title}
      className={cn('flex min-h-0 flex-col rounded-xl border bg-card', className)}
    >
      <h2 className="border-b px-4 py-3 font-semibold">{T.title}</h2>
      <ol
        ref={listRef}
        aria-label={T.list}
        aria-live="polite"
        className="min-h-40 flex-1 space-y-3 overflow-y-auto p-4"
      >
        {items.length === 0 ? <li className="text-muted-foreground text-sm">{T.empty}</li> : null}
        {items.map((m) => (
          <li key={m.id} className={cn('flex flex-col gap-1', m.mine ? 'items-end' : 'items-start')}>
            <span className="text-muted-foreground text-xs">
              {m.mine ? T.you : m.senderName} · <span className="tabular-nums">{m.time}</span>
            </span>
            <div
              className={cn(
                'max-w-[85%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
                m.mine ? 'bg-primary text-primary-foreground' : 'bg-muted',
              )}
            >
              {m.file ? (
                <a
                  href={m.file.href}
                  target="_blank"
                  rel="noopener"
                  aria-label={T.openFile(m.file.name)}
                  className="flex items-center gap-2 underline underline-offset-2"
                >
                  <FileText aria-hidden className="size-4 shrink-0" />
                  <span className="break-all">{m.file.name}</span>
                  <span className="shrink-0 opacity-80">({fileSizeLabel(m.file.size)})</span>
                </a>
              ) : null}
              {m.text}
            </div>
          </li>
        ))}
      </ol>
      <form onSubmit={submit} className="space-y-2 border-t p-3">
        <label htmlFor={inputId} className="sr-only">
          {T.input}
        </label>
        <Textarea
          ref={inputRef}
          id={inputId}
          value={text}
          placeholder={T.placeholder}
          disabled={disabled}
          aria-invalid={tooLong || undefined}
          aria-describedby={hintId}
          className="min-h-16"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter breaks the line (as in every chat).
            if (e.key === 'Enter' && !e.shiftKey) void submit(e);
          }}
        />
        <p id={hintId} className={cn('text-xs', tooLong ? 'text-destructive' : 'text-muted-foreground')}>
          {tooLong
            ? T.tooLong(maxLength)
            : progress !== null
              ? T.uploading(progress)
              : onUpload
                ? T.attachHint
                : T.enterHint}
        </p>
        <div className="flex justify-between gap-2">
          {onUpload ? (
            <>
              <input
                ref={fileRef}
                type="file"
                className="sr-only"
                tabIndex={-1}
                aria-hidden
                accept={UPLOAD_ACCEPT}
                onChange={(e) => void pick(e.target.files?.[0])}
              />
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={disabled || progress !== null}
                onClick={() => fileRef.current?.click()}
              >
                <Paperclip aria-hidden />
                {T.attach}
              </Button>
            </>
          ) : (
            <span />
          )}
          <Button type="submit" size="sm" loading={sending} disabled={disabled || !text.trim() || tooLong}>
            <Send aria-hidden />
            {T.send}
          </Button>
        </div>
      </form>
    </section>
  );
}
