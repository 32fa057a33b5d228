import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryZone, DeliveryZoneBody } from '@scholar/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { SubmissionKeys } from '../../../lib/submission-keys';

/** A retry of the same new zone adds it once (Idempotency-Key). */
const newZones = new SubmissionKeys();

/** The orders desk's delivery zones (`/delivery/admin/zones`). */
const ZONES = '/delivery/admin/zones';

export async function getDeliveryZones(signal?: AbortSignal): Promise<DeliveryZone[]> {
  return (await api<{ data: DeliveryZone[] }>(ZONES, { signal, fallbackError: 'Could not load the zones' }))
    .data;
}

export function useDeliveryZones() {
  return useQuery({
    queryKey: queryKeys.delivery.zones(),
    queryFn: ({ signal }) => getDeliveryZones(signal),
  });
}

/** Saves a zone whole (a new one when `id` is absent); the list and every quote are read again. */
export function useSaveDeliveryZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: DeliveryZoneBody }) =>
      (
        await api<{ data: DeliveryZone }>(id ? `${ZONES}/${encodeURIComponent(id)}` : ZONES, {
          method: id ? 'PUT' : 'POST',
          body,
          ...(id ? {} : { submission: newZones }),
          fallbackError: 'Could not save the zone',
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.delivery.all }),
  });
}

export function useDeleteDeliveryZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`${ZONES}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        fallbackError: 'Could not delete the zone',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.delivery.all }),
  });
}
