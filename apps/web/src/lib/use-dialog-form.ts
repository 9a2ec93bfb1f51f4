import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { applyFieldErrors } from './form-errors';

/**
 * The form of a dialog that sends one request: checked by the request's shared schema, emptied each
 * time the dialog opens for another item (`openKey`), closed with a success toast, and the server's
 * field messages put under the fields (its failure toast comes from the query client).
 */
export function useDialogForm<TInput extends FieldValues, TOutput, TVariables>({
  schema,
  empty,
  openKey,
  mutation,
  toVariables,
  success,
  onDone,
}: {
  schema: z.ZodType<TOutput, TInput>;
  empty: TInput;
  openKey: string | null;
  mutation: UseMutationResult<unknown, Error, TVariables>;
  /** The request's variables, or null when there is nothing to send (the dialog is closed). */
  toVariables: (values: TOutput) => TVariables | null;
  success: string;
  onDone: () => void;
}) {
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    defaultValues: empty as DefaultValues<TInput>,
  });
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new opening starts an empty form
  useEffect(() => reset(empty), [openKey, reset]);
  const onSubmit = form.handleSubmit((values) => {
    const variables = toVariables(values);
    if (variables === null) return;
    mutation.mutate(variables, {
      onSuccess: () => {
        toast.success(success);
        onDone();
      },
      onError: (error) => applyFieldErrors(error, form.setError, Object.keys(empty) as Path<TInput>[]),
    });
  });
  return { form, onSubmit, busy: mutation.isPending };
}
