import { isStaffRole, paths, resetPasswordFormSchema } from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FormSubmit, PasswordField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n';
import { useForm } from '../../../lib/use-form';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { resetPassword } from '../api/password';
import { AuthCard, BackToLogin } from '../components/auth-card';

const FIELDS = ['password', 'confirmPassword'] as const;

export function ResetPasswordPage() {
  const t = useT();
  useDocumentTitle(t('auth.reset.title'));
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { values, bind, formRef, formError, check, refused } = useForm(
    { password: '', confirmPassword: '' },
    FIELDS,
  );
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // At least 6 characters, as the server asks, and typed twice the same (docs/product.md, "Validation").
    const body = check(resetPasswordFormSchema, values);
    if (!body) return;
    setBusy(true);
    try {
      const role = await resetPassword(token, body.password);
      toast.success(t('auth.reset.success'));
      void navigate(isStaffRole(role) ? paths.adminLogin : paths.login);
    } catch (error) {
      refused(error, t('auth.reset.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.reset.title')}>
      <Form ref={formRef} onSubmit={submit} className="space-y-4" label={t('auth.reset.form')}>
        <PasswordField label={t('auth.reset.newPassword')} purpose="new" {...bind('password')} />
        <PasswordField label={t('auth.confirmPassword')} purpose="new" {...bind('confirmPassword')} />
        <FormSubmit
          formError={formError}
          busy={busy}
          label={t('auth.reset.submit')}
          busyLabel={t('auth.reset.busy')}
        />
      </Form>
      <BackToLogin />
    </AuthCard>
  );
}
