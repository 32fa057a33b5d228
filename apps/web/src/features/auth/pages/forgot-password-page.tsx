import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { sendResetLink } from '../api/password';
import { AuthCard } from '../components/auth-card';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await sendResetLink(email);
      toast.success('Password reset email sent!');
      setSent(true);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to send reset email'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Forgot Password">
      {sent ? (
        <div className="space-y-4 text-center" role="status">
          <p className="text-stone-700">Check your email for reset instructions</p>
          <Button variant="secondary" onClick={() => setSent(false)}>
            Try again
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" aria-label="Forgot password">
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login} className="text-brand-700 hover:underline">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
