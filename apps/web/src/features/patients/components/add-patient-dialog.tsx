import { zodResolver } from '@hookform/resolvers/zod';
import { type AddPatientByEmailInput, addPatientByEmailSchema } from '@pulsa/shared/schemas/patients';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { useAddPatientByEmail } from '../api/add-doctor-patient';
import { DOCTOR_PATIENTS_TEXT } from '../doctor-texts';

const T = DOCTOR_PATIENTS_TEXT.add;

/**
 * "Add existing patient by email": a patient who booked the doctor is added at once; for any other
 * address the server answers one neutral message (an invitation went out if it is a patient).
 */
export function AddPatientDialog() {
  const [open, setOpen] = useState(false);
  const add = useAddPatientByEmail();
  const form = useForm<AddPatientByEmailInput>({
    resolver: zodResolver(addPatientByEmailSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (outcome) => {
        if (outcome.status === 'added')
          toast.success(T.successTitle, {
            description: T.successDescription(outcome.name || outcome.email || values.email),
          });
        // Not added at once: the same words for every address, whoever it belongs to.
        else toast.info(T.invitedTitle, { description: outcome.message });
        setOpen(false);
        form.reset();
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['email']);
        // "Este paciente já está na sua lista." belongs to the field too.
        if (error instanceof ApiError && error.isClientError && !error.fieldErrors)
          form.setError('email', { type: 'server', message: error.message });
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden />
          {T.open}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          <DialogDescription>{T.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label={T.email} error={form.formState.errors.email?.message}>
            <Input type="email" autoComplete="off" disabled={add.isPending} {...form.register('email')} />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={add.isPending}>
                {T.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" loading={add.isPending}>
              {add.isPending ? T.busy : T.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
