import { displayNameBodySchema, isStaffRole, profileFormSchema, type User } from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { ContactFields, type ContactLabels } from '../../../components/contact-address-fields';
import { Button } from '../../../components/ui/button';
import { EditActions, FormMessage, TextField } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { Form } from '../../../components/ui/form';
import { useForm } from '../../../lib/use-form';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { updateProfile } from '../api/update-profile';
import { updateDisplayName } from '../api/update-display-name';

const FIELDS = ['name', 'email', 'phone', 'currentPassword'] as const;

const CONTACT_LABELS: ContactLabels = {
  name: 'account.profile.name',
  email: 'account.profile.email',
  phone: 'account.profile.phone',
};

const profileOf = (user: User) => ({
  name: user.name,
  email: user.email,
  phone: user.phone,
  currentPassword: '',
});

export function ProfileTab({ user }: { user: User }) {
  const { setUser } = useSession();
  const t = useT();
  // Staff (admin, scholar, shop): a staff profile, with the display name that signs their work.
  const isAdmin = isStaffRole(user.role);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const { values, setValues, bind, formRef, formError, check, refused, reset } = useForm(
    () => profileOf(user),
    FIELDS,
  );
  // A new email needs the current password (the server checks it, and tells the old address).
  const changesEmail = values.email.trim().toLowerCase() !== user.email;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const { currentPassword: _unneeded, ...profile } = values;
    const changes = changesEmail ? values : profile;
    const body = check(profileFormSchema(user.email), changes);
    if (!body) return;
    setBusy(true);
    try {
      setUser(await updateProfile(user, changes));
      toast.success(t('account.profile.saved'));
      setEditing(false);
    } catch (error) {
      refused(error, t('account.somethingWrong'), (reason) => t('account.profile.failed', { reason }));
    } finally {
      setBusy(false);
    }
  };

  const startEditing = () => {
    setValues(profileOf(user));
    reset();
    setEditing(true);
  };

  return (
    <Panel
      id="profile-heading"
      title={editing ? t('account.profile.editTitle') : t('account.profile.title')}
      actions={
        !editing &&
        !isAdmin && (
          <Button variant="secondary" onClick={startEditing}>
            {t('account.profile.edit')}
          </Button>
        )
      }
    >
      {editing ? (
        <Form
          ref={formRef}
          onSubmit={save}
          className="mt-4 grid gap-4 sm:grid-cols-3"
          label={t('account.profile.form')}
        >
          <ContactFields labels={CONTACT_LABELS} bind={bind} />
          {changesEmail && (
            <TextField
              label={t('account.profile.currentPassword')}
              type="password"
              autoComplete="current-password"
              aria-required="true"
              className="sm:col-span-3 sm:max-w-sm"
              hint={t('account.profile.currentPasswordHint')}
              {...bind('currentPassword')}
            />
          )}
          <FormMessage message={formError} className="sm:col-span-3" />
          <EditActions busy={busy} onCancel={() => setEditing(false)} className="sm:col-span-3" />
        </Form>
      ) : (
        <>
          <dl className="mt-4 grid gap-4 sm:grid-cols-3">
            {(isAdmin
              ? [
                  [t('account.profile.name'), user.name],
                  [t('account.profile.email'), user.email],
                ]
              : [
                  [t('account.profile.name'), user.name],
                  [t('account.profile.email'), user.email],
                  [t('account.profile.phone'), user.phone],
                ]
            ).map(([term, value]) => (
              <div key={term} className="rounded-md bg-stone-50 p-3">
                <dt className="text-xs uppercase tracking-wide text-stone-500">{term}</dt>
                <dd className="mt-1 break-words text-stone-900">{value}</dd>
              </div>
            ))}
          </dl>
          {isAdmin && <DisplayNameForm user={user} />}
        </>
      )}
    </Panel>
  );
}

const DISPLAY_NAME_FIELDS = ['displayName'] as const;

/** An admin's display name: how answers and articles are signed ("Shaikh Abdullah …"); blank means the name. */
function DisplayNameForm({ user }: { user: User }) {
  const { setUser } = useSession();
  const [busy, setBusy] = useState(false);
  const { values, change, bind, formRef, formError, check, refused } = useForm(
    { displayName: user.displayName ?? '' },
    DISPLAY_NAME_FIELDS,
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = check(displayNameBodySchema, values);
    if (!body) return;
    setBusy(true);
    try {
      const saved = await updateDisplayName(user._id, body.displayName);
      setUser(saved);
      change('displayName', saved.displayName ?? '');
      toast.success('Display name saved');
    } catch (error) {
      refused(error, 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      ref={formRef}
      onSubmit={save}
      className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-start"
      label="Edit display name"
    >
      <TextField
        label="Display name"
        className="sm:w-96"
        hint={`How your answers and articles are signed, e.g. "Shaikh Abdullah". Leave it empty to show ${user.name}.`}
        {...bind('displayName')}
      />
      <Button type="submit" className="sm:mt-6" disabled={busy}>
        {busy ? 'Saving...' : 'Save Display Name'}
      </Button>
      <FormMessage message={formError} />
    </Form>
  );
}
