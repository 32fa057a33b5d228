import { acceptAdminInviteFormSchema, ADMIN_MESSAGES, paths } from '@scholar/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { card } from '../../../components/ui/card';
import { FormSubmit, PasswordField, TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { useForm } from '../../../lib/use-form';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { acceptInvite } from '../api/admins';

const FIELDS = ['name', 'password', 'confirmPassword'] as const;

/**
 * The page of a mailed invitation (/admin/invite?token=…): the token is read from the address once and taken out
 * of it at once (history, bookmarks and shared screens never keep it; the site sends no Referer at all). The invitee
 * chooses a name and a password, then signs in on the admin login page.
 */
export function AcceptInvitePage() {
  useDocumentTitle('Accept Invitation');
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.search).get('token') ?? '');
  const { values, bind, formRef, formError, check, refused } = useForm(
    { name: '', password: '', confirmPassword: '' },
    FIELDS,
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (location.search) void navigate(location.pathname, { replace: true });
  }, [location.pathname, location.search, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = check(acceptAdminInviteFormSchema, values);
    if (!body) return;
    setBusy(true);
    try {
      await acceptInvite({ token, name: body.name, password: body.password });
      toast.success('Your admin account is ready. Please log in.');
      void navigate(paths.adminLogin, { replace: true });
    } catch (error) {
      refused(error, 'Failed to accept the invitation');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className={`${card} p-6 shadow-sm`}>
        <h1 className="font-serif text-2xl font-bold text-brand-800">Become an admin</h1>
        {token ? (
          <>
            <p className="mt-2 text-stone-600">Choose the name and password you will sign in with.</p>
            <Form ref={formRef} onSubmit={submit} className="mt-6 space-y-4" label="Accept invitation">
              <TextField label="Full Name" autoComplete="name" required {...bind('name')} />
              <PasswordField label="Password" purpose="new" {...bind('password')} />
              <PasswordField label="Confirm Password" purpose="new" {...bind('confirmPassword')} />
              <FormSubmit formError={formError} busy={busy} label="Accept Invitation" busyLabel="Saving..." />
            </Form>
          </>
        ) : (
          <p role="alert" className="mt-4 text-red-800">
            {ADMIN_MESSAGES.inviteInvalid}
          </p>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to={paths.adminLogin} className="text-brand-700 hover:underline">
            Go to the admin login
          </Link>
        </p>
      </div>
    </div>
  );
}
