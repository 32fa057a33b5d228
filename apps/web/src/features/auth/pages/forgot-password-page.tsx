import { forgotPasswordBodySchema } from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormSubmit, TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { useForm } from '../../../lib/use-form';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { sendResetLink } from '../api/password';
import { AuthCard, BackToLogin } from '../components/auth-card';

const FIELDS = ['email'] as const;

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const { values, bind, formRef, formError, check, refused } = useForm({ email: '' }, FIELDS);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = check(forgotPasswordBodySchema, values);
    if (!body) return;
    setBusy(true);
    try {
      await sendResetLink(body.email);
      toast.success('Password reset email sent!');
      setSent(true);
    } catch (error) {
      refused(error, 'Failed to send reset email');
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
        <Form ref={formRef} onSubmit={submit} className="space-y-4" label="Forgot password">
          <TextField label="Email" type="email" autoComplete="email" required {...bind('email')} />
          <FormSubmit formError={formError} busy={busy} label="Send Reset Link" busyLabel="Sending..." />
        </Form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
