import { loginBodySchema, type UserRole } from '@scholar/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { CheckboxField, FormSubmit, PasswordField, TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n';
import { useForm } from '../../../lib/use-form';

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
  const initial: LoginValues = { email: '', password: '', remember: true };
  const { values, change, bind, formRef, formError, check, refused, fail } = useForm(initial, FIELDS);
  const [busy, setBusy] = useState(false);
  const t = useT();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = check(loginBodySchema, { email: values.email, password: values.password, role });
    if (!body) return;
    setBusy(true);
    try {
      const failure = await onSubmit({ ...values, email: body.email });
      if (failure) fail(failure);
    } catch (error) {
      refused(error, t('auth.somethingWrong'), (reason) => t('auth.login.failed', { reason }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      ref={formRef}
      onSubmit={submit}
      className="space-y-4"
      label={role === 'admin' ? t('auth.login.adminForm') : t('auth.login.form')}
    >
      <TextField label={t('auth.email')} type="email" autoComplete="email" required {...bind('email')} />
      <PasswordField label={t('auth.password')} purpose="current" {...bind('password')} />
      <CheckboxField
        label={t('auth.login.remember')}
        checked={values.remember}
        onChange={(e) => change('remember', e.target.checked)}
      />
      {footer}
      <FormSubmit
        formError={formError}
        busy={busy}
        label={t('auth.login.submit')}
        busyLabel={t('auth.login.busy')}
      />
    </Form>
  );
}
