import { MESSAGES, type User } from '@scholar/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { updateProfile } from '../api/account';

const PASSWORD_ID = 'profile-current-password';

export function ProfileTab({ user }: { user: User }) {
  const { setUser } = useSession();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState({ name: user.name, email: user.email, phone: user.phone });
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // A new email needs the current password (the server checks it, and tells the old address).
  const changesEmail = values.email.trim().toLowerCase() !== user.email;

  const focusPassword = () => document.getElementById(PASSWORD_ID)?.focus();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setPasswordError(undefined);
    if (changesEmail && !currentPassword) {
      setPasswordError(MESSAGES.currentPasswordRequired);
      focusPassword();
      return;
    }
    setBusy(true);
    try {
      setUser(await updateProfile(user, changesEmail ? { ...values, currentPassword } : values));
      toast.success('Profile updated successfully');
      setCurrentPassword('');
      setEditing(false);
    } catch (error) {
      const field =
        error instanceof ApiError ? error.details?.find((d) => d.path === 'body.currentPassword') : undefined;
      if (field) {
        setPasswordError(field.message);
        focusPassword();
      } else {
        toast.error(`Update failed: ${errorMessage(error, 'Something went wrong')}`);
      }
    } finally {
      setBusy(false);
    }
  };

  if (!editing) {
    return (
      <section aria-labelledby="profile-heading">
        <div className="flex items-center justify-between">
          <h2 id="profile-heading" className="font-serif text-xl font-semibold">
            Profile
          </h2>
          <Button
            variant="secondary"
            onClick={() => {
              setValues({ name: user.name, email: user.email, phone: user.phone });
              setEditing(true);
            }}
          >
            Edit Profile
          </Button>
        </div>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          {[
            ['Full Name', user.name],
            ['Email', user.email],
            ['Phone', user.phone],
          ].map(([term, value]) => (
            <div key={term} className="rounded-md bg-stone-50 p-3">
              <dt className="text-xs uppercase tracking-wide text-stone-500">{term}</dt>
              <dd className="mt-1 break-words text-stone-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    );
  }

  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="font-serif text-xl font-semibold">
        Edit Profile
      </h2>
      <form onSubmit={save} className="mt-4 grid gap-4 sm:grid-cols-3" aria-label="Edit profile">
        <TextField
          label="Full Name"
          required
          value={values.name}
          onChange={(e) => setValues({ ...values, name: e.target.value })}
        />
        <TextField
          label="Email"
          type="email"
          required
          value={values.email}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
        />
        <TextField
          label="Phone"
          type="tel"
          required
          value={values.phone}
          onChange={(e) => setValues({ ...values, phone: e.target.value })}
        />
        {changesEmail && (
          <TextField
            id={PASSWORD_ID}
            label="Current password"
            type="password"
            autoComplete="current-password"
            aria-required="true"
            className="sm:col-span-3 sm:max-w-sm"
            hint="Needed to change your email. We will also tell your old address."
            error={passwordError}
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
        )}
        <div className="flex gap-3 sm:col-span-3">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
