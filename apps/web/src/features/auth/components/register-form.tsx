import { zodResolver } from '@hookform/resolvers/zod';
import type { SignUpRole } from '@pulsa/shared/constants/roles';
import { maskCpfInput } from '@pulsa/shared/format/cpf';
import { maskPhoneInput } from '@pulsa/shared/format/phone';
import type { RegisterData, RegisterInput } from '@pulsa/shared/schemas/auth';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { paths } from '@/config/paths';
import { PasswordStrengthHint } from '@/features/account';
import { showApiError } from '@/lib/api-errors';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useRegister } from '../api/register';
import { AUTH_TEXT } from '../texts';

const T = AUTH_TEXT.register;
const FIELDS = ['name', 'email', 'phone', 'cpf', 'password', 'userType', 'acceptTerms'] as const;

/** The form's checks load as someone starts filling it in, not with the page. */
const validation = lazyResolver<RegisterInput, RegisterData>(() =>
  import('@pulsa/shared/schemas/auth').then(({ registerSchema }) => zodResolver(registerSchema)),
);

export function RegisterForm({ initialType = 'patient' }: { initialType?: SignUpRole }) {
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const form = useForm<RegisterInput, unknown, RegisterData>({
    resolver: validation.resolver,
    defaultValues: {
      userType: initialType,
      name: '',
      email: '',
      phone: '',
      cpf: '',
      password: '',
      acceptTerms: false as unknown as true,
    },
  });
  const busy = registerMutation.isPending;
  const errors = form.formState.errors;
  const userType = form.watch('userType');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await registerMutation.mutateAsync(values);
      toast.success(T.successTitle, { description: T.successDescription });
      navigate(paths.login.href());
    } catch (error) {
      showApiError(error, {
        title: T.errorTitle,
        fallback: T.errorFallback,
        setError: form.setError,
        fields: FIELDS,
      });
    }
  });

  // method="post": sent before the app took over the server-rendered form, it goes back to its page
  // (the server answers 303) instead of putting the password in the address.
  return (
    <form onSubmit={onSubmit} onFocus={validation.preload} noValidate method="post" className="space-y-4">
      <fieldset className="space-y-2" disabled={busy}>
        <legend className="mb-2 font-medium text-sm">{T.accountType}</legend>
        <Controller
          control={form.control}
          name="userType"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onValueChange={field.onChange}
              className="grid grid-cols-2 gap-3"
              aria-label={T.accountType}
            >
              {(['patient', 'doctor'] as const).map((type) => (
                <Label
                  key={type}
                  htmlFor={`user-type-${type}`}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-border p-3 has-[button[data-state=checked]]:border-primary has-[button[data-state=checked]]:bg-primary/5"
                >
                  <RadioGroupItem id={`user-type-${type}`} value={type} />
                  {type === 'patient' ? T.patient : T.doctor}
                </Label>
              ))}
            </RadioGroup>
          )}
        />
        {errors.userType?.message ? (
          <p className="text-destructive text-sm">{errors.userType.message}</p>
        ) : null}
      </fieldset>

      <FormField label={userType === 'doctor' ? T.doctorName : T.name} error={errors.name?.message}>
        <Input autoComplete="name" disabled={busy} {...form.register('name')} />
      </FormField>
      <FormField label={T.email} error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          disabled={busy}
          {...form.register('email')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={T.phone} error={errors.phone?.message}>
          <Input
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            placeholder="(11) 98765-4321"
            disabled={busy}
            {...form.register('phone', {
              onChange: (e) => form.setValue('phone', maskPhoneInput(e.target.value)),
            })}
          />
        </FormField>
        <FormField
          label={T.cpf}
          error={errors.cpf?.message}
          hint={userType === 'doctor' ? T.cpfHintDoctor : T.cpfHintPatient}
        >
          <Input
            inputMode="numeric"
            placeholder="000.000.000-00"
            disabled={busy}
            {...form.register('cpf', { onChange: (e) => form.setValue('cpf', maskCpfInput(e.target.value)) })}
          />
        </FormField>
      </div>
      <div className="space-y-2">
        <FormField label={T.password} error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" disabled={busy} {...form.register('password')} />
        </FormField>
        <PasswordStrengthHint
          password={form.watch('password')}
          userInputs={[form.watch('name'), form.watch('email')]}
        />
      </div>

      <div className="space-y-1">
        <div className="flex items-start gap-2">
          <Controller
            control={form.control}
            name="acceptTerms"
            render={({ field }) => (
              <Checkbox
                id="accept-terms"
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                disabled={busy}
                aria-invalid={errors.acceptTerms ? true : undefined}
                aria-describedby={errors.acceptTerms ? 'accept-terms-error' : undefined}
                className="mt-0.5"
              />
            )}
          />
          <Label htmlFor="accept-terms" className="font-normal text-sm leading-snug">
            {T.acceptPrefix}{' '}
            <Link
              to={paths.terms.href()}
              target="_blank"
              className="text-primary underline-offset-2 hover:underline"
            >
              {T.terms}
            </Link>{' '}
            {T.and}{' '}
            <Link
              to={paths.privacy.href()}
              target="_blank"
              className="text-primary underline-offset-2 hover:underline"
            >
              {T.privacy}
            </Link>
          </Label>
        </div>
        {errors.acceptTerms?.message ? (
          <p id="accept-terms-error" className="text-destructive text-sm">
            {errors.acceptTerms.message}
          </p>
        ) : null}
      </div>

      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? AUTH_TEXT.busy : T.submit}
      </Button>
    </form>
  );
}
