import { formatCpf } from '@pulsa/shared/format/cpf';
import { formatPhone } from '@pulsa/shared/format/phone';
import type { AdminPatient } from '@pulsa/shared/schemas/patients';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ADMIN_PATIENTS_TEXT as T } from '../admin-texts';

export function PatientDetailsDialog({
  patient,
  onClose,
}: {
  patient: AdminPatient | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={patient !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent showClose={false}>
        <DialogHeader>
          <DialogTitle>{T.dialogTitle}</DialogTitle>
          <DialogDescription>{T.dialogDescription}</DialogDescription>
        </DialogHeader>
        {patient ? (
          <dl className="grid gap-3 text-sm sm:grid-cols-[9rem_1fr]">
            <dt className="text-muted-foreground">{T.fields.name}</dt>
            <dd className="font-medium">{patient.fullName}</dd>
            <dt className="text-muted-foreground">{T.fields.email}</dt>
            <dd className="email-address font-medium" title={patient.email}>
              {patient.email}
            </dd>
            <dt className="text-muted-foreground">{T.fields.phone}</dt>
            <dd className="font-medium">{patient.phone ? formatPhone(patient.phone) : T.notInformed}</dd>
            <dt className="text-muted-foreground">{T.fields.cpf}</dt>
            <dd className="font-medium">{patient.cpf ? formatCpf(patient.cpf) : T.notInformed}</dd>
          </dl>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{T.close}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
