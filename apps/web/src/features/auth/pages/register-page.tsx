import { paths, registerFormSchema } from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useReturnPath, withReturnPath } from '../../../lib/return-path';
import { FormSubmit, TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { useFormErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthCard, SwitchAuth } from '../components/auth-card';

const FIELDS = ['name', 'phone', 'email', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

export function RegisterPage() {
  const t = useT();
  useDocumentTitle(t('auth.register.title'), t('auth.register.description'));
  const { register } = useSession();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [form, setForm] = useState<Record<Field, string>>({
    name: '',
    phone: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [busy, setBusy] = useState(false);
  const { formRef, errors, formError, clearField, check, refused } = useFormErrors(FIELDS);
  const field = (key: Field) => ({
    name: key,
    value: form[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [key]: e.target.value }));
      clearField(key);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server's rules for a new account, and the password typed twice the same (docs/product.md, "Validation").
    const values = check(registerFormSchema, form);
    if (!values) return;
    setBusy(true);
    try {
      await register({
        name: values.name,
        email: values.email,
        phone: values.phone,
        password: values.password,
      });
      // A new account is welcomed, not told 'Welcome back'.
      toast.success(t('verify.welcome', { name: values.name }));
      void navigate(returnPath ?? paths.dashboard, { replace: true });
    } catch (error) {
      refused(error, t('auth.somethingWrong'), (reason) => t('auth.register.failed', { reason }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.register.title')}>
      <Form ref={formRef} onSubmit={submit} className="space-y-4" label={t('auth.register.title')}>
        <TextField label={t('auth.register.name')} autoComplete="name" required {...field('name')} />
        <TextField
          label={t('auth.register.phone')}
          type="tel"
          autoComplete="tel"
          required
          {...field('phone')}
        />
        <TextField label={t('auth.email')} type="email" autoComplete="email" required {...field('email')} />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          required
          {...field('password')}
        />
        <TextField
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          {...field('confirmPassword')}
        />
        <FormSubmit
          formError={formError}
          busy={busy}
          label={t('auth.register.submit')}
          busyLabel={t('auth.register.busy')}
        />
      </Form>
      <SwitchAuth offer="login" to={withReturnPath(paths.login, returnPath)} />
    </AuthCard>
  );
}
