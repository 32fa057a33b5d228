import type { AdminFatwah, UpdateFatwahBody } from '@scholar/shared';
import { api } from '../../../lib/api-client';

export async function updateFatwah(
  id: string,
  body: UpdateFatwahBody,
  fallbackError = 'Failed to update fatwah',
) {
  return (await api<{ data: AdminFatwah }>(`/fatwahs/${id}`, { method: 'PUT', body, fallbackError })).data;
}
