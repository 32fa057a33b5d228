import { api } from '../../../lib/api-client';

export function sendResetLink(email: string) {
  return api('/password/forgot-password', {
    method: 'POST',
    body: { email },
    fallbackError: 'Failed to send reset email',
  });
}

export function resetPassword(token: string, password: string) {
  return api('/password/reset-password', {
    method: 'POST',
    body: { token, password },
    fallbackError: 'Failed to reset password',
  });
}
