import type { SubmittedFatwah } from '@scholar/shared';
import { api } from '../../../lib/api-client';

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
    fallbackError: 'Failed to submit question',
  });
}
