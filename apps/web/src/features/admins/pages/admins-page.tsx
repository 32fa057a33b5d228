import type { Admin, AdminInvite, StaffRole } from '@scholar/shared';
import { formatDate, paths, STAFF_ROLES } from '@scholar/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { changeRole, removeAdmin, revokeInvite, useAdmins, useAdminsMutation } from '../api/admins';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { InviteForm } from '../components/invite-form';
import { ROLE_HINTS, ROLE_LABELS, roleOption } from '../roles';

type Pending =
  | { kind: 'admin'; admin: Admin }
  | { kind: 'invite'; invite: AdminInvite }
  | { kind: 'role'; admin: Admin; role: StaffRole };

/**
 * The staff with their roles, the invitations not yet accepted, an invite form with the role, and role changes and
 * removal after a confirmation. An admin never changes their own role; the last admin is never removed.
 */
export function AdminsPage() {
  useDocumentTitle('Admins');
  const { user } = useSession();
  const admins = useAdmins();
  const [pending, setPending] = useState<Pending | null>(null);
  const remove = useAdminsMutation(removeAdmin);
  const withdraw = useAdminsMutation(revokeInvite);
  const change = useAdminsMutation(changeRole);
  const busy = remove.isPending || withdraw.isPending || change.isPending;
  /** The role picked in each member's select, before it is confirmed. */
  const [picked, setPicked] = useState<Record<string, StaffRole>>({});
  const adminCount = admins.data?.admins.filter((admin) => admin.role === 'admin').length ?? 0;

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'admin') {
        await remove.mutateAsync(pending.admin._id);
        toast.success(`${pending.admin.name} is no longer on the staff`);
      } else if (pending.kind === 'role') {
        await change.mutateAsync({ id: pending.admin._id, role: pending.role });
        toast.success(`${pending.admin.name} is now ${ROLE_LABELS[pending.role]}`);
      } else {
        await withdraw.mutateAsync(pending.invite._id);
        toast.success(`The invitation to ${pending.invite.email} was withdrawn`);
      }
    } catch (error) {
      toast.error(errorMessage(error, 'Something went wrong'));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="font-serif text-3xl font-bold text-brand-800">Admins</h1>
      <p className="mt-2 text-stone-600">
        Each person works at the desks of their role. {ROLE_LABELS.admin}: {ROLE_HINTS.admin};{' '}
        {ROLE_LABELS.scholar}: {ROLE_HINTS.scholar}; {ROLE_LABELS.shop}: {ROLE_HINTS.shop}.
      </p>
      <Link to={paths.adminMails} className="mt-2 inline-block text-sm text-brand-700 underline">
        Mail outbox: mails waiting and failed
      </Link>

      <section
        aria-labelledby="invite-heading"
        className="mt-8 rounded-lg border border-stone-200 bg-white p-4"
      >
        <h2 id="invite-heading" className="mb-3 font-serif text-xl font-semibold">
          Invite to the staff
        </h2>
        <InviteForm />
      </section>

      {admins.isPending && (
        <p role="status" className="mt-8 text-stone-600">
          Loading...
        </p>
      )}
      {admins.isError && (
        <p role="alert" className="mt-8 text-red-800">
          {errorMessage(admins.error, 'Failed to load the admins')}
        </p>
      )}
      {admins.data && (
        <>
          <section aria-labelledby="admins-heading" className="mt-8">
            <h2 id="admins-heading" className="mb-3 font-serif text-xl font-semibold">
              Current staff
            </h2>
            <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
              {admins.data.admins.map((admin) => (
                <li key={admin._id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="font-medium text-stone-900">
                      {admin.displayName ?? admin.name}
                      {admin._id === user?._id && <span className="ms-2 text-sm text-stone-500">(you)</span>}
                    </p>
                    {admin.displayName && <p className="text-sm text-stone-600">{admin.name}</p>}
                    <p className="break-all text-sm text-stone-600">{admin.email}</p>
                    <p className="text-sm text-stone-700">
                      Role: <strong>{ROLE_LABELS[admin.role]}</strong>
                    </p>
                    <p className="text-xs text-stone-500">Staff since {formatDate(admin.createdAt)}</p>
                  </div>
                  <div className="flex flex-wrap items-end gap-2">
                    {admin._id !== user?._id && (
                      <>
                        <SelectField
                          label={`Role of ${admin.name}`}
                          value={picked[admin._id] ?? admin.role}
                          onChange={(e) =>
                            setPicked((all) => ({ ...all, [admin._id]: e.target.value as StaffRole }))
                          }
                        >
                          {STAFF_ROLES.map((option) => (
                            <option key={option} value={option}>
                              {roleOption(option)}
                            </option>
                          ))}
                        </SelectField>
                        <Button
                          variant="secondary"
                          aria-label={`Change the role of ${admin.name}`}
                          disabled={
                            (picked[admin._id] ?? admin.role) === admin.role ||
                            (admin.role === 'admin' && adminCount <= 1)
                          }
                          onClick={() =>
                            setPending({ kind: 'role', admin, role: picked[admin._id] ?? admin.role })
                          }
                        >
                          Change role
                        </Button>
                      </>
                    )}
                    <Button
                      variant="secondary"
                      aria-label={`Remove ${admin.name} as admin`}
                      disabled={admin.role === 'admin' && adminCount <= 1}
                      onClick={() => setPending({ kind: 'admin', admin })}
                    >
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="invites-heading" className="mt-8">
            <h2 id="invites-heading" className="mb-3 font-serif text-xl font-semibold">
              Pending invitations
            </h2>
            {admins.data.invites.length === 0 ? (
              <p className="text-stone-600">No pending invitations</p>
            ) : (
              <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
                {admins.data.invites.map((invite) => (
                  <li key={invite._id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                    <div className="min-w-0">
                      <p className="break-all font-medium text-stone-900">{invite.email}</p>
                      <p className="text-sm text-stone-700">
                        Role: <strong>{ROLE_LABELS[invite.role]}</strong>
                      </p>
                      <p className="text-sm text-stone-600">
                        {invite.invitedBy ? `Invited by ${invite.invitedBy}, ` : ''}expires{' '}
                        {formatDate(invite.expiresAt)}
                      </p>
                    </div>
                    <Button
                      variant="secondary"
                      aria-label={`Withdraw the invitation to ${invite.email}`}
                      onClick={() => setPending({ kind: 'invite', invite })}
                    >
                      Withdraw
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}

      {pending && (
        <ConfirmDialog
          title={
            pending.kind === 'admin'
              ? 'Remove admin?'
              : pending.kind === 'role'
                ? 'Change role?'
                : 'Withdraw invitation?'
          }
          message={
            pending.kind === 'admin'
              ? `${pending.admin.name} (${pending.admin.email}) will no longer be on the staff and will be signed out.`
              : pending.kind === 'role'
                ? `${pending.admin.name} will be ${ROLE_LABELS[pending.role]} (${ROLE_HINTS[pending.role]}) and will be signed out, to sign in again with the new role.`
                : `The link sent to ${pending.invite.email} will stop working.`
          }
          confirmLabel={
            pending.kind === 'admin' ? 'Remove' : pending.kind === 'role' ? 'Change role' : 'Withdraw'
          }
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      )}
    </div>
  );
}
