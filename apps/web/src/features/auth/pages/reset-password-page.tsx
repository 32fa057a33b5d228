import { MESSAGES, PASSWORD_MIN_LENGTH } from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { resetPassword } from '../api/password';
import { AuthCard } from '../components/auth-card';

export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      password !== confirm
        ? MESSAGES.passwordsDoNotMatch
        : password.length < PASSWORD_MIN_LENGTH
          ? MESSAGES.passwordTooShort
          : undefined;
    setError(problem);
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      await resetPassword(token, password);
      toast.success('Password reset successful!');
      navigate(paths.login);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to reset password'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Reset Password">
      <form onSubmit={submit} className="space-y-4" aria-label="Reset password">
        <TextField
          label="New Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="Confirm Password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={error}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login} className="text-brand-700 hover:underline">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
