import type { Ticket } from '@pulsa/shared/schemas/on-demand';
import { CircleAlert, FileText, Paperclip } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { fileSizeLabel, UPLOAD_ACCEPT, uploadRefusal } from '@/lib/file-upload';
import { INTERNAL_ERROR_MESSAGE } from '@/lib/messages';
import { useAttachFile } from '../api/ticket-mutations';
import { ON_DEMAND_TEXT } from '../texts';

const T = ON_DEMAND_TEXT.files;

/** A file that did not go: refused here (choose another) or by the server or the network (send it again). */
type Failure = { file: File; message: string; retry: boolean };

/**
 * Photos and exams with the complaint, while waiting (before the call): one file at a time, JPG,
 * PNG or PDF up to 5 MB, checked here and again by the server. They become messages of the
 * consultation's chat, which the doctor opens once they call. A failure stays beside the control,
 * with its message and the way to try again.
 */
export function TicketFiles({ ticket }: { ticket: Ticket }) {
  const titleId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const attach = useAttachFile(ticket.id);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  if (!ticket.canAttach && ticket.files.length === 0) return null;

  const send = async (file: File) => {
    setFailure(null);
    const refusal = uploadRefusal(file);
    if (refusal) {
      setFailure({ file, message: T[refusal], retry: false });
      return;
    }
    setProgress({ name: file.name, percent: 0 });
    try {
      await attach.mutateAsync({ file, onProgress: (percent) => setProgress({ name: file.name, percent }) });
    } catch (error) {
      setFailure({
        file,
        message: error instanceof ApiError ? error.message : INTERNAL_ERROR_MESSAGE,
        retry: true,
      });
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardContent className="space-y-4 p-6">
        <div className="space-y-1">
          <h3 id={titleId} className="font-medium">
            {T.title}
          </h3>
          <p id={hintId} className="text-muted-foreground text-sm">
            {T.hint}
          </p>
        </div>
        {ticket.canAttach ? (
          <>
            <input
              ref={inputRef}
              type="file"
              className="sr-only"
              tabIndex={-1}
              aria-label={T.add}
              accept={UPLOAD_ACCEPT}
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void send(file);
              }}
            />
            <Button
              type="button"
              variant="outline"
              className="h-auto min-h-10 whitespace-normal py-2 text-left"
              aria-describedby={hintId}
              loading={busy}
              onClick={() => inputRef.current?.click()}
            >
              {busy ? null : <Paperclip aria-hidden />}
              {T.add}
            </Button>
          </>
        ) : null}
        {progress ? (
          <p role="status" className="break-all text-muted-foreground text-sm tabular-nums">
            {T.uploading(progress.name, progress.percent)}
          </p>
        ) : null}
        {failure ? (
          <div
            role="alert"
            className="space-y-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
          >
            <p className="flex items-start gap-2 font-medium">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive-text" />
              <span className="break-all">{T.failed(failure.file.name)}</span>
            </p>
            <p>{failure.message}</p>
            {ticket.canAttach ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() => (failure.retry ? void send(failure.file) : inputRef.current?.click())}
              >
                {failure.retry ? T.retry : T.chooseAnother}
              </Button>
            ) : null}
          </div>
        ) : null}
        {ticket.files.length > 0 ? (
          <div className="space-y-2">
            <h4 className="font-medium text-sm">{T.sent}</h4>
            <ul className="space-y-1.5">
              {ticket.files.map((file) => (
                <li key={file.id} className="flex items-start gap-2 text-sm">
                  <FileText aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 break-all">{file.name}</span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">
                    ({fileSizeLabel(file.size)})
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
