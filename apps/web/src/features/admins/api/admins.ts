import type { AcceptAdminInviteBody, AdminInvite, AdminsList, Locale, StaffRole } from '@scholar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { SubmissionKeys } from '../../../lib/submission-keys';

/** The admins list and its pending invitations: one query, which every change below fetches again. */
export function useAdmins() {
  return useQuery({
    queryKey: queryKeys.admins.all,
    queryFn: async ({ signal }) =>
      (await api<{ data: AdminsList }>('/admins', { signal, fallbackError: 'Failed to load the admins' }))
        .data,
  });
}

/** The invitation form's Idempotency-Keys: a retry of the same invitation sends one mail. */
const invitations = new SubmissionKeys();

/** Invites someone to the staff in a role. */
export async function inviteAdmin({
  email,
  role,
  language,
}: {
  email: string;
  role: StaffRole;
  /** The invitation mail's language (English unless given). */
  language?: Locale;
}): Promise<AdminInvite> {
  const body = await api<{ data: { invite: AdminInvite } }>('/admins/invites', {
    method: 'POST',
    body: { email, role, ...(language ? { language } : {}) },
    submission: invitations,
    fallbackError: 'Failed to send the invitation',
  });
  return body.data.invite;
}

export async function removeAdmin(id: string): Promise<void> {
  await api(`/admins/${id}`, { method: 'DELETE', fallbackError: 'Failed to remove the admin' });
}

/** Another staff member's new role; their sessions end, and they sign in again with it. */
export async function changeRole({ id, role }: { id: string; role: StaffRole }): Promise<void> {
  await api(`/admins/${id}/role`, {
    method: 'PUT',
    body: { role },
    fallbackError: 'Failed to change the role',
  });
}

export async function revokeInvite(id: string): Promise<void> {
  await api(`/admins/invites/${id}`, {
    method: 'DELETE',
    fallbackError: 'Failed to withdraw the invitation',
  });
}

/** Public: the invitee's name and password; the admin then signs in on the admin login page. */
export async function acceptInvite(body: AcceptAdminInviteBody): Promise<{ email: string }> {
  const answer = await api<{ data: { email: string } }>('/admins/invites/accept', {
    method: 'POST',
    body,
    fallbackError: 'Failed to accept the invitation',
  });
  return answer.data;
}

/** A change to the admins: the list is fetched again once it succeeds. */
export function useAdminsMutation<Variables, Result>(change: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admins.all });
    },
  });
}
