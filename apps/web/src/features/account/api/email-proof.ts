import type { EmailProofState, EmailVerified } from '@scholar/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Confirms an email with the mailed token: how many guest orders joined the account. */
export async function confirmEmail(token: string): Promise<EmailVerified> {
  const answer = await api<{ data: EmailVerified }>('/auth/verify-email', {
    method: 'POST',
    body: { token },
    fallbackError: 'Failed to confirm the email',
  });
  return answer.data;
}

/** Whether the signed-in customer has confirmed their email. */
export function useEmailProofState(userId: string) {
  return useQuery({
    queryKey: queryKeys.emailProof.state(userId),
    queryFn: ({ signal }) =>
      api<{ data: EmailProofState }>('/auth/email-verification', {
        signal,
        fallbackError: 'Failed to read the email confirmation',
      }).then((answer) => answer.data),
  });
}

/** Mails a new confirmation link; false when the email is confirmed already. */
export async function resendEmailProof(): Promise<boolean> {
  const answer = await api<{ data: { sent: boolean } }>('/auth/email-verification/resend', {
    method: 'POST',
    fallbackError: 'Failed to send the link',
  });
  return answer.data.sent;
}
