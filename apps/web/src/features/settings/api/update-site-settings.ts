import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_MESSAGES, type SiteSettings, type SiteSettingsBody } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PUT /settings` (admins): the whole settings; answers them as stored. */
export async function updateSiteSettings(body: SiteSettingsBody): Promise<SiteSettings> {
  const answer = await api<{ data: SiteSettings }>('/settings', {
    method: 'PUT',
    body,
    fallbackError: SETTINGS_MESSAGES.saveFailed,
  });
  return answer.data;
}

/** Saves the settings; the footer and the pages that show them change at once. */
export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.settings.all, settings);
    },
  });
}
