import type { AdminFatwah, CreateFatwahBody } from '@scholar/shared';
import { api } from '../../../lib/api-client';

export async function createFatwah(body: CreateFatwahBody): Promise<AdminFatwah> {
  return (
    await api<{ data: AdminFatwah }>('/fatwahs', {
      method: 'POST',
      body,
      fallbackError: 'Failed to create fatwah',
    })
  ).data;
}
