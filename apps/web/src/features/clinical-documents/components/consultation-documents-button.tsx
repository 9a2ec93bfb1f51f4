import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DOCUMENTS_TEXT as T } from '../texts';
import { ConsultationDocumentsPanel } from './consultation-documents-panel';

/** "Documentos" on a consultation's card: the doctor's panel in a dialog, opened on demand. */
export function ConsultationDocumentsButton({ appointmentId }: { appointmentId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <FileText aria-hidden /> {T.panel.title}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90dvh] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-3xl">
          <DialogHeader className="sr-only">
            <DialogTitle>{T.panel.title}</DialogTitle>
            <DialogDescription>{T.panel.description}</DialogDescription>
          </DialogHeader>
          {open ? <ConsultationDocumentsPanel appointmentId={appointmentId} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
