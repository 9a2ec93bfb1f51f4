import { DOCTOR_MESSAGES } from '@pulsa/shared/schemas/doctors';
import type { ChangeEvent } from 'react';
import { toast } from 'sonner';

/** A bar the screen reader announces as a progress value. */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={label}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-muted-foreground text-xs" aria-live="polite">
        {label}
      </p>
    </div>
  );
}

/**
 * The change handler of a file input: refuses at once what the server would refuse for its size
 * or declared type (the server still checks the file's real content), then hands the file over.
 */
export function useFilePicker(opts: {
  maxBytes: number;
  accept: readonly string[];
  errorTitle: string;
  onFile: (file: File) => void | Promise<void>;
}) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > opts.maxBytes) {
      toast.error(opts.errorTitle, { description: DOCTOR_MESSAGES.fileTooLarge });
      return;
    }
    if (file.type && !opts.accept.includes(file.type)) {
      toast.error(opts.errorTitle, { description: DOCTOR_MESSAGES.unsupportedFormat });
      return;
    }
    void opts.onFile(file);
  };
}
