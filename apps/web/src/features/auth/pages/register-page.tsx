import { paths, registerFormSchema } from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useFormat, useT } from '../../../lib/i18n';
import { useReturnPath, withReturnPath } from '../../../lib/return-path';
import { ContactFields, type ContactLabels } from '../../../components/contact-address-fields';
import { FormSubmit, PasswordField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { useForm } from '../../../lib/use-form';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthCard, SwitchAuth } from '../components/auth-card';

const FIELDS = ['name', 'phone', 'email', 'password', 'confirmPassword'] as const;

const CONTACT_LABELS: ContactLabels = {
  name: 'auth.register.name',
  email: 'auth.email',
  phone: 'auth.register.phone',
};
/** Sign-up asks for the phone before the email. */
const CONTACT_ORDER = ['name', 'phone', 'email'] as const;

export function RegisterPage() {
  const t = useT();
  const { named } = useFormat();
  useDocumentTitle(t('auth.register.title'), t('auth.register.description'));
  const { register } = useSession();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [busy, setBusy] = useState(false);
  const {
    values: form,
    bind,
    formRef,
    formError,
    check,
    refused,
  } = useForm({ name: '', phone: '', email: '', password: '', confirmPassword: '' }, FIELDS);

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
      toast.success(t('verify.welcome', { name: named(values.name) }));
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
        <ContactFields labels={CONTACT_LABELS} order={CONTACT_ORDER} bind={bind} />
        <PasswordField label={t('auth.password')} purpose="new" {...bind('password')} />
        <PasswordField label={t('auth.confirmPassword')} purpose="new" {...bind('confirmPassword')} />
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
