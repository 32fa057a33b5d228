import type { SubmittedFatwah } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { SubmissionKeys } from '../../../lib/submission-keys';

/** The question form's Idempotency-Keys: a retry of the same question is asked once. */
const submissions = new SubmissionKeys();

export function submitQuestion(body: {
  question: string;
  categories: string[];
  askerName?: string;
  askerEmail?: string;
  showAskerName?: boolean;
  website?: string;
}) {
  return api<{ data: SubmittedFatwah }>('/fatwahs/submit', {
    method: 'POST',
    body,
    submission: submissions,
    fallbackError: 'Failed to submit question',
  });
}
