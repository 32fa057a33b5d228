import { paths, registerFormSchema } from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
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
  useDocumentTitle('Register', 'Create an account to order books and keep your addresses.');
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
    // The server's rules for a new account, and the password typed twice the same (spec §5).
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
      toast.success('Registration successful! You are logged in.');
      void navigate(returnPath ?? paths.dashboard, { replace: true });
    } catch (error) {
      refused(error, 'Something went wrong', (sentence) => `Registration failed: ${sentence}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Register">
      <Form ref={formRef} onSubmit={submit} className="space-y-4" label="Register">
        <TextField label="Full Name" autoComplete="name" required {...field('name')} />
        <TextField label="Phone Number" type="tel" autoComplete="tel" required {...field('phone')} />
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          {...field('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          {...field('confirmPassword')}
        />
        <FormSubmit formError={formError} busy={busy} label="Register" busyLabel="Registering..." />
      </Form>
      <SwitchAuth offer="login" to={withReturnPath(paths.login, returnPath)} />
    </AuthCard>
  );
}
