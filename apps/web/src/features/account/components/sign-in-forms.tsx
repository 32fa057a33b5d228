import {
  emailChangeBodySchema,
  PASSWORD_MIN_LENGTH,
  passwordChangeFormSchema,
  type User,
} from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormMessage, PasswordField, TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { Panel } from '../../../components/ui/panel';
import { useForm } from '../../../lib/use-form';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { changeEmail } from '../api/change-email';
import { changePassword } from '../api/change-password';

/** Domains kept for examples (RFC 2606): mail to them reaches nobody, so a password reset could not either. */
const PLACEHOLDER_DOMAIN = /@example\.(?:com|net|org)$/i;

const EMAIL_FIELDS = ['email', 'currentPassword'] as const;

/** The signed-in user's own email: a new one, with the current password; the old address is told. */
export function ChangeEmailForm({ user }: { user: User }) {
  const { setUser } = useSession();
  const [busy, setBusy] = useState(false);
  const { values, setValues, bind, formRef, formError, check, refused } = useForm(
    { email: '', currentPassword: '' },
    EMAIL_FIELDS,
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = check(emailChangeBodySchema, values);
    if (!body) return;
    setBusy(true);
    try {
      setUser(await changeEmail(user._id, body));
      setValues({ email: '', currentPassword: '' });
      toast.success(`Your email is now ${body.email}`);
    } catch (error) {
      refused(error, 'Something went wrong', (sentence) => `Email not changed: ${sentence}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel id="change-email-heading" title="Change email">
      <p className="mt-2 text-sm text-stone-600">
        You sign in with <span className="font-medium text-stone-900">{user.email}</span>.
      </p>
      {PLACEHOLDER_DOMAIN.test(user.email) && (
        <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This address receives no mail, so a password reset could not reach you. Change it to your own.
        </p>
      )}
      <Form ref={formRef} onSubmit={save} className="mt-4 space-y-4" label="Change email">
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          required
          hint="We will tell your old address."
          {...bind('email')}
        />
        <PasswordField label="Current password" purpose="current" {...bind('currentPassword')} />
        <FormMessage message={formError} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Change Email'}
        </Button>
      </Form>
    </Panel>
  );
}

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const noPasswords = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The signed-in user's own password: the current one, then the new one twice; other devices are signed out. */
export function ChangePasswordForm({ user }: { user: User }) {
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);
  const { values, setValues, bind, formRef, formError, check, refused } = useForm(
    noPasswords,
    PASSWORD_FIELDS,
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setChanged(false);
    const body = check(passwordChangeFormSchema, values);
    if (!body) return;
    setBusy(true);
    try {
      await changePassword(user._id, {
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
      });
      setValues(noPasswords);
      setChanged(true);
      toast.success('Password changed');
    } catch (error) {
      refused(error, 'Something went wrong', (sentence) => `Password not changed: ${sentence}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel id="change-password-heading" title="Change password">
      <Form ref={formRef} onSubmit={save} className="mt-4 space-y-4" label="Change password">
        <PasswordField label="Current password" purpose="current" {...bind('currentPassword')} />
        <PasswordField
          label="New password"
          purpose="new"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          {...bind('newPassword')}
        />
        <PasswordField label="Confirm new password" purpose="new" {...bind('confirmPassword')} />
        <FormMessage message={formError} />
        {changed && (
          <p role="status" className="text-sm text-brand-800">
            Password changed. Other devices signed in to your account were signed out.
          </p>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Change Password'}
        </Button>
      </Form>
    </Panel>
  );
}
