import type { Admin, AdminInvite } from '@scholar/shared';
import { formatDate } from '@scholar/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { removeAdmin, revokeInvite, useAdmins, useAdminsMutation } from '../api/admins';
import { ConfirmDialog } from '../components/confirm-dialog';
import { InviteForm } from '../components/invite-form';

type Pending = { kind: 'admin'; admin: Admin } | { kind: 'invite'; invite: AdminInvite };

/** The admins, the invitations not yet accepted, an invite form, and removal after a confirmation. */
export function AdminsPage() {
  useDocumentTitle('Admins');
  const { user } = useSession();
  const admins = useAdmins();
  const [pending, setPending] = useState<Pending | null>(null);
  const remove = useAdminsMutation(removeAdmin);
  const withdraw = useAdminsMutation(revokeInvite);
  const busy = remove.isPending || withdraw.isPending;

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'admin') {
        await remove.mutateAsync(pending.admin._id);
        toast.success(`${pending.admin.name} is no longer an admin`);
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
      <p className="mt-2 text-stone-600">Everyone here can manage orders, books, fatwahs and articles.</p>

      <section
        aria-labelledby="invite-heading"
        className="mt-8 rounded-lg border border-stone-200 bg-white p-4"
      >
        <h2 id="invite-heading" className="mb-3 font-serif text-xl font-semibold">
          Invite an admin
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
              Current admins
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
                    <p className="text-xs text-stone-500">Admin since {formatDate(admin.createdAt)}</p>
                  </div>
                  <Button
                    variant="secondary"
                    aria-label={`Remove ${admin.name} as admin`}
                    disabled={admins.data.admins.length <= 1}
                    onClick={() => setPending({ kind: 'admin', admin })}
                  >
                    Remove
                  </Button>
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
          title={pending.kind === 'admin' ? 'Remove admin?' : 'Withdraw invitation?'}
          message={
            pending.kind === 'admin'
              ? `${pending.admin.name} (${pending.admin.email}) will no longer be an admin and will be signed out.`
              : `The link sent to ${pending.invite.email} will stop working.`
          }
          confirmLabel={pending.kind === 'admin' ? 'Remove' : 'Withdraw'}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      )}
    </div>
  );
}
