import { BRAZIL_STATES } from '@pulsa/shared/constants/brazil-states';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { BOOKING_TEXT } from '../texts';

const T = BOOKING_TEXT.address;

/** The address fields, nested under `billingAddress` in the booking form (the server's field paths). */
export interface AddressFormValues {
  billingAddress: {
    postalCode: string;
    street: string;
    number: string;
    complement?: string;
    district: string;
    city: string;
    state: string;
  };
}

/** "01310100" → "01310-100" as it is typed. */
const maskPostalCode = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
};

/** The payer's address a boleto carries: CEP, street, number, complement, district, city and state. */
export function BillingAddressFields({
  control,
  register,
  errors,
  disabled,
  idPrefix,
}: {
  control: Control<AddressFormValues>;
  register: UseFormRegister<AddressFormValues>;
  errors: FieldErrors<AddressFormValues>['billingAddress'];
  disabled: boolean;
  idPrefix: string;
}) {
  const stateId = `${idPrefix}-state`;
  return (
    <fieldset disabled={disabled} className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-6">
      <legend className="px-1 font-medium text-sm">{T.title}</legend>
      <p className="text-muted-foreground text-xs sm:col-span-6">{T.hint}</p>
      <Controller
        control={control}
        name="billingAddress.postalCode"
        render={({ field }) => (
          <FormField label={T.postalCode} error={errors?.postalCode?.message} className="sm:col-span-2">
            <Input
              ref={field.ref}
              name={field.name}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(maskPostalCode(e.target.value))}
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="00000-000"
              className="tabular-nums"
            />
          </FormField>
        )}
      />
      <FormField label={T.street} error={errors?.street?.message} className="sm:col-span-4">
        <Input autoComplete="address-line1" {...register('billingAddress.street')} />
      </FormField>
      <FormField label={T.number} error={errors?.number?.message} className="sm:col-span-2">
        <Input autoComplete="address-line2" {...register('billingAddress.number')} />
      </FormField>
      <FormField label={T.complement} error={errors?.complement?.message} className="sm:col-span-4">
        <Input autoComplete="address-line3" {...register('billingAddress.complement')} />
      </FormField>
      <FormField label={T.district} error={errors?.district?.message} className="sm:col-span-3">
        <Input {...register('billingAddress.district')} />
      </FormField>
      <FormField label={T.city} error={errors?.city?.message} className="sm:col-span-3">
        <Input autoComplete="address-level2" {...register('billingAddress.city')} />
      </FormField>
      <FormField label={T.state} error={errors?.state?.message} id={stateId} className="sm:col-span-6">
        <Controller
          control={control}
          name="billingAddress.state"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
              <SelectTrigger id={stateId} onBlur={field.onBlur}>
                <SelectValue placeholder={T.statePlaceholder} />
              </SelectTrigger>
              <SelectContent>
                {BRAZIL_STATES.map(([code, name]) => (
                  <SelectItem key={code} value={code}>
                    {name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
    </fieldset>
  );
}
