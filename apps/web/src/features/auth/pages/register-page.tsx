import { MESSAGES } from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthCard } from '../components/auth-card';

export function RegisterPage() {
  useDocumentTitle('Register', 'Create an account to order books and keep your addresses.');
  const { register } = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', phone: '', email: '', password: '', confirmPassword: '' });
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.password !== form.confirmPassword) {
      setMismatch(true);
      toast.error(MESSAGES.passwordsDoNotMatch);
      return;
    }
    setMismatch(false);
    setBusy(true);
    try {
      await register({ name: form.name, email: form.email, phone: form.phone, password: form.password });
      toast.success('Registration successful! You are logged in.');
      navigate(paths.dashboard);
    } catch (error) {
      toast.error(`Registration failed: ${errorMessage(error, 'Something went wrong')}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Register">
      <form onSubmit={submit} className="space-y-4" aria-label="Register">
        <TextField
          label="Full Name"
          name="name"
          autoComplete="name"
          required
          value={form.name}
          onChange={set('name')}
        />
        <TextField
          label="Phone Number"
          type="tel"
          name="phone"
          autoComplete="tel"
          required
          value={form.phone}
          onChange={set('phone')}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set('email')}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={form.password}
          onChange={set('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={mismatch ? MESSAGES.passwordsDoNotMatch : undefined}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Registering...' : 'Register'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        Already have an account?{' '}
        <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
