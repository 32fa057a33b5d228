import { forgotPasswordBodySchema } from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormSubmit, TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n';
import { useForm } from '../../../lib/use-form';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { sendResetLink } from '../api/password';
import { AuthCard, BackToLogin } from '../components/auth-card';

const FIELDS = ['email'] as const;

export function ForgotPasswordPage() {
  const t = useT();
  useDocumentTitle(t('auth.forgot.title'));
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
      toast.success(t('auth.forgot.success'));
      setSent(true);
    } catch (error) {
      refused(error, t('auth.forgot.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.forgot.title')}>
      {sent ? (
        <div className="space-y-4 text-center" role="status">
          <p className="text-stone-700">{t('auth.forgot.sent')}</p>
          <Button variant="secondary" onClick={() => setSent(false)}>
            {t('auth.forgot.tryAgain')}
          </Button>
        </div>
      ) : (
        <Form ref={formRef} onSubmit={submit} className="space-y-4" label={t('auth.forgot.form')}>
          <TextField label={t('auth.email')} type="email" autoComplete="email" required {...bind('email')} />
          <FormSubmit
            formError={formError}
            busy={busy}
            label={t('auth.forgot.submit')}
            busyLabel={t('auth.forgot.busy')}
          />
        </Form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
