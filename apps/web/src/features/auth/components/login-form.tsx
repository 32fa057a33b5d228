import { loginBodySchema, type UserRole } from '@scholar/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormMessage, TextField } from '../../../components/ui/field';
import { useFormErrors } from '../../../lib/form-errors';

export interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

const FIELDS = ['email', 'password'] as const;

/**
 * The email, password and remember-me fields shared by the user and admin login pages, checked as the server checks
 * them. `onSubmit` answers a failure of the whole form to show ('Please use the admin login page'), or nothing; it
 * throws when the server refuses ('Login failed: …', beside a field when the server names one).
 */
export function LoginForm({
  role,
  onSubmit,
  footer,
}: {
  role: UserRole;
  onSubmit: (values: LoginValues) => Promise<string | undefined>;
  footer?: ReactNode;
}) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: true });
  const [busy, setBusy] = useState(false);
  const { formRef, errors, formError, clearField, check, refused, fail } = useFormErrors(FIELDS);
  const change = (field: (typeof FIELDS)[number], value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearField(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = check(loginBodySchema, { email: values.email, password: values.password, role });
    if (!body) return;
    setBusy(true);
    try {
      const failure = await onSubmit({ ...values, email: body.email });
      if (failure) fail(failure);
    } catch (error) {
      refused(error, 'Something went wrong', (sentence) => `Login failed: ${sentence}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={role === 'admin' ? 'Admin login' : 'Login'}
    >
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={values.email}
        error={errors.email}
        onChange={(e) => change('email', e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        error={errors.password}
        onChange={(e) => change('password', e.target.value)}
      />
      <CheckboxField
        label="Remember me"
        checked={values.remember}
        onChange={(e) => setValues({ ...values, remember: e.target.checked })}
      />
      {footer}
      <FormMessage message={formError} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
