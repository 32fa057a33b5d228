import { api } from '../../../lib/api-client';

export function deleteFatwah(id: string) {
  return api(`/fatwahs/${id}`, { method: 'DELETE', fallbackError: 'Failed to delete fatwah' });
}
