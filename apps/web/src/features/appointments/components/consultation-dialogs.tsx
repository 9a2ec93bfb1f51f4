import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { useState } from 'react';
import { AppointmentDetailsDialog } from './appointment-details-dialog';
import { CancelDialog } from './cancel-dialog';
import type { ConsultationAction } from './patient-consultation-card';
import { RescheduleDialog } from './reschedule-dialog';

/** The patient's three dialogs (details, cancel, reschedule), one open at a time. */
export function useConsultationDialogs() {
  const [open, setOpen] = useState<{ action: ConsultationAction; appointment: AppointmentDto } | null>(null);
  const close = () => setOpen(null);
  const of = (action: ConsultationAction) => (open?.action === action ? open.appointment : null);
  return {
    openDialog: (action: ConsultationAction, appointment: AppointmentDto) => setOpen({ action, appointment }),
    dialogs: (
      <>
        <AppointmentDetailsDialog appointment={of('details')} showPatient={false} onClose={close} />
        <CancelDialog appointment={of('cancel')} onClose={close} />
        <RescheduleDialog appointment={of('reschedule')} onClose={close} />
      </>
    ),
  };
}
