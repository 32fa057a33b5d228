import type { AdminFatwah, CreateFatwahBody } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { SubmissionKeys } from '../../../lib/submission-keys';

/** The new fatwah form's Idempotency-Keys: a retry of the same fatwah writes it once. */
const submissions = new SubmissionKeys();

export async function createFatwah(body: CreateFatwahBody): Promise<AdminFatwah> {
  return (
    await api<{ data: AdminFatwah }>('/fatwahs', {
      method: 'POST',
      body,
      submission: submissions,
      fallbackError: 'Failed to create fatwah',
    })
  ).data;
}
