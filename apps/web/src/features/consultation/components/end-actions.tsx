import { CheckCircle2, UserX } from 'lucide-react';
import { useId, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { CONSULTATION_TEXT } from '../texts';

const T = CONSULTATION_TEXT.end;

/**
 * The doctor's two ways to end: completed (with optional notes for the patient) or, once allowed,
 * no-show. Both ask for confirmation; the server decides whether each is allowed.
 */
export function EndActions({
  notesMax,
  noShowAllowed,
  busy,
  onComplete,
  onNoShow,
}: {
  notesMax: number;
  noShowAllowed: boolean;
  busy: boolean;
  onComplete: (notes: string | undefined) => Promise<unknown>;
  onNoShow: () => Promise<unknown>;
}) {
  const [dialog, setDialog] = useState<'complete' | 'no-show' | null>(null);
  const [notes, setNotes] = useState('');
  const notesId = useId();
  const run = (action: () => Promise<unknown>) => {
    action()
      .then(() => setDialog(null))
      .catch(() => undefined);
  };
  return (
    <>
      <Button variant="destructive" size="sm" onClick={() => setDialog('complete')}>
        <CheckCircle2 aria-hidden />
        {T.complete}
      </Button>
      {noShowAllowed ? (
        <Button variant="outline" size="sm" onClick={() => setDialog('no-show')}>
          <UserX aria-hidden />
          {T.noShow}
        </Button>
      ) : null}
      <AlertDialog open={dialog === 'complete'} onOpenChange={(open) => setDialog(open ? 'complete' : null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{T.completeTitle}</AlertDialogTitle>
            <AlertDialogDescription>{T.completeDescription}</AlertDialogDescription>
          </AlertDialogHeader>
          <div className="space-y-1.5">
            <Label htmlFor={notesId}>{T.notes}</Label>
            <Textarea
              id={notesId}
              value={notes}
              maxLength={notesMax}
              onChange={(e) => setNotes(e.target.value)}
            />
            <p className="text-muted-foreground text-xs">{T.notesHint}</p>
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel>{T.keep}</AlertDialogCancel>
            <Button loading={busy} onClick={() => run(() => onComplete(notes.trim() || undefined))}>
              {T.confirmComplete}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <AlertDialog open={dialog === 'no-show'} onOpenChange={(open) => setDialog(open ? 'no-show' : null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{T.noShowTitle}</AlertDialogTitle>
            <AlertDialogDescription>{T.noShowDescription}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{T.keep}</AlertDialogCancel>
            <Button variant="destructive" loading={busy} onClick={() => run(onNoShow)}>
              {T.confirmNoShow}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
