import type { UserRole } from '@scholar/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/field';

export interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

/** The email, password and remember-me fields shared by the user and admin login pages. */
export function LoginForm({
  role,
  onSubmit,
  footer,
}: {
  role: UserRole;
  onSubmit: (values: LoginValues) => Promise<void>;
  footer?: ReactNode;
}) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: true });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit(values);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={role === 'admin' ? 'Admin login' : 'Login'}>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={(e) => setValues({ ...values, email: e.target.value })}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(e) => setValues({ ...values, password: e.target.value })}
      />
      <CheckboxField
        label="Remember me"
        checked={values.remember}
        onChange={(e) => setValues({ ...values, remember: e.target.checked })}
      />
      {footer}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
